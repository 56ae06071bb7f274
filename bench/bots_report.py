"""The bots benchmark as a markdown report: how the bots fare against each other, per game.

For every shipped game (two players): mcts vs random and greedy vs random, and mcts at 1 s/move vs
greedy (`--strong-games carcassonne,my-city` as the report in docs/bots-report.md was made). Each pairing is a seat-rotated tournament
(townhall.sim.tournament.run_tournament, on the run pipeline of `townhall simulate`); the report also gives mcts iterations per second
(townhall.sim.search_bench.measure). The full run is long (hours with `mcts:seconds=1`).

    .venv/bin/python bench/bots_report.py [--games carcassonne,my-city] [-n 20] [--jobs 1]
        [--mcts mcts:seconds=1] [--strong mcts:seconds=1] [--strong-games all] [--toys] [--out docs/bots.md]

`--mcts` is the mcts spec played against random, `--strong` the one played against greedy.
`--toys` adds the engine's test toys (Pig, Goofspiel) and `--games none` leaves the registered
games out, for a quick check that the script works:

    .venv/bin/python bench/bots_report.py --toys --games none -n 4 --mcts mcts:iterations=50
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `--toys` imports tests.engine.toys

from townhall import games  # noqa: E402
from townhall.engine.protocol import Game  # noqa: E402
from townhall.sim.search_bench import measure  # noqa: E402
from townhall.sim.tournament import TournamentSummary, run_tournament  # noqa: E402


def pairings(name: str, mcts: str, strong: str, strong_games: list[str] | None) -> list[tuple[str, str]]:
    """The pairings of one game; mcts against greedy for the games named in --strong-games (None: all)."""
    out = [(mcts, "random"), ("greedy", "random")]
    if strong_games is None or name in strong_games:
        out.append((strong, "greedy"))
    return out


def row(name: str, summary: TournamentSummary) -> str:
    first, second = summary.agents
    return (
        f"| {name} | {first.label} vs {second.label} | {summary.n_games} | "
        f"{first.win_share:.1%} ({first.win_low:.0%}-{first.win_high:.0%}) | {first.mean_margin:+.1f} | "
        f"{first.mean_score:.1f} / {second.mean_score:.1f} | {first.elo:.0f} / {second.elo:.0f} | "
        f"{summary.seconds:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="all", help="comma-separated game names, 'all' or 'none'")
    parser.add_argument("-n", "--n-games", type=int, default=20, help="games per pairing (even: seats balance)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (timed bots want one core each)")
    parser.add_argument("--mcts", default="mcts:seconds=1", help="mcts spec against random")
    parser.add_argument("--strong", default="mcts:seconds=1", help="mcts spec against greedy")
    parser.add_argument("--strong-games", default="all", help="games where --strong plays greedy: 'all' or names")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bench-seconds", type=float, default=4.0, help="length of the iterations/s measure")
    parser.add_argument("--toys", action="store_true", help="add the engine's test toys")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    targets: list[tuple[str, Game[Any] | None, str | None]] = []
    strong_games = None if args.strong_games == "all" else args.strong_games.split(",")
    names = games.shipped() if args.games == "all" else [] if args.games == "none" else args.games.split(",")
    if args.toys:
        from tests.engine.toys import TOYS

        for toy in TOYS:
            games.register(toy)  # the pipeline's workers find a game by its name
        targets += [(toy.meta.name, toy, None) for toy in TOYS]
    for name in names:
        try:
            targets.append((name, games.get(name), None))
        except Exception as error:  # a game still being written must not stop the report
            targets.append((name, None, f"{type(error).__name__}: {error}"))

    started = datetime.datetime.now(datetime.UTC)
    lines = [
        "# Bots report",
        "",
        f"Run {started:%Y-%m-%d %H:%M} UTC on {platform.machine()} ({os.cpu_count()} cores), Python "
        f"{platform.python_version()}; two players; {args.n_games} seat-rotated games per pairing, seed {args.seed}, "
        f"{args.jobs} job(s).",
        f"mcts vs random: `{args.mcts}`; mcts vs greedy ({args.strong_games}): `{args.strong}`.",
        "",
        "Win share of the first agent with its 95% Wilson interval (ties share the win); margin is its mean score "
        "minus the best other score; Elo is fitted from the pairwise results (random = 1000).",
        "",
        "| game | pairing | games | win share (95%) | margin | mean scores | Elo | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    speeds: list[str] = []
    problems: list[str] = []
    for name, game, reason in targets:
        if game is None:
            problems.append(f"- {name}: not usable ({reason})")
            print(problems[-1], flush=True)
            continue
        for first, second in pairings(name, args.mcts, args.strong, strong_games):
            try:
                summary = run_tournament(game, [first, second], args.n_games, 2, seed=args.seed, jobs=args.jobs)
            except Exception as failure:
                problems.append(f"- {name}, {first} vs {second}: {type(failure).__name__}: {failure}")
                traceback.print_exc()
                continue
            lines.append(row(name, summary))
            print(lines[-1], flush=True)
        try:
            figures = measure(game, 2, None, seconds=args.bench_seconds, agent="mcts", seed=args.seed)
            speeds.append(
                f"| {name} | {figures['iterations_per_second']} | {figures['iterations']} | {figures['seconds']} |"
            )
        except Exception as failure:
            problems.append(f"- {name}, search speed: {type(failure).__name__}: {failure}")
            continue
        print(speeds[-1], flush=True)
    lines += [
        "",
        "## MCTS search speed",
        "",
        f"`measure(game, 2, seconds={args.bench_seconds}, agent='mcts')` over positions spread through a random game.",
        "",
        "| game | iterations/s | iterations | seconds |",
        "|---|---|---|---|",
        *speeds,
    ]
    if problems:
        lines += ["", "## Problems", "", *problems]
    elapsed = (datetime.datetime.now(datetime.UTC) - started).total_seconds()
    lines += ["", f"Report took {elapsed:.0f} s ({time.strftime('%H:%M:%S')})."]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(text)


if __name__ == "__main__":
    main()
