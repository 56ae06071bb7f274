"""Round start and end: events, tax and land tax, noble scoring, the red nobles, game end."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy, scoring
from townhall.games.kutna_hora.base import OVER, PLAY, RED_STACK, TAX, KHBase
from townhall.games.kutna_hora.data import DATA

B = DATA.buildings


class RoundRules(KHBase):
    def _begin_round(self) -> None:
        self.phase = PLAY
        self.current = self.start
        self.cards_in_turn = 2
        self.used_cards = [0] * self.num_players
        self.turns_done = [0] * self.num_players

    def _reveal_event(self, chance: Chance, events: list[Event] | None) -> None:
        deck = 0 if self.round <= self.red_after else 1
        left = self.ev_left[deck]
        if not left or self.round >= self.rounds:
            self.ev_current = -1
            return
        self.ev_current = left.pop(chance.below(len(left)))
        card = DATA.events[self.ev_current]
        self.tax = min(DATA.tax_cap, self.tax + card.tax)  # KH-SETUP-13: tax at the reveal
        if events is not None:
            events.append(Event("event", f"event {card.id} revealed (tax +{card.tax})", {"event": card.id}))

    def _end_round(self, chance: Chance, events: list[Event] | None) -> None:
        if self.ev_current >= 0:  # KH-END-3: event deck advances before tax
            card = DATA.events[self.ev_current]
            economy.advance(self, 0, card.population, chance, events)
            economy.advance(self, 1, card.ore, chance, events)
        self.phase = TAX
        n = self.num_players
        self.tax_queue = [(self.start + i) % n for i in range(n)]
        self._continue_tax(chance, events)

    def tax_due(self, p: int) -> int:
        return self.tax + DATA.land_tax.get(len(self.plots[p]), 0)  # KH-END-2

    def _continue_tax(self, chance: Chance, events: list[Event] | None) -> None:
        while self.tax_queue:
            p = self.tax_queue[0]
            due = self.tax_due(p)
            if due == 0:
                self.tax_queue.pop(0)
            elif self.money[p] < due:  # KH-END-1: unable to pay, the penalty
                self.current = p
                self._tax_decision(True, events)
            else:
                self.current = p
                return
        self._finish_round(chance, events)

    def _tax_decision(self, penalty: bool, events: list[Event] | None) -> None:
        p = self.tax_queue.pop(0)
        if penalty:
            loss = DATA.tracks[self.num_players].penalties[self.round - 1]
            self.change_rep(p, -loss)
            text = f"player {p + 1} takes the tax penalty (-{loss} reputation)"
        else:
            due = self.tax_due(p)
            self.money[p] -= due
            text = f"player {p + 1} pays {due} tax"
        if events is not None:
            events.append(Event("tax", text))

    def _finish_round(self, chance: Chance, events: list[Event] | None) -> None:
        if self.round > self.rounds - DATA.noble_rounds:
            scoring.score_nobles(self, events)  # KH-NOBLE-1
        if self.round == self.red_after and self.red_waiting:
            self._red_nobles_enter(chance, events)
        if self.round >= self.rounds:
            scoring.final_scoring(self, events)
            self.phase = OVER
            return
        self.round += 1
        self.start = (self.start + 1) % self.num_players  # KH-TURN-3
        self._begin_round()
        if self.events_on:
            self._reveal_event(chance, events)
        else:
            self.ev_current = -1

    def _red_nobles_enter(self, chance: Chance, events: list[Event] | None) -> None:
        """KH-SETUP-3: shuffled, one red tile at the end of each town-hall row."""
        reds = [b.index for b in B if b.noble == 3]
        chance.shuffle(reds)
        for r, row in enumerate(self.hall):
            stack = RED_STACK + r
            self.stack_top[stack] = reds[r]
            self.put_at_row_end(row, stack)  # at the row end; emptied places are no columns
        self.red_waiting = False
        if events is not None:
            events.append(Event("red", "the red nobles enter the town hall"))
