"""The board view validates at the start, mid-game and at the end; every legal action has a target
on it, except the deliberately off-board ones (skip: no follower)."""

from __future__ import annotations

import random

from townhall.engine.board import BoardView, Mark, Target
from townhall.engine.chance import Chance
from townhall.games.carcassonne.game import GAME
from townhall.games.carcassonne.state import CarcassonneState

OFF_BOARD = {"skip"}


def _check(state: CarcassonneState) -> BoardView:
    views = [GAME.board_view(state, viewer) for viewer in [None, *range(state.num_players)]]
    board = BoardView.model_validate(views[0])
    assert all({**view, "viewer": None} == views[0] for view in views)  # nothing is hidden
    cells = {area.id: {cell.id: cell for cell in area.cells} for area in board.areas}
    for player in state.to_move():
        for action in state.legal_actions(player):
            kind = state.action_to_json(action)["kind"]
            target = GAME.action_target(state, player, action)
            if kind in OFF_BOARD:
                assert target is None
                continue
            assert target is not None, kind
            parsed = Target.model_validate(target)
            assert parsed.cell is not None and parsed.cell in cells[parsed.area]
            cell = cells[parsed.area][parsed.cell]
            if kind == "place":
                assert Mark(kind="open") in cell.marks and parsed.rotation == state.action_to_json(action)["rot"]
            else:
                assert parsed.part in {part.id for part in cell.parts}
                assert Mark(kind="last-move") in cell.marks
    return board


def test_the_view_validates_and_every_action_has_its_target_through_a_whole_game() -> None:
    for options in ({}, {"river": True}):
        state = GAME.start(3, options, Chance(11))
        assert isinstance(state, CarcassonneState)
        chance, rng = Chance(12), random.Random(13)
        first = _check(state)
        assert [cell.id for cell in first.areas[0].cells if cell.terrain] == ["0,0"]
        steps = 0
        while state.to_move():
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)), chance)
            steps += 1
            if steps % 7 == 0:
                _check(state)
        last = _check(state)
        assert last.prompt == "game over"
        laid = [cell for cell in last.areas[0].cells if cell.terrain]
        assert len(laid) == len(state.placed_cells)
        pieces = sum(len(cell.pieces) for cell in laid)
        assert pieces == len(state.followers())
        assert [t.value for t in last.tracks if t.id.startswith("score.")] == state.score


def test_a_placed_tile_shows_its_segments_and_the_follower() -> None:
    state = GAME.start(2, {}, Chance(5))
    assert isinstance(state, CarcassonneState)
    place = state.legal_actions(0)[0]
    state.apply(0, place, Chance(6))
    if state.phase == 1:
        deploy = state.legal_actions(0)[0]
        target = GAME.action_target(state, 0, deploy)
        assert target is not None
        state.apply(0, deploy, Chance(6))
        board = BoardView.model_validate(GAME.board_view(state, None))
        cell = next(c for c in board.areas[0].cells if c.id == target["cell"])
        assert [(p.owner, p.part) for p in cell.pieces] == [(0, target["part"])]


def test_the_hand_area_shows_the_tile_to_place_as_it_lies_unturned() -> None:
    """A client previews a placement by turning the hand's parts: unturned, they are the parts
    of the tile once laid with rotation 0."""
    checked = 0
    for seed in range(6):
        state = GAME.start(2, {}, Chance(seed))
        assert isinstance(state, CarcassonneState)
        start = GAME.board_view(state, None)
        hand = next(area for area in start["areas"] if area["id"] == "hand")
        [cell] = hand["cells"]
        assert {"id": "hand", "kind": "tile", "label": cell["label"], "owner": 0} in start["items"]
        unturned = [a for a in state.legal_actions(0) if (GAME.action_target(state, 0, a) or {})["rotation"] == 0]
        if not unturned:
            continue
        target = GAME.action_target(state, 0, unturned[0])
        assert target is not None
        state.apply(0, unturned[0], Chance(seed))
        view = GAME.board_view(state, None)
        laid = next(c for c in view["areas"][0]["cells"] if c["id"] == target["cell"])
        assert (laid["label"], laid["parts"], laid["rotation"]) == (cell["label"], cell["parts"], 0)
        assert "hand" not in [area["id"] for area in view["areas"]]
        checked += 1
    assert checked >= 2
