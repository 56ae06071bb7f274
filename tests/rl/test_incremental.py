"""Observers keep each player's view up to date incrementally (engine.observer.Watcher): along
random games, for every game and player count, the kept view equals a view filled from scratch."""

from __future__ import annotations

import random

import numpy as np
import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.options import OptionValue
from townhall.rl.core import Table

GAMES = ["antiquity", "carcassonne", "kutna-hora", "my-city"]
MAX_DECISIONS = 400  # enough for boards to fill and followers, cards and goods to come and go


def _seatings() -> list[tuple[str, int, dict[str, OptionValue]]]:
    out: list[tuple[str, int, dict[str, OptionValue]]] = []
    for name in GAMES:
        meta = games.get(name).meta
        out += [(name, players, {}) for players in range(meta.min_players, min(meta.max_players, 4) + 1)]
    return [*out, ("carcassonne", 2, {"river": True})]  # river tiles: another bag, a longer board


@pytest.mark.parametrize(("name", "players", "options"), _seatings())
def test_kept_views_equal_views_from_scratch(name: str, players: int, options: dict[str, OptionValue]) -> None:
    game = games.get(name)
    table = Table(game, players, options, "rank")
    scratch = np.empty(table.observer.size, dtype=np.float32)
    for seed in (1, 2):
        table.reset(seed)
        rng = random.Random(seed)
        chance = Chance(seed)
        for decision in range(MAX_DECISIONS):
            movers = table.state.to_move()
            # Players look at irregular moments, so that several steps may pass between two looks.
            for player in range(players):
                if not movers or rng.random() < 0.4 or decision < 2:
                    kept = table.watchers[player].observe(table.state, player)
                    table.observer.fill(table.state, player, scratch)
                    np.testing.assert_array_equal(
                        kept, scratch, err_msg=f"{name} seed {seed} step {decision} p{player}"
                    )
            if not movers:
                break
            legal = table.state.legal_actions(movers[0])
            table.state.apply(movers[0], legal[int(rng.random() * len(legal))], chance)


def test_another_state_object_is_observed_from_scratch() -> None:
    table = Table("carcassonne", 2, None, "rank")
    table.reset(3)
    first = table.observe(0)["observation"]
    rng = random.Random(3)
    for _ in range(20):
        player = table.state.to_move()[0]
        legal = table.state.legal_actions(player)
        table.state.apply(player, rng.choice(legal), table.chance)
    table.observe(0)
    table.reset(3)  # a new game: a new state object, back at the start
    np.testing.assert_array_equal(table.observe(0)["observation"], first)
