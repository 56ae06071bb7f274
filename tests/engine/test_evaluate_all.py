"""`Game.evaluate_all` gives exactly `evaluate` for every player, in every game and the default."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.engine.toys import Pig
from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.protocol import Game, State


def _positions(game: Game[Any], players: int, seed: int) -> list[State]:
    """Every fourth position of one seeded random game, the last (over) one included."""
    chance = Chance(seed)
    pick = random.Random(seed).random
    state = game.start(players, None, chance)
    seen: list[State] = []
    decision = 0
    while movers := state.to_move():
        if decision % 4 == 0:
            seen.append(state.clone())
        legal = state.legal_actions(movers[0])
        state.apply(movers[0], legal[int(pick() * len(legal))], chance)
        decision += 1
    seen.append(state)
    return seen


@pytest.mark.parametrize("name", [*games.names(), "pig"])
def test_evaluate_all_is_evaluate_for_each_player(name: str) -> None:
    game = Pig() if name == "pig" else games.get(name)
    for players in sorted({game.meta.min_players, min(game.meta.max_players, 3)}):
        for state in _positions(game, players, seed=players):
            expected = [game.evaluate(state, p) for p in range(players)]
            assert game.evaluate_all(state) == expected
