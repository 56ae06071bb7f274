"""St. Barbara: the eleven tiles (KH-BAR-2)."""

from __future__ import annotations

from townhall.engine.protocol import Event
from townhall.games.kutna_hora import scoring
from townhall.games.kutna_hora.actions import (
    F_FREE,
    F_RESERVE,
)
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import (
    BuildBuilding,
    BuyPlot,
    KutnaHoraPosition,
    RemoveHouse,
    ScoreBuilding,
    SeatNoble,
    StartMine,
    TakeIncome,
    TakeLicence,
)
from townhall.games.kutna_hora.reputation import change_rep

TILE_COST = {2: -1, 4: -2}  # tiles 3 and 5: the reputation they cost (paid even when ignored)


def barbara_tile(position: KutnaHoraPosition, tile: int, declined: bool, events: list[Event] | None) -> None:
    """KH-BAR-2: the eleven tiles; declining keeps a tile's reputation cost (RULINGS.md, KH-TURN-4)."""
    p = position.current
    push = position.tasks.append
    if declined:
        if tile in TILE_COST:
            change_rep(position, p, TILE_COST[tile])
        if events is not None:
            events.append(Event("barbara", data={"player": p, "tile": tile, "outcome": "ignored", "tax": 0}))
        return
    if tile == 0:
        change_rep(position, p, 2)
    elif tile == 1:
        change_rep(position, p, 1)
        push(TakeLicence(1))
    elif tile == 2:
        change_rep(position, p, -1)
        push(RemoveHouse())
    elif tile == 3:
        change_rep(position, p, 1)
        push(BuyPlot(1))
    elif tile == 4:
        change_rep(position, p, -2)
        push(TakeIncome())
        push(TakeIncome())
    elif tile == 5:
        position.points[p] += 2
        push(SeatNoble(1))
    elif tile == 6:
        change_rep(position, p, scoring.public_neighbours(position, p))
    elif tile == 7:
        position.points[p] += 1
        push(BuildBuilding(1))
    elif tile == 8:
        push(StartMine(F_FREE | F_RESERVE))
        push(StartMine(F_FREE | F_RESERVE))
    elif tile == 9:
        push(ScoreBuilding())
    else:
        position.points[p] += 5
    if events is not None:
        events.append(Event("barbara", data={"player": p, "tile": tile, "outcome": "resolved", "tax": 0}))


def turn_barbara(position: KutnaHoraPosition, events: list[Event] | None) -> None:
    """KH-BUILD-4: the lowest tile turns down unresolved; its tax applies."""
    if position.barbara_next >= len(DATA.barbara_tax):
        return
    tax = DATA.barbara_tax[position.barbara_next]
    position.barbara_next += 1
    position.tax = min(DATA.tax_cap, position.tax + tax)
    if events is not None:
        tile = position.barbara_next - 1
        events.append(Event("barbara", data={"player": None, "tile": tile, "outcome": "turned", "tax": tax}))
