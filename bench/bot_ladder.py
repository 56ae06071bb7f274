"""The bot ladder: every level of every game in one seat-rotated round robin, each level rated.

    python bench/bot_ladder.py [--games all] [-n 48] [--players 2] [--jobs 2] [--seed 2026]
        [--levels easy,medium,hard,expert] [--md FILE] [--json FILE] [--backend ray [--address HOST:PORT]]

Each game is one tournament of the levels (townhall.sim.tournament.run_tournament): with more levels
than seats every ordered choice of levels sits once per cycle, so `-n` a multiple of that cycle (12
for four levels and two players) meets every pair equally often, each at every seat. The rating is
the tournament's Bradley-Terry fit, shifted so that `easy` is 1000 (a gap of 400 is 10:1 odds);
beside it each pair's head-to-head record (the fit's own input: who placed ahead, ties half) with its
95% Wilson interval. Levels take their own
budgets (hard: 1000 search iterations a move, expert 4000), so the ladder repeats whatever the
machine's load; a spec with parameters (`hard:seconds=0.25`) is a level too. The runs long enough
to show the thresholds (about 100 games a pair) go to a Ray cluster with `--backend ray`; the games
and ratings are the same on every backend.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from pathlib import Path

from townhall import games
from townhall.sim.stats import wilson_interval
from townhall.sim.tournament import TournamentSummary, TournamentTally, run_tournament

ANCHOR = 1000.0


@dataclass(frozen=True, slots=True)
class Pair:
    first: str
    second: str
    wins: float  # games the first level placed ahead of the second, ties counted half
    games: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Ladder:
    game: str
    players: int
    games: int
    seconds: float
    ratings: dict[str, int]  # level -> rating, easy (or the first level) at 1000
    pairs: list[Pair]


def ladder(summary: TournamentSummary) -> Ladder:
    """The ratings of one game's levels and every pair's head-to-head."""
    agents = summary.agents
    anchor = next((agent.elo for agent in agents if agent.label == "easy"), agents[0].elo)
    tally = TournamentTally([agent.spec for agent in agents], summary.num_players)  # the pairwise record
    for game in summary.games:
        tally.add(game.seats, game.scores, game.ranks)
    pairs = []
    for i, j in combinations(range(len(agents)), 2):
        wins, met = tally.pair_wins[i][j], round(tally.pair_games[i][j])
        pairs.append(Pair(agents[i].label, agents[j].label, wins, met, *wilson_interval(wins, met)))
    ratings = {agent.label: round(agent.elo - anchor + ANCHOR) for agent in agents}
    return Ladder(summary.game, summary.num_players, summary.n_games, summary.seconds, ratings, pairs)


def markdown(rungs: Sequence[Ladder], command: str) -> str:
    levels = list(rungs[0].ratings)
    lines = [
        f"`{command}` ({datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores):",
        "",
        f"| game | players | games | {' | '.join(levels)} | wall s |",
        "|---|---:|---:|" + "---:|" * len(levels) + "---:|",
    ]
    for rung in rungs:
        cells = " | ".join(str(rung.ratings[level]) for level in levels)
        lines.append(f"| {rung.game} | {rung.players} | {rung.games} | {cells} | {rung.seconds:.0f} |")
    lines += ["", "Head to head (the first level's win share against the second, 95% Wilson interval):", ""]
    lines += ["| game | pair | games | win share |", "|---|---|---:|---|"]
    for rung in rungs:
        for pair in rung.pairs:
            lines.append(
                f"| {rung.game} | {pair.first} vs {pair.second} | {pair.games} | "
                f"{pair.share:.0%} ({pair.low:.0%}-{pair.high:.0%}) |"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="all", help="comma-separated game names, or 'all'")
    parser.add_argument("-n", type=int, default=48, help="games per game title (a multiple of the seat cycle)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--backend", default="local", help="where games run: local (a process pool) or ray")
    parser.add_argument("--address", default=None, help="a Ray cluster (host:port or auto); else a local Ray")
    parser.add_argument("--md", type=Path, help="write the markdown tables here")
    parser.add_argument("--json", type=Path, help="write the ladder as JSON here")
    args = parser.parse_args()
    names = games.shipped() if args.games == "all" else args.games.split(",")
    levels = args.levels.split(",")
    rungs = []
    for name in names:
        summary = run_tournament(
            name,
            levels,
            args.n,
            args.players,
            seed=args.seed,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
        )
        rung = ladder(summary)
        print(json.dumps(asdict(rung)), flush=True)
        rungs.append(rung)
    command = (
        f"python bench/bot_ladder.py --games {args.games} -n {args.n} --players {args.players} "
        f"--levels {args.levels} --seed {args.seed} --jobs {args.jobs}"
    )
    text = markdown(rungs, command)
    print(text)
    if args.md:
        args.md.write_text(text, encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps([asdict(rung) for rung in rungs], indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
