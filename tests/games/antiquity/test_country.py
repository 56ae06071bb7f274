"""Phases 3-4: order of play and country building."""

from __future__ import annotations

from tests.games.antiquity.helpers import (
    act,
    add,
    dist,
    flat,
    give,
    goods,
    hexname,
    hx,
    rebuild,
    start_centre,
    texts,
    to_country,
)
from townhall.games.antiquity import supply, trade, zones
from townhall.games.antiquity.data import GOOD_INDEX
from townhall.games.antiquity.player import B
from townhall.games.antiquity.position import COUNTRY, HARVEST


def test_order_of_play_ant_ph3_1() -> None:
    """ANT-PH3-1: the rulebook example: A 2 carts, B 2 carts + explorer, C 3 carts, B after C
    before: the new order is A, C, B."""
    s = flat(3)
    add(s, 0, "cart_shop", (0,), True)
    add(s, 0, "cart_shop", (1,), True)
    add(s, 1, "cart_shop", (0,), True)
    add(s, 1, "cart_shop", (1,), True)
    add(s, 1, "explorer", (2,), True)
    for cell in (0, 1, 2):
        add(s, 2, "cart_shop", (cell,), True)
    s.order = [2, 1, 0]
    trade.set_order(s)
    assert s.order == [0, 2, 1] and s.phase == COUNTRY


def test_one_build_per_cart_shop_in_order_ant_ph4_1() -> None:
    """ANT-PH4-1: each working cart shop builds one thing, in play order, any order of kinds."""
    s = flat(2, "F")
    give(s, 0, wood=5)
    to_country(s, 0, carts=2)
    c = start_centre(s, 0)
    assert s.to_move() == (0,)
    assert texts(s, 0) == ["woodcutter", "done"]
    act(s, 0, "woodcutter")
    act(s, 0, hexname(s, hx(s, c, 0, 3)))
    assert goods(s, 0) == {"wood": 4} and s.players[0].country_buildings == 1
    act(s, 0, "woodcutter")
    act(s, 0, hexname(s, hx(s, c, 0, -3)))
    # both cart shops used: phase 4 ends for the player (then phases 5-6 ran: a wood from each)
    assert s.phase != COUNTRY and s.players[0].country_buildings == 2 and s.players[0].goods[GOOD_INDEX["wood"]] <= 5


def test_worker_goes_with_the_building_ant_ph4_2() -> None:
    """ANT-PH4-2: a producer takes the cart shop's worker; an inn sends it back beside the city."""
    s = flat(2, "F")
    give(s, 0, wood=1, grain=1)
    add(s, 0, "brewery", (20, 21, 22, 23, 27))
    to_country(s, 0, carts=2)
    pl = s.players[0]
    c = start_centre(s, 0)
    assert pl.idle() == 0 and pl.workers == 2
    act(s, 0, "inn")
    act(s, 0, hexname(s, hx(s, c, 2, 0)))
    assert pl.idle() == 1 and pl.country_buildings == 0 and pl.manned_count(B["cart_shop"]) == 1
    act(s, 0, "woodcutter")
    act(s, 0, hexname(s, hx(s, c, -3, 0)))
    assert pl.idle() == 1 and pl.country_buildings == 1 and pl.manned_count(B["cart_shop"]) == 0


def test_woodcutter_ant_ph4_3() -> None:
    """ANT-PH4-3: on clean forest for 1 wood; the site and each adjacent clean forest turn to grass
    with a wood (also outside the zone)."""
    s = flat(2, "F")
    give(s, 0, wood=2)
    c = start_centre(s, 0)
    site = hx(s, c, 0, 3)
    near = s.board.topo.neighbours[site]
    s.polluted[near[0]] = True  # a polluted forest stays forest, without wood
    s.terrain[near[1]] = "M"
    rebuild(s)
    to_country(s, 0, carts=2)  # a second cart shop keeps phase 4 open
    act(s, 0, "woodcutter")
    act(s, 0, hexname(s, site))
    wood_hexes = [h for h in range(len(s.hex_goods)) if s.hex_goods[h] == GOOD_INDEX["wood"]]
    assert sorted(wood_hexes) == sorted([site, *near[2:]])
    assert all(s.terrain[h] == "P" and not s.polluted[h] for h in wood_hexes)
    assert s.terrain[near[0]] == "F" and any(dist(s, h, c) > 3 for h in wood_hexes)
    assert goods(s, 0) == {"wood": 1}


def test_farm_ant_ph4_4() -> None:
    """ANT-PH4-4: a farm on clean grass pays one seed; site and adjacent clean grass get pollution
    with the good."""
    s = flat(2, "P")
    give(s, 0, olives=1, sheep=2)
    c = start_centre(s, 0)
    site = hx(s, c, 3, 0)
    to_country(s, 0, carts=2)
    act(s, 0, "farm")
    act(s, 0, hexname(s, site))
    assert texts(s, 0) == ["sheep", "olives"]
    act(s, 0, "sheep")
    hexes = [h for h in range(len(s.hex_goods)) if s.hex_goods[h] == GOOD_INDEX["sheep"]]
    assert len(hexes) == 7 and all(s.polluted[h] for h in hexes)
    assert goods(s, 0) == {"olives": 1, "sheep": 1}


def test_biology_free_seed_ant_ph4_5() -> None:
    """ANT-PH4-5: a working biology faculty gives one seed of any kind (once a round)."""
    s = flat(2, "P")
    give(s, 0, grain=1)
    add(s, 0, "biology", (0, 1, 2, 7, 8, 9, 15, 16), manned=True)
    to_country(s, 0, carts=3)
    c = start_centre(s, 0)
    act(s, 0, "farm")
    act(s, 0, hexname(s, hx(s, c, 3, 0)))
    assert texts(s, 0) == [
        "grain",
        "grain (free seed)",
        "sheep (free seed)",
        "olives (free seed)",
        "wine (free seed)",
    ]
    act(s, 0, "wine (free seed)")
    assert s.players[0].biology_used and goods(s, 0) == {"grain": 1}
    assert s.hex_goods[hx(s, c, 3, 0)] == GOOD_INDEX["wine"]
    act(s, 0, "farm")
    act(s, 0, hexname(s, hx(s, c, -3, 0)))  # only the grain seed is left: paid at once
    # no cart shop left to use: phase 5 ran, phase 6 asks which good of the first farm to take
    assert goods(s, 0) == {} and s.hex_goods[hx(s, c, -3, 0)] == GOOD_INDEX["grain"] and s.phase == HARVEST


def test_mine_fixes_range_ant_ph4_6() -> None:
    """ANT-PH4-6: a mine on a mountain costs 1 wood; the first mine fixes the range's product."""
    s = flat(2, "M")
    give(s, 0, wood=3)
    c = start_centre(s, 0)
    to_country(s, 0, carts=3)
    act(s, 0, "mine")
    act(s, 0, hexname(s, hx(s, c, 3, 0)))
    assert texts(s, 0) == ["gold", "stone"]
    act(s, 0, "gold")
    rng = s.board.ranges[hx(s, c, 3, 0)]
    assert s.range_product[rng] == GOOD_INDEX["gold"]
    act(s, 0, "mine")
    act(s, 0, hexname(s, hx(s, c, -3, 0)))  # same range: gold without a choice
    assert s.hex_goods[hx(s, c, -3, 0)] == GOOD_INDEX["gold"] and goods(s, 0) == {"wood": 1}


def test_fisherman_ant_ph4_7() -> None:
    """ANT-PH4-7: two adjacent shore hexes by clean water, one in the zone, 1 wood; fish, dye or
    pearls on every adjacent clean water hex; at most 12 fishermen."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    topo = s.board.topo
    rc = topo.coords[c][1]
    for h, (_, r) in enumerate(topo.coords):
        if r == rc + 4:
            s.terrain[h] = "W"
    rebuild(s)
    give(s, 0, wood=2)
    to_country(s, 0, carts=2)
    a, b = hx(s, c, 0, 3), hx(s, c, 1, 3)  # row rc+3, in the zone, both by the water row
    act(s, 0, "fisherman")
    act(s, 0, hexname(s, a))
    assert hexname(s, b) in texts(s, 0)
    act(s, 0, hexname(s, b))
    assert texts(s, 0) == ["fish", "pearls", "dye"]
    act(s, 0, "pearls")
    water = {n for h in (a, b) for n in topo.neighbours[h] if s.terrain[n] == "W"}
    assert len(water) == 3
    assert all(s.hex_goods[w] == GOOD_INDEX["pearls"] and s.polluted[w] for w in water)
    assert s.hex_occupant[a] == s.hex_occupant[b] >= 8 and s.fishermen == 1
    assert "fisherman" in texts(s, 0)
    s.fishermen = 12
    assert "fisherman" not in texts(s, 0)


def test_inn_ant_ph4_8() -> None:
    """ANT-PH4-8: an inn needs a brewery, costs 1 food, may stand on pollution, extends the zone at once."""
    s = flat(2, "P")
    give(s, 0, grain=2, wood=1)
    c = start_centre(s, 0)
    to_country(s, 0, carts=2)
    assert "inn" not in texts(s, 0)
    add(s, 0, "brewery", (20, 21, 22, 23, 27))
    site = hx(s, c, 3, 0)
    s.polluted[site] = True
    act(s, 0, "inn")
    act(s, 0, hexname(s, site))
    assert s.players[0].inns == [site] and goods(s, 0) == {"wood": 1, "grain": 1}
    far = hx(s, c, 3, 2)
    assert far in zones.zone(s, 0)
    act(s, 0, "farm")
    assert hexname(s, far) in texts(s, 0)


def test_new_city_ant_ph4_9() -> None:
    """ANT-PH4-9: a new city: 7 land hexes in the zone, free, not next to a city; costs 1 food,
    1 wood, 1 stone, 2 different luxuries; a new 6x6 city map."""
    s = flat(2, "P")
    give(s, 0, grain=1, wood=1, stone=1, gold=2)
    c = start_centre(s, 0)
    inn = hx(s, c, 2, 3)
    s.players[0].inns.append(inn)
    s.hex_occupant[inn] = 4
    add(s, 0, "stables", (0, 1, 7, 8), manned=True)  # reach 3 land steps
    to_country(s, 0)
    assert "city" not in texts(s, 0)  # two gold are not two different luxuries
    give(s, 0, grain=1, wood=1, stone=1, gold=1, dye=1)
    act(s, 0, "city")
    sites = {s.action_to_json(a)["hex"] for a in s.legal_actions(0)}
    topo = s.board.topo

    def ok(centre: int) -> bool:
        ring = (centre, *topo.neighbours[centre])
        return len(ring) == 7 and all(
            (dist(s, d, c) <= 4 or dist(s, d, inn) <= 3) and dist(s, d, c) >= 3 and d != inn for d in ring
        )

    expected = {h for h in range(len(s.terrain)) if ok(h)}
    assert sites == expected and len(expected) == 8
    act(s, 0, hexname(s, sorted(expected)[0]))
    assert len(s.players[0].cities) == 2 and len(s.players[0].grid[1]) == 36 and goods(s, 0) == {}


def test_no_build_on_goods_or_buildings_tokens_removed_ant_ph4_10() -> None:
    """ANT-PH4-10: nothing on a hex with a building or goods; a covered token leaves unseen."""
    s = flat(2, "P")
    give(s, 0, grain=2)
    c = start_centre(s, 0)
    site = hx(s, c, 3, 0)
    s.token[site] = True
    s.token_pool[0] += 1
    to_country(s, 0, carts=3)
    act(s, 0, "farm")
    act(s, 0, hexname(s, site))
    assert not s.token[site] and s.unseen_removed == 1
    act(s, 0, "farm")
    sites = {s.action_to_json(a)["hex"] for a in s.legal_actions(0)}
    assert site not in sites and not any(s.hex_goods[h] >= 0 for h in sites)
    assert not any(s.hex_occupant[h] >= 0 for h in sites)


def test_neighbour_goods_stay_apart_ant_ph4_11() -> None:
    """ANT-PH4-11: a new producer next to another never takes its goods."""
    s = flat(2, "P")
    give(s, 0, grain=1, olives=1, sheep=1)
    c = start_centre(s, 0)
    to_country(s, 0, carts=3)
    first, second = hx(s, c, 3, 0), hx(s, c, 3, -2)
    act(s, 0, "farm")
    act(s, 0, hexname(s, first))
    act(s, 0, "grain")
    act(s, 0, "farm")
    act(s, 0, hexname(s, second))
    act(s, 0, "olives")
    grain = sum(1 for g in s.hex_goods if g == GOOD_INDEX["grain"])
    olives = sum(1 for g in s.hex_goods if g == GOOD_INDEX["olives"])
    shared = set(s.board.topo.neighbours[first]) & set(s.board.topo.neighbours[second])
    assert grain == 7 and olives == 7 - len(shared) and len(shared) == 1
    assert s.producers[0] is not None and len(s.producers[0][4]) == 6


def test_alchemy_cleans_ant_ph4_12() -> None:
    """ANT-PH4-12: a working alchemy faculty, once a round, cleans a polluted hex and its neighbours."""
    s = flat(2, "F")
    c = start_centre(s, 0)
    h = hx(s, c, 3, 0)
    for n in (h, *s.board.topo.neighbours[h], hx(s, c, -3, 0)):
        s.polluted[n] = True
    s.terrain[h] = "P"
    add(s, 0, "alchemy", (0, 1, 7, 8, 9, 14, 15, 16), manned=True)
    to_country(s, 0, carts=0)
    s.players[0].houses = 1
    assert texts(s, 0) == ["alchemy", "done"]
    act(s, 0, "alchemy")
    act(s, 0, hexname(s, h))
    assert not any(s.polluted[n] for n in (h, *s.board.topo.neighbours[h]))
    assert s.polluted[hx(s, c, -3, 0)] and s.terrain[h] == "P"
    assert s.phase != COUNTRY or s.to_move() != (0,)


def test_goods_come_from_the_supply_ant_comp_1() -> None:
    """ANT-COMP-1: 48 of each good; a farm puts out only what the supply still holds, site first."""
    s = flat(2, "P")
    give(s, 0, grain=2)
    give(s, 1, grain=45)  # 48 - 2 - 45: one grain in the supply, plus the seed paid back
    c = start_centre(s, 0)
    site = hx(s, c, 3, 0)
    to_country(s, 0, carts=2)
    assert supply.goods_left(s, GOOD_INDEX["grain"], 0) == 1
    act(s, 0, "farm")
    act(s, 0, hexname(s, site))
    placed = [h for h in range(len(s.hex_goods)) if s.hex_goods[h] == GOOD_INDEX["grain"]]
    assert site in placed
    assert len(placed) == 2 and supply.goods_left(s, GOOD_INDEX["grain"], 0) == 0
    assert s.producers[0] is not None and len(s.producers[0][4]) == 1


def test_country_errors_name_their_clause_ant_ph4_4() -> None:
    """ANT-PH4-4 / ANT-IO-1: a farm without a seed is refused naming the farm clause, state unchanged."""
    import json

    import pytest

    from townhall.engine import Chance, IllegalAction

    s = flat(2, "P")
    give(s, 0, wood=1)
    to_country(s, 0)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        s.apply(0, s.action_from_json({"kind": "country", "building": 1}), Chance(0))
    assert error.value.clause == "ANT-PH4-4" and "farm" in error.value.message
    with pytest.raises(IllegalAction) as error:
        s.apply(0, s.action_from_json({"kind": "country", "building": 5}), Chance(0))
    assert error.value.clause == "ANT-PH4-9"
    assert json.dumps(s.to_json(), sort_keys=True) == before
