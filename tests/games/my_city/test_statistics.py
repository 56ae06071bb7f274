"""Statistics of finished My City games: flat names, numbers only, the same names in every game,
points by end-of-game item summed over players (MYC-EVG-7)."""

from __future__ import annotations

import random

import pytest

from tests.games.my_city.helpers import evergreen, finish, solo, start
from townhall.engine import Chance
from townhall.games.my_city import GAME
from townhall.games.my_city.scoring import ITEMS

NAMES = {f"points.{item}" for item in ITEMS} | {
    "passes",
    "pieces_placed",
    "exits",
    "cards_blocked",
    "gold_claimed",
    "score.max",
    "score.mean",
    "margin",
}


@pytest.mark.parametrize("options", [{}, {"mode": "campaign", "episode": 16}], ids=["evergreen", "episode-16"])
def test_statistics_of_random_games_have_fixed_names(options: dict[str, object]) -> None:
    rng = random.Random(1)
    chance = Chance(2)
    state = start(2, options, chance)
    assert GAME.statistics(state) == {}  # not finished
    while movers := state.to_move():
        player = rng.choice(movers)
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
    stats = GAME.statistics(state)
    assert set(stats) == NAMES
    assert all(isinstance(v, float) for v in stats.values())
    final = state.final or []
    for item in ITEMS:
        assert stats[f"points.{item}"] == sum(items.get(item, 0) for items in final)
    assert stats["passes"] == sum(state.passes)
    assert stats["margin"] == max(state.score) - sorted(state.score)[-2]


def test_statistics_of_a_known_game() -> None:
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at C4 r0"), ("RD2", "pass")])
    finish(state)
    stats = GAME.statistics(state)
    assert stats["pieces_placed"] == 1 and stats["passes"] == 1 and stats["exits"] == 2
    final = state.final or []
    assert stats["points.empty"] == sum(items["empty"] for items in final)
    assert stats["margin"] == abs(state.score[0] - state.score[1])
