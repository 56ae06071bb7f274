"""Phases 1-2: workers, city buildings, houses, saints, faculties, trades."""

from __future__ import annotations

from tests.games.antiquity.helpers import act, build, flat, give, goods, house, texts, touch
from townhall.games.antiquity import GAME, flow, supply, upkeep
from townhall.games.antiquity.player import BARBARA, CHRISTOPHER, MARIA, NICHOLAS, B
from townhall.games.antiquity.position import COUNTRY, PLAN, TRADE


def workers(s, p: int, count: int) -> None:  # type: ignore[no-untyped-def]
    s.players[p].houses = (1 << count) - 1 if count < 20 else (1 << 20) - 1
    touch(s)


def test_stand_up_ant_ph1_1() -> None:
    """ANT-PH1-1: city workers come off at the start of a round; country workers stay."""
    s = flat(2)
    give(s, 0, wood=1)
    workers(s, 0, 2)
    build(s, 0, "market", "c1 a1")
    act(s, 0, "man c1 a1")
    s.players[0].country_buildings = 1
    assert s.players[0].idle() == 0
    flow.start_round(s)
    assert s.players[0].manned == [False] and s.players[0].country_buildings == 1 and s.players[0].idle() == 1


def test_secret_simultaneous_plans_ant_ph2_1_ant_io_3() -> None:
    """ANT-PH2-1 / ANT-IO-3: both plan at once; the other's plan is invisible until all are done."""
    s = flat(2)
    assert s.to_move() == (0, 1)
    before = s.observation(1)
    build(s, 0, "market", "c1 a1")
    house(s, 0, 1, "c1 c1")
    assert s.observation(1) == before
    act(s, 0, "done")
    assert s.to_move() == (1,) and s.observation(1) == before
    assert s.observation(1)["players"][0]["buildings"] == []
    act(s, 1, "done")
    assert s.phase == COUNTRY or s.phase == TRADE or s.phase > PLAN
    assert len(s.observation(1)["players"][0]["buildings"]) == 2


def test_worker_makes_building_work_ant_ph2_2() -> None:
    """ANT-PH2-2: one worker activates a building for the round; the worker cannot be taken back;
    cathedral, brewery, fountain, granary and houses take no worker."""
    s = flat(2)
    give(s, 0, wood=3, stone=1, gold=2)
    workers(s, 0, 2)
    build(s, 0, "market", "c1 a1")
    assert "bank" not in texts(s, 0)
    build(s, 0, "brewery", "c1 a4")
    build(s, 0, "granary", "c1 f5")
    build(s, 0, "fountain", "c1 g1")  # the only luxury is paid at once
    mans = [t for t in texts(s, 0) if t.startswith("man")]
    assert mans == ["man c1 a1"]
    act(s, 0, "man c1 a1")
    assert "bank" in texts(s, 0) and "man c1 a1" not in texts(s, 0)
    assert s.players[0].idle() == 1


def test_build_on_free_squares_ant_ph2_3() -> None:
    """ANT-PH2-3: a building lies wholly on free squares of a city map: a 3x1 explorer has 70
    places on an empty 7x7 map, 62 beside a 2x2 market in the corner."""
    s = flat(2)
    give(s, 0, wood=3)
    act(s, 0, "build explorer")
    assert len(s.legal_actions(0)) == 70
    s.players[0].pending = None
    build(s, 0, "market", "c1 a1")
    act(s, 0, "build explorer")
    legal = texts(s, 0)
    assert len(legal) == 62 and "at c1 a1" not in legal and "at c1 e1" in legal and "at c1 g7" not in legal
    act(s, 0, "at c1 c1")
    assert goods(s, 0) == {"wood": 1}


def test_one_of_each_but_public_ones_ant_ph2_4() -> None:
    """ANT-PH2-4: one market only; storages, cart shops and fountains as many as the supply holds."""
    s = flat(2)
    give(s, 0, wood=4)
    build(s, 0, "market", "c1 a1")
    assert "build market" not in texts(s, 0)
    build(s, 0, "cart_shop", "c1 e1")
    build(s, 0, "cart_shop", "c1 g1")
    assert "build cart_shop" in texts(s, 0)
    assert s.players[0].count(B["cart_shop"]) == 2 and supply.supply_left(s, B["cart_shop"], 0) == 14


def test_costs_ant_ph2_5() -> None:
    """ANT-PH2-5: wood/stone buildings, 1 luxury for fountain and hospital, houses by the table
    (1-4 free; "2D food + 3D lux" = two different foods and three different luxuries)."""
    s = flat(2)
    give(s, 0, stone=1, gold=1, wine=1, grain=1, sheep=1, dye=1)
    build(s, 0, "theology", "c1 a1")
    assert goods(s, 0) == {"gold": 1, "wine": 1, "grain": 1, "sheep": 1, "dye": 1}
    act(s, 0, "build fountain")
    act(s, 0, "at c1 g7")
    assert texts(s, 0) == ["gold", "wine", "dye"]
    act(s, 0, "wine")
    assert goods(s, 0) == {"gold": 1, "grain": 1, "sheep": 1, "dye": 1}
    houses = [t for t in texts(s, 0) if t.startswith("house")]
    assert houses == [f"house {n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 15)]
    s.players[0].goods[5] = 1  # one wine more
    touch(s)
    assert "house 17" in texts(s, 0)  # grain + sheep, gold + wine + dye
    house(s, 0, 17, "c1 f1")
    assert goods(s, 0) == {}
    house(s, 0, 1, "c1 f2")
    assert s.players[0].workers == 2


def test_new_house_worker_at_once_ant_ph2_6() -> None:
    """ANT-PH2-6: a new house gives its worker in the same phase."""
    s = flat(2)
    give(s, 0, wood=1)
    build(s, 0, "market", "c1 a1")
    assert "man c1 a1" not in texts(s, 0)
    house(s, 0, 1, "c1 g7")
    assert s.players[0].idle() == 1 and "man c1 a1" in texts(s, 0)


def test_storage_any_rectangle_ant_ph2_7() -> None:
    """ANT-PH2-7: storages of 8 sizes, 1 wood each, one worker; never moved."""
    s = flat(2)
    give(s, 0, wood=2)
    workers(s, 0, 1)
    sizes = [t for t in texts(s, 0) if t.startswith("build storage")]
    assert sizes == [
        f"build storage {w}x{h}" for w, h in ((1, 2), (2, 2), (1, 4), (2, 3), (1, 6), (2, 4), (3, 4), (2, 6))
    ]
    build(s, 0, "storage 2x3", "c1 a1")
    build(s, 0, "storage 3x4", "c1 c1")
    assert goods(s, 0) == {}
    assert s.players[0].capacity() == 0
    act(s, 0, "man c1 a1")
    assert s.players[0].capacity() == 6
    assert not any(t.startswith("move") for t in texts(s, 0))


def test_cathedral_saint_at_once_ant_ph2_8() -> None:
    """ANT-PH2-8: building a cathedral chooses a saint at once; the power works at once."""
    s = flat(2)
    give(s, 0, stone=1, grain=5)
    build(s, 0, "cathedral", "c1 b1")
    assert texts(s, 0) == ["saint nicholas", "saint barbara", "saint christopher", "saint george", "saint maria"]
    act(s, 0, "saint christopher")
    assert s.players[0].saint == CHRISTOPHER and flow.excess_goods(s, 0) == 0  # stores anything in the cathedral


def test_nicholas_free_lower_house_ant_ph2_9() -> None:
    """ANT-PH2-9: St. Nicholas (and St. Maria): after a paid house, one lower-numbered house free."""
    for saint in (NICHOLAS, MARIA):
        s = flat(2)
        s.players[0].saint = saint
        give(s, 0, grain=1)
        house(s, 0, 6, "c1 a1")  # the one grain is paid at once
        assert texts(s, 0) == [f"free house {n}" for n in range(1, 6)] + ["nofree"]
        act(s, 0, "free house 2")
        act(s, 0, "c1 b1")
        assert s.players[0].workers == 2 and s.players[0].houses == (1 << 5) | (1 << 1)
        assert goods(s, 0) == {}
    s = flat(2)
    house(s, 0, 1, "c1 a1")
    assert not any(t.startswith("free") for t in texts(s, 0))


def test_philosophy_ignores_different_ant_ph2_10() -> None:
    """ANT-PH2-10: house 7 costs 2 different foods; with a working philosophy 2 grain will do."""
    s = flat(2)
    give(s, 0, grain=2, stone=1)
    workers(s, 0, 1)
    assert "house 7" not in texts(s, 0)
    build(s, 0, "philosophy", "c1 b1")
    act(s, 0, "man c1 b1")
    assert "house 7" in texts(s, 0)
    house(s, 0, 7, "c1 g7")
    assert goods(s, 0) == {}


def test_theology_rebuilds_cathedral_ant_ph2_11() -> None:
    """ANT-PH2-11: theology demolishes the cathedral (squares freed), once a round; a new one with
    another saint in a later round; never a St. Maria cathedral nor one under a grave."""
    s = flat(2)
    give(s, 0, stone=3)
    workers(s, 0, 1)
    build(s, 0, "cathedral", "c1 b1")
    act(s, 0, "saint george")
    build(s, 0, "theology", "c1 e1")
    act(s, 0, "man c1 e1")
    act(s, 0, "demolish")
    assert s.players[0].saint == -1 and s.players[0].grid[0][1] == -1
    assert "build cathedral" not in texts(s, 0) and "demolish" not in texts(s, 0)
    flow.start_round(s)
    build(s, 0, "cathedral", "c1 b1")
    assert "saint george" not in texts(s, 0) and len(texts(s, 0)) == 4
    act(s, 0, "saint maria")
    act(s, 0, "man c1 e1")
    assert "demolish" not in texts(s, 0)
    s.players[0].saint = BARBARA
    s.players[0].graves[0][1] = True
    assert "demolish" not in texts(s, 0)
    s.players[0].graves[0][1] = False
    assert "demolish" in texts(s, 0)


def test_hospital_removes_five_graves_ant_ph2_12() -> None:
    """ANT-PH2-12: a working hospital removes up to 5 graves a round; a freed building works again."""
    s = flat(2)
    give(s, 0, wood=1, gold=1)
    workers(s, 0, 2)
    build(s, 0, "market", "c1 a1")
    build(s, 0, "hospital", "c1 a5")
    pl = s.players[0]
    for cell in (0, 1, 7, 40, 41, 42, 47):  # 3 on the market (a1, b1, a2), 4 on empty squares
        pl.graves[0][cell] = True
    assert "man c1 a1" not in texts(s, 0)
    act(s, 0, "man c1 a5")
    heals = [t for t in texts(s, 0) if t.startswith("heal")]
    assert len(heals) == 7
    for where in ("c1 a1", "c1 b1", "c1 a2", "c1 f6", "c1 g6"):
        act(s, 0, f"heal {where}")
    assert not any(t.startswith("heal") for t in texts(s, 0))
    assert pl.grave_count() == 2 and "man c1 a1" in texts(s, 0)


def test_market_trades_ant_ph2_13() -> None:
    """ANT-PH2-13: a working market trades 2 goods for 1 with the bank; players trade in the open,
    one of them with a working market; an offer moves nothing until accepted."""
    s = flat(2)
    give(s, 0, wood=3, grain=1)
    workers(s, 0, 1)
    build(s, 0, "market", "c1 a1")
    act(s, 0, "man c1 a1")
    act(s, 0, "bank")
    act(s, 0, "wood")
    act(s, 0, "grain")
    act(s, 0, "gold")
    assert goods(s, 0) == {"wood": 1, "gold": 1}
    give(s, 1, stone=2)
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.phase == TRADE and s.to_move() == (0,)
    assert texts(s, 0) == ["trade with player 2", "done"]
    act(s, 0, "trade with player 2")
    assert texts(s, 0) == ["give gold", "give wood", "ask stone", "withdraw"]
    act(s, 0, "give gold")
    act(s, 0, "ask stone")
    act(s, 0, "ask stone")
    act(s, 0, "propose")
    assert s.to_move() == (1,) and texts(s, 1) == ["accept", "decline"]
    assert goods(s, 0) == {"wood": 1, "gold": 1} and goods(s, 1) == {"stone": 2}  # nothing moved yet
    assert "1 gold for 2 stone" in GAME.render(s, 1)
    act(s, 1, "accept")
    assert goods(s, 0) == {"wood": 1, "stone": 2} and goods(s, 1) == {"gold": 1}
    act(s, 0, "trade with player 2")
    act(s, 0, "give wood")
    act(s, 0, "ask gold")
    act(s, 0, "propose")
    act(s, 1, "decline")
    assert goods(s, 0) == {"wood": 1, "stone": 2} and goods(s, 1) == {"gold": 1}
    act(s, 0, "done")
    # player 2 may trade with player 1 (whose market works)
    assert s.phase == TRADE and s.to_move() == (1,) and texts(s, 1) == ["trade with player 1", "done"]
    act(s, 1, "done")
    assert s.phase != TRADE


def test_university_joins_faculties_ant_ph2_14() -> None:
    """ANT-PH2-14: a university joins the faculties next to it into one building with one worker."""
    s = flat(2)
    give(s, 0, wood=1, stone=4)
    workers(s, 0, 1)
    build(s, 0, "university", "c1 d1")
    build(s, 0, "philosophy", "c1 b1")  # .##/###/### at b1: touches the university at d1/d2
    build(s, 0, "theology", "c1 a5")  # not adjacent
    act(s, 0, "man c1 d1")
    active = s.players[0].active()
    assert B["philosophy"] in active and B["theology"] not in active and B["university"] in active
    assert s.players[0].idle() == 0


def test_fountains_famine_and_pollution_ant_ph2_15() -> None:
    """ANT-PH2-15: each fountain lowers the owner's famine level by 1 (not below 0) and pollution by 1."""
    s = flat(2)
    give(s, 0, gold=2)
    s.famine = 3
    assert upkeep.famine_graves(s, 0) == 3 and upkeep.pollution_amount(s, 0) == 3
    build(s, 0, "fountain", "c1 a1", ())
    assert upkeep.famine_graves(s, 0) == 2 and upkeep.pollution_amount(s, 0) == 2
    build(s, 0, "fountain", "c1 b1", ())
    assert upkeep.famine_graves(s, 0) == 1 and upkeep.pollution_amount(s, 0) == 1
    s.famine = 1
    assert upkeep.famine_graves(s, 0) == 0


def test_barbara_moves_buildings_and_graves_ant_ph2_16() -> None:
    """ANT-PH2-16: city buildings never move, except under St. Barbara (and St. Maria), who may also
    move graves off buildings onto empty squares."""
    s = flat(2)
    give(s, 0, wood=1)
    build(s, 0, "market", "c1 a1")
    assert not any(t.startswith("move") for t in texts(s, 0))
    s.players[0].saint = BARBARA
    act(s, 0, "move c1 a1")
    assert len([t for t in texts(s, 0) if t.startswith("at ")]) == 36  # anywhere, its old place too
    act(s, 0, "at c1 f6")
    assert s.players[0].buildings[0] == (B["market"], 0, (40, 41, 47, 48))
    assert "move c1 f6" in texts(s, 0)  # any rearrangement (test_gaps): it may be lifted again
    act(s, 0, "done")  # the rearrangement ends once no building is held
    s.players[0].graves[0][40] = True
    act(s, 0, "gravemove c1 f6")
    act(s, 0, "c1 a1")
    assert s.players[0].graves[0][0] and not s.players[0].graves[0][40]
    s.players[0].saint = MARIA
    s.players[0].graves[0][41] = True
    assert "gravemove c1 g6" in texts(s, 0)


def test_supply_shared_by_simultaneous_plans_ant_ph2_4() -> None:
    """ANT-PH2-4: 16 storages in the supply; two secret plans that together take too many are settled
    in order of play: the later player takes theirs back and gets the wood again."""
    from tests.games.antiquity.helpers import add

    s = flat(2)
    for cell in range(14):
        add(s, 1, "storage", (cell,))
    s.snapshots[1] = s.players[1].clone()
    give(s, 0, wood=2)
    give(s, 1, wood=2)
    for p in (0, 1):
        build(s, p, "storage 1x2", "c1 a4")
        build(s, p, "storage 1x2", "c1 c4")
        assert "build storage 1x2" not in texts(s, p)
    s.order = [0, 1]
    s.players[1].saint = CHRISTOPHER  # keeps the refunded wood through phase 5
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.players[0].count(B["storage"]) == 2 and s.players[1].count(B["storage"]) == 14
    assert goods(s, 1) == {"wood": 2} and s.players[1].grid[0][21] == -1


def test_cell_square_undoes_cell_action() -> None:
    """cell_square (the grave's fast path) reads back what cell_action and the action space encode."""
    from townhall.games.antiquity import actions as A
    from townhall.games.antiquity.city import size_of

    for base in (A.CELL, A.MAN, A.HEAL):
        for c in range(4):
            for i in range(size_of(c) ** 2):
                action = A.cell_action(base, c, i, size_of(c))
                _, (city, x, y) = A.SPACE.decode(action)
                assert A.cell_square(action, base) == (c, i) == (city, y * size_of(c) + x)
