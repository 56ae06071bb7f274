"""`townhall report`: PNG plots (matplotlib, Agg) and one static index.html of one or two results sets."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from townhall.engine.errors import TownhallError
from townhall.engine.outcome import win_shares
from townhall.i18n import N_, current
from townhall.sim.play import STAT_PREFIX, Row
from townhall.sim.results import read_rows
from townhall.sim.stats import wilson_interval
from townhall.sim.tournament import AgentResult, TournamentTally, agent_labels
from townhall.sim.words import _

COLOURS = ("#4c72b0", "#dd8452")


@dataclass(slots=True)
class ResultSet:
    """What the plots need of one results file. Values are kept per game here (a report reads a file that
    fits on disk; the simulation itself never holds them)."""

    name: str
    kind: str = ""
    game: str = ""
    agents: dict[int, str] = field(default_factory=dict)
    seat_wins: list[float] = field(default_factory=list)
    agent_wins: dict[int, float] = field(default_factory=dict)
    agent_games: dict[int, int] = field(default_factory=dict)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[float] = field(default_factory=list)
    statistics: dict[str, list[float]] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)  # tournament rows only, for the Elo fit (small)
    games: int = 0

    def add(self, row: Row) -> None:
        seats = cast(list[str], row["seats"])
        agents = cast(list[int], row.get("agents") or list(range(len(seats))))
        scores = cast(list[float], row["scores"])
        ranks = cast(list[int], row["ranks"])
        if not self.games:
            self.kind, self.game = str(row.get("kind", "simulate")), str(row.get("game", "?"))
            self.seat_wins = [0.0] * len(seats)
            self.scores = [[] for _ in seats]
        self.games += 1
        for seat, share in enumerate(win_shares(ranks)):
            self.seat_wins[seat] += share
            self.scores[seat].append(float(scores[seat]))
            agent = agents[seat]
            self.agents[agent] = seats[seat]
            self.agent_wins[agent] = self.agent_wins.get(agent, 0.0) + share
            self.agent_games[agent] = self.agent_games.get(agent, 0) + 1
        self.lengths.append(float(cast(int, row["decisions"])))
        for key, value in row.items():
            if key.startswith(STAT_PREFIX) and isinstance(value, int | float):
                self.statistics.setdefault(key[len(STAT_PREFIX) :], []).append(float(value))
        if self.kind == "tournament":
            self.rows.append({"agents": agents, "scores": scores, "ranks": ranks})

    def agent_labels(self) -> list[str]:
        return agent_labels([self.agents[a] for a in sorted(self.agents)])

    def elo(self) -> tuple[AgentResult, ...]:
        specs = [self.agents[a] for a in range(len(self.agents))]
        tally = TournamentTally(specs, len(self.seat_wins))
        for row in self.rows:
            tally.add_row(row)
        return tally.agents()


def load(path: Path) -> ResultSet:
    result = ResultSet(path.name)
    for row in read_rows(path):
        result.add(row)
    if not result.games:
        raise TownhallError(_("{path} holds no games").format(path=path))
    return result


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise TownhallError(_('report needs matplotlib; install it with: pip install "townhall[cluster]"')) from None
    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    return plt


def _rate_bars(plt: Any, sets: list[ResultSet], groups: list[list[str]], counts: list[list[tuple[float, int]]]) -> Any:
    """Bars of win rates with 95% Wilson intervals, one colour per results set."""
    figure, axes = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(sets)
    for number, (result, labels, pairs) in enumerate(zip(sets, groups, counts, strict=True)):
        rates = [wins / games if games else 0.0 for wins, games in pairs]
        intervals = [wilson_interval(wins, games) for wins, games in pairs]
        below = [rate - low for rate, (low, _) in zip(rates, intervals, strict=True)]
        above = [high - rate for rate, (_, high) in zip(rates, intervals, strict=True)]
        positions = [i + number * width for i in range(len(rates))]
        axes.bar(positions, rates, width, yerr=[below, above], capsize=4, label=result.name, color=COLOURS[number])
        axes.set_xticks([i + width * (len(sets) - 1) / 2 for i in range(len(labels))], labels)
    axes.set_ylabel("win rate (95% Wilson)")
    axes.set_ylim(0, 1)
    axes.legend()
    return figure


def _distributions(
    plt: Any, sets: list[ResultSet], values: list[list[list[float]]], labels: list[str], what: str
) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(sets)
    for number, (result, groups) in enumerate(zip(sets, values, strict=True)):
        positions = [i + number * width for i in range(len(groups))]
        parts = axes.boxplot(groups, positions=positions, widths=width * 0.9, patch_artist=True, showfliers=False)
        for box in parts["boxes"]:
            box.set_facecolor(COLOURS[number])
        axes.plot([], [], color=COLOURS[number], label=result.name, linewidth=8)
    axes.set_xticks([i + width * (len(sets) - 1) / 2 for i in range(len(labels))], labels)
    axes.set_ylabel(what)
    axes.legend()
    return figure


def _histogram(plt: Any, sets: list[ResultSet], values: list[list[float]], what: str) -> Any:
    figure, axes = plt.subplots(figsize=(7, 4))
    for number, (result, data) in enumerate(zip(sets, values, strict=True)):
        if not data:  # a statistic only the other set has
            continue
        axes.hist(data, bins=40, alpha=0.6, label=result.name, color=COLOURS[number], density=True)
    axes.set_xlabel(what)
    axes.set_ylabel("share of games")
    axes.legend()
    return figure


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name)


def write_report(results: Path, out: Path, compare: Path | None = None) -> Path:
    """Write the plots and index.html into `out`; returns the page's path."""
    plt = _pyplot()
    sets = [load(results)] + ([load(compare)] if compare is not None else [])
    if len({len(s.seat_wins) for s in sets}) > 1:
        raise TownhallError(_("the two results sets have different player counts; compare like with like"))
    out.mkdir(parents=True, exist_ok=True)
    figures: list[tuple[str, str]] = []

    def save(figure: Any, name: str, title: str, caption: str | None = None) -> None:
        """The plot keeps English words (its fonts may lack CJK glyphs); the page's caption is translated."""
        figure.suptitle(title)
        figure.tight_layout()
        figure.savefig(out / name, dpi=90)
        plt.close(figure)
        figures.append((name, caption or _(title)))

    seats = [f"seat {i + 1}" for i in range(len(sets[0].seat_wins))]
    save(
        _rate_bars(plt, sets, [seats] * len(sets), [[(w, s.games) for w in s.seat_wins] for s in sets]),
        "win_rate_by_seat.png",
        N_("Win rate by seat"),
    )
    save(
        _rate_bars(
            plt,
            sets,
            [s.agent_labels() for s in sets],
            [[(s.agent_wins[a], s.agent_games[a]) for a in sorted(s.agents)] for s in sets],
        ),
        "win_rate_by_agent.png",
        N_("Win rate by agent"),
    )
    save(_distributions(plt, sets, [s.scores for s in sets], seats, "score"), "scores.png", N_("Scores by seat"))
    save(_histogram(plt, sets, [s.lengths for s in sets], "decisions"), "length.png", N_("Game length"))
    names = sorted({name for s in sets for name in s.statistics})
    for name in names:
        data = [s.statistics.get(name, []) for s in sets]
        caption = _("Statistic {name}").format(name=name)
        save(_histogram(plt, sets, data, name), f"stat_{_safe(name)}.png", f"Statistic {name}", caption)
    page = out / "index.html"
    page.write_text(_page(sets, figures), encoding="utf-8")
    return page


def _page(sets: list[ResultSet], figures: list[tuple[str, str]]) -> str:
    e = html.escape
    title = _(" vs ").join(
        _("{name} ({game}, {count} games)").format(name=s.name, game=s.game, count=s.games) for s in sets
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{current()}"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}img{max-width:100%}</style>",
        f"</head><body><h1>{e(title)}</h1>",
    ]
    for result in sets:
        heading = _("{name}: win rates").format(name=result.name)
        parts.append(f"<h2>{e(heading)}</h2><table><tr>")
        parts.append("".join(f"<th>{e(h)}</th>" for h in (_("who"), _("games"), _("win rate"), _("95% interval"))))
        parts.append("</tr>")
        rows = [(_("seat {number}").format(number=i + 1), w, result.games) for i, w in enumerate(result.seat_wins)]
        rows += [
            (label, result.agent_wins[a], result.agent_games[a])
            for label, a in zip(result.agent_labels(), sorted(result.agents), strict=True)
        ]
        for who, wins, games in rows:
            low, high = wilson_interval(wins, games)
            parts.append(
                f"<tr><td>{e(who)}</td><td>{games}</td><td>{wins / games:.1%}</td><td>{low:.1%}-{high:.1%}</td></tr>"
            )
        parts.append("</table>")
        if result.kind == "tournament":
            heading = _("{name}: Elo").format(name=result.name)
            parts.append(f"<h2>{e(heading)}</h2><table><tr>")
            headers = (_("agent"), _("games"), _("win share"), _("mean margin"), _("Elo"))
            parts.append("".join(f"<th>{e(h)}</th>" for h in headers) + "</tr>")
            for agent in sorted(result.elo(), key=lambda a: -a.elo):
                parts.append(
                    f"<tr><td>{e(agent.label)}</td><td>{agent.games}</td><td>{agent.win_share:.1%}</td>"
                    f"<td>{agent.mean_margin:+.2f}</td><td>{agent.elo:.0f}</td></tr>"
                )
            parts.append("</table>")
    for name, caption in figures:
        parts.append(f'<h2>{e(caption)}</h2><img src="{e(name)}" alt="{e(caption)}">')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
