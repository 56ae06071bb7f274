"""Prices, the two decks and income (KH-PRICE-*, KH-INC-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora.data import DATA, GOODS

if TYPE_CHECKING:
    from townhall.games.kutna_hora.base import KHBase as KHState

MINE_TILES = DATA.mine_tiles + DATA.tech  # indexed by tile id (technology tiles follow)
DECK_NAMES = ("population", "ore")


def price(state: KHState, good: int) -> int:
    """KH-PRICE-1: the good's table at its deck's position and its slider's column."""
    position = state.ore_pos if DATA.good_deck[good] else state.pop_pos
    return DATA.prices[good][position][state.sliders[good]]


def production(state: KHState, player: int, good: int) -> int:
    """KH-BUILD-5: ore from buildings and from mines are kept apart but add up."""
    amount = state.prod[player][good]
    if good == 4:
        amount += state.ore_mine[player]
    return amount


def income(state: KHState, player: int) -> int:
    """KH-INC-1: production times the current price, summed over the goods."""
    return sum(production(state, player, g) * price(state, g) for g in range(6))


def advance(state: KHState, deck: int, steps: int, chance: Chance, events: list[Event] | None) -> None:
    """KH-PRICE-3/7/8: one card at a time, icons resolve as revealed; the end ignores the rest."""
    last = DATA.deck_len[deck] - 1
    builds = DATA.deck_builds[deck]
    for _ in range(steps):
        pos = state.ore_pos if deck else state.pop_pos
        if pos >= last:
            return
        pos += 1
        if deck:
            state.ore_pos = pos
        else:
            state.pop_pos = pos
        if events is not None:
            events.append(Event("deck", f"{DECK_NAMES[deck]} deck advances to {pos}", {"deck": deck, "position": pos}))
        good = builds[pos]
        if good >= 0:
            town_builds(state, good, chance, events)


def town_builds(state: KHState, good: int, chance: Chance, events: list[Event] | None) -> None:
    """KH-PRICE-5: slider right; the guild stack's top tile is discarded and the stack moves on."""
    state.sliders[good] = min(DATA.columns - 1, state.sliders[good] + 1)
    discarded = state.stack_top[good]
    if discarded >= 0:
        state.reveal_top(good, chance)  # the discarded tile leaves the game
    if events is not None:
        what = DATA.buildings[discarded].id if discarded >= 0 else "nothing (stack empty)"
        events.append(Event("town-builds", f"the town builds {GOODS[good]}: discards {what}"))
    state.move_to_row_end(good)
