"""Phase 4: country buildings and new cities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine import Chance, Event

from . import actions as A
from . import payment
from .data import DATA, FOOD, WOOD, Cost
from .hexmap import FOREST, GRASS, MOUNTAIN, WATER, disc
from .player import Player
from .rules import (
    ALCHEMY,
    ALCHEMY_K,
    BIOLOGY,
    BREWERY,
    CART,
    FARM,
    FARM_GOODS,
    FISH_GOODS,
    FISHERMAN,
    INN,
    INN_OCC,
    MINE,
    MINE_GOODS,
    NEWCITY,
    PHILOSOPHY,
    SITE_OCC,
    WOODCUTTER,
)

if TYPE_CHECKING:
    from .state import AntiquityState


def _is_clean(self: AntiquityState, h: int) -> bool:
    return not self.polluted[h] and self.occ[h] < 0 and self.good[h] < 0


def _free(self: AntiquityState, h: int) -> bool:
    return self.occ[h] < 0 and self.good[h] < 0


def _legal_country(self: AntiquityState, p: int) -> list[int]:
    pl = self.players[p]
    if pl.pend is not None:
        return self._legal_pending(p, pl, pl.pend)
    out = [A.DONE]
    active = pl.active()
    if pl.manned_count(CART) > 0:
        for k in range(6):
            if self._country_affordable(p, pl, k, active) and self._country_sites(p, k):
                out.append(A.COUNTRY + k)
    if ALCHEMY in active and not pl.alchemy_used and self._country_sites(p, ALCHEMY_K):
        out.append(A.COUNTRY + ALCHEMY_K)
    return out


def _country_affordable(self: AntiquityState, p: int, pl: Player, k: int, active: set[int]) -> bool:
    goods = pl.goods
    if k in (WOODCUTTER, MINE, FISHERMAN):
        if k == FISHERMAN and (
            self.fishermen >= DATA.supply["fisherman"] or not any(self.goods_left(g, p) for g in FISH_GOODS)
        ):
            return False  # ANT-PH4-7: at most 12 fishermen (and goods to put out)
        return goods[WOOD] >= 1
    if k == FARM:
        free = BIOLOGY in active and not pl.biology_used and any(self.goods_left(g, p) for g in FARM_GOODS)
        return free or any(goods[g] > 0 for g in FARM_GOODS)
    if k == INN:
        return BREWERY in active and len(pl.inns) < DATA.supply["inns_per_player"] and any(goods[g] for g in FOOD)
    return len(pl.cities) < DATA.supply["cities_per_player"] and payment.can_pay(
        goods, DATA.country_costs["city"], PHILOSOPHY in active
    )


def _country_sites(self: AntiquityState, p: int, k: int) -> list[int]:
    zone = self.zone(p)
    terrain = self.terrain
    if k == WOODCUTTER:
        return sorted(h for h in zone if terrain[h] == FOREST and self._is_clean(h))
    if k == FARM:
        return sorted(h for h in zone if terrain[h] == GRASS and self._is_clean(h))
    if k == MINE:
        products = [g for g in MINE_GOODS if self.goods_left(g, p)]
        return sorted(
            h
            for h in zone
            if terrain[h] == MOUNTAIN
            and self._is_clean(h)
            and (
                self.range_product[self.board.ranges[h]] in products
                if self.range_product[self.board.ranges[h]] >= 0
                else products
            )
        )
    if k == FISHERMAN:
        cands = {h for z in zone for h in (z, *self.board.topo.neighbours[z])}
        return sorted(h for h in cands if self._fisher_partners(p, h))
    if k == INN:
        return sorted(h for h in zone if terrain[h] != WATER and self._free(h))
    if k == NEWCITY:
        return sorted(h for h in zone if self._city_site_ok(h, zone))
    # alchemy: any polluted hex of the map (the seed names no zone of control for it)
    return [h for h, dirty in enumerate(self.polluted) if dirty]


def _shore_ok(self: AntiquityState, h: int) -> bool:
    if self.terrain[h] == WATER or not self._free(h):
        return False
    return any(self.terrain[n] == WATER and self._is_clean(n) for n in self.board.topo.neighbours[h])


def _fisher_partners(self: AntiquityState, p: int, h: int) -> list[int]:
    """ANT-PH4-7: two adjacent free shore hexes, each by clean water, at least one in the zone."""
    if not self._shore_ok(h):
        return []
    zone = self.zone(p)
    return sorted(n for n in self.board.topo.neighbours[h] if self._shore_ok(n) and (h in zone or n in zone))


def _city_site_ok(self: AntiquityState, centre: int, zone: frozenset[int]) -> bool:
    """ANT-PH4-9: 7 land hexes in the zone, free, not next to any city."""
    topo = self.board.topo
    hexes = disc(topo, centre)
    if len(hexes) != 7:
        return False
    for h in hexes:
        if h not in zone or self.terrain[h] == WATER or not self._free(h):
            return False
        for n in topo.neighbours[h]:
            if 0 <= self.occ[n] < INN_OCC:
                return False
    return True


def _product_options(self: AntiquityState, p: int, k: int, sites: tuple[int, ...]) -> list[int]:
    """Actions choosing the product: a good (a farm pays it as seed) or a free seed (biology)."""
    pl = self.players[p]
    if k == FARM:
        out = [A.GOOD + g for g in FARM_GOODS if pl.goods[g] > 0]
        if BIOLOGY in pl.active() and not pl.biology_used:
            out.extend(A.SEED + g for g in FARM_GOODS if self.goods_left(g, p))  # ANT-PH4-5: the free seed
        return out
    if k == FISHERMAN:
        return [A.GOOD + g for g in FISH_GOODS if self.goods_left(g, p)]
    fixed = self.range_product[self.board.ranges[sites[0]]]
    return [A.GOOD + fixed] if fixed >= 0 else [A.GOOD + g for g in MINE_GOODS if self.goods_left(g, p)]


def _apply_country(self: AntiquityState, p: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    pl = self.players[p]
    pend = pl.pend
    kind, values = A.SPACE.decode(action)
    if pend is None:
        if kind == "done":
            self.turn += 1
        else:
            pl.pend = ("site", values[0])
        return
    step = pend[0]
    if step == "site":
        k, h = pend[1], values[0]
        if k == ALCHEMY_K:
            for n in disc(self.board.topo, h):
                self.polluted[n] = False  # ANT-PH4-12
            pl.alchemy_used = True
            pl.pend = None
        elif k == FISHERMAN:
            pl.pend = ("site2", h)
        elif k in (FARM, MINE):
            self._choose_product(p, pl, k, (h,), chance)
        elif k == WOODCUTTER:
            self._pay(pl, DATA.country_costs["woodcutter"], ("prod", k, (h,), WOOD, False))
        elif k == INN:
            self._pay(pl, DATA.country_costs["inn"], ("inn", h))
        else:
            self._pay(pl, DATA.country_costs["city"], ("city", h))
    elif step == "site2":
        self._choose_product(p, pl, FISHERMAN, (pend[1], values[0]), chance)
    elif step == "fgood":
        self._product_chosen(p, pl, pend[1], pend[2], action, chance)
    elif step == "pay":
        need = payment.pay(pl.goods, pend[2], values[0])
        self._continue_pay(pl, pend[1], need)
    if events is not None and pl.pend is None and step != "site2":
        events.append(Event("country", f"player {p + 1} builds in the countryside"))


def _choose_product(self: AntiquityState, p: int, pl: Player, k: int, sites: tuple[int, ...], chance: Chance) -> None:
    opts = self._product_options(p, k, sites)
    if len(opts) == 1:
        self._product_chosen(p, pl, k, sites, opts[0], chance)
    else:
        pl.pend = ("fgood", k, sites)


def _product_chosen(
    self: AntiquityState, p: int, pl: Player, k: int, sites: tuple[int, ...], action: int, chance: Chance
) -> None:
    if k == FARM:
        if action >= A.SEED:
            g = action - A.SEED
            pl.biology_used = True
            pl.pend = None
            self._finish_country(pl, ("prod", k, sites, g, True))
        else:
            g = action - A.GOOD
            self._pay(pl, Cost(((g, 1),)), ("prod", k, sites, g, False))
    else:
        g = action - A.GOOD
        self._pay(pl, DATA.country_costs["mine" if k == MINE else "fisherman"], ("prod", k, sites, g, False))


def _finish_country(self: AntiquityState, pl: Player, job: tuple[Any, ...]) -> None:
    p = self.players.index(pl)
    kind = job[0]
    chance = self._chance
    # ANT-PH4-2: the cart shop's worker goes to a producer, or back beside the city.
    for bid, b in enumerate(pl.blds):
        if b is not None and b[0] == CART and pl.manned[bid]:
            pl.manned[bid] = False
            break
    if kind == "inn":
        h = job[1]
        self.occ[h] = INN_OCC + p
        self._cover_token(h, chance)
        pl.inns.append(h)
    elif kind == "city":
        self._place_city(p, job[1], chance)
    else:
        _, k, sites, g, _ = job
        self._new_producer(p, k, sites, g, chance)
        pl.country += 1


def _new_producer(self: AntiquityState, p: int, k: int, sites: tuple[int, ...], g: int, chance: Chance) -> None:
    """ANT-PH4-3/4/6/7: site and neighbours get goods (woodcutter: grass; others: pollution)."""
    pid = len(self.producers)
    topo = self.board.topo
    terrain = self.terrain
    for h in sites:
        self.occ[h] = SITE_OCC + pid
        self._cover_token(h, chance)
    if k == FISHERMAN:
        around = sorted({n for h in sites for n in topo.neighbours[h] if terrain[n] == WATER and self._is_clean(n)})
        self.fishermen += 1
    else:
        site = sites[0]
        kind_terrain = {WOODCUTTER: FOREST, FARM: GRASS, MINE: MOUNTAIN}[k]
        around = sorted(n for n in topo.neighbours[site] if terrain[n] == kind_terrain and self._is_clean(n))
        if k == MINE:
            rng = self.board.ranges[site]
            if self.range_product[rng] < 0:
                self.range_product[rng] = g  # ANT-PH4-6: fixed for the rest of the game
        around_all = (site, *around)
        for h in around_all:
            if k == WOODCUTTER:
                terrain[h] = GRASS
            else:
                self.polluted[h] = True
    if k == FISHERMAN:
        for h in around:
            self.polluted[h] = True
    # goods come from the public supply (48 of each), the site's first
    left = self.goods_left(g, p)
    placed = [h for h in (around if k == FISHERMAN else [sites[0], *around])][:left]
    for h in placed:
        self.good[h] = g
        self.gprod[h] = pid
    self.producers.append((k, p, g, sites, tuple(h for h in around if h in placed)))
