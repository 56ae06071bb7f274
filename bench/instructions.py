"""Fixed work for counting instructions (valgrind's callgrind), which, unlike seconds, repeat
exactly for the same build and inputs whatever else the machine does. Compare two trees by running
each under callgrind and subtracting the count of an empty run (start-up and imports):

    PYTHONPATH=TREE/src valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python bench/instructions.py GAME play 300      # 300 seeded random games, clone before apply
    ... python bench/instructions.py GAME play 0        # the empty run
    ... python bench/instructions.py GAME mcts 300 30   # 30 moves of two mcts:iterations=300 agents
    ... python bench/instructions.py GAME mcts 1 1      # the empty run

Only the public API is used, so older trees run it too (docs/measurements/house-instructions-2026-11-28.md).
"""

from __future__ import annotations

import contextlib
import random
import sys

from townhall import games
from townhall.agents import make_agent
from townhall.engine.agent import derive_seed
from townhall.engine.chance import Chance
from townhall.engine.errors import TownhallError
from townhall.engine.match import play_match


def play(name: str, count: int) -> int:
    """Seeded random two-player games, a clone before every apply (as the bench times and search
    does); the number of decisions."""
    game = games.get(name)
    decisions = 0
    for seed in range(count):
        chance = Chance(derive_seed(seed, "chance"))
        pick = random.Random(derive_seed(seed, "moves")).random
        state = game.start(2, {}, chance)
        while movers := state.to_move():
            legal = state.legal_actions(movers[0])
            copy = state.clone()
            copy.apply(movers[0], legal[int(pick() * len(legal))], chance)
            state = copy
            decisions += 1
    return decisions


def mcts(name: str, iterations: int, moves: int) -> None:
    """The first `moves` decisions of a seeded game between two MCTS agents."""
    game = games.get(name)
    agents = [make_agent(f"mcts:iterations={iterations}", game, seed) for seed in (11, 12)]
    with contextlib.suppress(TownhallError):  # the decision limit stops the game part-way, as meant
        play_match(game, 2, agents, seed=5, max_decisions=moves)


if __name__ == "__main__":
    if sys.argv[2] == "play":
        print("decisions", play(sys.argv[1], int(sys.argv[3])))
    else:
        mcts(sys.argv[1], int(sys.argv[3]), int(sys.argv[4]))
