"""Tournaments between agents: seat-rotated games, win shares, margins and Elo-style ratings.

    from townhall.sim.tournament import run_tournament, render_table
    summary = run_tournament("carcassonne", ["mcts", "greedy", "random"], n_games=60,
                             num_players=2, seed=1, options=None, jobs=4, progress=None)
    print(summary.to_json())                 # JSON-ready dict (`townhall tournament ... --json`)
    rich.print(render_table(summary))        # a rich Table

`run_tournament(game, agent_specs, n_games, num_players=2, seed=0, options=None, jobs=1,
progress=None, *, backend="local", address=None) -> TournamentSummary`

- `game`: a registered game or its name; `agent_specs`: agent specs as for `make_agent`
  (`mcts:iterations=500`); the same spec may appear twice (labelled `spec#2`). The set-up is checked
  as every door checks it (`TableSpec.rotation`).
- Seating: see sim/seating.py (each agent plays each seat equally often over a full cycle).
- Playing: the run pipeline of `townhall simulate` (sim/run.py: a plan, then this process, a local
  process pool of `jobs` workers, or Ray with `backend="ray"` and the cluster's `address`). Game g is played with `derive_seed(seed, "game", g)` and its seat s
  agent is built with `derive_seed(that, "seat", s)`, so results do not depend on `jobs` and are the
  same on every run (for agents with iteration budgets).
- `progress(done, total)` is called in the calling process after each finished game.
- Results per agent (over the seats it played): games, win share with its 95% Wilson interval
  (tied winners share the win), mean score margin (own score minus the best other), mean score,
  and an Elo-style rating: a Bradley-Terry fit of the pairwise outcomes between seats of one game
  (rank order, ties half), with one virtual draw per pair of agents that met (keeps perfect records
  finite), iterated to convergence, anchored so that `random` (if present) is 1000, else the mean is.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from rich.table import Table

from townhall import games as registry
from townhall.agents import TableSpec, parse_spec
from townhall.engine.errors import TownhallError
from townhall.engine.options import Options
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Game, Json, score_margin
from townhall.sim.play import Row, RunPlan
from townhall.sim.run import Where, execute
from townhall.sim.stats import wilson_interval
from townhall.sim.words import _

ProgressCallback = Callable[[int, int], None]

ELO_ANCHOR = 1000.0
ELO_SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the tournament: who sat where, and how it ended."""

    index: int
    seed: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    decisions: int

    @classmethod
    def from_row(cls, row: Row) -> GameResult:
        """A results row of the run pipeline (see sim.play)."""
        return cls(
            index=cast(int, row["index"]),
            seed=cast(int, row["seed"]),
            seats=tuple(cast(list[int], row["agents"])),
            scores=tuple(cast(list[float], row["scores"])),
            ranks=tuple(cast(list[int], row["ranks"])),
            decisions=cast(int, row["decisions"]),
        )

    def to_json(self) -> dict[str, Json]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "decisions": self.decisions,
        }


@dataclass(frozen=True, slots=True)
class AgentResult:
    label: str
    spec: str
    games: int
    wins: float
    win_share: float
    win_low: float
    win_high: float
    mean_margin: float
    mean_score: float
    elo: float

    def to_json(self) -> dict[str, Json]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    game: str
    num_players: int
    n_games: int
    seed: int
    options: dict[str, Json]
    agents: tuple[AgentResult, ...]
    games: tuple[GameResult, ...]
    seconds: float = field(default=0.0, compare=False)
    balanced: bool = True

    def to_json(self, *, with_games: bool = True) -> dict[str, Json]:
        out: dict[str, Json] = {
            "game": self.game,
            "num_players": self.num_players,
            "n_games": self.n_games,
            "seed": self.seed,
            "options": self.options,
            "balanced": self.balanced,
            "seconds": round(self.seconds, 3),
            "agents": [agent.to_json() for agent in self.agents],
        }
        if with_games:
            out["games"] = [result.to_json() for result in self.games]
        return out


def agent_labels(agent_specs: Sequence[str]) -> list[str]:
    """Unique display labels: a repeated spec gets `#2`, `#3`, ..."""
    labels: list[str] = []
    counts: dict[str, int] = {}
    for spec in agent_specs:
        counts[spec] = counts.get(spec, 0) + 1
        labels.append(spec if counts[spec] == 1 else f"{spec}#{counts[spec]}")
    return labels


# ----------------------------------------------------------------------------- playing


def run_tournament(
    game: Game[Any] | str,
    agent_specs: Sequence[str],
    n_games: int,
    num_players: int = 2,
    seed: int = 0,
    options: Options | None = None,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> TournamentSummary:
    """Play `n_games` seat-rotated games between the agents; see the module docstring."""
    if isinstance(game, str):
        game = registry.get(game)
    registry.get(game.meta.name)  # the pipeline's workers find the game by its name
    if n_games < 1:
        raise TownhallError(_("a tournament needs at least one game, not {count}").format(count=n_games))
    if jobs < 1:
        raise TownhallError(_("jobs must be at least 1, not {jobs}").format(jobs=jobs))
    table = TableSpec.rotation(game, num_players, agent_specs, options)
    games = _KeptGames(TournamentTally(table.seats, num_players), n_games, progress)
    seconds = execute(RunPlan.of(table, seed, n_games), Where(backend, jobs, address), games)
    return games.tally.summary(table.game, seed, dict(table.options), seconds, tuple(games.results))


class _KeptGames:
    """run_tournament's tally: the running totals, every game kept for the summary, progress per game."""

    def __init__(self, tally: TournamentTally, total: int, progress: ProgressCallback | None) -> None:
        self.tally = tally
        self.total = total
        self.progress = progress
        self.results: list[GameResult] = []

    def add_row(self, row: Row) -> None:
        self.tally.add_row(row)
        self.results.append(GameResult.from_row(row))
        if self.progress is not None:
            self.progress(len(self.results), self.total)


# ----------------------------------------------------------------------------- summarizing


class TournamentTally:
    """Running per-agent sums of finished games: constant memory however many games stream past."""

    def __init__(self, agent_specs: Sequence[str], num_players: int) -> None:
        count = len(agent_specs)
        self.agent_specs = list(agent_specs)
        self.num_players = num_players
        self.n_games = 0
        self.games = [0] * count
        self.wins = [0.0] * count
        self.margins = [0.0] * count
        self.scores = [0.0] * count
        self.pair_wins = [[0.0] * count for _ in range(count)]
        self.pair_games = [[0.0] * count for _ in range(count)]
        self.seat_counts: dict[tuple[int, int], int] = {}

    def add(self, seats: Sequence[int], scores: Sequence[float], ranks: Sequence[int]) -> None:
        self.n_games += 1
        shares = win_shares(list(ranks))
        for seat, agent in enumerate(seats):
            self.games[agent] += 1
            self.wins[agent] += shares[seat]
            self.margins[agent] += score_margin(list(scores), seat)
            self.scores[agent] += scores[seat]
            self.seat_counts[(agent, seat)] = self.seat_counts.get((agent, seat), 0) + 1
        for i, j in itertools.combinations(range(len(seats)), 2):
            a, b = seats[i], seats[j]
            if a == b:
                continue
            outcome = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            self.pair_wins[a][b] += outcome
            self.pair_wins[b][a] += 1.0 - outcome
            self.pair_games[a][b] += 1.0
            self.pair_games[b][a] += 1.0

    def add_row(self, row: Row) -> None:
        """A results-file row (see sim.play)."""
        self.add(cast(list[int], row["agents"]), cast(list[float], row["scores"]), cast(list[int], row["ranks"]))

    def agents(self) -> tuple[AgentResult, ...]:
        specs = self.agent_specs
        anchor = next((i for i, spec in enumerate(specs) if parse_spec(spec)[0] == "random"), None)
        elo = fit_elo(self.pair_wins, self.pair_games, anchor)
        results = []
        for index, label in enumerate(agent_labels(specs)):
            played = self.games[index]
            low, high = wilson_interval(self.wins[index], played)
            results.append(
                AgentResult(
                    label=label,
                    spec=specs[index],
                    games=played,
                    wins=self.wins[index],
                    win_share=self.wins[index] / played if played else 0.0,
                    win_low=low,
                    win_high=high,
                    mean_margin=self.margins[index] / played if played else 0.0,
                    mean_score=self.scores[index] / played if played else 0.0,
                    elo=elo[index],
                )
            )
        return tuple(results)

    def balanced(self) -> bool:
        counts = {
            self.seat_counts.get((a, s), 0) for a in range(len(self.agent_specs)) for s in range(self.num_players)
        }
        return len(counts) == 1

    def summary(
        self, game: str, seed: int, options: dict[str, Json], seconds: float, games: tuple[GameResult, ...] = ()
    ) -> TournamentSummary:
        """The per-agent results so far; `games` are the games themselves when the caller kept them."""
        return TournamentSummary(
            game=game,
            num_players=self.num_players,
            n_games=self.n_games,
            seed=seed,
            options=options,
            agents=self.agents(),
            games=games,
            seconds=seconds,
            balanced=self.balanced(),
        )


def summarize(
    game_name: str,
    agent_specs: Sequence[str],
    num_players: int,
    seed: int,
    options: dict[str, Json],
    results: Sequence[GameResult],
    *,
    seconds: float = 0.0,
) -> TournamentSummary:
    """Per-agent statistics of finished games (pure: the same games give the same summary)."""
    tally = TournamentTally(agent_specs, num_players)
    for result in results:
        tally.add(result.seats, result.scores, result.ranks)
    return tally.summary(game_name, seed, options, seconds, tuple(results))


def fit_elo(
    pair_wins: Sequence[Sequence[float]],
    pair_games: Sequence[Sequence[float]],
    anchor: int | None = None,
    *,
    prior_draws: float = 1.0,
    tolerance: float = 1e-10,
    max_rounds: int = 100_000,
) -> list[float]:
    """Elo-style ratings from pairwise results by the Bradley-Terry MM iteration.

    `pair_wins[a][b]` is a's score against b (ties count half), `pair_games[a][b]` how many
    times they met. Each pair that met gets `prior_draws` virtual draws. Agent `anchor` is
    rated 1000, or the mean is 1000 when there is no anchor. An agent that met nobody gets 1000.
    """
    count = len(pair_wins)
    met = [[pair_games[a][b] > 0 for b in range(count)] for a in range(count)]
    wins = [[pair_wins[a][b] + (prior_draws / 2 if met[a][b] else 0.0) for b in range(count)] for a in range(count)]
    games = [[pair_games[a][b] + (prior_draws if met[a][b] else 0.0) for b in range(count)] for a in range(count)]
    strength = [1.0] * count
    active = [any(met[a]) for a in range(count)]
    for _round in range(max_rounds):
        new = list(strength)
        for a in range(count):
            if not active[a]:
                continue
            total = sum(wins[a])
            denominator = sum(games[a][b] / (strength[a] + strength[b]) for b in range(count) if met[a][b])
            new[a] = total / denominator if denominator > 0 else strength[a]
        logs = [math.log(s) for s in new]
        mean = sum(logs) / count
        new = [math.exp(value - mean) for value in logs]
        change = max(abs(math.log(n) - math.log(s)) for n, s in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    ratings = [ELO_SCALE * math.log(s) for s in strength]
    shift = ELO_ANCHOR - (ratings[anchor] if anchor is not None else sum(ratings) / count)
    return [rating + shift if active[a] else ELO_ANCHOR for a, rating in enumerate(ratings)]


def render_table(summary: TournamentSummary) -> Table:
    """The summary as a rich Table (best Elo first)."""
    title = _("{game}: {games} games, {players} players, seed {seed}").format(
        game=summary.game, games=summary.n_games, players=summary.num_players, seed=summary.seed
    )
    if not summary.balanced:
        title += _(" (seats not fully balanced)")
    table = Table(title=title)
    table.add_column(_("agent"))
    for column in (_("games"), _("win share"), _("95% interval"), _("mean margin"), _("mean score"), _("Elo")):
        table.add_column(column, justify="right")
    for agent in sorted(summary.agents, key=lambda a: -a.elo):
        table.add_row(
            agent.label,
            str(agent.games),
            f"{agent.win_share:.1%}",
            f"{agent.win_low:.1%}-{agent.win_high:.1%}",
            f"{agent.mean_margin:+.2f}",
            f"{agent.mean_score:.2f}",
            f"{agent.elo:.0f}",
        )
    return table
