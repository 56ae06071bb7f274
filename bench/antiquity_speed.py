"""Random-play speed of Antiquity: games/second and decisions/second.

.venv/bin/python bench/antiquity_speed.py [players] [games] [beginner]
"""

from __future__ import annotations

import random
import sys
import time

from townhall.engine import Chance
from townhall.games.antiquity import GAME


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    beginner = len(sys.argv) > 3 and sys.argv[3] in ("1", "beginner", "true")
    decisions = rounds = 0
    start = time.perf_counter()
    for seed in range(games):
        chance = Chance(seed)
        rng = random.Random(seed)
        state = GAME.start(players, {"beginner": beginner}, chance)
        while state.to_move():
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.randrange(len(legal))], chance)
            decisions += 1
        rounds += state.round
    took = time.perf_counter() - start
    print(
        f"antiquity {players}p beginner={beginner}: {games / took:.1f} games/s, {decisions / took:.0f} decisions/s, "
        f"{decisions / games:.0f} decisions and {rounds / games:.1f} rounds per game"
    )


if __name__ == "__main__":
    main()
