"""The end screen's score breakdown: at the end, each game's board view gives every player's
points by the game's own categories (`final-…` tracks), and they add up to the final score."""

from __future__ import annotations

import random
from typing import Any

import pytest

from townhall import games
from townhall.engine.chance import Chance

CATEGORIES = {"carcassonne": 4, "kutna-hora": 6}


def _tracks(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    found = [t for t in view.get("tracks", []) if t.get("owner") == seat]
    return found + [t for a in view.get("areas", []) for t in a.get("tracks", []) if t.get("owner") == seat]


@pytest.mark.parametrize("name", sorted(CATEGORIES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_points_by_category_add_up_to_the_score(name: str, seed: int) -> None:
    game = games.get(name)
    rng = random.Random(seed)
    state = game.start(2, dict(game.meta.resolve({})), Chance(seed))
    assert not any(t["id"].startswith("final-") for t in _tracks(game.board_view(state, None), 0))
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), Chance(rng.randrange(1 << 60)), [])
    view = game.board_view(state, None)
    for seat, score in enumerate(state.scores()):
        parts = [t for t in _tracks(view, seat) if t["id"].startswith("final-")]
        assert len(parts) == CATEGORIES[name]
        assert sum(t["value"] for t in parts) == score
        assert all(t["label"] and "_" not in t["label"] for t in parts)
