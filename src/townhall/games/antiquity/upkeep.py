"""Phases 5-9: storing, harvest, exploration, famine, pollution."""

from __future__ import annotations

from townhall.engine import Chance, Event
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import supply, zones
from townhall.games.antiquity.city import (
    cell_name,
)
from townhall.games.antiquity.components import DUMP, FISHERMAN, FORCED, FOUNTAIN, GRANARY, HARBOR
from townhall.games.antiquity.data import FOOD, GOODS
from townhall.games.antiquity.hexmap import WATER
from townhall.games.antiquity.player import GEORGE
from townhall.games.antiquity.position import (
    EXPLORE,
    FAMINE,
    HEX_GOOD,
    HEX_OCCUPANT,
    HEX_POLLUTED,
    HEX_TOKEN,
    POLLUTE,
    AntiquityPosition,
)


def harvest_run(position: AntiquityPosition, events: list[Event] | None) -> bool:
    """ANT-PH6-1/2/3: every producer yields one good (forced labour: 3, the first discarded), the
    site's good last; the owner picks among the goods around. True when the owner must pick."""
    while position.harvest[0] < len(position.producers):
        pid, take, _ = position.harvest
        prod = position.producers[pid]
        if prod is None or not position.players[prod[1]].alive:
            position.harvest = [pid + 1, 0, 0]
            continue
        k, owner, _, sites, around = prod
        takes = 3 if position.players[owner].works(FORCED) else 1
        if take >= takes:
            harvest_close(position, pid, False, events)
        elif len(around) >= 2:
            return True
        elif around:
            harvest_take(position, around[0], events)
        elif k != FISHERMAN and position.hex_goods[sites[0]] >= 0:
            harvest_take(position, sites[0], events)
        else:
            harvest_close(position, pid, True, events)
    for p, pl in enumerate(position.players):
        if pl.alive and pl.has_saint_power(GEORGE) and position.cathedrals_built:
            pl.goods[3] += min(position.cathedrals_built, supply.goods_left(position, 3, p))
            pl.figure_changes += 1
            if events is not None:
                events.append(Event("fish", data={"player": p, "cathedrals": position.cathedrals_built}))
    position.harvest = []
    position.phase = EXPLORE
    position.turn = 0
    return False


def harvest_options(position: AntiquityPosition) -> list[int]:
    prod = position.producers[position.harvest[0]]
    assert prod is not None
    return sorted(prod[4])


def harvest_take(position: AntiquityPosition, h: int, events: list[Event] | None) -> None:
    pid, take, kept = position.harvest
    prod = position.producers[pid]
    assert prod is not None
    k, owner, g, sites, around = prod
    position.hex_goods[h] = -1
    position.hex_producer[h] = -1
    position.hex_changes.append(h * 8 + HEX_GOOD)
    forced = position.players[owner].works(FORCED)
    if take > 0 or not forced:
        kept += 1  # forced labour discards the first good of the round (ANT-PH6-2)
    around = tuple(x for x in around if x != h)
    position.producers[pid] = (k, owner, g, sites, around)
    position.harvest = [pid, take + 1, kept]
    if not around and (k == FISHERMAN or h == sites[0]):
        harvest_close(position, pid, True, events)


def harvest_close(position: AntiquityPosition, pid: int, finished: bool, events: list[Event] | None) -> None:
    """The producer's goods of this round go to its owner; a finished one frees its worker."""
    prod = position.producers[pid]
    assert prod is not None
    k, owner, g, sites, _ = prod
    kept = position.harvest[2]
    position.players[owner].goods[g] += kept
    position.players[owner].figure_changes += 1
    if events is not None:
        data = {"player": owner, "count": kept, "good": GOODS[g], "building": A.COUNTRY_KINDS[k], "sites": list(sites)}
        events.append(Event("harvest", data=data))
    if finished:
        position.producers[pid] = None
        for h in sites:
            position.hex_occupant[h] = -1
            position.hex_changes.append(h * 8 + HEX_OCCUPANT)
        position.players[owner].country_buildings -= 1
        if k == FISHERMAN:
            position.fishermen -= 1
    position.harvest = [pid + 1, 0, 0]


def explore_sites(position: AntiquityPosition, p: int) -> list[int]:
    token = position.token
    return [h for h in zones.zone_in_order(position, p) if token[h]]


def explore(position: AntiquityPosition, p: int, h: int, chance: Chance, events: list[Event] | None) -> None:
    """ANT-PH7-1: the token is drawn from the hidden pool when turned."""
    g = chance.weighted(position.token_pool)
    position.token_pool[g] -= 1
    position.revealed[g] += 1
    position.token[h] = False
    position.hex_changes.append(h * 8 + HEX_TOKEN)
    if supply.goods_left(position, g, p):
        position.players[p].goods[g] += 1
        position.players[p].figure_changes += 1
    if g in FOOD:
        position.famine += 1
    if events is not None:
        events.append(
            Event("explore", data={"player": p, "hex": h, "label": position.board.topo.labels[h], "good": GOODS[g]})
        )


def famine_graves(position: AntiquityPosition, p: int) -> int:
    """ANT-PH8-1 / ANT-PH2-15: famine less fountains, food held and a granary."""
    pl = position.players[p]
    level = max(0, position.famine - pl.working(FOUNTAIN))
    food = sum(pl.goods[g] for g in FOOD)
    granary = 3 if pl.works(GRANARY) else 0
    return max(0, level - food - granary)


def pollution_amount(position: AntiquityPosition, p: int) -> int:
    """ANT-PH9-1: 3 per city, less 1 per fountain and 4 for a working dump."""
    pl = position.players[p]
    dump = 4 if pl.works(DUMP) else 0
    return max(0, 3 * len(pl.cities) - pl.working(FOUNTAIN) - dump)


def start_famine(position: AntiquityPosition) -> None:
    position.phase = FAMINE
    for p in supply.alive_players(position):
        position.graves_due[p] = famine_graves(position, p)


def start_pollution(position: AntiquityPosition) -> None:
    position.phase = POLLUTE
    for p in supply.alive_players(position):
        position.pollution_due[p] = pollution_amount(position, p)


def pollution_sites(position: AntiquityPosition, p: int) -> list[int]:
    """ANT-PH9-1/2: clean free hexes of the own zone; water needs a harbor; not in a dump owner's zone."""
    blocked: set[int] = set()
    for q in supply.alive_players(position):
        if q != p and position.players[q].works(DUMP):
            blocked |= zones.zone(position, q)
    harbor = position.players[p].works(HARBOR)
    polluted, occ, good, terrain = position.polluted, position.hex_occupant, position.hex_goods, position.terrain
    return [
        h
        for h in zones.zone_in_order(position, p)
        if not polluted[h] and occ[h] < 0 and good[h] < 0 and (harbor or terrain[h] != WATER) and h not in blocked
    ]


def grave_cells(position: AntiquityPosition, p: int) -> list[int]:
    """ANT-PH8-2: empty squares first; then building squares without a grave, never houses."""
    pl = position.players[p]
    table = A.CELL_ACTIONS
    out = [table[c][i] for c in range(len(pl.grid)) for i in pl.empty_squares(c)]
    return out or [table[c][i] for c in range(len(pl.grid)) for i in pl.free_building_squares(c)]


def place_grave(position: AntiquityPosition, p: int, action: int, events: list[Event] | None) -> None:
    c, i = A.cell_square(action, A.CELL)
    position.players[p].place_grave(c, i)
    position.graves_due[p] -= 1
    if events is not None:
        events.append(Event("grave", data={"player": p, "city": c, "cell": i, "name": cell_name(c, i)}))


def store(position: AntiquityPosition, player: int, action: int, events: list[Event] | None) -> None:
    """ANT-PH5-1: one good kept (when choosing what to keep) or discarded."""
    if action >= A.KEEP:
        position.kept[action - A.KEEP] += 1
    else:
        position.players[player].goods[action - A.GOOD] -= 1
        position.players[player].figure_changes += 1
        if events is not None:
            events.append(Event("discard", data={"player": player, "good": GOODS[action - A.GOOD]}))


def pollute(position: AntiquityPosition, player: int, h: int, events: list[Event] | None) -> None:
    """ANT-PH9-1: one hex of the zone polluted."""
    position.polluted[h] = True
    position.hex_changes.append(h * 8 + HEX_POLLUTED)
    position.pollution_due[player] -= 1
    if events is not None:
        events.append(Event("pollution", data={"player": player, "hex": h, "label": position.board.topo.labels[h]}))


def explore_turn(
    position: AntiquityPosition, player: int, action: int, chance: Chance, events: list[Event] | None
) -> None:
    """ANT-PH7-1: the explorer turns a token (or passes); the next player's turn."""
    if action != A.DONE:
        explore(position, player, action - A.HEX, chance, events)
    position.turn += 1
