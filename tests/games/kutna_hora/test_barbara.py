"""St. Barbara (KH-BAR-1, KH-BAR-2) and declining parts of its tiles (KH-TURN-4)."""

from __future__ import annotations

from tests.games.kutna_hora.helpers import BUILDERS, MINERS, blank, cell, do, guild_tile, public_tile, texts
from townhall.engine import Chance
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.data import DATA, ORE, SILVER, WOOD
from townhall.games.kutna_hora.state import KutnaHoraState

T = 5
M = 8


def _barbara(s: KutnaHoraState, number: int, chance: Chance | None = None) -> None:
    """Player 0 spends a pelican with tile `number` (1-11) the lowest face-up one, and resolves it."""
    s.barbara_next = number - 1
    s.pelicans_unused[0] += 1
    do(s, "c6 barbara")
    do(s, "resolve", chance)


def _built(s: KutnaHoraState, name: str, tile: int, owner: int) -> None:
    s.town[cell(name, T)] = tile
    s.town_owner[cell(name, T)] = owner


def test_barbara_spends_a_pelican_and_resolves_the_lowest_tile() -> None:
    """KH-BAR-1: the pelican turns over; tiles go in order; the tile's tax is ignored."""
    s = blank(2)
    assert "c6 barbara" not in texts(s)
    s.pelicans_unused[0] = 2
    do(s, "c6 barbara")
    # the tile stays face up while it resolves and turns down after (seed: "结算完效果后，将板块翻至面朝下")
    assert (s.pelicans_unused[0], s.pelicans_used[0], s.barbara_next) == (1, 1, 0)
    do(s, "resolve")
    assert s.reputation[0] == 2 and s.tax == 0 and s.barbara_next == 1
    s.used_cards[0] = 0  # (the next round, same player)
    do(s, "c6 barbara")
    assert texts(s) == ["resolve", "decline"]
    do(s, "decline")  # tile 2 ignored: nothing happens, the tile is still turned down
    assert s.reputation[0] == 2 and s.barbara_next == 2 and s.slots[0] == []


def test_tile_1_two_reputation() -> None:
    """KH-BAR-2 tile 1"""
    s = blank(2)
    _barbara(s, 1)
    assert s.reputation[0] == 2


def test_tile_2_reputation_and_free_licence() -> None:
    """KH-BAR-2 tile 2: +1 reputation and a licence without paying."""
    s = blank(2)
    _barbara(s, 2)
    assert s.reputation[0] == 1
    assert "take 11 BUI2" in texts(s) and "take 12 SCR2" not in texts(s)
    do(s, "take 33 YE1")
    assert s.slots[0] == [public_tile(2, 0)] and s.money[0] == 40


def test_tile_3_remove_house_for_production() -> None:
    """KH-BAR-2 tile 3: -1 reputation; the leftmost house of a chosen row goes for +2 production
    (no house effect); declining the house keeps it but the reputation is lost (KH-TURN-4)."""
    s = blank(2)
    _barbara(s, 3)
    assert s.reputation[0] == -1
    assert texts(s) == ["house builders", "house miners", "house metallurgists", "decline"]
    do(s, "house metallurgists")
    assert s.houses[0] == [4, 4, 3] and s.production[0][SILVER] == 2 and s.pelicans_unused[0] == 0 and s.points[0] == 0
    s = blank(2)
    _barbara(s, 3)
    do(s, "decline")
    assert s.reputation[0] == -1 and s.houses[0] == [4, 4, 4]


def test_tile_4_free_plot_anywhere() -> None:
    """KH-BAR-2 tile 4: +1 reputation and a plot anywhere for free."""
    s = blank(2)
    _built(s, "A1", guild_tile(BUILDERS, 1), 1)
    _barbara(s, 4)
    assert s.reputation[0] == 1
    assert "plot D5" in texts(s)  # not next to a building
    do(s, "plot D5")
    assert s.money[0] == 40 and s.plots[0] == [cell("D5", T)]


def test_tile_5_two_incomes() -> None:
    """KH-BAR-2 tile 5: -2 reputation, then two incomes with two chances to seat a noble."""
    s = blank(2)
    s.production[0][WOOD] = 5  # income 5 x 4 = 20
    s.noble_pool = [2, 0, 0, 0]
    _barbara(s, 5)
    assert s.reputation[0] == -2 and s.money[0] == 60
    do(s, "noble green")
    assert s.money[0] == 50 + 20
    do(s, "noble green")
    assert s.money[0] == 60 and s.council == [2, 0, 0, 0]


def test_tile_6_points_and_noble_from_the_bank() -> None:
    """KH-BAR-2 tile 6: +2 points and a noble straight from the bank to the council; the noble part
    may be declined while keeping the points (KH-TURN-4)."""
    s = blank(2)
    s.bank = [3, 0, 3, 3]
    _barbara(s, 6)
    assert s.points[0] == 2
    assert texts(s) == ["noble green", "noble yellow", "noble red", "decline"]
    do(s, "noble red")
    assert s.council == [0, 0, 0, 1] and s.bank == [3, 0, 3, 2] and s.money[0] == 40
    s = blank(2)
    _barbara(s, 6)
    do(s, "decline")
    assert s.points[0] == 2 and s.council == [0, 0, 0, 0]


def test_tile_7_reputation_per_public_neighbour() -> None:
    """KH-BAR-2 tile 7: own buildings at B2 and B4, public at B3 (next to both) and A2: +3."""
    s = blank(2)
    _built(s, "B2", guild_tile(BUILDERS, 1), 0)
    _built(s, "B4", guild_tile(MINERS, 1), 0)
    _built(s, "B3", public_tile(0, 0), -1)
    _built(s, "A2", public_tile(1, 0), -1)
    _built(s, "D1", public_tile(2, 0), -1)
    _barbara(s, 7)
    assert s.reputation[0] == 3


def test_tile_8_point_and_build_without_wood() -> None:
    """KH-BAR-2 tile 8"""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 3)]
    s.plots[0] = [cell("C1", T)]
    s.town_plot[cell("C1", T)] = 0
    _barbara(s, 8)
    assert s.points[0] == 1
    do(s, "build BUI4 C1")
    assert s.money[0] == 40 and s.production[0][WOOD] == 3


def test_tile_9_two_free_mines_with_miners_from_beside_the_pool() -> None:
    """KH-BAR-2 tile 9: two mine actions, no wood, miners from beside the pool first."""
    s = blank(2)
    s.layers = [[0, 1]]
    _barbara(s, 9, Chance(0))
    first = s.drawn[0]
    do(s, s.action_text(s.legal_actions(0)[0]))
    do(s, "mine A2")
    if first == 1:
        do(s, "decline")  # I-2's population icon
    assert (s.pool[0], s.reserve[0], s.money[0]) == (1, 7, 40)
    second = s.drawn[0]
    do(s, s.action_text(s.legal_actions(0)[0]))
    do(s, "mine A3")
    if second == 1:
        do(s, "decline")
    assert sorted([first, second]) == [0, 1]
    assert (s.pool[0], s.reserve[0], s.money[0]) == (1, 6, 40)
    assert s.ore_from_mines[0] == 2


def test_tile_10_scores_one_building() -> None:
    """KH-BAR-2 tile 10: one own building scored as in final scoring."""
    s = blank(2)
    tile = guild_tile(BUILDERS, 1)
    _built(s, "B2", tile, 0)
    wanted = next(iter(DATA.buildings[tile].scores))
    shows = next(b.index for b in DATA.buildings if b.public and b.shows.count(wanted) >= 1)
    _built(s, "B3", shows, -1)
    _barbara(s, 10)
    assert texts(s) == ["score B2", "decline"]
    do(s, "score B2")
    expected = sum(1 for i in DATA.buildings[shows].shows if i == wanted)
    expected += sum(1 for i in DATA.sides[2].edges[cell("B2", T)] if i == wanted)
    assert s.points[0] == expected >= 1


def test_tile_11_five_points_then_two_reputation() -> None:
    """KH-BAR-2 tile 11: +5 points; afterwards each St. Barbara action gives +2 reputation."""
    s = blank(2)
    _barbara(s, 11)
    assert s.points[0] == 5 and s.barbara_next == 11
    s.pelicans_unused[0] = 1
    s.used_cards[0] = 0
    do(s, "c6 barbara")
    assert s.reputation[0] == 2 and s.pelicans_used[0] == 2


def test_production_may_exceed_ten() -> None:
    """KH-FIN-7: tile 3 on a production of 10 gives 12."""
    s = blank(2)
    s.production[0][ORE] = 10
    _barbara(s, 3)
    do(s, "house miners")
    assert s.production[0][ORE] == 12 and economy.income(s, 0) == 12 * 6
