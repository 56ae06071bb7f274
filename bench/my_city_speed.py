"""Random My City games per second in one process (the loop of the brief).

.venv/bin/python bench/my_city_speed.py [players] [seconds] [mode]
"""

from __future__ import annotations

import random
import sys
import time

from townhall.engine import Chance
from townhall.games.my_city import GAME


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    options = {"mode": sys.argv[3]} if len(sys.argv) > 3 else {}
    games = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        chance = Chance(games)
        rng = random.Random(games)
        state = GAME.start(players, options, chance)
        while state.to_move():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.randrange(len(legal))], chance)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - started
    print(
        f"{players} players {options or 'evergreen'}: {games / elapsed:.0f} games/s, {decisions / games:.1f} decisions/game"
    )


if __name__ == "__main__":
    main()
