"""The Carcassonne state: the protocol methods over the position, each dispatching to a role or
phase module."""

from __future__ import annotations

import random
from typing import Any, Final, Self

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event, Json, ranks_from_keys
from townhall.games.carcassonne import actions, legality, observation, setup, turn
from townhall.games.carcassonne.position import DEPLOY, OVER, PHASE_NAMES, PLACE, CarcassonnePosition

__all__ = ["DEPLOY", "OVER", "PHASE_NAMES", "PLACE", "CarcassonneState", "from_json", "new_state"]

MOVER: Final[tuple[tuple[int, ...], ...]] = tuple((seat,) for seat in range(8))  # made once, not per call


class CarcassonneState(CarcassonnePosition):
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else MOVER[self.current]

    def legal_actions(self, player: int) -> list[int]:
        # The phase's set, computed by legality when the phase began: copied here without a call
        # (this is the hottest method).
        if player != self.current or self.phase == OVER:
            return []
        if self.phase == PLACE:
            return self.placements.copy()
        return self.deploy_options.copy()

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.phase == OVER or player != self.current:
            raise legality.why_not_now(self, player)
        turn.play(self, player, action, chance, events)

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def ranks(self) -> list[int]:
        # CAR-END-7: the highest total wins; tied players share the rank.
        return ranks_from_keys([[s] for s in self.score])

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        # CAR-END-1: the game ends when the tiles run out; CAR-END-7: tied players share the rank.
        return ("tiles-out", ())

    def determinize(self, player: int, rng: random.Random) -> Self:
        return observation.determinize(self, player, rng)

    def observation(self, player: int | None) -> dict[str, Json]:
        return observation.observation(self, player)

    def num_distinct_actions(self) -> int:
        return actions.SIZE_ALL

    def action_to_json(self, action: int) -> dict[str, Json]:
        return actions.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return actions.from_json(data)

    def action_text(self, action: int) -> str:
        # A deploy's words name the segment of the tile just placed, known only while deploying.
        placed = self.board.get(self.last_cell) if self.phase == DEPLOY else None
        return actions.text(action, -1 if placed is None else placed[0])

    def action_words(self, action: int) -> str:
        placed = self.board.get(self.last_cell) if self.phase == DEPLOY else None
        return actions.words(action, -1 if placed is None else placed[0])


def new_state(num_players: int, river: bool, small_city: bool, farm_scoring: str, chance: Chance) -> CarcassonneState:
    """A new game: the state of the options, laid out by setup.set_up."""
    state = CarcassonneState(num_players, river, small_city, farm_scoring)
    setup.set_up(state, chance)
    return state


def from_json(data: dict[str, Any]) -> CarcassonneState:
    """A state from its saved JSON form (State.to_json), rebuilt by setup.restore."""
    options = data["options"]
    state = CarcassonneState(
        int(data["players"]), bool(options["river"]), bool(options["small_city"]), str(options["farm_scoring"])
    )
    setup.restore(state, data)
    return state
