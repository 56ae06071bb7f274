"""Kutná Hora stand-in data check by simulation: greedy bots in every seat, per player count.

Reports seat win rates (95% Wilson intervals) against the fair share 1/P, the mean final score of
every guild set (the three guilds a player ends up with from the guild setup card) with the spread
between the best and the worst set, the mean points of every scoring source, and the game length.

    .venv/bin/python bench/kutna_hora_balance.py -n 2000 -p 2,3,4 --jobs 2 \
        --md docs/kutna-hora-balance.md --json /tmp/kh-balance.json

Game i of P players uses the seed derive_seed(seed, "kh-balance", P, i) and its seats the seeds
derive_seed(game seed, "seat", seat) (as townhall.sim.simulate does): results do not depend on --jobs.

Scoring sources. Final scoring is exact (`state.final`: town, mines, income, reputation,
leftovers). Points scored during play are split by the step that scored them: the council scoring
(exact, from the "nobles" events), a placed mine tile ("mine"), a building put up ("build": house
and public-building gains), a resolved St. Barbara tile (6: 2 points, 8: 1, 10: a building's
score, 11: 5), and the rest: steps beyond the reputation track's ends (+/-2 each), which join the
track's end value as one source, reputation.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall.agents import make_agent
from townhall.engine.agent import derive_seed
from townhall.engine.match import Match, play_match
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.actions import SPACE
from townhall.games.kutna_hora.data import GUILD_OF_GOOD
from townhall.games.kutna_hora.scoring import FINAL_PARTS
from townhall.games.kutna_hora.state import KutnaHoraState
from townhall.sim.stats import wilson_interval

DURING = ("nobles", "mine tiles", "buildings", "St. Barbara")
# The reputation track is one source: its end value (KH-REP-2) and the +/-2 per step beyond its
# ends scored during play (KH-REP-1).
SOURCES = tuple("reputation" if name == "reputation" else f"final {name}" for name in FINAL_PARTS) + tuple(
    f"play {name}" for name in DURING
)
REPUTATION = FINAL_PARTS.index("reputation")
SEAT_BAND = 0.05  # win rate within 5 points of 1/P
SET_BAND = 0.10  # best guild set's mean at most 10% above the worst's
CONTRIB_MEAN = 1.0  # a source contributes: |mean| >= 1 point per player and game ...
CONTRIB_SHARE = 0.20  # ... and non-zero for at least 20% of the players
PLAYER_RE = re.compile(r"player (\d+)")


@dataclass(frozen=True, slots=True)
class Task:
    players: int
    index: int
    seed: int


def set_name(guilds: Sequence[int]) -> str:
    return "+".join(GUILD_OF_GOOD[g] for g in sorted(guilds))


def play_one(task: Task) -> dict[str, Any]:
    """One greedy game; returns scores, ranks, guild sets and points per scoring source."""
    n = task.players
    game_seed = derive_seed(task.seed, "kh-balance", n, task.index)
    agents = [make_agent("greedy", GAME, derive_seed(game_seed, "seat", seat)) for seat in range(n)]
    sources = [[0] * len(SOURCES) for _ in range(n)]
    base = len(FINAL_PARTS)
    prev = [0] * n

    def on_step(match: Match, player: int, action: int, events: list[Event]) -> None:
        state = match.state
        assert isinstance(state, KutnaHoraState)
        delta = [state.points[p] - prev[p] for p in range(n)]
        prev[:] = state.points
        for event in events:
            if event.kind in ("nobles", "final"):
                found = PLAYER_RE.search(event.text)
                assert found is not None
                p = int(found.group(1)) - 1
                parts = event.data["parts"]
                assert isinstance(parts, list)
                if event.kind == "nobles":
                    gained = sum(int(x) for x in parts)
                    sources[p][base] += gained
                else:
                    gained = 0
                    for i, x in enumerate(parts):
                        sources[p][i] += int(x)
                        gained += int(x)
                delta[p] -= gained
        kind = SPACE.decode(action)[0]
        if kind == "mine":
            where = base + 1
        elif kind == "build":
            where = base + 2
        elif kind == "score" or any(e.kind == "barbara" and "resolves" in e.text for e in events):
            where = base + 3
        else:
            where = REPUTATION
        for p in range(n):
            if delta[p]:
                # the mover's points come from the step's action; others' only from the track end
                sources[p][where if p == player else REPUTATION] += delta[p]

    started = time.perf_counter()
    match = play_match(GAME, n, agents, seed=game_seed, on_step=on_step)
    seconds = time.perf_counter() - started
    state = match.state
    assert isinstance(state, KutnaHoraState)
    for p in range(n):
        assert sum(sources[p]) == state.points[p], (sources[p], state.points[p])
    return {
        "players": n,
        "index": task.index,
        "points": list(state.points),
        "money": list(state.money),
        "ranks": state.ranks(),
        "point_ranks": [1 + sum(1 for q in state.points if q > x) for x in state.points],
        "sets": [set_name(state.guilds[p]) for p in range(n)],
        "setup_card": state.setup_card + 1,
        "sources": sources,
        "decisions": len(match.record.steps),
        "seconds": seconds,
    }


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = _mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def summarise(n: int, games: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    count = len(games)
    fair = 1.0 / n
    seats = []
    for seat in range(n):
        by_points = sum(win_shares(g["point_ranks"])[seat] for g in games) / count
        wins = sum(win_shares(g["ranks"])[seat] for g in games)
        low, high = wilson_interval(wins, count)
        rate = wins / count
        seats.append(
            {
                "seat": seat + 1,
                "win_rate": rate,
                "ci95": [low, high],
                "mean_score": _mean([g["points"][seat] for g in games]),
                "win_rate_points_only": by_points,
                "sources": {name: _mean([g["sources"][seat][i] for g in games]) for i, name in enumerate(SOURCES)},
                "ok": abs(rate - fair) <= SEAT_BAND,
            }
        )
    by_set: dict[str, list[float]] = defaultdict(list)
    wins_by_set: dict[str, float] = defaultdict(float)
    for g in games:
        shares = win_shares(g["ranks"])
        for p in range(n):
            by_set[g["sets"][p]].append(g["points"][p])
            wins_by_set[g["sets"][p]] += shares[p]
    sets = {
        name: {
            "n": len(scores),
            "mean": _mean(scores),
            "se": _sd(scores) / math.sqrt(len(scores)),
            "win_rate": wins_by_set[name] / len(scores),
        }
        for name, scores in sorted(by_set.items())
    }
    guilds: dict[str, dict[str, float]] = {}
    for guild in GUILD_OF_GOOD:
        having = [x for name, xs in by_set.items() if guild in name.split("+") for x in xs]
        without = [x for name, xs in by_set.items() if guild not in name.split("+") for x in xs]
        guilds[guild] = {"n": len(having), "mean": _mean(having), "effect": _mean(having) - _mean(without)}
    means = [s["mean"] for s in sets.values()]
    spread = max(means) / min(means) - 1 if means and min(means) > 0 else float("inf")
    players = count * n
    src = []
    for i, name in enumerate(SOURCES):
        values = [g["sources"][p][i] for g in games for p in range(n)]
        mean = _mean(values)
        nonzero = sum(1 for v in values if v) / players
        src.append(
            {
                "source": name,
                "mean": mean,
                "nonzero": nonzero,
                "ok": abs(mean) >= CONTRIB_MEAN and nonzero >= CONTRIB_SHARE,
            }
        )
    lengths = [float(g["decisions"]) for g in games]
    scores = [float(x) for g in games for x in g["points"]]
    return {
        "players": n,
        "games": count,
        "seconds": seconds,
        "seconds_per_game": _mean([g["seconds"] for g in games]),
        "fair_share": fair,
        "seats": seats,
        "seats_ok": all(s["ok"] for s in seats),
        "guild_sets": sets,
        "guilds": guilds,
        "set_spread": spread,
        "sets_ok": spread <= SET_BAND,
        "mean_score": _mean(scores),
        "score_sd": _sd(scores),
        "winning_score": _mean([float(max(g["points"])) for g in games]),
        "sources": src,
        "sources_ok": all(s["ok"] for s in src),
        "decisions": {"mean": _mean(lengths), "min": min(lengths), "max": max(lengths)},
        "ties": sum(1 for g in games if sorted(g["ranks"])[:2] == [1, 1]) / count,
        "point_ties": sum(1 for g in games if sorted(g["point_ranks"])[:2] == [1, 1]) / count,
    }


def run(players: int, games: int, seed: int, jobs: int) -> dict[str, Any]:
    tasks = [Task(players, i, seed) for i in range(games)]
    started = time.perf_counter()
    if jobs <= 1:
        results = [play_one(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=max(1, min(32, games // (jobs * 8)))))
    return summarise(players, results, time.perf_counter() - started)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(reports: list[dict[str, Any]], command: str) -> str:
    out = [f"Command: `{command}`", ""]
    out.append("| players | games | seats within ±5 pts | guild-set spread ≤ 10% | every source contributes |")
    out.append("|---|---|---|---|---|")
    for r in reports:
        out.append(
            f"| {r['players']} | {r['games']} | {'yes' if r['seats_ok'] else '**no**'} | "
            f"{_pct(r['set_spread'])} {'yes' if r['sets_ok'] else '**no**'} | "
            f"{'yes' if r['sources_ok'] else '**no**'} |"
        )
    for r in reports:
        n = r["players"]
        out += ["", f"### {n} players ({r['games']} games)", ""]
        out.append(
            f"Mean score {r['mean_score']:.1f} (sd {r['score_sd']:.1f}), winner's mean {r['winning_score']:.1f}; "
            f"{r['decisions']['mean']:.0f} decisions per game ({r['decisions']['min']:.0f}-"
            f"{r['decisions']['max']:.0f}); {r['seconds_per_game']:.2f} s per game; "
            f"the top score is tied in {_pct(r['point_ties'])} of games (most groschen wins, KH-FIN-6); "
            f"shared wins in {_pct(r['ties'])}."
        )
        out += ["", f"Seat win rates (fair share {_pct(r['fair_share'])}):", ""]
        out.append(
            "| seat | win rate | 95% interval | mean score | within ±5 pts | win rate if point ties were shared |"
        )
        out.append("|---|---|---|---|---|---|")
        for s in r["seats"]:
            out.append(
                f"| {s['seat']} | {_pct(s['win_rate'])} | {_pct(s['ci95'][0])}-{_pct(s['ci95'][1])} | "
                f"{s['mean_score']:.1f} | {'yes' if s['ok'] else '**no**'} | {_pct(s['win_rate_points_only'])} |"
            )
        if all("sources" in s for s in r["seats"]):
            out += ["", "Mean points per seat and scoring source (where a seat's lead comes from):", ""]
            out.append("| source | " + " | ".join(f"seat {s['seat']}" for s in r["seats"]) + " |")
            out.append("|---|" + "---|" * n)
            for name in SOURCES:
                out.append(f"| {name} | " + " | ".join(f"{s['sources'][name]:.2f}" for s in r["seats"]) + " |")
        out += ["", f"Guild sets (spread best/worst − 1 = {_pct(r['set_spread'])}):", ""]
        out.append("| guild set | players | mean score | ± s.e. | win rate |")
        out.append("|---|---|---|---|---|")
        for name, s in sorted(r["guild_sets"].items(), key=lambda kv: -kv[1]["mean"]):
            out.append(f"| {name} | {s['n']} | {s['mean']:.1f} | {s['se']:.1f} | {_pct(s['win_rate'])} |")
        out += ["", "Per guild (mean score of the players holding it; effect = minus those without it):", ""]
        out.append("| guild | players | mean score | effect |")
        out.append("|---|---|---|---|")
        for name, s in r["guilds"].items():
            out.append(f"| {name} | {s['n']} | {s['mean']:.1f} | {s['effect']:+.1f} |")
        out += ["", "Scoring sources (mean points per player and game; share of players scoring ≠ 0):", ""]
        out.append("| source | mean | non-zero | contributes |")
        out.append("|---|---|---|---|")
        for s in r["sources"]:
            out.append(f"| {s['source']} | {s['mean']:.2f} | {_pct(s['nonzero'])} | {'yes' if s['ok'] else '**no**'} |")
    return "\n".join(out) + "\n"


START, END = "<!-- figures:start -->", "<!-- figures:end -->"


def write_markdown(path: Path, body: str) -> None:
    """Replace the figures between the markers (or create the file with them)."""
    block = f"{START}\n{body}{END}"
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if START in text and END in text:
            head, rest = text.split(START, 1)
            tail = rest.split(END, 1)[1]
            path.write_text(head + block + tail, encoding="utf-8")
            return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# Kutná Hora stand-in data: balance check\n\n## Figures\n\n{block}\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("-n", "--games", type=int, default=200, help="games per player count")
    parser.add_argument("-p", "--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write the full figures as JSON here")
    parser.add_argument("--md", type=Path, help="write the markdown figures here (between the markers)")
    parser.add_argument("--from-json", type=Path, nargs="*", help="render saved --json reports instead of playing")
    args = parser.parse_args(argv)
    reports: list[dict[str, Any]] = []
    if args.from_json:
        for path in args.from_json:
            reports += json.loads(path.read_text(encoding="utf-8"))
        if args.md:
            command = "python bench/kutna_hora_balance.py --from-json " + " ".join(str(p) for p in args.from_json)
            write_markdown(args.md, markdown(reports, command))
        return 0
    for n in (int(x) for x in args.players.split(",")):
        report = run(n, args.games, args.seed, args.jobs)
        reports.append(report)
        seats = ", ".join(_pct(s["win_rate"]) for s in report["seats"])
        worst = [s["source"] for s in report["sources"] if not s["ok"]]
        print(
            f"{n}p {report['games']} games in {report['seconds']:.0f}s: seats {seats} "
            f"(ok {report['seats_ok']}); set spread {_pct(report['set_spread'])}; "
            f"mean {report['mean_score']:.1f}; sources not contributing: {worst or 'none'}",
            flush=True,
        )
        for s in report["sources"]:
            print(f"    {s['source']:24} {s['mean']:6.2f}  nonzero {_pct(s['nonzero'])}")
        for name, s in report["guilds"].items():
            print(f"    with {name:14} {s['mean']:6.1f} (effect {s['effect']:+.1f}) n={s['n']}")
        for name, s in sorted(report["guild_sets"].items(), key=lambda kv: -kv[1]["mean"]):
            print(f"    {name:42} {s['mean']:6.1f} ±{s['se']:.1f} n={s['n']} win {_pct(s['win_rate'])}")
        print(
            "    point-tie rate "
            + _pct(report["point_ties"])
            + "; seats by points only: "
            + ", ".join(_pct(s["win_rate_points_only"]) for s in report["seats"])
        )
    command = "python bench/kutna_hora_balance.py " + " ".join(sys.argv[1:] if argv is None else argv)
    if args.json:
        args.json.write_text(json.dumps(reports, indent=1), encoding="utf-8")
    if args.md:
        write_markdown(args.md, markdown(reports, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
