"""The end of the game and the final scoring, farms included."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne.drawing import draw
from townhall.games.carcassonne.state import OVER, CarcassonneState

from .helpers import cloister_ring, follower, lay_tile, position, scored, turn


def _finish(state: CarcassonneState) -> list[Event]:
    """End the game the way the engine does: the next draw finds no tile left."""
    events: list[Event] = []
    draw(state, Chance(0), events)
    assert state.phase == OVER and state.to_move() == ()
    return events


def test_game_ends_after_the_last_tile() -> None:
    """CAR-END-1: after the last tile is placed (and its follower decision) the game is over."""
    state = position(bag=["B"])
    turn(state, "E", "place 0,-1 r180", "no follower")
    assert state.to_move() == (1,)
    turn(state, "B", "place 0,1 r0", "no follower", player=1)
    assert state.phase == OVER and state.to_move() == () and state.legal_actions(0) == []


def test_incomplete_road_city_and_cloister_score_at_the_end() -> None:
    """CAR-END-2: an incomplete city of 2 tiles with a pennant scores 2 + 1 = 3, an incomplete
    road of 1 tile scores 1, an incomplete cloister with 7 neighbours scores 1 + 7 = 8."""
    state = position([("M", 0, -1, 2)])
    follower(state, 0, -1, "city E+S", 0)
    follower(state, 0, 0, "road E+W", 1)
    assert scored(_finish(state)) == [("road", 1, [1]), ("city", 3, [0])]
    assert state.score == [3, 1]
    ring = cloister_ring()
    assert scored(_finish(ring)) == [("cloister", 8, [1])]


def test_incomplete_features_use_the_majority_rule() -> None:
    """CAR-END-2 with CAR-SCORE-6: the all-city tile C joins three caps but leaves its north edge
    open: an incomplete city of 4 tiles and 1 pennant (1 each = 5) held 2 knights to 1 scores
    only for the majority."""
    state = position([("U", 1, 0, 0), ("U", -1, 0, 0), ("E", 1, -1, 3), ("E", -1, -1, 1)])
    follower(state, 0, 0, "city N", 0)
    follower(state, -1, -1, "city E", 0)
    follower(state, 1, -1, "city W", 1)
    lay_tile(state, "C", 0, -1, 0)
    events = _finish(state)
    assert scored(events) == [("city", 5, [0])]
    assert next(e for e in events if e.kind == "score").data["followers"] == [2, 1]
    assert state.score == [5, 0]


def _band(farm_scoring: str = "first-edition") -> CarcassonneState:
    """A city band G at 0,0 (city W-E, a field north and one south) capped to the west: the
    last tile caps it to the east. Player 1 farms both band fields, player 2 the west cap's."""
    state = position([("E", -1, 0, 1)], start=("G", 0, 0, 0), farm_scoring=farm_scoring)
    follower(state, 0, 0, "field Nw+Ne", 0)
    follower(state, 0, 0, "field Se+Sw", 0)
    follower(state, -1, 0, "field Nw+Ne+Se+Sw+Ws+Wn", 1)
    return state


def test_farms_supplying_one_city_count_their_farmers_together() -> None:
    """CAR-END-5/CAR-END-6: the last tile completes the city before farm scoring (CAR-END-4);
    three separate farms touch it: player 1 has 2 farmers there, player 2 has 1: player 1 scores 4."""
    state = _band()
    events = turn(state, "E", "place 1,0 r270", "no follower", player=1)
    assert scored(events) == [("farm", 4, [0])]
    assert state.score == [4, 0]
    farm = next(e for e in events if e.kind == "farm")
    assert farm.data["followers"] == [2, 1] and farm.data["tiles"] == [[-1, 0], [0, 0], [1, 0]]


def test_farm_majority_tie_gives_both_four() -> None:
    """CAR-END-5: tied farmers each get the 4 points for the city."""
    state = _band()
    events = turn(state, "E", "place 1,0 r270", "farmer on field Nw+Ne+En+Es+Se+Sw", player=1)
    assert scored(events) == [("farm", 4, [0, 1])]
    assert state.score == [4, 4]


def test_third_edition_scores_farm_by_farm() -> None:
    """Option farm_scoring=third-edition: each farm's majority scores 3 per completed city it
    touches, farm by farm: 4 farms each touching the one city give 3 + 3 and 3 + 3."""
    state = _band("third-edition")
    events = turn(state, "E", "place 1,0 r270", "farmer on field Nw+Ne+En+Es+Se+Sw", player=1)
    assert scored(events) == [("farm", 3, [0]), ("farm", 3, [0]), ("farm", 3, [1]), ("farm", 3, [1])]
    assert state.score == [6, 6]


def test_one_farmer_earns_from_two_cities() -> None:
    """CAR-END-6: one farm touching two completed cities earns 4 for each (8, scored city by
    city); the last tile H completes both cities before the farm scoring (CAR-END-4). Third
    edition: 3 per city for the farm (6)."""
    for farm_scoring, farm_points in (("first-edition", 8), ("third-edition", 6)):
        state = position(
            [("U", -1, 0, 0), ("B", -1, -1, 0), ("B", -1, -2, 0), ("E", 0, -2, 2)], farm_scoring=farm_scoring
        )
        follower(state, 0, 0, "city N", 0)
        follower(state, 0, -2, "city S", 1)
        events = turn(state, "H", "place 0,-1 r0", "farmer on field En+Es+Ws+Wn")
        farms = [("farm", 4, [0]), ("farm", 4, [0])] if farm_scoring == "first-edition" else [("farm", 6, [0])]
        assert scored(events) == [("city", 2, [1]), ("city", 2, [0]), *farms]
        assert state.score == [2 + farm_points, 2]


def test_farm_touching_a_city_through_several_tiles_scores_it_once() -> None:
    """CAR-END-4/CAR-END-5: the farm reaches the 2-tile city on both its tiles (D's strip and the
    cap's field, joined round the east): the city counts once, 4 points."""
    state = position([("E", 0, -1, 2), ("U", 1, 0, 0), ("B", 1, -1, 0)])
    follower(state, 1, -1, "field Nw+Ne+En+Es+Se+Sw+Ws+Wn", 0)
    events = _finish(state)
    assert scored(events) == [("farm", 4, [0])]
    farm = next(e for e in events if e.kind == "farm")
    assert farm.data["cities"] == [[[0, -1], [0, 0]]]


def test_only_completed_cities_supply_farms() -> None:
    """CAR-END-4: a farm next to an incomplete city earns nothing."""
    state = position()
    follower(state, 0, 0, "field En+Wn", 0)
    assert scored(_finish(state)) == [] and state.score == [0, 0]


def test_roads_bound_farms() -> None:
    """CAR-END-3: D's road separates its two fields: the farmer south of the road does not reach
    the city north of it; the farmer on the strip between road and city does."""
    south = position([("E", 0, -1, 2)])
    follower(south, 0, 0, "field Es+Se+Sw+Ws", 0)
    assert scored(_finish(south)) == []
    north = position([("E", 0, -1, 2)])
    follower(north, 0, 0, "field En+Wn", 1)
    assert scored(_finish(north)) == [("farm", 4, [1])]


def test_highest_total_wins_and_ties_share_the_rank() -> None:
    """CAR-END-7: ranks by score; tied players share the win (no tie-break)."""
    state = position(players=3)
    state.score = [5, 5, 3]
    assert state.ranks() == [1, 1, 3]
    state.score = [2, 9, 3]
    assert state.ranks() == [3, 1, 2]
