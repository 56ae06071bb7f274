"""Speed of every registered game at every player count, as a markdown table.

.venv/bin/python bench/speed_report.py [--seconds 5] [--out docs/speed.md]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from townhall import games
from townhall.sim.bench import run_bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines = [
        "| game | players | games/s | decisions/s | legal µs | apply µs | clone µs | peak MB | ref Mops/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name in games.names():
        game = games.get(name)
        for players in range(game.meta.min_players, game.meta.max_players + 1):
            f = run_bench(game, players, {}, seconds=args.seconds).to_json()
            lines.append(
                f"| {name} | {players} | {f['games_per_second']} | {f['decisions_per_second']} | "
                f"{f['legal_actions_us']} | {f['apply_us']} | {f['clone_us']} | {f['peak_memory_mb']} | "
                f"{f['machine_reference_mops']} |"
            )
            print(lines[-1], flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
