"""Small statistics for simulation and tournament summaries."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from townhall.engine.options import OptionValue

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (ties may count as half successes)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Summary:
    mean: float
    minimum: float
    maximum: float
    stdev: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0)
        mean = sum(values) / len(values)
        variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
        return cls(mean, min(values), max(values), math.sqrt(variance))


@dataclass(slots=True)
class Running:
    """Mean, spread and range of a stream of values in constant memory (Welford's update)."""

    count: int = 0
    mean: float = 0.0
    squares: float = 0.0
    minimum: float = math.inf
    maximum: float = -math.inf

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.squares += delta * (value - self.mean)
        self.minimum = min(self.minimum, value)
        self.maximum = max(self.maximum, value)

    def summary(self) -> Summary:
        if not self.count:
            return Summary(0.0, 0.0, 0.0, 0.0)
        variance = self.squares / (self.count - 1) if self.count > 1 else 0.0
        return Summary(self.mean, self.minimum, self.maximum, math.sqrt(variance))


@dataclass(slots=True)
class RunFigures:
    """What every run of many games reports first: the game, its players and options, the games
    played and how long they took."""

    game: str
    players: int
    options: dict[str, OptionValue]
    games: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0
