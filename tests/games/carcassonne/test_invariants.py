"""Cross-checks of the incremental feature bookkeeping against a from-scratch recomputation
(flood fill over the raw tile data with its own geometry), over random games."""

from __future__ import annotations

import random

import pytest

from townhall.engine.chance import Chance, ScriptedChance
from townhall.engine.protocol import Event, Json
from townhall.games.carcassonne import GAME
from townhall.games.carcassonne.state import CarcassonneState
from townhall.games.carcassonne.tiles import CODES, FITS, LAYOUTS, SAME_AS, TILE_SPECS, cell_of, xy_of

# Half-edge midpoints on the unit tile (x east, y south), clockwise from the north-west corner.
HALF_POINTS = ((0.25, 0), (0.75, 0), (1, 0.25), (1, 0.75), (0.75, 1), (0.25, 1), (0, 0.75), (0, 0.25))
EDGE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
LETTER = {"F": 1, "R": 2, "C": 3, "I": 4}


def _rotate_point(p: tuple[float, float], quarter_turns: int) -> tuple[float, float]:
    x, y = p
    for _ in range(quarter_turns):
        x, y = 1 - y, x
    return x, y


def _segments(code: str, rot: int) -> list[tuple[str, frozenset[object]]]:
    """(kind, ports) per segment in the engine's local order; ports are edge numbers or half points."""
    spec = TILE_SPECS[CODES.index(code)]
    out: list[tuple[str, frozenset[object]]] = []
    out += [("city", frozenset((e + rot) % 4 for e in c)) for c in spec.cities]
    out += [("road", frozenset((e + rot) % 4 for e in r)) for r in spec.roads]
    out += [("field", frozenset(_rotate_point(HALF_POINTS[h], rot) for h in f.halves)) for f in spec.fields]
    if spec.cloister:
        out.append(("cloister", frozenset()))
    return out


def _edges(code: str, rot: int) -> list[str]:
    spec = TILE_SPECS[CODES.index(code)]
    return [spec.edges[(d - rot) % 4] for d in range(4)]


def recompute(state: CarcassonneState) -> tuple[dict[tuple[int, int], int], dict[int, int]]:
    """Flood-fill the features: (cell, segment) -> component, and component -> open edges."""
    placed = {}
    for cell in state.placed_cells:
        lay = state.board[cell][0]
        placed[xy_of(cell)] = (CODES[lay >> 2], lay & 3)
    parent: dict[tuple[int, int, int], tuple[int, int, int]] = {}

    def find(a: tuple[int, int, int]) -> tuple[int, int, int]:
        while parent[a] != a:
            a = parent[a]
        return a

    segs = {}
    for (x, y), (code, rot) in placed.items():
        segs[(x, y)] = _segments(code, rot)
        for i in range(len(segs[(x, y)])):
            parent[(x, y, i)] = (x, y, i)
    for (x, y), seg_list in segs.items():
        for d, (dx, dy) in enumerate(EDGE_STEP):
            other = (x + dx, y + dy)
            if other not in segs:
                continue
            for i, (kind, ports) in enumerate(seg_list):
                for j, (kind2, ports2) in enumerate(segs[other]):
                    if kind != kind2:
                        continue
                    if kind in ("city", "road"):
                        joined = d in ports and (d + 2) % 4 in ports2
                    elif kind == "field":
                        mine = {p for p in ports if (p[0] - 0.5) * dx > 0 or (p[1] - 0.5) * dy > 0}  # type: ignore[index]
                        theirs = {(p[0] + dx, p[1] + dy) for p in ports2}  # type: ignore[index]
                        joined = bool(mine & theirs)
                    else:
                        joined = False
                    if joined:
                        parent[find((x, y, i))] = find((other[0], other[1], j))
    comp: dict[tuple[int, int], int] = {}
    roots: dict[tuple[int, int, int], int] = {}
    opens: dict[int, int] = {}
    for (x, y), seg_list in segs.items():
        for i, (kind, ports) in enumerate(seg_list):
            root = find((x, y, i))
            index = roots.setdefault(root, len(roots))
            comp[(cell_of(x, y), i)] = index
            if kind in ("city", "road"):
                free = sum(1 for d in ports if (x + EDGE_STEP[d][0], y + EDGE_STEP[d][1]) not in segs)  # type: ignore[index]
                opens[index] = opens.get(index, 0) + free
    return comp, opens


def check_features(state: CarcassonneState) -> None:
    comp, opens = recompute(state)
    engine_to_comp: dict[int, int] = {}
    for (cell, local), index in comp.items():
        node = state.board[cell][1] + local
        feature = state.feature_of[node]
        assert engine_to_comp.setdefault(feature, index) == index, "engine joined what the flood fill keeps apart"
        assert node in state.feature_nodes[feature]
    assert len(engine_to_comp) == len(set(comp.values())), "engine keeps apart what the flood fill joins"
    for feature, index in engine_to_comp.items():
        if index in opens:
            assert state.feature_open_edges[feature] == opens[index], (
                f"open edges {state.feature_open_edges[feature]} != {opens[index]}"
            )
    # Completed cities (kept as a list for farm scoring) are exactly the closed city components.
    closed = {
        feature
        for (cell, local), index in comp.items()
        for feature in [state.feature_of[state.board[cell][1] + local]]
        if opens.get(index) == 0 and LAYOUTS[state.board[cell][0]].kinds[local] == 0
    }
    assert sorted(state.completed_cities) == sorted(closed)


def check_placements(state: CarcassonneState) -> None:
    """Legal placements equal a brute-force scan of every empty cell and rotation (land tiles)."""
    tile = state.hand
    if tile < 0 or TILE_SPECS[tile].river:
        return
    code = CODES[tile]
    occupied = {xy_of(c) for c in state.board}
    expected = set()
    for cx, cy in {(x + dx, y + dy) for x, y in occupied for dx, dy in EDGE_STEP} - occupied:
        for rot in range(4):
            edges = _edges(code, rot)
            ok = True
            for d, (dx, dy) in enumerate(EDGE_STEP):
                other = state.board.get(cell_of(cx + dx, cy + dy))
                if other is not None:
                    lay = other[0]
                    if _edges(CODES[lay >> 2], lay & 3)[(d + 2) % 4] != edges[d]:
                        ok = False
            if ok:
                expected.add(cell_of(cx, cy) * 4 + SAME_AS[tile][rot])
    assert sorted(expected) == state.placements
    assert FITS[tile]  # the table exists for every tile


@pytest.mark.parametrize("options", [{}, {"river": True}])
def test_incremental_features_match_flood_fill(options: dict[str, bool]) -> None:
    """CAR-END-3 (farms are connected field areas bounded by roads, cities and the edge) and
    CAR-SCORE-1/2 (completion = no open edge): the engine's features equal a flood fill."""
    for seed in range(3):
        rng = random.Random(seed)
        chance = Chance(seed)
        state = GAME.start(3, options, chance)
        assert isinstance(state, CarcassonneState)
        step = 0
        while state.to_move():
            if step % 9 == 0:
                check_features(state)
                check_placements(state)
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.randrange(len(legal))], chance)
            step += 1
        check_features(state)


def _random_game(chance: Chance) -> dict[str, Json]:
    """The final JSON of a 4-player game of uniform random moves (rng seed 7) under `chance`."""
    rng = random.Random(7)
    state = GAME.start(4, {}, chance)
    while state.to_move():
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))], chance)
    return state.to_json()


def test_same_seed_same_actions_same_game() -> None:
    """CAR-IO-2: the same seed and actions reproduce the game exactly, tile order and discards
    included; a logged chance replays it through ScriptedChance."""
    runs = []
    for _ in range(2):
        chance = Chance(42, log=True)
        runs.append((_random_game(chance), chance.take_log()))
    assert runs[0] == runs[1]
    scripted = ScriptedChance(runs[0][1])
    assert _random_game(scripted) == runs[0][0]
    assert scripted.exhausted


def test_json_round_trip_mid_game_keeps_features() -> None:
    """A state rebuilt from JSON has the same features, open edges and legal actions."""
    rng = random.Random(3)
    chance = Chance(3)
    state = GAME.start(2, {"river": True}, chance)
    for _ in range(60):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))], chance)
    again = GAME.state_from_json(state.to_json())
    assert isinstance(again, CarcassonneState)
    assert again.to_json() == state.to_json()
    assert again.legal_actions(state.current) == state.legal_actions(state.current)
    check_features(again)


@pytest.mark.parametrize("options", [{}, {"river": True, "farm_scoring": "third-edition"}])
def test_followers_are_conserved_and_scores_equal_the_scoring_events(options: dict[str, object]) -> None:
    """CAR-SETUP-2/CAR-SCORE-7: supply + followers on the board is always 7 per player; every point
    comes from a scoring event (CAR-TURN-1 step 3, CAR-END-2..6) and scores never decrease."""
    for seed in range(4):
        rng = random.Random(seed)
        chance = Chance(seed)
        state = GAME.start(4, options, chance)
        assert isinstance(state, CarcassonneState)
        from_events = [0] * 4
        while state.to_move():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            before = list(state.score)
            events: list[Event] = []
            state.apply(p, legal[rng.randrange(len(legal))], chance, events)
            for event in events:
                if event.kind in ("score", "farm"):
                    for scorer in event.data["scorers"]:
                        from_events[scorer] += event.data["points"]
            assert all(a >= b for a, b in zip(state.score, before, strict=True))
            on_board = [list(state.follower_at.values()).count(q) for q in range(4)]
            assert [s + b for s, b in zip(state.supply, on_board, strict=True)] == [7] * 4
        assert state.score == from_events
