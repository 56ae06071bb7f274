"""The actions: mine, licence, plot, build, income (KH-MINE-*, KH-LIC-*, KH-PLOT-*, KH-BUILD-*, KH-INC-*)."""

from __future__ import annotations

from tests.games.kutna_hora.helpers import (
    BUILDERS,
    MINERS,
    blank,
    cell,
    do,
    guild_tile,
    public_tile,
    texts,
)
from townhall.engine import Chance
from townhall.games.kutna_hora import barbara, economy, mine, rounds, town
from townhall.games.kutna_hora.data import ORE, SILVER, WOOD
from townhall.games.kutna_hora.state import KutnaHoraState
from townhall.games.kutna_hora.steps import PlaceMine

M = 8  # mine area columns (stand-in)
T = 5  # town columns on the 2-player side


def _mine_at(s: KutnaHoraState, name: str, tile: int, owner: int = 1) -> None:
    s.mine[cell(name, M)] = tile
    s.mine_owner[cell(name, M)] = owner


def _plot(s: KutnaHoraState, p: int, name: str) -> None:
    s.plots[p].append(cell(name, T))
    s.town_plot[cell(name, T)] = p


def _built(s: KutnaHoraState, name: str, tile: int, owner: int) -> None:
    s.town[cell(name, T)] = tile
    s.town_owner[cell(name, T)] = owner


# ---------------------------------------------------------------- mine


def test_mine_buy_miners_only_with_an_empty_pool() -> None:
    """KH-MINE-1: an empty pool may buy one permit's worth (price 2): up to 2 miners, or only 1."""
    s = blank(2)
    s.pool[0] = 0
    s.layers = [[0]]
    do(s, "c1 mine")
    assert texts(s) == ["buy 1 miner", "buy 2 miners", "decline"]
    do(s, "buy 2 miners")
    assert (s.money[0], s.pool[0], s.reserve[0]) == (38, 2, 6)
    assert texts(s)[0].startswith("keep I-1")
    s = blank(2)
    s.pool[0], s.reserve[0] = 0, 8
    do(s, "c1 mine")
    do(s, "buy 1 miner")  # full price, one miner
    assert (s.money[0], s.pool[0], s.reserve[0]) == (38, 1, 7)
    s = blank(2)
    s.pool[0], s.reserve[0] = 0, 1
    do(s, "c1 mine")
    assert texts(s) == ["buy 1 miner", "decline"]
    s = blank(2)  # a miner in the pool: no refill step
    do(s, "c1 mine")
    assert texts(s)[0].startswith("keep") and s.reserve[0] == 8


def test_mine_draw_as_many_as_the_level() -> None:
    """KH-MINE-2: level 3 draws 3, keep 1, discard the rest; discarding all builds nothing; an
    empty deck is rebuilt from all discards."""
    s = blank(2)
    s.technology_taken = 2
    s.layers = [[0, 1, 2, 3], [9]]
    do(s, "c1 mine", Chance(5))
    assert len(s.drawn) == 3 and len(s.layers[0]) == 1
    drawn = list(s.drawn)
    keep = drawn[1]
    do(s, s.action_text(s.legal_actions(0)[1]))
    assert sorted(s.discard) == sorted(t for t in drawn if t != keep)
    assert isinstance(s.tasks[-1], PlaceMine) and s.tasks[-1].tile == keep
    s = blank(2)
    s.layers = [[4]]
    do(s, "c1 mine")
    do(s, "decline")
    assert s.discard == [4] and s.mine.count(-1) == 4 * M  # the whole mine still empty
    s = blank(2)
    s.layers, s.discard = [], [5, 12, 20]
    do(s, "c1 mine", Chance(1))
    assert len(s.drawn) == 1 and s.discard == []
    assert sorted(s.layers[0] + s.drawn) == [5, 12, 20]  # groups mixed in one deck


def test_mine_places_and_costs() -> None:
    """KH-MINE-3: entrances cost 2 wood; beside/below a mine its printed cost, the highest of
    several; never above a mine; never on rocks or mines."""
    s = blank(2)
    _mine_at(s, "A2", 3)  # I-4, cost 2
    _mine_at(s, "A4", 19)  # III-2, cost 4
    _mine_at(s, "C6", 0)  # I-1, cost 1
    s.mine[cell("A1", M)] = -2  # a rock
    options = dict(mine.mine_options(s))
    names = {f"{chr(65 + c // M)}{c % M + 1}": cost for c, cost in options.items()}
    # A3 between A2 (2) and A4 (4) takes the higher; A7 is the free entrance (2 wood)
    assert names == {"A3": 4, "B2": 2, "A5": 4, "B4": 4, "A7": 2, "C5": 1, "C7": 1, "D6": 1}
    assert "B6" not in names  # above C6: a mine never opens the space above it


def test_mine_placement_effects() -> None:
    """KH-MINE-4: the tile gets a miner from the pool; ore production +2 and the ore deck +2,
    population +1, 2 points (tile III-2)."""
    s = blank(2)
    s.layers = [[19]]
    do(s, "c1 mine")
    do(s, "keep III-2 (cost 4 ore 2 pop 1 pts 2 stars 2)")
    assert texts(s) == ["mine A2", "mine A7", "decline"]
    do(s, "mine A7")
    assert texts(s) == ["resolve", "decline"]  # the population icon
    do(s, "resolve")
    assert s.money[0] == 40 - 2 * 4  # the entrance: 2 wood at 4
    assert s.mine[cell("A7", M)] == 19 and s.mine_owner[cell("A7", M)] == 0
    assert (s.pool[0], s.ore_from_mines[0], s.ore_position, s.population_position, s.points[0]) == (0, 2, 2, 1, 2)
    assert economy.income(s, 0) == 2 * economy.price(s, ORE) == 2 * 6


# ---------------------------------------------------------------- licence


def test_licence_only_top_tiles_of_own_guilds_or_public() -> None:
    """KH-LIC-1"""
    s = blank(2)
    do(s, "c1 licence")
    assert texts(s) == [
        "take 11 BUI2",
        "take 13 GR1",
        "take 23 SI1",
        "take 31 MIN2",
        "take 32 MET2",
        "take 33 YE1",
        "decline",
    ]


def test_licence_costs_by_column() -> None:
    """KH-LIC-2: 1 groschen, then 1 / 2 / 3 permits (permit price 2)."""
    s = blank(2)
    do(s, "c1 licence")
    do(s, "take 32 MET2")
    assert s.money[0] == 38
    do(s, "c2 licence")
    do(s, "take 13 GR1")
    assert s.money[0] == 34
    s = blank(2)
    s.round = 3
    rounds.red_nobles_enter(s, Chance(0), None)
    do(s, "c1 licence")
    red = s.stack_top[s.hall[0][3]]
    do(s, f"take 14 {['RE1', 'RE2', 'RE3'][red - 33]}")
    assert s.money[0] == 40 - 3 * 2


def test_licence_needs_a_free_slot() -> None:
    """KH-LIC-3"""
    s = blank(2)
    s.slots[0] = [1, 17, 21]
    assert not any("licence" in t for t in texts(s))
    assert "c5 joker licence" not in texts(s)


def test_licence_stack_moves_to_row_end() -> None:
    """KH-LIC-4: the stack goes to the row end, the others slide left."""
    s = blank(2)
    do(s, "c1 licence")
    do(s, "take 11 BUI2")
    assert s.hall[0] == [1, 6, BUILDERS]
    assert s.stack_top[BUILDERS] in (guild_tile(BUILDERS, 2), guild_tile(BUILDERS, 3))
    assert s.slots[0] == [1] and s.money[0] == 39


# ---------------------------------------------------------------- plot


def test_plot_prices() -> None:
    """KH-PLOT-1: empty town any plot for 5; then only beside buildings at the highest price; if
    none is free, any plot for 5."""
    s = blank(2)
    do(s, "c2 plot")
    offered = [t for t in texts(s) if t.startswith("plot")]
    assert len(offered) == 19 and "plot C3" not in offered
    do(s, "plot D5")
    assert s.money[0] == 35 and s.plots[0] == [cell("D5", T)]
    s = blank(2)
    _built(s, "B2", guild_tile(BUILDERS, 1), 1)  # plot price 3
    _built(s, "B4", guild_tile(BUILDERS, 3), 1)  # plot price 4
    prices = {name: cost for c, cost in town.plot_options(s, 0, 0) for name in [f"{chr(65 + c // T)}{c % T + 1}"]}
    assert prices == {"A2": 3, "B1": 3, "C2": 3, "B3": 4, "A4": 4, "B5": 4, "C4": 4}
    for name in prices:
        s.town_plot[cell(name, T)] = 1
    assert {cost for _, cost in town.plot_options(s, 0, 0)} == {5}
    assert len(town.plot_options(s, 0, 0)) == 19 - 2 - 7


def test_plot_costs_one_with_reputation_three() -> None:
    """KH-PLOT-2"""
    s = blank(2)
    s.reputation[0] = 3
    do(s, "c2 plot")
    do(s, "plot A1")
    assert s.money[0] == 39


def test_at_most_three_plots() -> None:
    """KH-PLOT-3"""
    s = blank(2)
    for name in ("A1", "A3"):
        _plot(s, 0, name)
    assert len(town.plot_options(s, 0, 0)) == 17
    _plot(s, 0, "A5")
    assert town.plot_options(s, 0, 0) == []


# ---------------------------------------------------------------- build


def test_build_pays_wood_returns_marker_and_places() -> None:
    """KH-BUILD-1: BUI2 costs 2 wood (8); the plot marker returns; the tile stands on the plot."""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 1)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    assert texts(s) == ["build BUI2 A1", "decline"]
    do(s, "build BUI2 A1")
    assert s.money[0] == 40 - 2 * 4 and s.plots[0] == [] and s.slots[0] == []
    assert s.town[0] == 1 and s.town_owner[0] == 0 and s.town_plot[0] == -1


def test_build_house_effects() -> None:
    """KH-BUILD-2: the leftmost house of the guild's row goes on the building: builders row col 1
    a pelican and +1 reputation, col 2 a free public licence (declinable); col 4 +1 reputation and
    1 point."""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 1), guild_tile(BUILDERS, 2)]
    _plot(s, 0, "A1")
    _plot(s, 0, "D5")
    do(s, "c3 build")
    do(s, "build BUI2 A1")
    assert s.pelicans_unused[0] == 1 and s.reputation[0] == 1 and s.houses[0] == [3, 4, 4]
    do(s, "resolve")  # the slider icon (wood now 3)
    do(s, "decline")  # the St. Barbara icon
    assert not s.tasks
    do(s, "c4 build")
    do(s, "build BUI3 D5")
    assert s.houses[0] == [2, 4, 4] and s.pelicans_unused[0] == 1 and s.reputation[0] == 1
    do(s, "resolve")  # the slider icon first, then the St. Barbara icon, then the house's licence
    do(s, "decline")
    assert texts(s) == ["take 13 GR1", "take 23 SI1", "take 33 YE1", "decline"]
    do(s, "take 23 SI1")
    assert s.slots[0] == [public_tile(1, 0)] and s.money[0] == 40 - 2 * 4 - 2 * 3
    assert s.hall[1] == [2, 3, 7]
    s = blank(2)
    s.houses[0][0] = 3
    s.slots[0] = [guild_tile(BUILDERS, 1)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build BUI2 A1")
    do(s, "decline")  # the slider
    do(s, "decline")  # the St. Barbara icon
    do(s, "decline")  # the free public licence
    assert s.slots[0] == [] and s.hall[1] == [2, 3, 7] and not s.tasks
    s = blank(2)
    s.houses[0][0] = 1
    s.slots[0] = [guild_tile(BUILDERS, 1)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build BUI2 A1")
    assert (s.reputation[0], s.points[0], s.pelicans_unused[0], s.houses[0]) == (1, 1, 0, [0, 4, 4])


def test_guild_building_production_and_slider() -> None:
    """KH-BUILD-3: production of its good rises; the slider moves right except for miners."""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 1), guild_tile(MINERS, 0)]
    _plot(s, 0, "A1")
    _plot(s, 0, "A2")
    do(s, "c3 build")
    do(s, "build BUI2 A1")
    assert s.production[0][WOOD] == 2 and s.sliders[WOOD] == 0
    do(s, "resolve")
    assert s.sliders[WOOD] == 1 and economy.price(s, WOOD) == 3 and mine.level(s) == 1  # only miners raise the level
    do(s, "decline")  # BUI2's St. Barbara icon
    do(s, "c4 build")
    do(s, "build MIN1 A2")
    assert s.production[0][ORE] == 2 and s.sliders[ORE] == 0 and "resolve" not in texts(s)


def test_st_barbara_icon_turns_tile_and_raises_tax() -> None:
    """KH-BUILD-4: the lowest St. Barbara tile turns down for nobody; tax + its number (1)."""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 2)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build BUI3 A1")
    do(s, "resolve")  # the slider icon
    assert s.barbara_next == 0
    do(s, "resolve")  # the St. Barbara icon
    # tile 1 (+2 reputation) is gone for everybody: the reputation is the house's (+1)
    assert s.barbara_next == 1 and s.tax == 1 and s.reputation[0] == 1 and s.points[0] == 0
    s.barbara_next = 11
    barbara.turn_barbara(s, None)
    assert s.tax == 1


def test_miners_guild_building_ore_and_technology() -> None:
    """KH-BUILD-5: MIN1 gives building ore +2 (ore deck +2), takes the top technology tile (level 2
    for everybody) and places it free with a miner from beside the pool; or removes it."""
    s = blank(2)
    s.slots[0] = [guild_tile(MINERS, 0)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build MIN1 A1")
    assert s.production[0][ORE] == 2 and s.ore_from_mines[0] == 0 and s.ore_position == 2
    assert mine.level(s) == 2 and s.money[0] == 40 - 1 * 4
    assert texts(s) == ["tech A2", "tech A7", "decline"]
    do(s, "tech A7")
    assert s.mine[cell("A7", M)] == 27 and s.mine_owner[cell("A7", M)] == 0
    assert (s.pool[0], s.reserve[0]) == (1, 7)
    s = blank(2)
    s.slots[0] = [guild_tile(MINERS, 0)]
    s.reserve[0] = 0
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build MIN1 A1")
    do(s, "tech A2")
    assert s.pool[0] == 0  # from the pool only when beside it is empty
    s = blank(2)
    s.slots[0] = [guild_tile(MINERS, 0)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build MIN1 A1")
    do(s, "decline")  # removed from the game; the level still rose
    assert mine.level(s) == 2 and 27 not in s.mine


def test_public_building() -> None:
    """KH-BUILD-6: no house, no production, owned by nobody; its effect; a noble to the pool."""
    s = blank(2)
    s.slots[0] = [public_tile(0, 0)]  # GR1: +4 reputation and 1 point, 1 wood
    _plot(s, 0, "B2")
    do(s, "c3 build")
    do(s, "build GR1 B2")
    assert s.reputation[0] == 4 and s.points[0] == 1 and s.money[0] == 40 - 1 * 4
    assert s.houses[0] == [4, 4, 4] and s.production[0] == [0] * 6
    assert s.town_owner[cell("B2", T)] == -1 and s.town[cell("B2", T)] == public_tile(0, 0)
    assert s.noble_pool == [1, 0, 0, 0] and s.bank == [2, 3, 3, 3]


def test_red_x_blocks_build() -> None:
    """KH-BUILD-7: ore card 7 shows no demand for silver: MET2 cannot be built."""
    s = blank(2)
    s.ore_position = 7
    s.slots[0] = [guild_tile(5, 1), public_tile(1, 0)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    assert texts(s) == ["build SI1 A1", "decline"]


# ---------------------------------------------------------------- income


def test_income_is_production_times_price() -> None:
    """KH-INC-1: wood 2 x 4 + ore (1 building + 2 mines) x 6 + silver 3 x 4 = 38."""
    s = blank(2)
    s.production[0][WOOD], s.production[0][ORE], s.ore_from_mines[0], s.production[0][SILVER] = 2, 1, 2, 3
    do(s, "c4 income")
    assert s.money[0] == 40 + 38


def test_income_may_seat_one_noble_for_ten() -> None:
    """KH-INC-2"""
    s = blank(2)
    s.noble_pool = [1, 1, 0, 0]
    do(s, "c4 income")
    assert texts(s) == ["noble green", "noble silver", "decline"]
    do(s, "noble silver")
    assert s.money[0] == 30 and s.council == [0, 1, 0, 0] and s.noble_pool == [1, 0, 0, 0]
    assert s.cards_in_turn == 1 and not s.tasks  # only one noble
    s = blank(2)
    s.noble_pool = [1, 0, 0, 0]
    s.money[0] = 5
    do(s, "c4 income")  # 5 groschen: no noble offered
    assert s.council == [0, 0, 0, 0] and not s.tasks


def test_no_technology_tile_left() -> None:
    """KH-BUILD-5: with all 4 technology tiles taken the level stays 5 and nothing is placed."""
    s = blank(2)
    s.technology_taken = 4
    s.slots[0] = [guild_tile(MINERS, 0)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build MIN1 A1")
    assert mine.level(s) == 5 and not s.tasks and s.production[0][ORE] == 2
