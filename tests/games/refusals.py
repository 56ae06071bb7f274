"""Shared checks of the refusal tables in tests/games/<game>/test_refusals.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from townhall.engine import IllegalAction, State

S = TypeVar("S", bound=State)

# Forms that are no action of any game, whatever its kinds.
GENERIC_MALFORMED: list[Any] = [None, 3, "pass", [], {}, {"kind": ["pass"]}, {"kind": {"a": 1}}, {"kind": "fly"}]


def assert_refused(state: S, attempt: Callable[[S], object], error: type[Exception], clause: str = "") -> None:
    """`attempt` raises exactly `error` (a clause matching `clause` for an IllegalAction, a full
    name or a prefix such as "KH-") and leaves the state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(error) as raised:
        attempt(state)
    assert type(raised.value) is error
    if isinstance(raised.value, IllegalAction):
        assert re.match(
            rf"{re.escape(clause)}(\b|$)" if not clause.endswith("-") else re.escape(clause), raised.value.clause
        )
    assert json.dumps(state.to_json(), sort_keys=True) == before
