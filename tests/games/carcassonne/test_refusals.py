"""Every refusal path raises its typed error: out of turn, after the end, malformed JSON forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.games.refusals import GENERIC_MALFORMED, assert_refused
from townhall.engine.chance import Chance
from townhall.engine.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from townhall.games.carcassonne.actions import DEPLOY, SKIP
from townhall.games.carcassonne.game import GAME
from townhall.games.carcassonne.state import CarcassonneState


def _start() -> CarcassonneState:
    state = GAME.start(2, {}, Chance(3))
    assert isinstance(state, CarcassonneState)
    return state


def _finished() -> CarcassonneState:
    state = _start()
    chance = Chance(4)
    while state.to_move():
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0], chance)
    return state


def _out_of_turn(state: CarcassonneState) -> None:
    state.apply(1 - state.current, state.legal_actions(state.current)[0], Chance(0))


def _after_end(state: CarcassonneState) -> None:
    state.apply(0, SKIP, Chance(0))


def _illegal_place(state: CarcassonneState) -> None:
    state.apply(state.current, DEPLOY, Chance(0))


CASES: list[tuple[str, Callable[[], CarcassonneState], Callable[[CarcassonneState], None], type[Exception], str]] = [
    ("out of turn", _start, _out_of_turn, NotYourTurn, "CAR-SETUP-3"),
    ("after the end", _finished, _after_end, GameOver, "CAR-END-1"),
    ("deploy before placing", _start, _illegal_place, IllegalAction, "CAR-TURN-1"),
]


@pytest.mark.parametrize(("name", "make", "act", "error", "clause"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_raises_its_class_and_keeps_the_state(
    name: str,
    make: Callable[[], CarcassonneState],
    act: Callable[[CarcassonneState], None],
    error: type[IllegalAction],
    clause: str,
) -> None:
    assert_refused(make(), act, error, clause)


MALFORMED: list[Any] = [
    *GENERIC_MALFORMED,
    {"kind": ["place"]},
    {"kind": {"place": 1}},
    {"kind": "place", "x": 0, "y": 1},
    {"kind": "place", "x": True, "y": 1, "rot": 0},
    {"kind": "place", "x": 0.5, "y": 1, "rot": 0},
    {"kind": "place", "x": "0", "y": 1, "rot": 0},
    {"kind": "place", "x": 2**70, "y": 1, "rot": 0},
    {"kind": "place", "x": 0, "y": 1, "rot": 4},
    {"kind": "deploy"},
    {"kind": "deploy", "segment": -1},
    {"kind": "deploy", "segment": False},
    {"kind": "deploy", "segment": [1]},
    {"kind": "deploy", "segment": 10**30},
]


@pytest.mark.parametrize("data", MALFORMED, ids=[repr(d) for d in MALFORMED])
def test_malformed_forms_raise_malformed_action(data: Any) -> None:
    with pytest.raises(MalformedAction):
        _start().action_from_json(data)


def test_a_bad_action_id_raises_malformed_action() -> None:
    with pytest.raises(MalformedAction):
        _start().action_to_json(-1)
