"""The Kutná Hora state: the protocol methods, each dispatching to a phase module.

Pending work is a stack of typed steps (position.Step); the top one is the current decision (or an
automatic step run at once). Decks and stacks are multisets drawn with the Chance at the reveal.
"""

from __future__ import annotations

import random
from typing import Final, Self

from townhall.engine.chance import Chance
from townhall.engine.errors import GameOver, IllegalAction, NotYourTurn
from townhall.engine.protocol import Event, Json, ranks_from_keys
from townhall.games.kutna_hora import economy, rounds, setup, turn
from townhall.games.kutna_hora.actions import A_ORDER, A_SET, A_TAX, SPACE
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import OVER, PHASES, SETUP_ORDER, SETUP_SET, TAX, KutnaHoraPosition
from townhall.games.kutna_hora.views import action_text
from townhall.games.kutna_hora.words import _

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
        return turn.legal(self)  # built in increasing order

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.phase == OVER:
            raise GameOver("KH-TURN-1", _("the game is over"))
        if player != self.current:
            raise NotYourTurn("KH-TURN-1", _("player {number} is not to move").format(number=player))
        if not 0 <= action < SPACE.size:
            raise IllegalAction("KH-IO-1", _("{action} is not an action of this game").format(action=action))
        if not turn.is_legal(self, action):
            raise IllegalAction(
                turn.why_illegal(self, action), _("{action} is not allowed now").format(action=self.action_text(action))
            )
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
        return ranks_from_keys([[self.points[p], self.money[p]] for p in range(self.num_players)])  # KH-FIN-6

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        """KH-FIN-6: the game ends after the last round; money separates players tied on points."""
        n = self.num_players
        used = any(
            self.points[p] == self.points[q] and self.money[p] != self.money[q]
            for p in range(n)
            for q in range(p + 1, n)
        )
        return ("rounds", ("money",) if used else ())

    def observation(self, player: int | None) -> dict[str, Json]:
        """KH-IO-3: everything but the hidden parts of stacks, decks and events."""
        out = self.to_json()
        out["stack_hidden"] = [len(h) + (self.stack_bottom[i] >= 0) for i, h in enumerate(self.stack_hidden)]
        del out["stack_bottom"]
        out["layers"] = [len(layer) for layer in self.layers]
        out["ev_left"] = [len(x) for x in self.events_left]
        out["prices"] = [economy.price(self, g) for g in range(6)]
        out["viewer"] = player
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        # Hidden parts are multisets fixed by public information; no order is stored.
        return self.clone()

    def num_distinct_actions(self) -> int:
        return SPACE.size

    def action_to_json(self, action: int) -> dict[str, Json]:
        return SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        return action_text(self, action)

    def __repr__(self) -> str:
        return f"KHState(round {self.round}, {PHASES[self.phase]}, player {self.current})"
