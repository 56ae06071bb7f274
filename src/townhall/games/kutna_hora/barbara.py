"""St. Barbara: the eleven tiles (KH-BAR-2)."""

from __future__ import annotations

from typing import Final

from townhall.engine.protocol import Event
from townhall.games.kutna_hora import scoring, steps
from townhall.games.kutna_hora.actions import (
    F_FREE,
    F_RESERVE,
)
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import KutnaHoraPosition
from townhall.games.kutna_hora.reputation import change_rep

TILE_COST: Final = {2: -1, 4: -2}  # tiles 3 and 5: the reputation they cost (paid even when ignored)
PUBLIC_NEIGHBOURS_TILE: Final = 6  # tile 7: one reputation per public building beside the player's
# KH-BAR-2, by tile index: (reputation change, points, steps the player takes next, last first)
TILE_EFFECTS: Final[dict[int, tuple[int, int, tuple[steps.Step, ...]]]] = {
    0: (2, 0, ()),
    1: (1, 0, (steps.TakeLicence(1),)),
    2: (-1, 0, (steps.RemoveHouse(),)),
    3: (1, 0, (steps.BuyPlot(1),)),
    4: (-2, 0, (steps.TakeIncome(), steps.TakeIncome())),
    5: (0, 2, (steps.SeatNoble(1),)),
    7: (0, 1, (steps.BuildBuilding(1),)),
    8: (0, 0, (steps.StartMine(F_FREE | F_RESERVE), steps.StartMine(F_FREE | F_RESERVE))),
    9: (0, 0, (steps.ScoreBuilding(),)),
    10: (0, 5, ()),
}


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
    if tile == PUBLIC_NEIGHBOURS_TILE:
        change_rep(position, p, scoring.public_neighbours(position, p))
    else:
        reputation, points, steps = TILE_EFFECTS[tile]
        if reputation:
            change_rep(position, p, reputation)
        position.points[p] += points
        for step in steps:
            push(step)
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
