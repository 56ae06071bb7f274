"""Zones of control (ANT-ZOC-1..4) and clean hexes."""

from __future__ import annotations

from townhall.games.antiquity.components import HARBOR, STABLES
from townhall.games.antiquity.hexmap import WATER, disc
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import AntiquityPosition


def zone(position: AntiquityPosition, p: int, pl: Player | None = None) -> frozenset[int]:
    """ANT-ZOC-1..4: land within 2 (stables 3) land steps of cities and inns; harbor adds water.
    `pl` is the holdings to use (by default the player's own; a view shows a start-of-phase copy)."""
    return _zone(position, p, pl)[0]


def zone_in_order(position: AntiquityPosition, p: int) -> tuple[int, ...]:
    """The player's zone as sorted hexes (what the legal-action lists walk)."""
    return _zone(position, p, None)[1]


def _zone(position: AntiquityPosition, p: int, pl: Player | None) -> tuple[frozenset[int], tuple[int, ...]]:
    if pl is None:
        pl = position.players[p]
    harbor = pl.works(HARBOR)
    reach = 3 if pl.works(STABLES) else 2
    key = (tuple(pl.cities), tuple(pl.inns), harbor, reach)
    found = position.zone_cache.get(key)
    if found is not None:
        return found
    topo = position.board.topo
    terrain = position.terrain
    sources = [h for c in pl.cities for h in disc(topo, c)] + pl.inns
    dist = dict.fromkeys(sources, 0)
    frontier = list(dist)
    for step in range(1, reach + 1):
        nxt = []
        for h in frontier:
            for n in topo.neighbours[h]:
                if n not in dist and terrain[n] != WATER:
                    dist[n] = step
                    nxt.append(n)
        frontier = nxt
    zone = set(dist)
    if harbor:
        comps = {position.board.water_comp[n] for h in sources for n in (h, *topo.neighbours[h]) if terrain[n] == WATER}
        for comp in comps:
            for w in position.board.comps[comp]:
                zone.add(w)
                zone.update(n for n in topo.neighbours[w] if terrain[n] != WATER)
    result = (frozenset(zone), tuple(sorted(zone)))
    position.zone_cache[key] = result
    return result


def clean_count(position: AntiquityPosition, p: int) -> int:
    """Unpolluted hexes in the player's own zone (ANT-PH10-2 tie-break)."""
    polluted = position.polluted
    n = 0
    for h in zone_in_order(position, p):
        if not polluted[h]:
            n += 1
    return n


def is_clean(position: AntiquityPosition, h: int) -> bool:
    return not position.polluted[h] and position.hex_occupant[h] < 0 and position.hex_goods[h] < 0


def is_free(position: AntiquityPosition, h: int) -> bool:
    return position.hex_occupant[h] < 0 and position.hex_goods[h] < 0
