"""Many games between agents, summarised per seat from running totals (constant memory)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from townhall.engine.options import OptionValue
from townhall.engine.outcome import win_shares
from townhall.engine.protocol import Json
from townhall.sim.play import Row
from townhall.sim.stats import RunFigures, Running, Summary, wilson_interval


@dataclass(slots=True)
class SeatResult:
    seat: int
    agent: str
    wins: float  # ties share
    score: Summary


@dataclass(slots=True)
class SimulationResult(RunFigures):
    seats: list[SeatResult]
    length: Summary

    def to_json(self) -> dict[str, Json]:
        return {
            "game": self.game,
            "players": self.players,
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
                    "win_rate_95": [round(bound, 4) for bound in wilson_interval(s.wins, self.games)],
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


class SimulationTally:
    """Per-seat win shares and score spreads and the game length, updated row by row."""

    def __init__(self, num_players: int) -> None:
        self.games = 0
        self.wins = [0.0] * num_players
        self.scores = [Running() for _ in range(num_players)]
        self.length = Running()

    def add_row(self, row: Row) -> None:
        ranks = cast(list[int], row["ranks"])
        scores = cast(list[float], row["scores"])
        self.games += 1
        for seat, share in enumerate(win_shares(ranks)):
            self.wins[seat] += share
            self.scores[seat].add(float(scores[seat]))
        self.length.add(float(cast(int, row["decisions"])))

    def result(self, game: str, options: dict[str, OptionValue], seats: list[str], seconds: float) -> SimulationResult:
        return SimulationResult(
            game=game,
            players=len(seats),
            options=dict(options),
            games=self.games,
            seconds=seconds,
            seats=[
                SeatResult(seat, seats[seat], wins, self.scores[seat].summary()) for seat, wins in enumerate(self.wins)
            ],
            length=self.length.summary(),
        )
