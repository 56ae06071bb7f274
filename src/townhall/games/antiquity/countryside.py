"""Phase 4 sites and products: where a countryside building may go and what it yields."""

from __future__ import annotations

from townhall.engine import Chance
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import founding, payment, supply, zones
from townhall.games.antiquity.components import (
    BIOLOGY,
    BREWERY,
    CART,
    FARM,
    FARM_GOODS,
    FISH_GOODS,
    FISHERMAN,
    INN,
    INN_OCCUPANT,
    MINE,
    MINE_GOODS,
    NEWCITY,
    PHILOSOPHY,
    SITE_OCCUPANT,
    WOODCUTTER,
)
from townhall.games.antiquity.data import DATA, FOOD, WOOD
from townhall.games.antiquity.hexmap import FOREST, GRASS, MOUNTAIN, WATER, disc
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import HEX_GOOD, HEX_OCCUPANT, HEX_POLLUTED, HEX_TERRAIN, AntiquityPosition
from townhall.games.antiquity.steps import CityJob, InnJob, ProducerJob


def country_affordable(position: AntiquityPosition, p: int, pl: Player, k: int, active: int) -> bool:
    goods = pl.goods
    if k in (WOODCUTTER, MINE, FISHERMAN):
        if k == FISHERMAN and (
            position.fishermen >= DATA.supply["fisherman"]
            or not any(supply.goods_left(position, g, p) for g in FISH_GOODS)
        ):
            return False  # ANT-PH4-7: at most 12 fishermen (and goods to put out)
        return goods[WOOD] >= 1
    if k == FARM:
        free = (
            active >> BIOLOGY & 1 == 1
            and not pl.biology_used
            and any(supply.goods_left(position, g, p) for g in FARM_GOODS)
        )
        return free or any(goods[g] > 0 for g in FARM_GOODS)
    if k == INN:
        return (
            active >> BREWERY & 1 == 1 and len(pl.inns) < DATA.supply["inns_per_player"] and any(goods[g] for g in FOOD)
        )
    return len(pl.cities) < DATA.supply["cities_per_player"] and payment.can_pay(
        goods, DATA.country_costs["city"], active >> PHILOSOPHY & 1 == 1
    )


def country_sites(position: AntiquityPosition, p: int, k: int) -> list[int]:
    ordered = zones.zone_in_order(position, p)  # sorted, so the lists below come out sorted
    terrain = position.terrain
    if k == WOODCUTTER:
        return [h for h in ordered if terrain[h] == FOREST and zones.is_clean(position, h)]
    if k == FARM:
        return [h for h in ordered if terrain[h] == GRASS and zones.is_clean(position, h)]
    if k == MINE:
        products = [g for g in MINE_GOODS if supply.goods_left(position, g, p)]
        return [
            h
            for h in ordered
            if terrain[h] == MOUNTAIN
            and zones.is_clean(position, h)
            and (
                position.range_product[position.board.ranges[h]] in products
                if position.range_product[position.board.ranges[h]] >= 0
                else products
            )
        ]
    if k == FISHERMAN:
        cands = {h for z in ordered for h in (z, *position.board.topo.neighbours[z])}
        return sorted(h for h in cands if fisher_partners(position, p, h))
    if k == INN:
        return [h for h in ordered if terrain[h] != WATER and zones.is_free(position, h)]
    if k == NEWCITY:
        zone = zones.zone(position, p)
        return [h for h in ordered if city_site_ok(position, h, zone)]
    # alchemy: a polluted hex of the zone is the centre; its neighbours are cleaned wherever they
    # are (ANT-PH4-12, RULINGS.md)
    return [h for h in ordered if position.polluted[h]]


def shore_ok(position: AntiquityPosition, h: int) -> bool:
    if position.terrain[h] == WATER or not zones.is_free(position, h):
        return False
    return any(position.terrain[n] == WATER and zones.is_clean(position, n) for n in position.board.topo.neighbours[h])


def fisher_partners(position: AntiquityPosition, p: int, h: int) -> list[int]:
    """ANT-PH4-7: two adjacent free shore hexes, each by clean water, at least one in the zone."""
    if not shore_ok(position, h):
        return []
    zone = zones.zone(position, p)
    return sorted(n for n in position.board.topo.neighbours[h] if shore_ok(position, n) and (h in zone or n in zone))


def city_site_ok(position: AntiquityPosition, centre: int, zone: frozenset[int]) -> bool:
    """ANT-PH4-9: 7 land hexes in the zone, free, not next to any city."""
    topo = position.board.topo
    hexes = disc(topo, centre)
    if len(hexes) != 7:
        return False
    for h in hexes:
        if h not in zone or position.terrain[h] == WATER or not zones.is_free(position, h):
            return False
        for n in topo.neighbours[h]:
            if 0 <= position.hex_occupant[n] < INN_OCCUPANT:
                return False
    return True


def product_options(position: AntiquityPosition, p: int, k: int, sites: tuple[int, ...]) -> list[int]:
    """Actions choosing the product: a good (a farm pays it as seed) or a free seed (biology)."""
    pl = position.players[p]
    if k == FARM:
        out = [A.GOOD + g for g in FARM_GOODS if pl.goods[g] > 0]
        if pl.works(BIOLOGY) and not pl.biology_used:
            out.extend(A.SEED + g for g in FARM_GOODS if supply.goods_left(position, g, p))  # ANT-PH4-5: the free seed
        return out
    if k == FISHERMAN:
        return [A.GOOD + g for g in FISH_GOODS if supply.goods_left(position, g, p)]
    fixed = position.range_product[position.board.ranges[sites[0]]]
    return [A.GOOD + fixed] if fixed >= 0 else [A.GOOD + g for g in MINE_GOODS if supply.goods_left(position, g, p)]


def finish_country(position: AntiquityPosition, pl: Player, job: ProducerJob | InnJob | CityJob) -> None:
    p = position.players.index(pl)
    chance = position.apply_chance
    pl.figure_changes += 1  # a worker, an inn or a city (the observer's figures)
    # ANT-PH4-2: the cart shop's worker goes to a producer, or back beside the city.
    for bid, b in enumerate(pl.buildings):
        if b is not None and b[0] == CART and pl.manned[bid]:
            pl.manned[bid] = False
            break
    if isinstance(job, InnJob):
        h = job.hex
        position.hex_occupant[h] = INN_OCCUPANT + p
        position.hex_changes.append(h * 8 + HEX_OCCUPANT)
        founding.cover_token(position, h, chance)
        pl.inns.append(h)
    elif isinstance(job, CityJob):
        founding.place_city(position, p, job.hex, chance)
    else:
        new_producer(position, p, job.kind, job.sites, job.good, chance)
        pl.country_buildings += 1


def new_producer(position: AntiquityPosition, p: int, k: int, sites: tuple[int, ...], g: int, chance: Chance) -> None:
    """ANT-PH4-3/4/6/7: site and neighbours get goods (woodcutter: grass; others: pollution)."""
    pid = len(position.producers)
    topo = position.board.topo
    terrain = position.terrain
    for h in sites:
        position.hex_occupant[h] = SITE_OCCUPANT + pid
        position.hex_changes.append(h * 8 + HEX_OCCUPANT)
        founding.cover_token(position, h, chance)
    if k == FISHERMAN:
        around = sorted(
            {n for h in sites for n in topo.neighbours[h] if terrain[n] == WATER and zones.is_clean(position, n)}
        )
        position.fishermen += 1
    else:
        site = sites[0]
        kind_terrain = {WOODCUTTER: FOREST, FARM: GRASS, MINE: MOUNTAIN}[k]
        around = sorted(n for n in topo.neighbours[site] if terrain[n] == kind_terrain and zones.is_clean(position, n))
        if k == MINE:
            rng = position.board.ranges[site]
            if position.range_product[rng] < 0:
                position.range_product[rng] = g  # ANT-PH4-6: fixed for the rest of the game
        around_all = (site, *around)
        for h in around_all:
            if k == WOODCUTTER:
                terrain[h] = GRASS
                position.hex_changes.append(h * 8 + HEX_TERRAIN)
            else:
                position.polluted[h] = True
                position.hex_changes.append(h * 8 + HEX_POLLUTED)
    if k == FISHERMAN:
        for h in around:
            position.polluted[h] = True
            position.hex_changes.append(h * 8 + HEX_POLLUTED)
    # goods come from the public supply (48 of each), the site's first
    left = supply.goods_left(position, g, p)
    placed = [h for h in (around if k == FISHERMAN else [sites[0], *around])][:left]
    for h in placed:
        position.hex_goods[h] = g
        position.hex_producer[h] = pid
        position.hex_changes.append(h * 8 + HEX_GOOD)
    position.producers.append((k, p, g, sites, tuple(h for h in around if h in placed)))
