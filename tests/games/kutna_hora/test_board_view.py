"""The board view validates at the start, mid-game and at the end, shows only public things
(KH-IO-3), and every legal action has a target on it or is one of the off-board kinds."""

from __future__ import annotations

import random

from townhall.engine import Chance
from townhall.engine.board import BoardView, Target
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.actions import SPACE
from townhall.games.kutna_hora.board_view import OFF_BOARD
from townhall.games.kutna_hora.state import KutnaHoraState

EXPECTED_OFF_BOARD = {"set", "order", "buy", "tax", "resolve", "decline"}


def _check_view(state: KutnaHoraState) -> dict[str, dict[str, set[str]]]:
    """Validate every viewer's view; the cells (and their parts) of each area."""
    views = [GAME.board_view(state, viewer) for viewer in [None, *range(state.num_players)]]
    for view in views:
        board = BoardView.model_validate(view)
        assert board.game == "kutna-hora"
    # Nothing is private in Kutná Hora: every viewer sees the same board.
    assert all({**v, "viewer": None} == {**views[0], "viewer": None} for v in views)
    board = BoardView.model_validate(views[0])
    return {area.id: {cell.id: {part.id for part in cell.parts} for cell in area.cells} for area in board.areas}


def test_board_view_and_targets_over_whole_games() -> None:
    """KH-IO-3"""
    seen_on: set[str] = set()
    seen_off: set[str] = set()
    for n, seed in ((2, 7), (3, 8), (4, 9)):
        state = GAME.start(n, {}, Chance(seed))
        assert isinstance(state, KutnaHoraState)
        rng = random.Random(seed)
        step = 0
        while movers := state.to_move():
            player = movers[0]
            legal = state.legal_actions(player)
            if step % 3 == 0 or len(legal) > 1:
                cells = _check_view(state)
                for action in legal:
                    kind = SPACE.decode(action)[0]
                    target = GAME.action_target(state, player, action)
                    if kind in EXPECTED_OFF_BOARD:
                        assert target is None, (kind, action)
                        seen_off.add(kind)
                        continue
                    assert target is not None, (kind, action)
                    t = Target.model_validate(target)
                    assert t.area in cells and t.cell in cells[t.area], (kind, target)
                    if t.part is not None:
                        assert t.part in cells[t.area][t.cell], (kind, target)
                    seen_on.add(kind)
            state.apply(player, rng.choice(legal), Chance(rng.randrange(2**32)))
            step += 1
        _check_view(state)
        assert GAME.board_view(state, None)["prompt"] == "the game is over"
    assert OFF_BOARD == EXPECTED_OFF_BOARD
    assert {"play", "keep", "mine", "take", "plot", "build", "noble"} <= seen_on
    assert {"tax", "decline", "resolve"} <= seen_off


def test_start_view_shows_hidden_parts_only_as_counts() -> None:
    """KH-IO-3: stacks below the tops, the mine deck and face-down events are counts."""
    state = GAME.start(3, {}, Chance(2))
    assert isinstance(state, KutnaHoraState)
    view = BoardView.model_validate(GAME.board_view(state, 1))
    hall = next(a for a in view.areas if a.id == "hall")
    stacks = [c for c in hall.cells if c.terrain == "stack"]
    assert stacks and all(c.pieces[1].kind == "face-down" for c in stacks)
    mine = next(a for a in view.areas if a.id == "mine")
    assert next(t for t in mine.tracks if t.id == "deck").value == sum(len(x) for x in state.layers)
    hidden = [i for i in view.items if i.hidden]
    assert sum(i.count for i in hidden) == sum(len(x) for x in state.events_left)
    players = [a for a in view.areas if a.owner is not None]
    assert [a.id for a in players] == ["player0", "player1", "player2"]
