"""Random games and MCTS iterations per CPU second of several source trees, alternated in one run.

On a machine shared by busy processes, wall-clock rates (and the bench's machine reference, taken
before the run) swing with the load; the CPU time of the measuring process swings far less.

    python bench/cpu_compare.py LABEL=SRC [LABEL=SRC ...] [--rounds 3] [--games ...] [--cpu-seconds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from townhall import games

GAMES = tuple(games.shipped())  # the registry: every shipped game

# Runs inside the measured tree: random games for a CPU budget, then MCTS with a fixed iteration count.
PROBE = """
import json, random, sys, time
from townhall import games
from townhall.engine.chance import Chance
from townhall.sim.search_bench import measure
game = games.get(sys.argv[1]); budget = float(sys.argv[2])
try:
    from townhall.engine.build import build_of
    build = build_of(game.start(2, None, Chance(0)))
except ImportError:
    build = "pure"
seed = decisions = 0
start = time.process_time()
while time.process_time() - start < budget:
    chance = Chance(seed); pick = random.Random(seed).random; seed += 1
    state = game.start(2, None, chance)
    while movers := state.to_move():
        legal = state.legal_actions(movers[0])
        state.apply(movers[0], legal[int(pick() * len(legal))], chance)
        decisions += 1
games_cpu = time.process_time() - start
start = time.process_time()
result = measure(game, 2, None, seconds=1.0, agent="mcts:iterations=400", positions=4)
mcts_cpu = time.process_time() - start
print(json.dumps({"build": build, "games_per_cpu_second": seed / games_cpu,
                  "decisions_per_cpu_second": decisions / games_cpu,
                  "mcts_iterations_per_cpu_second": result["iterations"] / mcts_cpu}))
"""


def probe(src: Path, game: str, budget: float) -> dict[str, float | str]:
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    command = [sys.executable, "-c", PROBE, game, str(budget)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd="/tmp").stdout
    data: dict[str, float | str] = json.loads(out)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", nargs="+", help="LABEL=SRC, the first one the baseline")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--cpu-seconds", type=float, default=3.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    trees = dict(tree.split("=", 1) for tree in args.trees)
    report: dict[str, dict[str, dict[str, float | str]]] = {}
    for game in args.games.split(","):
        runs: dict[str, list[dict[str, float | str]]] = {label: [] for label in trees}
        for _ in range(args.rounds):
            for label, src in trees.items():
                runs[label].append(probe(Path(src), game, args.cpu_seconds))
        report[game] = {}
        for label, results in runs.items():
            figures: dict[str, float | str] = {"build": results[0]["build"]}
            for name in ("games_per_cpu_second", "decisions_per_cpu_second", "mcts_iterations_per_cpu_second"):
                figures[name] = round(statistics.median(float(r[name]) for r in results), 1)
            report[game][label] = figures
        base = report[game][next(iter(trees))]
        parts = [game]
        for label, f in report[game].items():
            g = float(f["games_per_cpu_second"]) / float(base["games_per_cpu_second"])
            m = float(f["mcts_iterations_per_cpu_second"]) / float(base["mcts_iterations_per_cpu_second"])
            parts.append(f"{label} ({f['build']}) games x{g:.2f}, mcts x{m:.2f}")
        print("; ".join(parts), flush=True)
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
