"""Scoring during the game: roads, cities, cloisters, majorities and returning followers."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne.drawing import draw
from townhall.games.carcassonne.state import CarcassonneState

from .helpers import cloister_ring, follower, position, scored, turn


def test_two_tile_city_scores_two_and_the_knight_comes_back_the_same_turn() -> None:
    """CAR-SCORE-4 (a completed 2-tile city scores 2), CAR-SCORE-8 (complete, deploy, score and
    get the follower back in one turn) and CAR-SCORE-7 (it returns to the supply)."""
    state = position()
    events = turn(state, "E", "place 0,-1 r180", "knight on city S")
    assert scored(events) == [("city", 2, [0])]
    assert state.score == [2, 0] and state.supply == [7, 7] and not state.follower_at
    score = next(e for e in events if e.kind == "score")
    assert score.data["tiles"] == [[0, -1], [0, 0]] and score.data["returned"] == [{"x": 0, "y": -1, "player": 0}]


def test_two_tile_city_scores_four_without_the_small_city_rule() -> None:
    """CAR-SCORE-4 as an option: with small_city off the 2-tile city scores 2 per tile."""
    state = position(small_city=False)
    events = turn(state, "E", "place 0,-1 r180", "knight on city S")
    assert scored(events) == [("city", 4, [0])]


def test_city_scores_two_per_tile_and_two_per_pennant() -> None:
    """CAR-SCORE-2: a city of 3 tiles with one pennant scores 3*2 + 2 = 8."""
    state = position([("M", 0, -1, 2)])
    follower(state, 0, -1, "city E+S", 0)
    events = turn(state, "E", "place 1,-1 r270", player=1)
    assert scored(events) == [("city", 8, [0])]
    score = next(e for e in events if e.kind == "score")
    assert score.data["pennants"] == 1 and score.data["tiles"] == [[0, -1], [1, -1], [0, 0]]
    assert state.score == [8, 0] and state.supply == [7, 7]


def test_scores_beyond_fifty_continue() -> None:
    """CAR-SCORE-10: the score is an unbounded integer."""
    state = position([("M", 0, -1, 2)])
    follower(state, 0, -1, "city E+S", 0)
    state.score = [49, 0]
    turn(state, "E", "place 1,-1 r270", player=1)
    assert state.score == [57, 0]


def test_road_between_two_ends_scores_one_per_tile() -> None:
    """CAR-SCORE-1: a road from a cloister to a crossroads over 3 tiles scores 3."""
    state = position([("A", -1, 0, 3)])
    follower(state, 0, 0, "road E+W", 1)
    events = turn(state, "X", "place 1,0 r0", "no follower", player=1)
    assert scored(events) == [("road", 3, [1])]
    assert state.score == [0, 3] and state.supply == [7, 7]


def test_road_loop_is_complete() -> None:
    """CAR-SCORE-1: a road closing into a loop of 4 curves is complete and scores 4 for the
    owner of the thief, not for the player who closed it."""
    state = position([("V", 1, 0, 0), ("V", 1, 1, 1)], start=("V", 0, 0, 3))
    follower(state, 0, 0, "road E+S", 0)
    events = turn(state, "V", "place 0,1 r180", "no follower", player=1)
    assert scored(events) == [("road", 4, [0])]
    assert state.score == [4, 0]


def test_tile_with_two_segments_of_one_road_counts_once() -> None:
    """CAR-SCORE-3: the junction L holds both ends of one road (its E and S arms joined round
    three curves): the road covers 4 tiles, not 5."""
    state = position([("V", 1, 0, 0), ("V", 1, 1, 1)], start=("L", 0, 0, 0))
    follower(state, 1, 0, "road S+W", 0)
    events = turn(state, "V", "place 0,1 r180", "no follower", player=1)
    assert scored(events) == [("road", 4, [0])]
    score = next(e for e in events if e.kind == "score")
    assert score.data["tiles"] == [[0, 0], [1, 0], [0, 1], [1, 1]]


def _two_caps() -> CarcassonneState:
    """City caps at 0,0 (facing N) and 0,-2 (facing S) with an empty cell between them."""
    state = position([("U", -1, 0, 0), ("B", -1, -1, 0), ("B", -1, -2, 0), ("E", 0, -2, 2)])
    follower(state, 0, 0, "city N", 0)
    follower(state, 0, -2, "city S", 1)
    return state


def test_one_tile_completes_two_cities() -> None:
    """One placement completes several features (CAR-TURN-1 step 3): the tile H between two
    caps closes two 2-tile cities; each knight's owner scores 2 and gets the knight back."""
    state = _two_caps()
    state.bag = [0]  # one more tile keeps the game going
    events = turn(state, "H", "place 0,-1 r0", "no follower")
    assert scored(events) == [("city", 2, [1]), ("city", 2, [0])]
    assert state.score == [2, 2] and state.supply == [7, 7]


def test_tied_majority_both_score_full() -> None:
    """CAR-SCORE-6: a tile joins two city parts each holding one knight: both players score the
    full 8 (3 tiles, 1 pennant). CAR-DEPLOY-3: the joined city is not offered for a knight."""
    state = position([("U", 1, 0, 0), ("E", 1, -1, 3)], bag=["B"])
    follower(state, 0, 0, "city N", 0)
    follower(state, 1, -1, "city W", 1)
    events = turn(state, "M", "place 0,-1 r180", "no follower")
    assert scored(events) == [("city", 8, [0, 1])]
    assert state.score == [8, 8] and state.supply == [7, 7]


def test_majority_takes_all_and_the_others_score_nothing() -> None:
    """CAR-SCORE-6: two knights of player 1 against one of player 2: player 1 scores 10 (4 tiles,
    1 pennant), player 2 nothing; all three knights return (CAR-SCORE-7)."""
    state = position([("U", 1, 0, 0), ("U", -1, 0, 0), ("E", 1, -1, 3), ("E", -1, -1, 1)])
    follower(state, 0, 0, "city N", 0)
    follower(state, -1, -1, "city E", 0)
    follower(state, 1, -1, "city W", 1)
    assert state.supply == [5, 6]
    events = turn(state, "Q", "place 0,-1 r180", "no follower", player=1)
    assert scored(events) == [("city", 10, [0])]
    score = next(e for e in events if e.kind == "score")
    assert score.data["followers"] == [2, 1]
    assert state.score == [10, 0] and state.supply == [7, 7]


def test_cloister_surrounded_by_eight_scores_nine() -> None:
    """CAR-SCORE-5: the eighth neighbour completes the cloister: its monk's owner scores 9 and
    the monk returns."""
    state = cloister_ring()
    events = turn(state, "E", "place 1,2 r90", "no follower")
    assert scored(events) == [("cloister", 9, [1])]
    assert state.score == [0, 9] and state.supply == [7, 7] and not state.monk_nodes


def test_returned_follower_can_be_used_in_any_role() -> None:
    """CAR-SCORE-7: a knight scored and returned is back in supply and can next be a farmer."""
    state = position(bag=["B", "B"])
    turn(state, "E", "place 0,-1 r180", "knight on city S")
    assert state.supply[0] == 7
    turn(state, "E", "place 0,1 r180", "no follower", player=1)
    turn(state, "V", "place 1,0 r0", "farmer on field Nw+Ne+En+Es+Se+Wn", player=0)
    assert state.supply == [6, 7]


def test_farmers_never_score_during_the_game_and_never_return() -> None:
    """CAR-SCORE-9: a farmer next to a city that is completed stays on the board, unscored."""
    state = position(bag=["B"])
    follower(state, 0, 0, "field En+Wn", 1)
    events = turn(state, "E", "place 0,-1 r180", "no follower")
    assert scored(events) == []
    assert state.score == [0, 0] and state.supply == [7, 6] and list(state.follower_at.values()) == [1]


def test_completed_feature_without_followers_scores_nothing() -> None:
    """CAR-SCORE-1/2: only followers earn: a completed city without a knight scores nobody."""
    state = position(bag=["B"])
    events: list[Event] = turn(state, "E", "place 0,-1 r180", "no follower")
    assert scored(events) == [] and state.score == [0, 0]
    draw(state, Chance(0), events)


def test_city_ring_through_both_caps_of_one_tile_counts_it_once() -> None:
    """CAR-SCORE-3: the tile I has two separate city caps (N and W); three corners join them into
    one ring-shaped city: complete with 4 tiles (I once, not twice): 8 points."""
    state = position([("N", 0, -1, 3), ("N", -1, 0, 1)], start=("I", 0, 0, 0))
    follower(state, 0, -1, "city S+W", 0)
    events = turn(state, "N", "place -1,-1 r180", "no follower", player=1)
    assert scored(events) == [("city", 8, [0])]
    score = next(e for e in events if e.kind == "score")
    assert score.data["tiles"] == [[-1, -1], [0, -1], [-1, 0], [0, 0]]
