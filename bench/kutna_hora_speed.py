"""Kutná Hora speed: random games per second per player count (python bench/kutna_hora_speed.py)."""

from __future__ import annotations

import random
import sys
import time

from townhall.engine import Chance
from townhall.games.kutna_hora import GAME


def games_per_second(players: int, seconds: float, options: dict[str, bool] | None = None) -> tuple[float, float]:
    done = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        chance = Chance(done)
        rng = random.Random(done)
        state = GAME.start(players, options or {}, chance)
        while movers := state.to_move():
            player = movers[0]
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.randrange(len(legal))], chance)
            decisions += 1
        done += 1
    elapsed = time.perf_counter() - started
    return done / elapsed, decisions / done


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for n in (2, 3, 4):
        rate, length = games_per_second(n, seconds)
        print(f"{n} players: {rate:.1f} games/s, {length:.0f} decisions/game")
