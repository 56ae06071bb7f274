"""Tournaments between agents: seat-rotated games, win shares, margins and Elo-style ratings.

    from townhall.sim.tournament import run_tournament, render_table
    summary = run_tournament("carcassonne", ["mcts", "greedy", "random"], n_games=60,
                             num_players=2, seed=1, options=None, jobs=4, progress=None)
    print(summary.to_json())                 # JSON-ready dict (`townhall tournament ... --json`)
    rich.print(render_table(summary))        # a rich Table

`run_tournament(game, agent_specs, n_games, num_players=2, seed=0, options=None, jobs=1,
progress=None, budget=None, max_decisions=None) -> TournamentSummary`

- `game`: a Game or a registered game name; `agent_specs`: agent specs as for `make_agent`
  (`mcts:iterations=500`); the same spec may appear twice (labelled `spec#2`).
- Seating: with K agents and P seats, game g seats agent `(s + g) % K` at seat s when K <= P,
  else the g-th (cyclically) ordered choice of P distinct agents. Each agent plays each seat
  equally often when `n_games` is a multiple of the cycle (`seat_cycle(K, P)`: K when K <= P,
  else K!/(K-P)!).
- Seeds: game g is played with `derive_seed(seed, "game", g)` and its seat s agent is built with
  `derive_seed(that, "seat", s)`, so results do not depend on `jobs` (games run in a process pool
  when `jobs > 1`) and are the same on every run (for agents with iteration budgets).
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
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from rich.table import Table

from townhall.agents import make_agent, parse_spec, play_seeded
from townhall.engine.agent import Budget, derive_seed
from townhall.engine.errors import TownhallError
from townhall.engine.options import Options
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Game, Json, score_margin
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


def seat_cycle(num_agents: int, num_players: int) -> int:
    """How many games one full seat rotation takes."""
    if num_agents <= num_players:
        return num_agents
    return math.perm(num_agents, num_players)


def seating(game_index: int, num_agents: int, num_players: int) -> tuple[int, ...]:
    """The agent index at each seat of game `game_index` (see the module docstring)."""
    if num_agents <= num_players:
        return tuple((seat + game_index) % num_agents for seat in range(num_players))
    cycle = math.perm(num_agents, num_players)
    position = game_index % cycle
    return next(itertools.islice(itertools.permutations(range(num_agents), num_players), position, None))


def agent_labels(agent_specs: Sequence[str]) -> list[str]:
    """Unique display labels: a repeated spec gets `#2`, `#3`, ..."""
    labels: list[str] = []
    counts: dict[str, int] = {}
    for spec in agent_specs:
        counts[spec] = counts.get(spec, 0) + 1
        labels.append(spec if counts[spec] == 1 else f"{spec}#{counts[spec]}")
    return labels


# ----------------------------------------------------------------------------- playing

_WORKER: dict[str, Any] = {}


def _init_worker(game: Game[Any]) -> None:
    _WORKER["game"] = game


@dataclass(frozen=True, slots=True)
class _Job:
    """What one tournament game needs besides the game (sent to a worker process)."""

    seed: int
    agent_specs: tuple[str, ...]
    num_players: int
    options: Options | None
    budget: Budget | None
    max_decisions: int | None


def _play_one(game: Game[Any], job: _Job, index: int, seats: tuple[int, ...]) -> GameResult:
    game_seed = derive_seed(job.seed, "game", index)
    specs = [job.agent_specs[a] for a in seats]
    match = play_seeded(game, job.num_players, specs, game_seed, job.options, job.budget, job.max_decisions)
    return GameResult(
        index=index,
        seed=game_seed,
        seats=seats,
        scores=tuple(float(s) for s in match.state.scores()),
        ranks=tuple(match.state.ranks()),
        decisions=len(match.record.steps),
    )


def _play_in_worker(job: _Job, index: int, seats: tuple[int, ...]) -> GameResult:
    return _play_one(_WORKER["game"], job, index, seats)


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
    budget: Budget | None = None,
    max_decisions: int | None = None,
) -> TournamentSummary:
    """Play `n_games` seat-rotated games between the agents; see the module docstring."""
    if isinstance(game, str):
        from townhall import games as registry

        game = registry.get(game)
    specs = [spec.strip() for spec in agent_specs]
    if len(specs) < 1:
        raise TownhallError(_("a tournament needs at least one agent"))
    if n_games < 1:
        raise TownhallError(_("a tournament needs at least one game, not {count}").format(count=n_games))
    if jobs < 1:
        raise TownhallError(_("jobs must be at least 1, not {jobs}").format(jobs=jobs))
    game.meta.check_players(num_players)
    resolved = game.meta.resolve(options)
    for spec in specs:  # bad specs fail here, with the agent's own message
        make_agent(spec, game, 0)
    seatings = [seating(index, len(specs), num_players) for index in range(n_games)]
    started = time.perf_counter()
    results: list[GameResult | None] = [None] * n_games
    job = _Job(seed, tuple(specs), num_players, resolved, budget, max_decisions)
    if jobs == 1 or n_games == 1:
        for index in range(n_games):
            results[index] = _play_one(game, job, index, seatings[index])
            if progress is not None:
                progress(index + 1, n_games)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, n_games), initializer=_init_worker, initargs=(game,)) as pool:
            pending: dict[Future[GameResult], int] = {
                pool.submit(_play_in_worker, job, index, seatings[index]): index for index in range(n_games)
            }
            done_count = 0
            while pending:
                finished, _waiting = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    index = pending.pop(future)
                    results[index] = future.result()
                    done_count += 1
                    if progress is not None:
                        progress(done_count, n_games)
    played = [result for result in results if result is not None]
    return summarize(
        game.meta.name,
        specs,
        num_players,
        seed,
        dict(resolved),
        played,
        seconds=time.perf_counter() - started,
    )


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

    def add_row(self, row: dict[str, Json]) -> None:
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
    return TournamentSummary(
        game=game_name,
        num_players=num_players,
        n_games=len(results),
        seed=seed,
        options=options,
        agents=tally.agents(),
        games=tuple(results),
        seconds=seconds,
        balanced=tally.balanced(),
    )


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
