"""`MyCityState`: the engine protocol over the position, each method dispatching to a role or
phase module (legality.py, turns.py, scoring.py, observation.py, actions.py); rulings in RULINGS.md."""

from __future__ import annotations

import random
from typing import Self

from townhall.engine import Chance, Event, Json
from townhall.engine.codec import ActionSpace
from townhall.games.my_city import actions, legality, observation, scoring, turns
from townhall.games.my_city.position import MyCityPosition


class MyCityState(MyCityPosition):
    def to_move(self) -> tuple[int, ...]:
        return turns.to_move(self)

    def legal_actions(self, player: int) -> list[int]:
        return legality.legal_actions(self, player)

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        legality.check(self, player, action)
        turns.decide(self, player, action, chance, events)

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def tie_keys(self) -> list[tuple[int, ...]]:
        return scoring.tie_keys(self)

    def ranks(self) -> list[int]:
        return scoring.ranks(self)

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        return scoring.end_reason(self)

    def award_rank(self, player: int) -> str:
        """The awards table row of a player (MYC-LEG-10): first, second or other."""
        return scoring.award_rank(self, player)

    def observation(self, player: int | None) -> dict[str, Json]:
        return observation.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> Self:
        return observation.determinize(self, player, rng)

    def action_space(self) -> ActionSpace:
        return actions.SPACE

    def action_text(self, action: int) -> str:
        return actions.action_text(action)

    def action_words(self, action: int) -> str:
        return actions.action_words(action)
