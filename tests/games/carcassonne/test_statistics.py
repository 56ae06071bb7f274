"""Statistics of a finished game: points by feature kind add up to the scores."""

from __future__ import annotations

import random

import pytest

from townhall.engine.chance import Chance
from townhall.games.carcassonne.game import GAME
from townhall.games.carcassonne.state import CarcassonneState

NAMES = {
    "points.city",
    "points.road",
    "points.field",
    "points.cloister",
    "points.total",
    "score.mean",
    "followers_left.mean",
    "tiles_placed",
    "tiles_discarded",
    "margin",
}


@pytest.mark.parametrize("options", [{}, {"river": True}, {"farm_scoring": "third-edition"}])
def test_statistics_of_a_finished_game(options: dict[str, bool | int | str]) -> None:
    state = GAME.start(3, options, Chance(21))
    assert isinstance(state, CarcassonneState)
    chance, rng = Chance(22), random.Random(23)
    while state.to_move():
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
    stats = GAME.statistics(state)
    assert set(stats) == NAMES and all(isinstance(v, float) for v in stats.values())
    kinds = sum(stats[f"points.{k}"] for k in ("city", "road", "field", "cloister"))
    assert kinds == stats["points.total"] == sum(state.score)
    assert stats["score.mean"] == sum(state.score) / 3
    ordered = sorted(state.score, reverse=True)
    assert stats["margin"] == ordered[0] - ordered[1] >= 0
    assert stats["followers_left.mean"] == sum(state.supply) / 3
    assert stats["tiles_placed"] == len(state.placed_cells)
    assert stats["tiles_discarded"] == len(state.discards)
    assert GAME.statistics(state.clone()) == stats
