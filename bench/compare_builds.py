"""Speed of several builds or source trees of Townhall, measured alternately in one run (so machine
load falls on all alike): `townhall bench GAME --json` (random games) and, with --mcts, `townhall
bench GAME --agent mcts --json` of each tree, R rounds; medians and bests.

    python bench/compare_builds.py LABEL=SRC [LABEL=SRC ...] [--rounds 3] [--games carcassonne,...]
                                   [--seconds 5] [--mcts] [--out FILE]

Each SRC is a `src` folder: of an older commit (`git archive COMMIT src | tar -x -C /tmp/old`), of
this tree without its C extensions (pure), or this tree after `make compiled` (compiled). The first
tree is the baseline of the printed ratios. Each run says which build it was (compiled or pure).
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
FIGURES = ("games_per_second_per_reference_mops", "games_per_second", "legal_actions_us", "apply_us", "clone_us")
MCTS = "iterations_per_second"


def bench(src: Path, game: str, seconds: float, mcts: bool) -> dict[str, float | str]:
    env = dict(os.environ, PYTHONPATH=str(src.resolve()))
    command = [sys.executable, "-c", "from townhall.cli import main; main()", "bench", game, "--json"]
    command += ["--seconds", str(seconds)] + (["--agent", "mcts"] if mcts else [])
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd="/tmp").stdout
    data = json.loads(out)
    figures: dict[str, float | str] = {name: float(data[name]) for name in ((MCTS,) if mcts else FIGURES)}
    figures["build"] = str(data.get("build", "pure"))  # older trees did not say: they were pure
    return figures


def summary(results: list[dict[str, float | str]]) -> dict[str, float | str]:
    out: dict[str, float | str] = {"build": results[0]["build"]}
    for name in results[0]:
        if name != "build":
            values = [float(r[name]) for r in results]
            out[name] = round(statistics.median(values), 3)
            out[f"{name}_best"] = round(max(values), 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", nargs="+", help="LABEL=SRC, the first one the baseline")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--mcts", action="store_true", help="also MCTS iterations per second")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    trees = dict(tree.split("=", 1) for tree in args.trees)
    kinds = [False, True] if args.mcts else [False]
    report: dict[str, dict[str, dict[str, float | str]]] = {}
    for game in args.games.split(","):
        runs: dict[tuple[str, bool], list[dict[str, float | str]]] = {(t, m): [] for t in trees for m in kinds}
        for _ in range(args.rounds):
            for mcts in kinds:
                for label, src in trees.items():
                    runs[label, mcts].append(bench(Path(src), game, args.seconds, mcts))
        report[game] = {label: {} for label in trees}
        for (label, _), results in runs.items():
            report[game][label].update(summary(results))
        base = report[game][next(iter(trees))]
        line = [game]
        for label, figures in report[game].items():
            ratio = float(figures[FIGURES[0]]) / float(base[FIGURES[0]])
            text = f"{label} ({figures['build']}) {float(figures[FIGURES[0]]):.1f}/ref-Mops x{ratio:.2f}"
            if args.mcts:
                text += f", mcts {float(figures[MCTS]):.0f} it/s x{float(figures[MCTS]) / float(base[MCTS]):.2f}"
            line.append(text)
        print("; ".join(line), flush=True)
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
