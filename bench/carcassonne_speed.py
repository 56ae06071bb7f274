"""Games per second of Carcassonne with random agents through the public protocol
(full legal-action enumeration + apply), as in the brief:

    .venv/bin/python bench/carcassonne_speed.py [games] [players] [option=value ...]
"""

from __future__ import annotations

import random
import sys
import time

from townhall.engine.chance import Chance
from townhall.engine.options import parse_option_texts
from townhall.games.carcassonne import GAME


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    options = parse_option_texts(GAME.meta.options, sys.argv[3:])
    rng = random.Random(1)
    decisions = 0
    started = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        chance = Chance(seed)
        state = GAME.start(players, options, chance)
        while state.to_move():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.randrange(len(legal))], chance)
            decisions += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    print(
        f"{games / elapsed:.1f} games/s ({games / cpu:.1f} per CPU second), {decisions / elapsed:.0f} decisions/s ({games} games, {players} players, {options})"
    )


if __name__ == "__main__":
    main()
