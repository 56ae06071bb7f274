"""Every refusal path of Antiquity raises its typed error (ANT-IO-1), and the state stays unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.games.refusals import GENERIC_MALFORMED, assert_refused
from townhall.engine import Chance, IllegalAction, MalformedAction
from townhall.engine.errors import GameOver, NotYourTurn, TownhallError
from townhall.games.antiquity import GAME
from townhall.games.antiquity import actions as A
from townhall.games.antiquity.position import OVER
from townhall.games.antiquity.state import AntiquityState

from .helpers import new


def _start() -> AntiquityState:
    return new(2)


def _other(state: AntiquityState) -> int:
    return next(p for p in range(state.num_players) if p not in state.to_move())


def _out_of_turn(state: AntiquityState) -> None:
    mover = state.to_move()[0]
    state.apply(_other(state), state.legal_actions(mover)[0], Chance(0))


def _no_such_player(state: AntiquityState) -> None:
    state.apply(7, state.legal_actions(state.to_move()[0])[0], Chance(0))


def _illegal(state: AntiquityState) -> None:
    mover = state.to_move()[0]
    state.apply(mover, A.DONE, Chance(0))  # no "done" while founding the first cities


def _after_the_end(state: AntiquityState) -> None:
    state.phase = OVER
    state.apply(0, A.DONE, Chance(0))


def _json(data: Any) -> Callable[[AntiquityState], None]:
    def parse(state: AntiquityState) -> None:
        state.action_from_json(data)

    return parse


CASES: list[tuple[str, Callable[[AntiquityState], None], type[TownhallError]]] = [
    ("out of turn", _out_of_turn, NotYourTurn),
    ("no such player", _no_such_player, NotYourTurn),
    ("illegal now", _illegal, IllegalAction),
    ("after the end", _after_the_end, GameOver),
    *[(f"generic {form!r}", _json(form), MalformedAction) for form in GENERIC_MALFORMED],
    ("not a dict", _json(["found", 3]), MalformedAction),
    ("kind a list", _json({"kind": ["found"], "hex": 1}), MalformedAction),
    ("missing field", _json({"kind": "found"}), MalformedAction),
    ("field a string", _json({"kind": "found", "hex": "3"}), MalformedAction),
    ("field a bool", _json({"kind": "found", "hex": True}), MalformedAction),
    ("field a float", _json({"kind": "hex", "hex": 1.5}), MalformedAction),
    ("huge int", _json({"kind": "found", "hex": 2**80}), MalformedAction),
    ("negative int", _json({"kind": "saint", "saint": -1}), MalformedAction),
    ("out of range", _json({"kind": "saint", "saint": 5}), MalformedAction),
]


@pytest.mark.parametrize(("name", "act", "error"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_raises_its_class_ant_io_1(
    name: str, act: Callable[[AntiquityState], None], error: type[TownhallError]
) -> None:
    state = _start()
    if name == "after the end":  # the test set the phase to over itself
        with pytest.raises(GameOver):
            act(state)
        return
    assert_refused(state, act, error, "ANT-")


def test_malformed_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        _start().action_from_json({"kind": "found", "hex": False})


def test_legal_action_still_accepted() -> None:
    state = _start()
    mover = state.to_move()[0]
    action = state.legal_actions(mover)[0]
    assert state.action_from_json(state.action_to_json(action)) == action
    state.apply(mover, action, Chance(0))
    assert GAME.meta.facts.simultaneous
