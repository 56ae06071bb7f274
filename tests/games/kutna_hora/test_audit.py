"""Independent rules audit: scenario tests for rules the first implementation misread or left
untested. Each test names its clause and quotes the seed rulebook where it settles the point."""

from __future__ import annotations

from tests.games.kutna_hora.helpers import BUILDERS, MINERS, SCRIBES, blank, cell, do, guild_tile
from townhall.engine import Chance
from townhall.games.kutna_hora import GAME, economy, mine, rounds, town
from townhall.games.kutna_hora.actions import A_TAKE
from townhall.games.kutna_hora.data import DATA, WOOD
from townhall.games.kutna_hora.position import RED_STACK
from townhall.games.kutna_hora.state import KutnaHoraState

T = 5  # town columns on the 2-player side
M = 8  # mine columns
GREEN = 6  # the green public stack (row 1 of blank())


def _plot(s: KutnaHoraState, p: int, name: str) -> None:
    s.plots[p].append(cell(name, T))
    s.town_plot[cell(name, T)] = p


# ---------------------------------------------------------------- town hall: stacks slide left


def test_exhausted_stack_leaves_no_gap_in_its_row() -> None:
    """KH-LIC-4 / KH-LIC-2: "建筑板块总是向左滑动以填补空置出来的位置" (tiles always slide left to
    fill a vacated place). Row 1 is BUI | SCR | GR; the builders' stack holds only BUI2. Taking it
    (1 groschen) empties it; taking GR1 (column 2: 1 permit = 2) moves the green stack to the row
    end, which is column 2 again (SCR, GR): the next green tile still costs 1 permit, not 2."""
    s = blank(2)
    s.stack_hidden[BUILDERS], s.stack_bottom[BUILDERS] = [], -1
    do(s, "c1 licence")
    do(s, "take 11 BUI2")
    assert s.money[0] == 39
    do(s, "c2 licence")
    do(s, "take 12 GR1")
    assert s.money[0] == 37
    assert [s.stack_top[x] >= 0 for x in s.hall[0]][:2] == [True, True]
    assert s.hall[0][:2] == [SCRIBES, GREEN]
    options = {(r, c): cost for r, c, cost in town.licence_options(s, 1, 0)}
    assert options[(0, 1)] == 2  # GR2 in column 2: one permit at price 2
    assert (0, 2) not in options  # nothing stands in column 3


def test_taken_red_tile_leaves_no_gap() -> None:
    """KH-LIC-4 / KH-SETUP-3: after the red nobles enter (row 1: BUI | SCR | GR | RE), player 1
    takes the red tile (3 permits = 6) and then BUI2 (1 groschen): the builders' stack goes to the
    row end, i.e. column 3 behind SCR and GR (the red place is empty and is not a column any
    more), so BUI3 costs 2 permits (4), not 3 (6)."""
    s = blank(2)
    s.round = 3
    rounds.red_nobles_enter(s, Chance(0), None)
    red = s.stack_top[RED_STACK]
    do(s, "c1 licence")
    do(s, f"take 14 {DATA.buildings[red].id}")
    assert s.money[0] == 40 - 6
    do(s, "c2 licence")
    do(s, "take 11 BUI2")
    assert s.money[0] == 33
    assert s.hall[0][:3] == [SCRIBES, GREEN, BUILDERS]
    top = DATA.buildings[s.stack_top[BUILDERS]].id
    options = {(r, c): cost for r, c, cost in town.licence_options(s, 0, 0)}
    assert options[(0, 2)] == 4 and (0, 3) not in options
    assert s.action_text(A_TAKE + 2) == f"take 13 {top}"


def test_render_shows_no_empty_column() -> None:
    """KH-LIC-4: the rendered town hall lists only real stacks, in their columns."""
    s = blank(2)
    s.stack_hidden[BUILDERS], s.stack_bottom[BUILDERS] = [], -1
    do(s, "c1 licence")
    do(s, "take 11 BUI2")
    text = GAME.render(s, 0)
    row = next(line for line in text.splitlines() if line.strip().startswith("11 "))
    assert "empty" not in row and "13" not in row


# ---------------------------------------------------------------- St. Barbara


def test_declining_tile_3_still_costs_the_reputation() -> None:
    """KH-TURN-4 / KH-BAR-2 tile 3: "当结算板块3时，你必须失去1点声望，但你可以选择不移除一个房屋标记"
    (tile 3: you must lose 1 reputation but may keep the house). Ignoring the whole tile keeps the
    house, but the reputation is lost all the same."""
    s = blank(2)
    s.barbara_next = 2
    s.pelicans_unused[0] = 1
    do(s, "c6 barbara")
    assert "resolving tile 3" in GAME.render(s, 1) and "still costs the reputation" in GAME.render(s, 1)
    do(s, "decline")
    assert s.reputation[0] == -1 and s.houses[0] == [4, 4, 4] and s.barbara_next == 3
    assert s.pelicans_used[0] == 1


def test_declining_tile_5_still_costs_the_reputation() -> None:
    """KH-TURN-4 / KH-BAR-2 tile 5: the -2 reputation is the tile's price; ignoring its two income
    actions does not avoid it."""
    s = blank(2)
    s.production[0][WOOD] = 2
    s.barbara_next = 4
    s.pelicans_unused[0] = 1
    do(s, "c6 barbara")
    do(s, "decline")
    assert s.reputation[0] == -2 and s.money[0] == 40 and s.barbara_next == 5


def test_tile_stays_face_up_until_its_steps_are_done() -> None:
    """KH-BAR-1 / KH-BUILD-4: "结算完效果后，将板块翻至面朝下" (the tile turns down after its effect).
    Tile 8's free build puts up BUI3, whose St. Barbara icon turns "the current lowest tile": that
    is tile 8 itself (tax +1, its number's stand-in tax), so tile 9 stays face up for the next
    St. Barbara action."""
    s = blank(2)
    s.slots[0] = [guild_tile(BUILDERS, 2)]  # BUI3: St. Barbara icon
    _plot(s, 0, "C1")
    s.barbara_next = 7
    s.pelicans_unused[0] = 2
    do(s, "c6 barbara")
    assert s.barbara_next == 7  # tile 8 is being resolved: still the current tile
    do(s, "resolve")
    assert s.points[0] == 1
    do(s, "build BUI3 C1")
    do(s, "resolve")  # the builders' slider
    do(s, "resolve")  # the St. Barbara icon: tile 8 turns down, its tax counts
    assert s.tax == DATA.barbara_tax[7] == 1
    assert s.barbara_next == 8 and s.tasks == []
    # the next St. Barbara action resolves tile 9: two free mine actions
    s.used_cards[0] = 0
    s.layers = [[0, 1]]
    do(s, "c6 barbara")
    do(s, "resolve", Chance(0))
    assert s.barbara_next == 8 and s.drawn  # tile 9 in progress: a mine tile drawn
    assert s.tax == 1


def test_icon_without_a_resolving_tile_turns_the_lowest() -> None:
    """KH-BUILD-4: outside a St. Barbara action the icon turns the lowest face-up tile (tile 3 here,
    tax 1) and that tile's effect is lost for everybody: the builder keeps only the house's +1
    reputation, not tile 3's -1."""
    s = blank(2)
    s.barbara_next = 2
    s.slots[0] = [guild_tile(BUILDERS, 2)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build BUI3 A1")
    do(s, "resolve")  # slider
    do(s, "resolve")  # St. Barbara icon
    assert s.barbara_next == 3 and s.tax == DATA.barbara_tax[2] == 1 and s.reputation[0] == 1


# ---------------------------------------------------------------- decisions kept (seed check)


def test_technology_level_rises_when_the_tile_is_removed() -> None:
    """KH-BUILD-5: "抽取采矿技术板块会提升采矿技术等级" (drawing the technology tile raises the level);
    the player may then remove it from the game instead of placing it: the level still rises."""
    s = blank(2)
    s.slots[0] = [guild_tile(MINERS, 0)]
    _plot(s, 0, "A1")
    do(s, "c3 build")
    do(s, "build MIN1 A1")
    do(s, "decline")  # remove the technology tile
    assert mine.level(s) == 2 and all(t < 27 for t in s.mine)


def test_town_builds_emptying_a_stack_closes_the_gap() -> None:
    """KH-PRICE-5 / KH-LIC-4: the town builds wood while the builders' stack holds only BUI2: BUI2 is
    discarded, the emptied stack leaves row 1 to SCR | GR, so player 2 (scribes) takes SCR2 in
    column 1 for 1 groschen and the scribes' stack then stands behind GR in column 2."""
    s = blank(2)
    s.stack_hidden[BUILDERS], s.stack_bottom[BUILDERS] = [], -1
    economy.town_builds(s, BUILDERS, Chance(0), None)
    assert s.stack_top[BUILDERS] == -1 and s.hall[0] == [SCRIBES, GREEN, BUILDERS]
    s.current = 1
    do(s, "c1 licence")
    do(s, "take 11 SCR2")
    assert s.money[1] == 40 and s.hall[0] == [GREEN, SCRIBES, BUILDERS]
    options = {(r, c): cost for r, c, cost in town.licence_options(s, 1, 0)}
    assert options[(0, 1)] == 2 and (0, 2) not in options


def test_tile_9_uses_the_pool_only_when_beside_it_is_empty() -> None:
    """KH-BAR-2 tile 9: no purchase step; a miner from beside the pool, else from the pool; with no
    miner at all the mine action has no effect (KH-TURN-5)."""
    s = blank(2)
    s.layers = [[0, 1]]
    s.reserve[0], s.pool[0] = 0, 1
    s.barbara_next = 8
    s.pelicans_unused[0] = 1
    do(s, "c6 barbara")
    do(s, "resolve", Chance(0))
    do(s, s.action_text(s.legal_actions(0)[0]))  # keep the drawn tile
    do(s, "mine A2")
    while s.tasks and s.action_text(s.legal_actions(0)[0]) == "resolve":
        do(s, "decline")  # a population icon
    assert s.pool[0] == 0 and s.reserve[0] == 0 and s.mine_owner.count(0) == 1
    assert s.tasks == [] and s.drawn == [] and sum(map(len, s.layers)) == 1  # 2nd: no miner, no draw
    assert s.money[0] == 40 and s.barbara_next == 9
