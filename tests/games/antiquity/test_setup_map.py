"""Components, map, setup and zones of control."""

from __future__ import annotations

import json

import pytest

from tests.games.antiquity.helpers import act, dist, flat, hx, new, rebuild, start_centre, texts, touch
from townhall.engine import Chance
from townhall.engine.errors import DataError
from townhall.games.antiquity import GAME, founding, supply, zones
from townhall.games.antiquity.data import DATA, DATA_FILE, FOOD, GOODS, LUX, parse
from townhall.games.antiquity.hexmap import TILE_CELLS, TOPOLOGIES, transform
from townhall.games.antiquity.player import B
from townhall.games.antiquity.position import PLAN, SETUP


def test_components_supply_ant_comp_1() -> None:
    """ANT-COMP-1: 16 cart shops, storages, fountains; 12 fishermen; 4 cities and 16 inns each;
    20 houses (workers); 4 exploration tokens per player (16 with 4 players)."""
    assert DATA.supply["cart_shop"] == 16 and DATA.supply["storage"] == 16 and DATA.supply["fountain"] == 16
    assert DATA.supply["fisherman"] == 12 and DATA.supply["cities_per_player"] == 4
    assert DATA.supply["inns_per_player"] == 16 and DATA.supply["goods_each"] == 48
    assert len(DATA.house_costs) == 20
    s = new(4)
    assert sum(s.token_pool) == 16
    s = flat(2)
    assert supply.supply_left(s, B["cart_shop"], 0) == 16
    # 16 cart shops stand (15 for player 2, 1 for player 1): no 17th
    s.players[1].buildings.extend([(B["cart_shop"], 0, ())] * 15)
    s.players[1].manned.extend([False] * 15)
    s.players[0].buildings.append((B["cart_shop"], 0, ()))
    s.players[0].manned.append(False)
    s.snapshots[1] = s.players[1].clone()  # what player 1 sees of player 2 during phase 2
    assert supply.supply_left(s, B["cart_shop"], 0) == 0
    assert "build cart_shop" not in texts(s, 0)


def test_goods_categories_ant_comp_2() -> None:
    """ANT-COMP-2: food = olives sheep grain fish; luxury = wine pearls dye gold; wood and stone."""
    assert {GOODS[g] for g in FOOD} == {"olives", "sheep", "grain", "fish"}
    assert {GOODS[g] for g in LUX} == {"wine", "pearls", "dye", "gold"}
    assert set(GOODS) - {GOODS[g] for g in (*FOOD, *LUX)} == {"wood", "stone"}


@pytest.mark.parametrize(("players", "hexes"), [(2, 244), (3, 366), (4, 488)])
def test_map_from_tiles_ant_map_1(players: int, hexes: int) -> None:
    """ANT-MAP-1: the countryside is 2 tiles per player of 61 hexes, forest/water/mountain/grass,
    each tile a random face, mirror and rotation drawn at setup."""
    s = new(players, seed=9)
    assert len(s.terrain) == hexes == 61 * 2 * players
    assert set(s.terrain) <= {"F", "W", "M", "P"}
    topo = TOPOLOGIES[players]
    for tile, face, mirror, rotation in s.tiles:
        letters = DATA.tiles[face].upper()
        cq, cr = topo.coords[topo.centres[tile]]
        for (q, r), letter in zip(TILE_CELLS, letters, strict=True):
            tq, tr = transform(q, r, mirror, rotation)
            h = topo.index[(cq + tq, cr + tr)]
            assert s.terrain[h] == letter or s.hex_occupant[h] >= 0
    # same seed, same map; another seed, another map
    assert new(players, seed=9).terrain == s.terrain
    assert new(players, seed=10).terrain != s.terrain


def test_city_hexes_and_maps_ant_map_2() -> None:
    """ANT-MAP-2: a city covers 7 hexes; the first city map is 7x7, later ones 6x6; at most 4 cities."""
    s = flat(2)
    assert sum(1 for o in s.hex_occupant if o == 0) == 7
    assert len(s.players[0].grid[0]) == 49
    s.players[0].cities.append(hx(s, start_centre(s, 0), 0, 4))
    s.players[0].add_city_map()
    assert len(s.players[0].grid[1]) == 36
    assert DATA.supply["cities_per_player"] == 4


def test_zone_two_land_steps_ant_zoc_1() -> None:
    """ANT-ZOC-1: land within 2 steps of the city's 7 hexes: a radius-3 disc of 37 hexes; water
    blocks and land behind it is outside."""
    s = flat(2)
    c = start_centre(s, 0)
    zone = zones.zone(s, 0)
    assert len(zone) == 37 and all(dist(s, h, c) <= 3 for h in zone)
    # a water row two below the city: only land at rows <= centre+1 stays (4+5+6+7+6 = 28 hexes)
    rc = s.board.topo.coords[c][1]
    for h, (_, r) in enumerate(s.board.topo.coords):
        if r == rc + 2:
            s.terrain[h] = "W"
    rebuild(s)
    zone = zones.zone(s, 0)
    assert len(zone) == 28
    assert all(s.board.topo.coords[h][1] <= rc + 1 for h in zone)


def test_harbor_adds_water_and_shore_ant_zoc_2() -> None:
    """ANT-ZOC-2: a working harbor adds the whole water area touching the city and its shore."""
    s = flat(2)
    c = start_centre(s, 0)
    topo = s.board.topo
    rc = topo.coords[c][1]
    band = {h for h, (_, r) in enumerate(topo.coords) if r == rc + 2}
    for h in band:
        s.terrain[h] = "W"
    rebuild(s)
    plain = set(zones.zone(s, 0))
    s.players[0].houses = 0b1  # one worker
    s.players[0].goods[8] = 1
    act(s, 0, "build harbor")
    act(s, 0, "at c1 a1")
    act(s, 0, "man c1 a1")
    shore = {n for w in band for n in topo.neighbours[w] if s.terrain[n] != "W"}
    assert set(zones.zone(s, 0)) == plain | band | shore
    assert len(band) > 0 and any(topo.coords[h][1] == rc + 3 for h in zones.zone(s, 0))


def test_stables_three_steps_ant_zoc_3() -> None:
    """ANT-ZOC-3: working stables: 3 land steps (a 61-hex disc on open land); water unchanged."""
    s = flat(2)
    c = start_centre(s, 0)
    s.players[0].goods[4:6] = [1, 1]  # gold, wine: 2 different luxuries
    act(s, 0, "build stables")
    act(s, 0, "at c1 a1")
    assert s.players[0].goods[4:6] == [0, 0]
    s.players[0].houses = 0b1
    act(s, 0, "man c1 a1")
    zone = zones.zone(s, 0)
    assert len(zone) == 61 and all(dist(s, h, c) <= 4 for h in zone)


def test_one_zone_for_all_cities_ant_zoc_4() -> None:
    """ANT-ZOC-4: the zone is the union over all cities and inns, used by every cart shop."""
    s = flat(2)
    c = start_centre(s, 0)
    second = hx(s, c, 0, 7)
    founding.place_city(s, 0, second, Chance(0))
    touch(s)
    zone = zones.zone(s, 0)
    assert len(zone) == 37 + 37  # two separate radius-3 discs (centres 7 apart)
    inn = hx(s, c, -4, 0)
    s.players[0].inns.append(inn)
    s.hex_occupant[inn] = 4
    assert len(zones.zone(s, 0)) == 74 + len(
        [h for h in range(len(s.terrain)) if dist(s, h, inn) <= 2 and dist(s, h, c) > 3 and dist(s, h, second) > 3]
    )


def test_setup_tokens_ant_setup_1() -> None:
    """ANT-SETUP-1: one olives, sheep, wine and grain token per player, face down on the marked hexes."""
    s = new(3, seed=4)
    assert s.token_pool[GOODS.index("olives")] + s.revealed[GOODS.index("olives")] == 3
    assert [s.token_pool[GOODS.index(g)] for g in ("grain", "sheep", "olives", "wine")] == [3, 3, 3, 3]
    assert sum(s.token) == 12
    # the token identities are nowhere in a player's view
    view = json.dumps(s.observation(0))
    assert '"pool"' not in view


def test_setup_goods_and_aid_ant_setup_2() -> None:
    """ANT-SETUP-2: 6 wood each, houses still on the aid (no workers yet), a 7x7 first city map."""
    s = new(2)
    for pl in s.players:
        assert pl.goods == [0] * 8 + [6, 0]
        assert pl.workers == 0 and pl.houses == 0 and len(pl.grid) == 1 and len(pl.grid[0]) == 49


def test_setup_order_and_famine_ant_setup_3() -> None:
    """ANT-SETUP-3: a random starting order, famine level 0."""
    orders = {tuple(new(4, seed=k).order) for k in range(8)}
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert new(2).famine == 0


def test_first_city_ant_setup_4() -> None:
    """ANT-SETUP-4: the last player in order places first, anywhere wholly inside a free start tile;
    tokens under it leave the game."""
    s = new(2, seed=5)
    assert s.phase == SETUP and s.to_move() == (s.order[-1],)
    first = s.order[-1]
    assert len(s.legal_actions(first)) == 2 * 37
    topo = s.board.topo
    # put a token under the city to be founded, then found it
    centre = topo.centres[topo.start_tiles[0]]
    s.token[centre] = True
    s.token_pool[0] += 1
    act(s, first, f"city at {topo.labels[centre]}")
    assert not s.token[centre] and s.unseen_removed >= 1
    second = s.order[0]
    assert s.to_move() == (second,) and len(s.legal_actions(second)) == 37
    other_tile = topo.start_tiles[1]
    sites = [int(s.action_to_json(a)["hex"]) for a in s.legal_actions(second)]
    assert all(topo.tile_of[h] == other_tile for h in sites)
    act(s, second, texts(s, second)[0])
    assert s.phase == PLAN and s.round == 1


def test_bad_data_file_rejected() -> None:
    raw = json.loads(DATA_FILE.read_text())
    raw["tiles"]["TILE_3"]["cells"] = "PPP"
    with pytest.raises(DataError, match="TILE_3"):
        parse(raw)
    raw = json.loads(DATA_FILE.read_text())
    raw["house_costs"]["20"]["provenance"] = "guess"
    with pytest.raises(DataError, match="provenance"):
        parse(raw)
    assert GAME.meta.data_version
