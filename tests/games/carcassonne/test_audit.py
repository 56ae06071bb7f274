"""Independent rules audit: scenario tests written from the seed rulebook
(../shared/seeds/carcassonne.zh-Hans.txt) and the clause file, each naming its clause."""

from __future__ import annotations

import random

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne import GAME, scoring
from townhall.games.carcassonne.actions import DEPLOY as DEPLOY_ID
from townhall.games.carcassonne.actions import SKIP
from townhall.games.carcassonne.deployment import deploy
from townhall.games.carcassonne.evaluate import evaluate, expected_scores
from townhall.games.carcassonne.legality import deploy_options
from townhall.games.carcassonne.placement import place
from townhall.games.carcassonne.state import DEPLOY, OVER, PLACE, CarcassonneState
from townhall.games.carcassonne.tiles import CLOISTER, CODES, FIELD, LAYOUTS, PENNANT_TILE, RULES, cell_of, xy_of

from .helpers import act, follower, give, position, scored, texts, turn

# A hole at 0,1 below the start tile D, closed in by 8 tiles (U, U and six cloisters B).
RING = [
    ("U", 1, 0, 0),
    ("U", -1, 0, 0),
    ("B", 1, 1, 0),
    ("B", -1, 1, 0),
    ("B", 1, 2, 0),
    ("B", 0, 2, 0),
    ("B", -1, 2, 0),
]


def test_cloister_placed_into_a_full_ring_scores_nine_at_once() -> None:
    """CAR-SCORE-5 with CAR-SCORE-8: a cloister laid into a hole with 8 neighbours is complete
    the moment it is placed; the monk deployed on it scores 9 and comes straight back."""
    state = position(RING, bag=["B"])
    events = turn(state, "B", "place 0,1 r0", "monk on cloister")
    assert scored(events) == [("cloister", 9, [0])]
    assert state.score == [9, 0] and state.supply == [7, 7]
    assert not state.follower_at and not state.monk_nodes


def test_the_last_tile_of_a_ring_completes_another_players_cloister() -> None:
    """CAR-TURN-1 (3) and CAR-SCORE-5: the ring's last tile completes player 2's cloister beside
    it (9) and, through D's field, nothing else; player 1, who placed it, scores nothing."""
    tiles = [t for t in RING if t[1:3] != (-1, 2)]
    state = position([*tiles, ("B", 0, 1, 0)], bag=["B"])
    follower(state, 0, 1, "cloister", 1)
    events = turn(state, "B", "place -1,2 r0", "no follower")
    assert scored(events) == [("cloister", 9, [1])]
    assert state.score == [0, 9] and state.supply == [7, 7]


def test_road_from_a_cloister_to_a_city_gate_is_complete() -> None:
    """CAR-SCORE-1: a road is complete when both ends reach a cloister (A) and a city gate (T);
    the thief of player 2 scores 1 per tile = 3 in player 1's turn, and returns (CAR-SCORE-7)."""
    state = position([("A", 1, 0, 1)], bag=["B"])
    follower(state, 0, 0, "road E+W", 1)
    events = turn(state, "T", "place -1,0 r270", "no follower")
    assert scored(events) == [("road", 3, [1])]
    assert state.score == [0, 3] and state.supply == [7, 7]


def test_last_tile_completes_a_city_that_scores_as_complete_before_the_end() -> None:
    """CAR-END-1 with CAR-SCORE-8 and CAR-SCORE-4: the last tile completes a 2-tile city and the
    player deploys a knight on it: it scores 2 as a completed city during the turn (not 1 per
    tile as an incomplete one), then the game ends and the city feeds the farm (CAR-END-4)."""
    state = position()
    follower(state, 0, 0, "field En+Wn", 1)
    events = turn(state, "E", "place 0,-1 r180", "knight on city S")
    assert scored(events) == [("city", 2, [0]), ("farm", 4, [1])]
    assert state.phase == OVER and state.score == [2, 4]


def test_farm_touching_one_complete_and_one_incomplete_city_scores_once() -> None:
    """CAR-END-4/CAR-END-6: H's field borders both its caps; the south cap closes D's city (2
    tiles, complete), the north cap stays open: the farmer earns 4 for the complete city only."""
    state = position([("H", 0, -1, 0)])
    follower(state, 0, -1, "field En+Es+Ws+Wn", 0)
    events: list[Event] = []
    scoring.final_scoring(state, events)
    assert scored(events) == [("farm", 4, [0])]
    assert state.score == [4, 0]


def _merged_in_farmer(state: CarcassonneState, x: int, y: int, label: str, player: int) -> None:
    """A farmer that stood on a farm joined since to an occupied one (as when a tile links two
    farms that each held a farmer): the helper's deploy check would refuse to put it there."""
    lay, base = state.board[cell_of(x, y)]
    node = base + LAYOUTS[lay].labels.index(label)
    state.follower_at[node] = player
    state.feature_followers[state.feature_of[node]] += (node,)
    state.supply[player] -= 1


def test_farm_majority_counts_farmers_over_all_farms_of_the_city() -> None:
    """CAR-END-5/CAR-END-6: H north of D closes D's city (2 tiles, complete). Two different farms
    border it: H's field (joined by the west field of a road U east of H) and D's strip north of
    the road. Player 1 has two farmers on H's farm, player 2 one on D's strip: counted over all
    farms of the city, player 1 leads 2 to 1 and alone gets 4; player 2 gets nothing."""
    state = position([("H", 0, -1, 0), ("U", 1, -1, 1)])
    follower(state, 0, -1, "field En+Es+Ws+Wn", 0)
    _merged_in_farmer(state, 1, -1, "field Nw+Sw+Ws+Wn", 0)
    follower(state, 0, 0, "field En+Wn", 1)
    h_base = state.board[cell_of(0, -1)][1]
    u_base = state.board[cell_of(1, -1)][1]
    d_base = state.board[cell_of(0, 0)][1]
    assert state.feature_of[h_base + 2] == state.feature_of[u_base + 2] != state.feature_of[d_base + 2]
    events: list[Event] = []
    scoring.final_scoring(state, events)
    assert scored(events) == [("farm", 4, [0])]
    assert state.score == [4, 0]


def test_spring_field_wraps_round_the_spring_and_the_river_splits_other_fields() -> None:
    """CAR-END-3 (River): the river is no feature; it splits the fields of a straight river tile,
    but the spring's one field wraps round the source, so both banks of the first straight
    tile are one farm (CAR-DEPLOY-3: the second bank is not offered once the first holds a
    farmer). CAR-DEPLOY-5: the river itself is never offered."""
    state = position(start=("R1", 0, 0, 0), river=True, bag=["B"])
    follower(state, 0, 0, "field Nw+Ne+En+Es+Se+Sw+Ws+Wn", 1)
    turn(state, "R7", "place 1,0 r0")  # both banks belong to player 2's farm: nothing to deploy
    assert state.phase == PLACE and state.current == 1
    base = state.board[cell_of(1, 0)][1]
    assert state.feature_of[base] == state.feature_of[base + 1]
    # A road bridge splits its own tile into four fields; each is its own field segment.
    bridge = LAYOUTS[4 * CODES.index("R6") + 1]
    assert sum(k == FIELD for k in bridge.kinds) == 4 and "river" not in " ".join(bridge.labels)


def test_empty_supply_completing_own_road_gets_the_thief_back() -> None:
    """CAR-DEPLOY-4 with CAR-SCORE-7: a player with no follower in supply is not asked to deploy,
    yet completing his own road returns his thief, which he may use on his next turn."""
    state = position([("A", 1, 0, 1)], bag=["B", "B"])
    follower(state, 0, 0, "road E+W", 0)
    state.supply[0] = 0
    events = turn(state, "T", "place -1,0 r270")
    assert scored(events) == [("road", 3, [0])]
    assert state.supply[0] == 1 and state.current == 1


def test_river_removes_the_start_tile_and_deals_river_tiles_first() -> None:
    """CAR-SETUP-4: with the River the start tile is out of the game (3 D left among 71 land
    tiles), the spring lies at 0,0, the lake is set aside and a middle river tile is drawn."""
    state = GAME.start(2, {"river": True}, Chance(4))
    assert isinstance(state, CarcassonneState)
    seen = state.to_json()
    assert seen["tiles"] == [{"x": 0, "y": 0, "tile": "R1", "rot": 0}]
    remaining = seen["remaining"]
    assert isinstance(remaining, dict)
    assert sum(remaining.values()) == 71 and remaining["D"] == 3
    assert seen["hand"] not in ("R1", "R2", None) and seen["lake_due"] is True
    assert sum(seen["river_remaining"].values()) + 1 == 10  # type: ignore[union-attr]


def test_follower_decision_lists_every_free_segment_and_skip_last() -> None:
    """CAR-DEPLOY-1/2/3: after placing, the player chooses among the tile's free segments (a
    follower goes on the tile just placed), or no follower; occupied features are left out."""
    state = position(bag=["B", "B"])
    follower(state, 0, 0, "road E+W", 1)
    turn(state, "U", "place 1,0 r0", "no follower")
    give(state, "U", 1)
    act(state, "place -1,0 r0")
    assert state.phase == DEPLOY
    assert texts(state) == ["farmer on field Nw+Ne+En+Wn", "farmer on field Es+Se+Sw+Ws", "no follower"]


# --------------------------------------------------------------------- the greedy heuristic


def _reference_farm_awards(state: CarcassonneState) -> list[tuple[list[int], list[int], list[int], int]]:
    """Farm scoring recomputed from the completed cities' tiles (CAR-END-4..6)."""
    farms: dict[int, list[int]] = {}
    for node, player in sorted(state.follower_at.items()):
        if scoring.kind_of(state, node) == FIELD:
            farms.setdefault(state.feature_of[node], [0] * state.num_players)[player] += 1
    supplied: dict[int, list[int]] = {}
    for city in scoring.completed_cities(state):
        for farm in scoring.farms_of_city(state, city):
            if farm in farms:
                supplied.setdefault(farm, []).append(city)
    out: list[tuple[list[int], list[int], list[int], int]] = []
    if state.farm_scoring == "third-edition":
        for farm, cities in sorted(supplied.items()):
            counts = farms[farm]
            out.append((cities, counts, [p for p, c in enumerate(counts) if c == max(counts)], 3 * len(cities)))
        return out
    tally: dict[int, list[int]] = {}
    for farm, cities in sorted(supplied.items()):
        for city in cities:
            row = tally.setdefault(city, [0] * state.num_players)
            for p, c in enumerate(farms[farm]):
                row[p] += c
    for city, counts in sorted(tally.items()):
        out.append(([city], counts, [p for p, c in enumerate(counts) if c == max(counts)], 4))
    return out


def _reference_expected_scores(state: CarcassonneState) -> list[float]:
    """The heuristic as first written (slow): a from-scratch recomputation to compare with."""
    values = [float(s) for s in state.score]
    seen: set[int] = set()
    for node in sorted(state.follower_at):
        feature = state.feature_of[node]
        if feature in seen:
            continue
        seen.add(feature)
        kind = scoring.kind_of(state, node)
        _, winners = scoring.majority(state, state.feature_followers[feature])
        if kind == FIELD:
            continue
        if kind == CLOISTER:
            around = scoring.cloister_neighbours(state, state.cell_of_node[node])
            now = RULES["end_cloister_base"] + around
            value = now + 0.5 * (RULES["cloister_complete"] - now) * around / 8
            if around == 8:
                value = RULES["cloister_complete"]
        else:
            now, done = scoring.feature_values(state, feature)
            open_edges = state.feature_open_edges[feature]
            value = done if open_edges == 0 else now + 0.5 * (done - now) / (1 + open_edges)
        for p in winners:
            values[p] += value
    for _, _, winners, points in _reference_farm_awards(state):
        for p in winners:
            values[p] += points
    if state.phase != OVER:
        for p in range(state.num_players):
            values[p] += 1.5 * min(state.supply[p], 3)
    return values


def test_fast_heuristic_equals_the_reference_recomputation() -> None:
    """The greedy bot's evaluate, kept fast with incremental data, values every position exactly
    as the from-scratch recomputation (random games, river and third-edition farms included)."""
    checked = 0
    for seed, options in enumerate(({}, {"river": True}, {"farm_scoring": "third-edition"}, {}, {"river": True})):
        rng = random.Random(seed)
        chance = Chance(seed)
        state = GAME.start(2 + seed % 3, options, chance)
        assert isinstance(state, CarcassonneState)
        while True:
            assert scoring.farm_awards(state) == _reference_farm_awards(state)
            reference = _reference_expected_scores(state)
            fast = expected_scores(state)
            assert fast == reference or max(abs(a - b) for a, b in zip(fast, reference, strict=True)) < 1e-9
            for p in range(state.num_players):
                assert abs(evaluate(state, p) - GAME.evaluate(state, p)) < 1e-12
            checked += 1
            if not state.to_move():
                break
            p = state.current
            legal = state.legal_actions(p)
            if checked % 4 == 0:  # sibling clones share the heuristic's cache, as in the greedy bot
                for action in legal[:12]:
                    sibling = state.clone()
                    sibling.apply(p, action, Chance(seed))
                    fast, reference = expected_scores(sibling), _reference_expected_scores(sibling)
                    assert max(abs(a - b) for a, b in zip(fast, reference, strict=True)) < 1e-9
            state.apply(p, legal[rng.randrange(len(legal))], chance)
    assert checked > 400


# --------------------------------------------------------------------- an independent referee


def _referee_points(state: CarcassonneState, *, final: bool) -> list[int]:
    """Points per player recomputed from scratch (flood fill of test_invariants, the seed's
    scoring numbers): with final=False, what the turn that placed state.last_cell scores
    (CAR-TURN-1 step 3, CAR-SCORE-1..6); with final=True, the final scoring (CAR-END-2..6)."""
    from .test_invariants import recompute

    comp, opens = recompute(state)
    members: dict[int, list[tuple[int, int]]] = {}
    for (cell, local), index in comp.items():
        members.setdefault(index, []).append((cell, local))
    kind_of = {index: LAYOUTS[state.board[m[0][0]][0]].kinds[m[0][1]] for index, m in members.items()}
    men: dict[int, list[int]] = {}
    for cell, local, player in state.followers():
        men.setdefault(comp[(cell, local)], []).append(player)
    points = [0] * state.num_players

    def award(players: list[int], value: int) -> None:
        counts = [players.count(p) for p in range(state.num_players)]
        for p in range(state.num_players):
            if counts[p] == max(counts):
                points[p] += value

    def neighbours(cell: int) -> int:
        x, y = xy_of(cell)
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and cell_of(x + dx, y + dy) in state.board)

    for index, players in men.items():
        kind = kind_of[index]
        cells = {cell for cell, _ in members[index]}
        flags = sum(1 for c in cells if PENNANT_TILE[state.board[c][0] >> 2])
        complete = opens.get(index) == 0
        if kind == CLOISTER:
            (cell,) = cells
            around = neighbours(cell)
            (x, y), (lx, ly) = xy_of(cell), xy_of(state.last_cell)
            near = abs(x - lx) <= 1 and abs(y - ly) <= 1
            if final:
                award(players, 1 + around)
            elif around == 8 and near:
                award(players, 9)
        elif kind in (0, 1):
            if final:
                assert not complete
                award(players, len(cells) + (flags if kind == 0 else 0))
            elif complete and state.last_cell in cells:
                if kind == 1:
                    award(players, len(cells))
                elif len(cells) == 2 and state.small_city:
                    award(players, 2 + flags)
                else:
                    award(players, 2 * len(cells) + 2 * flags)
    if final:
        for index, kind in kind_of.items():
            if kind != 0 or opens.get(index) != 0:
                continue
            farmers: list[int] = []
            farms = set()
            for cell, local in members[index]:
                lay = state.board[cell][0]
                for field_local, cities in enumerate(LAYOUTS[lay].field_cities):
                    if local in cities:
                        farms.add(comp[(cell, field_local)])
            for farm in farms:
                farmers += men.get(farm, [])
            if farmers:
                award(farmers, 4)
    return points


def _checked_apply(state: CarcassonneState, player: int, action: int, chance: Chance, checks: dict[str, int]) -> None:
    """`state.apply`, with the turn's scoring and any final scoring checked against the referee.

    The copy replays the turn's steps up to the scoring (as `apply` orders them: place, or deploy,
    then score), where the referee recounts; no patching, so the compiled build is checked too."""
    before = list(state.score)
    mid = state.clone()
    if mid.phase == PLACE:
        place(mid, player, action, None)
        ends_turn = not deploy_options(mid)
    else:
        if action != SKIP:
            deploy(mid, player, action - DEPLOY_ID, None)
        ends_turn = True
    state.apply(player, action, chance)
    if not ends_turn:
        assert state.score == before  # the deploy decision follows; nothing is scored yet
        return
    expected = _referee_points(mid, final=False)
    scoring.score_turn(mid, None)
    assert [a - b for a, b in zip(mid.score, before, strict=True)] == expected
    checks["turns"] += 1
    if state.phase == OVER:  # the draw found the bags empty: the final scoring followed
        expected = _referee_points(mid, final=True)
        assert [a - b for a, b in zip(state.score, mid.score, strict=True)] == expected
        checks["finals"] += 1


def test_scores_equal_an_independent_referee() -> None:
    """CAR-TURN-1 step 3, CAR-SCORE-1..8 and CAR-END-2..6 rechecked on random games: every
    turn's scoring and the final scoring equal a from-scratch recount (flood fill, seed numbers)."""
    checks = {"turns": 0, "finals": 0}
    for seed in range(3):
        rng = random.Random(100 + seed)
        chance = Chance(100 + seed)
        state = GAME.start(2 + seed % 3, {"river": seed % 2 == 1}, chance)
        assert isinstance(state, CarcassonneState)
        while state.to_move():
            p = state.current
            legal = state.legal_actions(p)
            # Deploy more often than not, so that features hold several followers.
            pick = legal[rng.randrange(len(legal) - 1)] if state.phase == DEPLOY and rng.random() < 0.8 else None
            _checked_apply(state, p, pick if pick is not None else legal[rng.randrange(len(legal))], chance, checks)
    assert checks["finals"] == 3 and checks["turns"] > 200


def test_a_rotation_refused_as_a_duplicate_is_the_same_tile_in_every_respect() -> None:
    """CAR-PLACE-3 (decision: a tile that looks the same turned is offered once per look, the
    duplicate rotation is refused): the refused rotation lays exactly the same tile — same edges,
    same river, same segments with the same labels, the same field-to-city borders, pennant
    and cloister — so no placement the rules allow is lost."""
    from townhall.games.carcassonne.tiles import NUM_TYPES, SAME_AS

    def look(lay: int) -> tuple[object, ...]:
        layout = LAYOUTS[lay]
        segments = frozenset(
            (
                kind,
                layout.labels[i],
                frozenset(layout.labels[c] for c in layout.field_cities[i]),
                i == layout.pennant_segment,
                i == layout.cloister,
            )
            for i, kind in enumerate(layout.kinds)
        )
        return layout.edges, layout.river_edges, segments

    refused = 0
    for tile in range(NUM_TYPES):
        for rot in range(4):
            if SAME_AS[tile][rot] != rot:
                refused += 1
                assert look(4 * tile + rot) == look(4 * tile + SAME_AS[tile][rot]), (CODES[tile], rot)
    # B, C, X: 3 refused each; F, G, H, U and the river's R3, R6, R7: 2 each.
    assert refused == 3 * 3 + 2 * 7


def test_the_follower_prompt_names_the_tile_and_explains_segment_names() -> None:
    """CAR-DEPLOY-2 at the terminal: the deploy prompt says where the new tile lies and how its
    segments are named; the view shows the stack only as a count (CAR-TURN-2)."""
    state = position(bag=["B", "U", "V"])
    give(state, "U")
    act(state, "place 1,0 r0")
    text = GAME.render(state, 0)
    assert "tile just placed at 1,0" in text and "Nw = north edge, west half" in text
    assert "tiles left: 3" in text and "V" not in text.split("tiles left")[1].split("\n")[0]


def _river_path(state: CarcassonneState) -> tuple[int, int, int]:
    """Follow the river from the spring over the board: (open end cell, flow direction, last
    turn: 1 right, 3 left, 0 none yet); the end is -1 once the lake closed it."""
    from townhall.games.carcassonne.tiles import DELTA

    spring = state.placed_cells[0]
    flow = LAYOUTS[state.board[spring][0]].river_edges[0]
    cell, last_turn = spring + DELTA[flow], 0
    while cell in state.board:
        exits = [e for e in LAYOUTS[state.board[cell][0]].river_edges if e != (flow + 2) % 4]
        if not exits:
            return -1, flow, last_turn
        turn_ = (exits[0] - flow) % 4
        last_turn = turn_ or last_turn
        flow = exits[0]
        cell += DELTA[flow]
    return cell, flow, last_turn


def test_river_placements_equal_a_brute_force_reading_of_the_rules() -> None:
    """CAR-PLACE-5/CAR-PLACE-6 (and CAR-PLACE-2, CAR-PLACE-3): in random River games every river
    tile is offered exactly where the river ends, in each distinct rotation whose edges match,
    whose river takes the river on, and whose turn (if any) is not the same way as the river's
    last turn, straight tiles in between or not (no U shape)."""
    from townhall.games.carcassonne.tiles import SAME_AS, TILE_SPECS

    decisions = 0
    for seed in range(12):
        rng = random.Random(seed)
        chance = Chance(seed)
        state = GAME.start(2, {"river": True}, chance)
        assert isinstance(state, CarcassonneState)
        while state.to_move() and (state.phase != PLACE or TILE_SPECS[state.hand].river):
            if state.phase == PLACE:
                end, flow, last_turn = _river_path(state)
                assert end == state.river_end
                expected = []
                for rot in range(4):
                    layout = LAYOUTS[4 * state.hand + rot]
                    if SAME_AS[state.hand][rot] != rot or (flow + 2) % 4 not in layout.river_edges:
                        continue
                    x, y = xy_of(end)
                    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
                    if any(
                        (near := state.board.get(cell_of(x + dx, y + dy))) is not None
                        and LAYOUTS[near[0]].edges[(d + 2) % 4] != layout.edges[d]
                        for d, (dx, dy) in enumerate(steps)
                    ):
                        continue
                    exits = [e for e in layout.river_edges if e != (flow + 2) % 4]
                    turn_ = (exits[0] - flow) % 4 if exits else 0
                    if turn_ and turn_ == last_turn:
                        continue  # the same way as the last turn: a U shape
                    expected.append(end * 4 + rot)
                assert state.legal_actions(state.current) == expected
                decisions += 1
            legal = state.legal_actions(state.current)
            state.apply(state.current, legal[rng.randrange(len(legal))], chance)
        assert _river_path(state)[0] == -1 and len(state.placed_cells) == 12  # the lake closed the river
    assert decisions == 12 * 11
