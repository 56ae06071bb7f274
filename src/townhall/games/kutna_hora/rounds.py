"""Round start and end: events, tax and land tax, noble scoring, the red nobles, game end."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy, scoring
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import OVER, PLAY, RED_STACK, TAX, KutnaHoraPosition
from townhall.games.kutna_hora.reputation import change_rep
from townhall.games.kutna_hora.stacks import put_at_row_end
from townhall.games.kutna_hora.tables import BUILDINGS

RED_TILES: Final = tuple(b.index for b in BUILDINGS if b.noble == 3)  # built once


def begin_round(position: KutnaHoraPosition) -> None:
    position.phase = PLAY
    position.current = position.start
    position.cards_in_turn = 2
    position.used_cards = [0] * position.num_players
    position.turns_done = [0] * position.num_players


def reveal_event(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    deck = 0 if position.round <= position.red_after else 1
    left = position.events_left[deck]
    if not left or position.round >= position.rounds:
        position.event_current = -1
        return
    position.event_current = left.pop(chance.below(len(left)))
    card = DATA.events[position.event_current]
    position.tax = min(DATA.tax_cap, position.tax + card.tax)  # KH-SETUP-13: tax at the reveal
    if events is not None:
        events.append(Event("event", data={"event": card.id, "card": card.index, "tax": card.tax}))


def end_round(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    if position.event_current >= 0:  # KH-END-3: event deck advances before tax
        card = DATA.events[position.event_current]
        economy.advance(position, 0, card.population, chance, events)
        economy.advance(position, 1, card.ore, chance, events)
    position.phase = TAX
    n = position.num_players
    position.tax_queue = [(position.start + i) % n for i in range(n)]
    continue_tax(position, chance, events)


def tax_due(position: KutnaHoraPosition, p: int) -> int:
    return position.tax + DATA.land_tax.get(len(position.plots[p]), 0)  # KH-END-2


def continue_tax(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    while position.tax_queue:
        p = position.tax_queue[0]
        due = tax_due(position, p)
        if due == 0:
            position.tax_queue.pop(0)
        elif position.money[p] < due:  # KH-END-1: unable to pay, the penalty
            position.current = p
            tax_decision(position, True, events)
        else:
            position.current = p
            return
    finish_round(position, chance, events)


def tax_decision(position: KutnaHoraPosition, penalty: bool, events: list[Event] | None) -> None:
    p = position.tax_queue.pop(0)
    if penalty:
        loss = DATA.tracks[position.num_players].penalties[position.round - 1]
        change_rep(position, p, -loss)
        amount = loss
    else:
        due = tax_due(position, p)
        position.money[p] -= due
        amount = due
    if events is not None:
        events.append(Event("tax", data={"player": p, "penalty": penalty, "amount": amount}))


def finish_round(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    if position.round > position.rounds - DATA.noble_rounds:
        scoring.score_nobles(position, events)  # KH-NOBLE-1
    if position.round == position.red_after and position.red_nobles_waiting:
        red_nobles_enter(position, chance, events)
    if position.round >= position.rounds:
        scoring.final_scoring(position, events)
        position.phase = OVER
        return
    position.round += 1
    position.start = (position.start + 1) % position.num_players  # KH-TURN-3
    begin_round(position)
    if position.events_enabled:
        reveal_event(position, chance, events)
    else:
        position.event_current = -1


def red_nobles_enter(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    """KH-SETUP-3: shuffled, one red tile at the end of each town-hall row."""
    reds = list(RED_TILES)
    chance.shuffle(reds)
    for r, row in enumerate(position.hall):
        stack = RED_STACK + r
        position.stack_top[stack] = reds[r]
        position.hall_revision += 1
        put_at_row_end(position, row, stack)  # at the row end; emptied places are no columns
    position.red_nobles_waiting = False
    if events is not None:
        events.append(Event("red", data={"tiles": reds[: len(position.hall)]}))
