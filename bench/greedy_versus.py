"""Head to head: greedy with the game's `evaluate` against greedy with another `evaluate` from a file.

The file is a Python module with `evaluate(state, player) -> float`, typically an earlier version of
the game's own, so that a change of heuristic is measured against what it replaces:

    git show 6b2e7b0:src/townhall/games/kutna_hora/evaluate.py > /tmp/old_evaluate.py
    .venv/bin/python bench/greedy_versus.py kutna-hora /tmp/old_evaluate.py -n 300 -p 2 --seed 21

Game i of P players (seed derive_seed(seed, "h2h", P, i)) seats the current heuristic at seat
i % P and the file's in every other seat; seat s plays with the seed derive_seed(game seed, "seat",
s). Reported: the current heuristic's win share (ties shared) with a 95% Wilson interval against its
fair share 1/P, and its mean margin to the best other seat. Results do not depend on --jobs.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from townhall import games
from townhall.agents.greedy import GreedyAgent
from townhall.engine.agent import derive_seed
from townhall.engine.match import play_match
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import State
from townhall.sim.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class Task:
    game: str
    other: Path
    players: int
    index: int
    seed: int


def load_evaluate(path: Path) -> Callable[[State, int], float]:
    spec = importlib.util.spec_from_file_location("other_evaluate", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    evaluate = getattr(module, "evaluate", None)
    if not callable(evaluate):
        raise SystemExit(f"{path} has no evaluate(state, player)")
    return evaluate  # type: ignore[no-any-return]


def play_one(task: Task) -> tuple[float, float]:
    """The current heuristic's win share and its margin to the best other seat in one game."""
    game = games.get(task.game)
    other = load_evaluate(task.other)
    game_seed = derive_seed(task.seed, "h2h", task.players, task.index)
    mine = task.index % task.players
    agents = [
        GreedyAgent(derive_seed(game_seed, "seat", seat), evaluate=None if seat == mine else other)
        for seat in range(task.players)
    ]
    state = play_match(game, task.players, agents, seed=game_seed).state
    scores = state.scores()
    best_other = max(score for seat, score in enumerate(scores) if seat != mine)
    return win_shares(state.ranks())[mine], scores[mine] - best_other


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game")
    parser.add_argument("other", type=Path, help="a module file with evaluate(state, player)")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    load_evaluate(args.other)  # fail early, in this process
    tasks = [Task(args.game, args.other, args.players, i, args.seed) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play_one, tasks, chunksize=4))
    wins = sum(share for share, _ in results)
    low, high = wilson_interval(wins, len(results))
    margin = sum(m for _, m in results) / len(results)
    print(
        f"{args.game}, {args.players} players, {len(results)} games: the game's evaluate wins {wins:g} "
        f"= {wins / len(results):.1%} (95% {low:.1%}-{high:.1%}; fair share {1 / args.players:.1%}), "
        f"mean margin to the best other seat {margin:+.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
