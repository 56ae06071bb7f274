"""The observer rewrites only what the rules log or count as changed (AntiquityPosition.hex_changes,
Player.cell_changes and figure_changes): replayed along the scenario tests, which reach the rules random play
seldom does (producers, harvests, alchemy, rearranging, demolishing, healing, moving graves,
buildings taken back from an overdrawn supply), every action must leave each player's kept view
equal to a view filled from scratch."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from tests.games.antiquity import helpers, test_audit, test_city, test_country, test_round
from townhall.engine import Chance
from townhall.games.antiquity.observer import AntiquityObserver
from townhall.games.antiquity.player import BARBARA
from townhall.games.antiquity.state import AntiquityState

MODULES = (test_city, test_country, test_round, test_audit)
SCENARIOS = [
    (module, name)
    for module in MODULES
    for name, test in vars(module).items()
    if name.startswith("test_") and inspect.isfunction(test) and not inspect.signature(test).parameters
]


def _watched(act: Callable[..., None]) -> Callable[..., None]:
    """`act`, checking every player's kept view across it (the views are filled just before, so
    that the scenarios' own edits of the position outside the rules do not count)."""

    def checked(s: AntiquityState, p: int, text: str, chance: Chance | None = None) -> None:
        observer = AntiquityObserver(s.num_players, None)
        watchers = [observer.watcher(np.zeros(observer.size, dtype=np.float32)) for _ in range(s.num_players)]
        for seat, watcher in enumerate(watchers):
            watcher.observe(s, seat)
        act(s, p, text, chance)
        scratch = np.zeros(observer.size, dtype=np.float32)
        for seat, watcher in enumerate(watchers):
            kept = watcher.observe(s, seat)
            observer.fill(s, seat, scratch)
            np.testing.assert_array_equal(kept, scratch, err_msg=f"after {text!r} by {p}, seen by {seat}")

    return checked


@pytest.mark.parametrize(
    ("module", "name"), SCENARIOS, ids=[f"{m.__name__.rsplit('.', 1)[1]}.{n}" for m, n in SCENARIOS]
)
def test_kept_views_follow_every_scenario_action(module: ModuleType, name: str, monkeypatch: Any) -> None:
    checked = _watched(helpers.act)
    monkeypatch.setattr(helpers, "act", checked)  # the helpers that build through act()
    if hasattr(module, "act"):
        monkeypatch.setattr(module, "act", checked)
    getattr(module, name)()


def test_kept_views_follow_a_withdrawn_rearrangement(monkeypatch: Any) -> None:
    """St. Barbara's rearrangement withdrawn: the building leaves its new squares for its old ones."""
    act = _watched(helpers.act)
    monkeypatch.setattr(helpers, "act", act)
    s = helpers.flat(2)
    helpers.give(s, 0, wood=1)
    helpers.build(s, 0, "market", "c1 a1")
    s.players[0].saint = BARBARA
    act(s, 0, "move c1 a1")
    act(s, 0, "at c1 f6")
    act(s, 0, "withdraw")
    assert s.players[0].grid[0][0] >= 0 and s.players[0].grid[0][40] < 0
