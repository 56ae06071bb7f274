"""Phases 5-9: storing, harvest, exploration, famine, pollution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine import Chance, Event

from . import actions as A
from .city import cell_name
from .data import FOOD, GOODS
from .hexmap import WATER
from .player import GEORGE
from .rules import DUMP, EXPLORE, FAMINE, FISHERMAN, FORCED, FOUNTAIN, GRANARY, HARBOR, POLLUTE

if TYPE_CHECKING:
    from .state import AntiquityState


def _harvest_run(self: AntiquityState, events: list[Event] | None) -> bool:
    """ANT-PH6-1/2/3: every producer yields one good (forced labour: 3, the first discarded), the
    site's good last; the owner picks among the goods around. True when the owner must pick."""
    while self.harvest[0] < len(self.producers):
        pid, take, _ = self.harvest
        prod = self.producers[pid]
        if prod is None or not self.players[prod[1]].alive:
            self.harvest = [pid + 1, 0, 0]
            continue
        k, owner, _, sites, around = prod
        takes = 3 if FORCED in self.players[owner].active() else 1
        if take >= takes:
            self._harvest_close(pid, False, events)
        elif len(around) >= 2:
            return True
        elif around:
            self._harvest_take(around[0], events)
        elif k != FISHERMAN and self.good[sites[0]] >= 0:
            self._harvest_take(sites[0], events)
        else:
            self._harvest_close(pid, True, events)
    for p, pl in enumerate(self.players):
        if pl.alive and pl.has_saint_power(GEORGE) and self.cathedrals_built:
            pl.goods[3] += min(self.cathedrals_built, self.goods_left(3, p))
            if events is not None:
                events.append(Event("fish", f"St. George gives player {p + 1} {self.cathedrals_built} fish"))
    self.harvest = []
    self.phase = EXPLORE
    self.turn = 0
    return False


def _harvest_options(self: AntiquityState) -> list[int]:
    prod = self.producers[self.harvest[0]]
    assert prod is not None
    return sorted(prod[4])


def _harvest_take(self: AntiquityState, h: int, events: list[Event] | None) -> None:
    pid, take, kept = self.harvest
    prod = self.producers[pid]
    assert prod is not None
    k, owner, g, sites, around = prod
    self.good[h] = -1
    self.gprod[h] = -1
    forced = FORCED in self.players[owner].active()
    if take > 0 or not forced:
        kept += 1  # forced labour discards the first good of the round (ANT-PH6-2)
    around = tuple(x for x in around if x != h)
    self.producers[pid] = (k, owner, g, sites, around)
    self.harvest = [pid, take + 1, kept]
    if not around and (k == FISHERMAN or h == sites[0]):
        self._harvest_close(pid, True, events)


def _harvest_close(self: AntiquityState, pid: int, finished: bool, events: list[Event] | None) -> None:
    """The producer's goods of this round go to its owner; a finished one frees its worker."""
    prod = self.producers[pid]
    assert prod is not None
    k, owner, g, sites, _ = prod
    kept = self.harvest[2]
    self.players[owner].goods[g] += kept
    if events is not None:
        events.append(Event("harvest", f"player {owner + 1} harvests {kept} {GOODS[g]}"))
    if finished:
        self.producers[pid] = None
        for h in sites:
            self.occ[h] = -1
        self.players[owner].country -= 1
        if k == FISHERMAN:
            self.fishermen -= 1
    self.harvest = [pid + 1, 0, 0]


def _explore_sites(self: AntiquityState, p: int) -> list[int]:
    return sorted(h for h in self.zone(p) if self.token[h])


def _explore(self: AntiquityState, p: int, h: int, chance: Chance, events: list[Event] | None) -> None:
    """ANT-PH7-1: the token is drawn from the hidden pool when turned."""
    g = chance.weighted(self.pool)
    self.pool[g] -= 1
    self.revealed[g] += 1
    self.token[h] = False
    if self.goods_left(g, p):
        self.players[p].goods[g] += 1
    if g in FOOD:
        self.famine += 1
    if events is not None:
        events.append(Event("explore", f"player {p + 1} explores {self.board.topo.labels[h]}: {GOODS[g]}"))


def famine_graves(self: AntiquityState, p: int) -> int:
    """ANT-PH8-1 / ANT-PH2-15: famine less fountains, food held and a granary."""
    pl = self.players[p]
    level = max(0, self.famine - pl.working(FOUNTAIN))
    food = sum(pl.goods[g] for g in FOOD)
    granary = 3 if GRANARY in pl.active() else 0
    return max(0, level - food - granary)


def pollution_amount(self: AntiquityState, p: int) -> int:
    """ANT-PH9-1: 3 per city, less 1 per fountain and 4 for a working dump."""
    pl = self.players[p]
    dump = 4 if DUMP in pl.active() else 0
    return max(0, 3 * len(pl.cities) - pl.working(FOUNTAIN) - dump)


def _start_famine(self: AntiquityState) -> None:
    self.phase = FAMINE
    for p in self._alive():
        self.todo_grave[p] = self.famine_graves(p)


def _start_pollution(self: AntiquityState) -> None:
    self.phase = POLLUTE
    for p in self._alive():
        self.todo_poll[p] = self.pollution_amount(p)


def _pollution_sites(self: AntiquityState, p: int) -> list[int]:
    """ANT-PH9-1/2: clean free hexes of the own zone; water needs a harbor; not in a dump owner's zone."""
    blocked: set[int] = set()
    for q in self._alive():
        if q != p and DUMP in self.players[q].active():
            blocked |= self.zone(q)
    harbor = HARBOR in self.players[p].active()
    polluted, occ, good, terrain = self.polluted, self.occ, self.good, self.terrain
    return sorted(
        h
        for h in self.zone(p)
        if not polluted[h] and occ[h] < 0 and good[h] < 0 and (harbor or terrain[h] != WATER) and h not in blocked
    )


def _grave_cells(self: AntiquityState, p: int) -> list[int]:
    """ANT-PH8-2: empty squares first; then building squares without a grave, never houses."""
    pl = self.players[p]
    cells = pl.empty_cells() or pl.free_building_cells()
    table = A.CELL_ACTIONS
    return [table[c][i] for c, i in cells]


def _place_grave(self: AntiquityState, p: int, action: int, events: list[Event] | None) -> None:
    _, values = A.SPACE.decode(action)
    c, i = self._cell_of(values)
    self.players[p].place_grave(c, i)
    self.todo_grave[p] -= 1
    if events is not None:
        events.append(Event("grave", f"player {p + 1} places a grave on {cell_name(c, i)}"))
