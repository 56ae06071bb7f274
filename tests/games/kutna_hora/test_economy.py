"""Prices, decks and sliders (KH-PRICE-*)."""

from __future__ import annotations

from tests.games.kutna_hora.helpers import GROCERS, INNKEEPERS, blank, cell, do, guild_tile, texts
from townhall.engine import Chance, Event
from townhall.games.kutna_hora import barbara, economy
from townhall.games.kutna_hora.data import BEER, DATA, FOOD, ORE, PERMITS, SILVER, WOOD


def test_price_read_from_deck_position_and_slider() -> None:
    """KH-PRICE-1: each good's price = its table at its deck's position and its slider column."""
    s = blank(2)
    assert [economy.price(s, g) for g in range(6)] == [4, 2, 4, 5, 6, 4]
    s.population_position, s.ore_position = 16, 12
    s.sliders = [1, 2, 0, 3, 1, 2]
    assert [economy.price(s, g) for g in range(6)] == [5, 2, 6, 3, 4, 4]
    for g in range(6):
        pos = s.ore_position if g in (PERMITS, ORE, SILVER) else s.population_position
        assert economy.price(s, g) == DATA.prices[g][pos][s.sliders[g]]


def test_paying_wood_is_amount_times_price() -> None:
    """KH-PRICE-2: a mine at an entrance costs 2 wood = 2 x the wood price (6 at population 16)."""
    s = blank(2)
    s.population_position = 16
    s.layers = [[0]]
    do(s, "c1 mine")
    do(s, "keep I-1 (cost 1 ore 1 pop 0 pts 0 stars 1)")
    assert s.money[0] == 40
    do(s, "mine A2")
    assert economy.price(s, WOOD) == 6 and s.money[0] == 40 - 2 * 6


def test_deck_advance_reveals_cards_one_at_a_time() -> None:
    """KH-PRICE-3: advancing 6 passes card 5 (town builds food): food slider +1, the grocers' top
    tile is discarded and their stack moves to the row end."""
    s = blank(2)
    events: list[Event] = []
    economy.advance(s, 0, 6, Chance(0), events)
    assert s.population_position == 6
    assert [e.data["position"] for e in events if e.kind == "deck"] == [1, 2, 3, 4, 5, 6]
    assert s.sliders[FOOD] == 1
    assert s.hall[1] == [INNKEEPERS, 7, GROCERS]
    assert s.stack_top[GROCERS] in (guild_tile(GROCERS, 2), guild_tile(GROCERS, 3))
    assert len(s.stack_hidden[GROCERS]) == 1


def test_prices_follow_population_ore_and_buildings() -> None:
    """KH-PRICE-4: population raises prices; ore lowers ore and raises silver and permits; a guild
    building moves its slider right; a metallurgist building lowers silver and raises ore."""
    s = blank(2)
    wood0, ore0, silver0, permit0 = (
        economy.price(s, WOOD),
        economy.price(s, ORE),
        economy.price(s, SILVER),
        economy.price(s, PERMITS),
    )
    s.population_position, s.ore_position = 8, 8
    assert economy.price(s, WOOD) == wood0 + 1
    assert (economy.price(s, ORE), economy.price(s, SILVER), economy.price(s, PERMITS)) == (
        ore0 - 1,
        silver0 + 1,
        permit0 + 1,
    )
    s.population_position, s.ore_position = 0, 0
    s.sliders[ORE] = 2
    s.slots[0] = [guild_tile(5, 1)]  # MET2: silver +1, wood 2
    s.plots[0] = [0]
    s.town_plot[0] = 0
    do(s, "c3 build")
    do(s, "build MET2 A1")
    do(s, "resolve")  # silver slider right
    do(s, "resolve")  # ore slider left
    assert s.sliders[SILVER] == 1 and s.sliders[ORE] == 1
    assert economy.price(s, SILVER) == 3 and economy.price(s, ORE) == 6


def test_town_builds_with_empty_stack_still_moves_slider() -> None:
    """KH-PRICE-5: nothing to discard, but the slider moves and the stack goes to the row end."""
    s = blank(2)
    s.stack_top[GROCERS], s.stack_hidden[GROCERS], s.stack_bottom[GROCERS] = -1, [], -1
    economy.town_builds(s, GROCERS, Chance(0), None)
    assert s.sliders[FOOD] == 1 and s.stack_top[GROCERS] == -1
    assert s.hall[1] == [INNKEEPERS, 7, GROCERS]


def test_red_x_blocks_building_but_not_licences() -> None:
    """KH-PRICE-6 / KH-BUILD-7: population card 3 shows no demand for beer."""
    s = blank(2)
    s.current = 1
    s.population_position = 3
    assert economy.no_demand(s) == frozenset({BEER})
    do(s, "c2 licence")
    do(s, "take 22 INN2")  # licence still possible
    assert s.slots[1] == [guild_tile(INNKEEPERS, 1)]
    s.plots[1] = [cell("A1", 5)]
    s.town_plot[cell("A1", 5)] = 1
    do(s, "c3 build")  # no legal build: the action has no effect
    assert s.town[cell("A1", 5)] == -1 and s.slots[1] == [guild_tile(INNKEEPERS, 1)]
    s.population_position = 4  # card 4 shows no red X
    s.current, s.cards_in_turn, s.used_cards[1] = 1, 2, 0
    do(s, "c3 build")
    assert "build INN2 A1" in texts(s)


def test_flip_without_gap() -> None:
    """KH-PRICE-7: population 18 -> 19 (flip icon) -> 20 -> 21; ore 13 -> 14 -> 15."""
    s = blank(2)
    s.population_position, s.ore_position = 18, 13
    economy.advance(s, 0, 3, Chance(0), None)
    economy.advance(s, 1, 2, Chance(0), None)
    assert (s.population_position, s.ore_position) == (21, 15)
    assert DATA.deck_flip == (19, 14)


def test_deck_end_and_tax_cap() -> None:
    """KH-PRICE-8: a deck at its end ignores further advances; the tax never exceeds 25."""
    s = blank(2)
    s.population_position, s.ore_position = 38, 29
    economy.advance(s, 0, 5, Chance(0), None)
    economy.advance(s, 1, 3, Chance(0), None)
    assert (s.population_position, s.ore_position) == (39, 29)
    s.tax = 24
    s.barbara_next = 2  # tile 3 carries tax 2
    barbara.turn_barbara(s, None)
    assert s.tax == 25
