"""Each refusal path raises its typed error (KH-TURN-1, KH-IO-1): out of turn, after the end, a
malformed action form, an action id outside the space and an action the rules forbid now."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.games.kutna_hora.helpers import fresh
from tests.games.refusals import assert_refused
from townhall.engine import Chance
from townhall.engine.errors import GameOver, IllegalAction, MalformedAction, NotYourTurn
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.state import KutnaHoraState


def _finished() -> KutnaHoraState:
    state = GAME.start(2, {}, Chance(5))
    assert isinstance(state, KutnaHoraState)
    rng = random.Random(5)
    while movers := state.to_move():
        player = movers[0]
        state.apply(player, rng.choice(state.legal_actions(player)), Chance(rng.randrange(2**32)))
    return state


def _out_of_turn(s: KutnaHoraState) -> None:
    other = 1 - s.to_move()[0]
    s.apply(other, s.legal_actions(s.to_move()[0])[0], Chance(0))


def _after_end(s: KutnaHoraState) -> None:
    _finished().apply(0, 0, Chance(0))


def _outside_space(s: KutnaHoraState) -> None:
    s.apply(s.to_move()[0], 10**6, Chance(0))


def _forbidden(s: KutnaHoraState) -> None:
    player = s.to_move()[0]
    illegal = next(a for a in range(s.num_distinct_actions()) if a not in s.legal_actions(player))
    s.apply(player, illegal, Chance(0))


def _parse(form: Any) -> Callable[[KutnaHoraState], None]:
    def attempt(s: KutnaHoraState) -> None:
        s.action_from_json(form)

    return attempt


CASES: list[tuple[str, Callable[[KutnaHoraState], None], type[Exception]]] = [
    ("out of turn", _out_of_turn, NotYourTurn),
    ("after the end", _after_end, GameOver),
    ("id outside the space", _outside_space, IllegalAction),
    ("forbidden now", _forbidden, IllegalAction),
    ("form not a dict", _parse([1, 2]), MalformedAction),
    ("kind a list", _parse({"kind": ["play"]}), MalformedAction),
    ("kind a dict", _parse({"kind": {"play": 1}}), MalformedAction),
    ("unknown kind", _parse({"kind": "fly"}), MalformedAction),
    ("missing field", _parse({"kind": "play", "card": 1}), MalformedAction),
    ("field a bool", _parse({"kind": "play", "card": True, "action": 0}), MalformedAction),
    ("field a string", _parse({"kind": "mine", "cell": "A1"}), MalformedAction),
    ("huge int", _parse({"kind": "mine", "cell": 2**80}), MalformedAction),
    ("negative int", _parse({"kind": "set", "index": -1}), MalformedAction),
]


@pytest.mark.parametrize(("name", "attempt", "error"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_raises_its_class(name: str, attempt: Callable[[KutnaHoraState], None], error: type) -> None:
    assert_refused(fresh(), attempt, error, "KH-")


def test_not_your_turn_and_game_over_keep_the_clause() -> None:
    """KH-TURN-1"""
    assert issubclass(NotYourTurn, IllegalAction) and issubclass(GameOver, IllegalAction)
    with pytest.raises(NotYourTurn) as caught:
        _out_of_turn(fresh())
    assert caught.value.clause == "KH-TURN-1"
    with pytest.raises(GameOver) as over:
        _after_end(fresh())
    assert over.value.clause == "KH-TURN-1"
