"""Each refusal path of My City raises its typed error (MYC-GEN-1, MYC-GEN-2, MYC-EXIT-1,
MYC-END-1, MYC-EVG-3, MYC-IO-1): out of turn NotYourTurn, after the end GameOver, a rule
IllegalAction naming its clause, a bad JSON form MalformedAction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.games.my_city.helpers import act, do, evergreen, finish, reveal
from tests.games.refusals import GENERIC_MALFORMED, assert_refused
from townhall.engine import Chance, GameOver, IllegalAction, MalformedAction, NotYourTurn
from townhall.games.my_city.actions import NUM_ACTIONS
from townhall.games.my_city.state import MyCityState


def _started() -> MyCityState:
    state = evergreen(2)
    reveal(state, "YD2")
    return state


def _over() -> MyCityState:
    state = _started()
    finish(state)
    return state


def _exited() -> MyCityState:
    state = _started()
    do(state, 1, "exit")
    do(state, 0, "pass")  # resolves the card: player 2 stays out
    return state


def _decided() -> MyCityState:
    state = _started()
    do(state, 0, "exit")
    return state


def _church() -> MyCityState:
    state = evergreen(2)
    reveal(state, "CI3")
    return state


# (name, state builder, player, action, error class, clause)
CASES: list[tuple[str, Callable[[], MyCityState], int, Callable[[MyCityState], int], type[Exception], str]] = [
    ("game over", _over, 0, lambda s: act("exit", s), GameOver, "MYC-END-1"),
    ("no such player", _started, 5, lambda s: act("exit", s), NotYourTurn, "MYC-GEN-1"),
    ("exited player", _exited, 1, lambda s: act("exit", s), NotYourTurn, "MYC-EXIT-1"),
    ("already decided", _decided, 0, lambda s: act("exit", s), NotYourTurn, "MYC-GEN-2"),
    ("action id out of range", _started, 0, lambda s: NUM_ACTIONS, IllegalAction, "MYC-IO-1"),
    ("other card's piece", _started, 0, lambda s: act("place YI4 at F6 r0", s), IllegalAction, "MYC-GEN-2"),
    ("church passed", _church, 0, lambda s: act("pass", s), IllegalAction, "MYC-EVG-3"),
]


@pytest.mark.parametrize(("name", "build", "player", "action", "error", "clause"), CASES, ids=[c[0] for c in CASES])
def test_refusal_raises_its_class(
    name: str,
    build: Callable[[], MyCityState],
    player: int,
    action: Callable[[MyCityState], int],
    error: type[Exception],
    clause: str,
) -> None:
    assert_refused(build(), lambda state: state.apply(player, action(state), Chance(0)), error, clause)


MALFORMED: list[Any] = [
    *GENERIC_MALFORMED,
    {"kind": "place", "piece": 0, "cell": 0},
    {"kind": "place", "piece": True, "cell": 0, "rot": 0},
    {"kind": "place", "piece": "0", "cell": 0, "rot": 0},
    {"kind": "place", "piece": 0, "cell": 2**80, "rot": 0},
    {"kind": "place", "piece": 0, "cell": -1, "rot": 0},
    {"kind": "place", "piece": 0, "cell": 0, "rot": 4},
    {"kind": "place", "piece": 0.0, "cell": 0, "rot": 0},
]


@pytest.mark.parametrize("data", MALFORMED, ids=[repr(d)[:40] for d in MALFORMED])
def test_malformed_action_form_raises_malformed_action(data: Any) -> None:
    with pytest.raises(MalformedAction):
        _started().action_from_json(data)
