"""The board view of Antiquity validates at the start, mid-game and at the end, hides others'
phase-2 plans, and every legal action has a target on it or is deliberately off-board."""

from __future__ import annotations

import random

from townhall.engine import Chance
from townhall.engine.board import BoardView, Target
from townhall.games.antiquity import GAME
from townhall.games.antiquity import actions as A
from townhall.games.antiquity.board_view import OFF_BOARD
from townhall.games.antiquity.position import PLAN
from townhall.games.antiquity.state import AntiquityState

ON_BOARD = {"found", "hex", "square", "cell", "man", "heal", "move", "gravemove"}


def _cells(view: BoardView) -> dict[str, set[str]]:
    return {area.id: {cell.id for cell in area.cells} for area in view.areas}


def _check_targets(state: AntiquityState, seen: set[str]) -> None:
    for player in state.to_move():
        view = BoardView.model_validate(GAME.board_view(state, player))
        cells = _cells(view)
        for action in state.legal_actions(player):
            kind, _ = A.SPACE.decode(action)
            seen.add(kind)
            target = GAME.action_target(state, player, action)
            if kind in OFF_BOARD:
                assert target is None, kind
                continue
            assert target is not None, kind
            where = Target.model_validate(target)
            assert where.area in cells and where.cell in cells[where.area], (kind, target)


def test_views_and_targets_over_whole_games() -> None:
    assert set(A.SPACE.kinds) == OFF_BOARD | ON_BOARD
    assert not OFF_BOARD & ON_BOARD
    seen: set[str] = set()
    for seed in range(2):
        chance = Chance(seed)
        rng = random.Random(seed)
        state = GAME.start(2 + 2 * seed, {"max_rounds": 3}, chance)
        assert isinstance(state, AntiquityState)
        step = 0
        while movers := state.to_move():
            if step % 5 == 0:
                for viewer in (None, *range(state.num_players)):
                    BoardView.model_validate(GAME.board_view(state, viewer))
            _check_targets(state, seen)
            player = rng.choice(movers)
            state.apply(player, rng.choice(state.legal_actions(player)), chance)
            step += 1
        end = BoardView.model_validate(GAME.board_view(state, None))
        assert end.areas[0].id == "map" and end.prompt == "phase over"
    assert {"found", "hex", "square", "cell"} <= seen


def test_start_view_shows_the_map_cities_and_goods() -> None:
    state = GAME.start(2, {}, Chance(1))
    view = BoardView.model_validate(GAME.board_view(state, 0))
    hexes = view.areas[0]
    assert hexes.layout == "hex" and len(hexes.cells) == len(state.terrain)
    assert {cell.terrain for cell in hexes.cells} <= {"forest", "grass", "mountain", "water"}
    ids = [area.id for area in view.areas]
    assert ids == ["map", "p0.c0", "p0", "p1.c0", "p1"]
    wood = next(t for t in view.areas[2].tracks if t.id == "p0.wood")
    assert wood.value == state.players[0].goods[8]


def _in_phase_2() -> tuple[AntiquityState, Chance]:
    """A two-player game played by first legal actions up to phase 2 (city building)."""
    state = GAME.start(2, {}, Chance(2))
    assert isinstance(state, AntiquityState)
    chance = Chance(3)
    while state.phase != PLAN:
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0], chance)
    return state, chance


def test_others_plans_stay_hidden_in_phase_2() -> None:
    state, chance = _in_phase_2()
    before = GAME.board_view(state, 1)
    build = [a for a in state.legal_actions(0) if A.SPACE.decode(a)[0] != "done"]
    state.apply(0, build[0], chance)
    assert GAME.board_view(state, 1)["areas"][1:3] == before["areas"][1:3]


def test_the_building_being_placed_shows_to_its_player_only_in_phase_2() -> None:
    state, chance = _in_phase_2()
    build = next(a for a in state.legal_actions(0) if A.SPACE.decode(a)[0] == "build")
    state.apply(0, build, chance)
    squares = [a for a in state.legal_actions(0) if A.SPACE.decode(a)[0] == "square"]
    assert squares, "a chosen building waits for its square"
    mine = {area["id"]: area for area in GAME.board_view(state, 0)["areas"]}
    assert "p0.build" in mine and "p0.build" not in {area["id"] for area in GAME.board_view(state, 1)["areas"]}
    # the unturned shape: placed with rotation 0 at its first square it covers what the game covers
    shape = sorted((cell["col"], cell["row"]) for cell in mine["p0.build"]["cells"])
    unturned = next(a for a in squares if A.SPACE.decode(a)[1][3] == 0)
    c, x, y, _ = A.SPACE.decode(unturned)[1]
    state.apply(0, unturned, chance)
    size = 7 if c == 0 else 6
    covered = [i for i, bid in enumerate(state.players[0].grid[c]) if bid == state.players[0].grid[c][y * size + x]]
    first = min((dy, dx) for dx, dy in shape)
    assert sorted((i % size, i // size) for i in covered) == sorted(
        (x + dx - first[1], y + dy - first[0]) for dx, dy in shape
    )
