"""Scenario tests of the audit's known gaps: St. Barbara's full rearrangement, the goods supply
shared by secret bank trades, and placement texts that name the square a building is known by."""

from __future__ import annotations

from tests.games.antiquity.helpers import act, add, build, flat, give, goods, texts, touch
from townhall.engine import Chance, Event
from townhall.games.antiquity import GAME, placement, supply
from townhall.games.antiquity.components import MAX_PLAN_STEPS
from townhall.games.antiquity.player import BARBARA, B
from townhall.games.antiquity.position import TRADE
from townhall.games.antiquity.steps import PlaceBuilding


def _full_city_but(s, p: int, keep: tuple[int, ...]) -> None:  # type: ignore[no-untyped-def]
    """Graves on every square of city 1 except `keep` (no free square is left)."""
    for i in range(49):
        if i not in keep:
            s.players[p].graves[0][i] = True
    touch(s)


def test_barbara_swaps_two_buildings_without_free_squares_ant_ph2_16() -> None:
    """ANT-PH2-16, the seed: 「侍奉圣芭芭拉的玩家可以在阶段 2 重新安排自己的城市建筑」 — any new
    arrangement of the city, not one move per building: a house at a1 and a fountain at b1 in a city
    with no other free square trade places (lift both, place the house first, then the fountain)."""
    s = flat(2)
    house_id = add(s, 0, "house", (0,))
    fountain_id = add(s, 0, "fountain", (1,))
    _full_city_but(s, 0, (0, 1))
    s.players[0].saint = BARBARA
    touch(s)
    assert [t for t in texts(s, 0) if t.startswith("move")] == ["move c1 a1", "move c1 b1"]
    act(s, 0, "move c1 a1")
    assert texts(s, 0) == ["at c1 a1", "move c1 b1", "withdraw"]  # "done" only when nothing is held
    act(s, 0, "move c1 b1")
    assert texts(s, 0) == ["at c1 a1", "at c1 b1", "withdraw"]  # the house (lifted first) goes first
    act(s, 0, "at c1 b1")
    assert texts(s, 0) == ["at c1 a1", "move c1 b1", "withdraw"]  # now the fountain
    copy = GAME.state_from_json(s.to_json())  # a rearrangement in progress survives JSON
    assert copy.players[0].pending == s.players[0].pending and texts(copy, 0) == texts(s, 0)
    assert "held (lifted, placed back in this order): fountain" in GAME.render(s, 0)
    act(s, 0, "at c1 a1")
    assert set(texts(s, 0)) == {"done", "move c1 a1", "move c1 b1", "withdraw"}
    act(s, 0, "done")
    pl = s.players[0]
    assert pl.buildings[house_id] == (B["house"], 0, (1,)) and pl.buildings[fountain_id] == (B["fountain"], 0, (0,))
    assert pl.grid[0][:2] == [fountain_id, house_id] and pl.pending is None
    assert "done" in texts(s, 0) and "move c1 a1" in texts(s, 0)  # back in the plan; it may rearrange again


def test_barbara_withdraw_restores_and_bounds_ant_ph2_16() -> None:
    """ANT-PH2-16: "withdraw" puts every building of the rearrangement back where it stood (so a
    rearrangement can always end); at MAX_PLAN_STEPS it is the only action left (max_decisions)."""
    s = flat(2)
    give(s, 0, wood=2)
    build(s, 0, "market", "c1 a1")
    build(s, 0, "cart_shop", "c1 d1")  # covers d1, c2, d2
    s.players[0].saint = BARBARA
    before = [b for b in s.players[0].buildings]
    grid = s.players[0].grid[0][:]
    act(s, 0, "move c1 a1")
    act(s, 0, "move c1 d1")
    act(s, 0, "at c1 c2")  # the market now covers c2, d2, c3, d3: the cart shop cannot go back
    assert "at c1 d1" not in texts(s, 0) and "at c1 b1" in texts(s, 0)
    s.players[0].steps = MAX_PLAN_STEPS
    assert texts(s, 0) == ["withdraw"]
    act(s, 0, "withdraw")
    assert s.players[0].buildings == before and s.players[0].grid[0] == grid and s.players[0].pending is None
    assert texts(s, 0) == ["done"]


def _bank_setup(order: list[int]):  # type: ignore[no-untyped-def]
    """47 stone out (20 + 27): one left in the supply; both players have a working market."""
    s = flat(2)
    for p in (0, 1):
        add(s, p, "market", (0, 1, 7, 8), manned=True)
    give(s, 0, wood=2, stone=20)
    give(s, 1, wood=2, stone=27)
    s.snapshots = [pl.clone() for pl in s.players]
    s.order = order
    for p in (0, 1):
        assert supply.goods_left(s, 9, p) == 1
        act(s, p, "bank")
        act(s, p, "wood")
        act(s, p, "wood")
        assert "stone" in texts(s, p)  # each sees the last stone (the others' plans are secret)
        act(s, p, "stone")
    return s


def _reveal(s, first: int, second: int) -> list[Event]:  # type: ignore[no-untyped-def]
    act(s, first, "done")
    events: list[Event] = []
    touch(s)
    s.apply(second, next(a for a in s.legal_actions(second) if s.action_text(a) == "done"), Chance(0), events)
    return events


def test_bank_trades_share_the_48_goods_ant_comp_1() -> None:
    """ANT-COMP-1 (「10 种货物指示物, 每种 48 个」) with ANT-PH2-13 (the bank: 2 goods for 1): two secret plans both
    took the last stone; at the reveal, in order of play, the later player's trade is undone (the
    stone goes back, the 2 wood are returned), like the shared building supplies."""
    s = _bank_setup([0, 1])
    events = _reveal(s, 0, 1)
    assert s.phase == TRADE
    assert goods(s, 0) == {"stone": 21} and goods(s, 1) == {"wood": 2, "stone": 27}
    assert supply.goods_left(s, 9, 0) == 0 and supply.goods_left(s, 9, 1) == 0
    notes = [GAME.event_text(e) for e in events if e.kind == "supply"]
    assert notes == ["the supply of stone ran out: Player 2's bank trade (wood and wood for stone) is undone"]


def test_bank_trades_settled_in_play_order_ant_comp_1() -> None:
    """ANT-COMP-1: order of play 2, 1: player 1 is later and gives the stone back."""
    s = _bank_setup([1, 0])
    events = _reveal(s, 1, 0)
    assert goods(s, 0) == {"wood": 2, "stone": 20} and goods(s, 1) == {"stone": 28}
    assert [GAME.event_text(e) for e in events if e.kind == "supply"] == [
        "the supply of stone ran out: Player 1's bank trade (wood and wood for stone) is undone"
    ]


def test_bank_trades_within_the_supply_stand_ant_comp_1() -> None:
    """ANT-COMP-1: with 2 stone left both trades stand, nothing is undone."""
    s = flat(2)
    for p in (0, 1):
        add(s, p, "market", (0, 1, 7, 8), manned=True)
    give(s, 0, wood=2, stone=20)
    give(s, 1, wood=2, stone=26)
    s.snapshots = [pl.clone() for pl in s.players]
    for p in (0, 1):
        for text in ("bank", "wood", "wood", "stone"):
            act(s, p, text)
    events = _reveal(s, 0, 1)
    assert goods(s, 0) == {"stone": 21} and goods(s, 1) == {"stone": 27}
    assert not [e for e in events if e.kind == "supply"]


def test_placement_named_by_first_square_ant_ph2_3() -> None:
    """ANT-PH2-3 (and ANT-IO-3 texts): a building is placed by the square it is then known by, its
    first square (top row first, then left): a cart shop .#/## placed "at c1 e1" covers e1, d2, e2
    and is manned as "man c1 e1"; "at c1 d1" puts its first square on d1 (d1, c2, d2)."""
    s = flat(2)
    give(s, 0, wood=2)
    s.players[0].houses = 0b1
    build(s, 0, "cart_shop", "c1 e1")
    pl = s.players[0]
    assert pl.buildings[-1] == (B["cart_shop"], 0, (4, 10, 11))
    assert [t for t in texts(s, 0) if t.startswith("man")] == ["man c1 e1"]
    act(s, 0, "build cart_shop")
    assert "at c1 a1" not in texts(s, 0)  # no square left of a1 for the row below
    act(s, 0, "at c1 b1")
    assert pl.buildings[-1] == (B["cart_shop"], 0, (1, 7, 8))  # b1, a2, b2 (the box's corner a1 is empty)
    act(s, 0, "man c1 e1")
    assert pl.manned == [True, False]
    view = GAME.render(s, 0)
    assert "a building is named, placed ('at c1 d1') and moved by its first square" in view


def test_placement_texts_unique_ant_ph2_3() -> None:
    """ANT-PH2-3: every build choice's placement texts (first square, turn) are distinct and name a
    square the building covers (empty first map: 3x3 faculty .##/###/### has 4 orientations × 25)."""
    s = flat(2)
    give(s, 0, wood=9, stone=9, gold=3, wine=3, dye=3, pearls=3)
    for build_text in [t for t in texts(s, 0) if t.startswith("build")]:
        act(s, 0, build_text)
        legal = s.legal_actions(0)
        places = [s.action_text(a) for a in legal]
        assert len(set(places)) == len(places), build_text
        step = s.players[0].pending
        assert isinstance(step, PlaceBuilding)
        choice = step.choice
        for a in legal:
            j = s.action_to_json(a)
            c, x, y, rot = (int(j[k]) for k in ("city", "x", "y", "rot"))
            assert placement.cells_for(s, choice, c, x, y, rot)[0] == y * 7 + x  # the named square is covered, first
        if build_text == "build philosophy":
            assert len(places) == 100
        s.players[0].pending = None
        touch(s)
