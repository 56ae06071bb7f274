"""Random-game speed of two source trees of Townhall, measured alternately in one run (so machine
load falls on both alike): `townhall bench GAME --json` of each tree, R rounds, best and median.

    python bench/compare_builds.py OLD_SRC NEW_SRC [--rounds 3] [--games carcassonne,...] [--out FILE]

OLD_SRC and NEW_SRC are `src` folders (e.g. of `git worktree add /tmp/old <commit>`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("carcassonne", "my-city", "kutna-hora", "antiquity")
FIGURES = ("games_per_second_per_reference_mops", "games_per_second", "legal_actions_us", "apply_us", "clone_us")


def bench(src: Path, game: str) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    command = [sys.executable, "-c", "from townhall.cli import main; main()", "bench", game, "--json"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd="/tmp").stdout
    data = json.loads(out)
    return {name: float(data[name]) for name in FIGURES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    report: dict[str, dict[str, dict[str, float]]] = {}
    for game in args.games.split(","):
        runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            runs["old"].append(bench(args.old, game))
            runs["new"].append(bench(args.new, game))
        report[game] = {}
        for build, results in runs.items():
            report[game][build] = {name: statistics.median(r[name] for r in results) for name in FIGURES}
            report[game][build]["best_per_reference_mops"] = max(r[FIGURES[0]] for r in results)
        old, new = report[game]["old"][FIGURES[0]], report[game]["new"][FIGURES[0]]
        print(f"{game}: per ref. Mops median old {old:.1f} new {new:.1f} ({new / old - 1:+.1%})", flush=True)
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
