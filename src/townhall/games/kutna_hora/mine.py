"""The mine: places and costs (KH-MINE-3), drawing (KH-MINE-2), opening mines and technology."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.actions import F_FREE, F_RESERVE, MINE_CELLS, OPT_POP
from townhall.games.kutna_hora.data import DATA, WOOD, cell_name
from townhall.games.kutna_hora.geometry import MINE_SOURCES
from townhall.games.kutna_hora.position import EMPTY, KutnaHoraPosition
from townhall.games.kutna_hora.steps import OptionalIcon
from townhall.games.kutna_hora.tables import ENTRANCE_COST, ENTRANCES, MINE_TILES, POPULATION_LAST, TECH_LEVELS

# Before its neighbours count: an entrance costs its fixed price, any other cell is not yet buildable (-1).
START_COST: Final = tuple(ENTRANCE_COST if cell in ENTRANCES else -1 for cell in range(MINE_CELLS))
TILE_COST: Final = tuple(t.cost for t in MINE_TILES)  # by tile id, technology tiles too


def level(position: KutnaHoraPosition) -> int:
    """KH-MINE-2: the technology level: how many tiles a mine action draws."""
    return TECH_LEVELS[position.technology_taken]


def mine_options(position: KutnaHoraPosition) -> list[tuple[int, int]]:
    """KH-MINE-3: (cell, cost in wood) of every buildable mine place."""
    out = []
    mine = position.mine
    for cell in range(MINE_CELLS):
        if mine[cell] != EMPTY:
            continue
        cost = START_COST[cell]
        for near in MINE_SOURCES[cell]:
            tile = mine[near]
            if tile >= 0 and TILE_COST[tile] > cost:
                cost = TILE_COST[tile]
        if cost >= 0:
            out.append((cell, cost))
    return out


def draw_mine_tiles(position: KutnaHoraPosition, chance: Chance, events: list[Event] | None) -> None:
    """KH-MINE-2: draw as many tiles as the level; an empty deck is rebuilt from the discards."""
    position.market_revision += 1  # the layers' sizes
    drawn = []
    for _ in range(level(position)):
        while position.layers and not position.layers[0]:
            position.layers.pop(0)
        if not position.layers:
            if not position.discard:
                break
            position.layers = [sorted(position.discard)]
            position.discard = []
        layer = position.layers[0]
        drawn.append(layer.pop(chance.below(len(layer))))
    position.drawn = drawn
    if events is not None:
        ids = [DATA.mine_tiles[t].id for t in drawn]
        events.append(Event("draw", data={"player": position.current, "tiles": list(drawn), "ids": ids}))


def place_mine(
    position: KutnaHoraPosition, cell: int, tile: int, flags: int, chance: Chance, events: list[Event] | None
) -> None:
    """KH-MINE-3/4: pay, place with a miner, gain production, advance decks, score."""
    p = position.current
    cost = dict(mine_options(position))[cell]
    if not flags & F_FREE:
        position.money[p] -= cost * economy.price(position, WOOD)
    take_miner(position, p, flags & F_RESERVE != 0)
    position.mine[cell] = tile
    position.mine_owner[cell] = p
    position.mine_revision += 1
    t = MINE_TILES[tile]
    position.points[p] += t.points
    position.ore_from_mines[p] += t.ore
    position.figures_revision[p] += 1
    if events is not None:
        events.append(
            Event(
                "mine",
                data={
                    "player": p,
                    "tile": tile,
                    "id": t.id,
                    "cell": cell,
                    "at": cell_name(DATA.mine_cols, cell),
                    "points": t.points,
                    "ore": t.ore,
                },
            )
        )
    economy.advance(position, 1, t.ore, chance, events)  # tied to the production gain
    if t.pop and position.population_position < POPULATION_LAST:
        position.tasks.append(OptionalIcon(OPT_POP, t.pop))  # KH-TURN-4: an icon one may decline


def take_miner(position: KutnaHoraPosition, p: int, reserve_first: bool) -> None:
    if reserve_first and position.reserve[p] > 0:
        position.reserve[p] -= 1
    else:
        position.pool[p] -= 1
    position.figures_revision[p] += 1


def place_tech(position: KutnaHoraPosition, cell: int, tile: int, events: list[Event] | None) -> None:
    p = position.current
    take_miner(position, p, True)
    position.mine[cell] = tile
    position.mine_owner[cell] = p
    position.mine_revision += 1
    if events is not None:
        events.append(
            Event("tech", data={"player": p, "tile": tile, "cell": cell, "at": cell_name(DATA.mine_cols, cell)})
        )
