"""Uniformly random legal actions: the baseline and the simulation workhorse."""

from __future__ import annotations

import random
from collections.abc import Sequence

from townhall.engine.agent import Budget, PlayerView


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        return legal[int(self._rng.random() * len(legal))]
