"""`MyCityState`: the engine protocol over the position, each method dispatching to a phase
module (placement.py, turns.py, scoring.py); rulings in RULINGS.md."""

from __future__ import annotations

import random
from typing import Final, Self

from townhall.engine import Chance, Event, Json
from townhall.games.my_city import placement, scoring, turns
from townhall.games.my_city.actions import NUM_ACTIONS, SPACE, action_text
from townhall.games.my_city.position import UNDECIDED, MyCityPosition

SEATS: Final = 8  # more than the game seats (GameMeta.max_players)
# The players still to decide, by bitmask of seats: to_move returns one of these shared tuples.
MOVERS: Final = tuple(tuple(p for p in range(SEATS) if seats >> p & 1) for seats in range(1 << SEATS))


class MyCityState(MyCityPosition):
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        pending = self.pending
        active = self.active
        seats = 0
        for p in range(self.num_players):
            if active[p] and pending[p] < 0:
                seats |= 1 << p
        return MOVERS[seats]

    def legal_actions(self, player: int) -> list[int]:
        return placement.legal_actions(self, player)

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        placement.check(self, player, action)
        self.pending[player] = action
        if events is not None:
            events.append(Event("decided", data={"player": player}))
        for p in range(self.num_players):
            if self.active[p] and self.pending[p] < 0:
                return
        turns.resolve(self, chance, events)

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
        rank = self.ranks()[player]
        if rank == 1:
            return "first"
        if rank == 2 and self.num_players >= 3:
            return "second"
        return "other"

    def observation(self, player: int | None) -> dict[str, Json]:
        out = self.public_json()
        if self.rules.mode == "campaign":
            out["chapter"] = self.chapter_json()
        if player is not None:
            mine = self.pending[player]
            out["player"] = player
            out["my_choice"] = None if mine < 0 else self.action_to_json(mine)
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        copy = self.clone()
        for q in range(self.num_players):
            if q != player and copy.pending[q] >= 0:
                copy.pending[q] = UNDECIDED
                legal = copy.legal_actions(q)
                copy.pending[q] = legal[int(rng.random() * len(legal))]
        return copy

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def action_to_json(self, action: int) -> dict[str, Json]:
        return SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        return action_text(action)
