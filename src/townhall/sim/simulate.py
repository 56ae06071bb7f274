"""Many games between agents over a local process pool, summarised per seat."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from townhall import games
from townhall.agents import play_seeded
from townhall.engine.agent import derive_seed
from townhall.engine.options import OptionValue
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Json
from townhall.sim.stats import Summary, wilson_interval


@dataclass(frozen=True, slots=True)
class GameTask:
    game: str
    num_players: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    seed: int
    keep_record: bool


@dataclass(frozen=True, slots=True)
class GameOutcome:
    seed: int
    scores: list[float]
    ranks: list[int]
    decisions: int
    seconds: float
    record: str | None


def play_task(task: GameTask) -> GameOutcome:
    """Play one game (top-level so that worker processes can run it)."""
    game = games.get(task.game)
    started = time.perf_counter()
    match = play_seeded(game, task.num_players, task.seats, task.seed, dict(task.options))
    seconds = time.perf_counter() - started
    return GameOutcome(
        seed=task.seed,
        scores=[float(s) for s in match.state.scores()],
        ranks=match.state.ranks(),
        decisions=len(match.record.steps),
        seconds=seconds,
        record=match.record.dumps() if task.keep_record else None,
    )


@dataclass(slots=True)
class SeatResult:
    seat: int
    agent: str
    wins: float
    interval: tuple[float, float]
    score: Summary


@dataclass(slots=True)
class SimulationResult:
    game: str
    num_players: int
    options: dict[str, OptionValue]
    games: int
    seconds: float
    seats: list[SeatResult]
    length: Summary
    outcomes: list[GameOutcome] = field(repr=False, default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Json]:
        return {
            "game": self.game,
            "players": self.num_players,
            "options": self.options,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "length": _summary_json(self.length),
            "seats": [
                {
                    "seat": s.seat + 1,
                    "agent": s.agent,
                    "win_rate": round(s.wins / self.games, 4) if self.games else 0.0,
                    "win_rate_95": [round(s.interval[0], 4), round(s.interval[1], 4)],
                    "score": _summary_json(s.score),
                }
                for s in self.seats
            ],
        }


def _summary_json(summary: Summary) -> dict[str, float]:
    return {
        "mean": round(summary.mean, 3),
        "min": summary.minimum,
        "max": summary.maximum,
        "stdev": round(summary.stdev, 3),
    }


def simulate(
    game_name: str,
    n_games: int,
    num_players: int,
    seats: Sequence[str],
    options: dict[str, OptionValue],
    seed: int,
    jobs: int = 1,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play `n_games` and summarise. Game i uses a seed derived from (seed, i): results do not
    depend on the number of jobs."""
    frozen = tuple(sorted(options.items()))
    tasks = [
        GameTask(game_name, num_players, tuple(seats), frozen, derive_seed(seed, "game", i), keep_records)
        for i in range(n_games)
    ]
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    if jobs <= 1:
        for task in tasks:
            outcomes.append(play_task(task))
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunk = max(1, min(64, n_games // (jobs * 8)))
            for outcome in pool.map(play_task, tasks, chunksize=chunk):
                outcomes.append(outcome)
                if progress:
                    progress(1)
    seconds = time.perf_counter() - started
    return summarise(game_name, num_players, options, seats, outcomes, seconds)


def summarise(
    game_name: str,
    num_players: int,
    options: dict[str, OptionValue],
    seats: Sequence[str],
    outcomes: Sequence[GameOutcome],
    seconds: float,
) -> SimulationResult:
    results = []
    for seat in range(num_players):
        wins = sum(win_shares(o.ranks)[seat] for o in outcomes)
        results.append(
            SeatResult(
                seat=seat,
                agent=seats[seat],
                wins=wins,
                interval=wilson_interval(wins, len(outcomes)),
                score=Summary.of([o.scores[seat] for o in outcomes]),
            )
        )
    return SimulationResult(
        game=game_name,
        num_players=num_players,
        options=dict(options),
        games=len(outcomes),
        seconds=seconds,
        seats=results,
        length=Summary.of([float(o.decisions) for o in outcomes]),
        outcomes=list(outcomes),
    )
