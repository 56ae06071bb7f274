"""Prices, the two decks and income (KH-PRICE-*, KH-INC-1)."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import KutnaHoraPosition
from townhall.games.kutna_hora.stacks import move_to_row_end, reveal_top
from townhall.games.kutna_hora.tables import COLUMNS, DECK_BUILDS, DECK_LENGTHS, GOOD_DECK, NO_DEMAND, PRICES


def price(position: KutnaHoraPosition, good: int) -> int:
    """KH-PRICE-1: the good's table at its deck's position and its slider's column."""
    card = position.ore_position if GOOD_DECK[good] else position.population_position
    return PRICES[good][card][position.sliders[good]]


def production(position: KutnaHoraPosition, player: int, good: int) -> int:
    """KH-BUILD-5: ore from buildings and from mines are kept apart but add up."""
    amount = position.production[player][good]
    if good == 4:
        amount += position.ore_from_mines[player]
    return amount


def income(position: KutnaHoraPosition, player: int) -> int:
    """KH-INC-1: production times the current price, summed over the goods."""
    return sum(production(position, player, g) * price(position, g) for g in range(6))


def advance(position: KutnaHoraPosition, deck: int, steps: int, chance: Chance, events: list[Event] | None) -> None:
    """KH-PRICE-3/7/8: one card at a time, icons resolve as revealed; the end ignores the rest."""
    last = DECK_LENGTHS[deck] - 1
    builds = DECK_BUILDS[deck]
    for _ in range(steps):
        pos = position.ore_position if deck else position.population_position
        if pos >= last:
            return
        pos += 1
        if deck:
            position.ore_position = pos
        else:
            position.population_position = pos
        if events is not None:
            events.append(Event("deck", data={"deck": deck, "position": pos}))
        good = builds[pos]
        if good >= 0:
            town_builds(position, good, chance, events)


def town_builds(position: KutnaHoraPosition, good: int, chance: Chance, events: list[Event] | None) -> None:
    """KH-PRICE-5: slider right; the guild stack's top tile is discarded and the stack moves on."""
    position.sliders[good] = min(COLUMNS - 1, position.sliders[good] + 1)
    position.market_revision += 1
    discarded = position.stack_top[good]
    if discarded >= 0:
        reveal_top(position, good, chance)  # the discarded tile leaves the game
    if events is not None:
        what = DATA.buildings[discarded].id if discarded >= 0 else None
        events.append(
            Event("town-builds", data={"good": good, "slider": position.sliders[good], "tile": discarded, "id": what})
        )
    move_to_row_end(position, good)


def no_demand(position: KutnaHoraPosition) -> frozenset[int]:
    """KH-PRICE-6: goods showing the red X on the current deck cards."""
    return NO_DEMAND[0][position.population_position] | NO_DEMAND[1][position.ore_position]
