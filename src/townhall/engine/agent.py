"""The agent protocol: a view of the position, the legal actions and a budget → an action.

An agent never receives the true state: the PlayerView shows the player's observation and hands
out determinized copies (hidden information resampled) for search.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from townhall.engine.protocol import Game, Json, State


@dataclass(frozen=True, slots=True)
class Budget:
    """How much an agent may think about one decision: iterations, seconds, or both (first hit)."""

    iterations: int | None = None
    seconds: float | None = None


class PlayerView:
    """What one player may know of a position. Search bots get states only via `determinize`."""

    __slots__ = ("_state", "game", "player")

    def __init__(self, game: Game, state: State, player: int) -> None:
        self._state = state
        self.game = game
        self.player = player

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def observation(self) -> dict[str, Json]:
        return self._state.observation(self.player)

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions(self.player)

    def action_text(self, action: int) -> str:
        return self._state.action_text(action)

    def action_to_json(self, action: int) -> dict[str, Json]:
        return self._state.action_to_json(action)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this player's observation, hidden parts resampled."""
        return self._state.determinize(self.player, rng)

    def render(self) -> str:
        return self.game.render(self._state, self.player)


class Agent(Protocol):
    """Anything that chooses actions. Agents are built with their own seed (reproducible)."""

    name: str

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int: ...


def derive_seed(seed: int, *labels: object) -> int:
    """A stable 63-bit seed derived from a seed and labels (same in every process and run)."""
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1
