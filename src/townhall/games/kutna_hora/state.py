"""The Kutná Hora state: the protocol methods, each dispatching to a phase module.

Pending work is a stack of typed steps (position.Step); the top one is the current decision (or an
automatic step run at once). Decks and stacks are multisets drawn with the Chance at the reveal.
"""

from __future__ import annotations

import random
from typing import Final, Self

from townhall.engine.chance import Chance
from townhall.engine.codec import ActionSpace
from townhall.engine.protocol import Event, Json
from townhall.games.kutna_hora import legality, observation, rounds, scoring, setup, turn
from townhall.games.kutna_hora.actions import A_ORDER, A_SET, A_TAX, SPACE, action_text, action_words
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import OVER, PHASES, SETUP_ORDER, SETUP_SET, TAX, KutnaHoraPosition

MOVERS: Final = tuple((p,) for p in range(max(DATA.tracks)))  # to_move's answers, built once


class KutnaHoraState(KutnaHoraPosition):
    """A Kutná Hora position with the game protocol (see the module doc)."""

    @classmethod
    def new(cls, num_players: int, events: bool, first_game: bool, chance: Chance) -> Self:
        s = cls.__new__(cls)
        setup.deal(s, num_players, events, first_game, chance)
        return s

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else MOVERS[self.current]

    def legal_actions(self, player: int) -> list[int]:
        if self.phase == OVER or player != self.current:
            return []
        return legality.legal(self)  # built in increasing order

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        legality.check(self, player, action)
        if self.phase == SETUP_SET:
            setup.choose_set(self, action - A_SET, events)
        elif self.phase == SETUP_ORDER:
            setup.choose_order(self, action - A_ORDER, events)
        elif self.phase == TAX:
            rounds.tax_decision(self, action == A_TAX, events)  # tax 0 = penalty, 1 = pay
            rounds.continue_tax(self, chance, events)
        elif self.tasks:
            turn.task_action(self, action, chance, events)
            turn.run(self, chance, events)
        else:
            turn.play_card(self, action, chance, events)
            turn.run(self, chance, events)

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def ranks(self) -> list[int]:
        return scoring.ranks(self)

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        return scoring.end_reason(self)

    def observation(self, player: int | None) -> dict[str, Json]:
        return observation.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> Self:
        return observation.determinize(self, player, rng)

    def action_space(self) -> ActionSpace:
        return SPACE

    def action_text(self, action: int) -> str:
        return action_text(self, action)

    def action_words(self, action: int) -> str:
        return action_words(self, action)

    def __repr__(self) -> str:
        return f"KHState(round {self.round}, {PHASES[self.phase]}, player {self.current})"
