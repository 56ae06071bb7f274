"""The town hall and the town: licences, plots, buildings and their icons (KH-LIC-*, KH-PLOT-*, KH-BUILD-*)."""

from __future__ import annotations

from typing import Final

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.actions import (
    OPT_BARBARA,
    OPT_ORE_LEFT,
    OPT_POP,
    OPT_SLIDER,
)
from townhall.games.kutna_hora.barbara import turn_barbara
from townhall.games.kutna_hora.data import DATA, ORE, PERMITS, WOOD, cell_name
from townhall.games.kutna_hora.geometry import TOWN_NEIGHBOURS
from townhall.games.kutna_hora.position import EMPTY, KutnaHoraPosition
from townhall.games.kutna_hora.reputation import gain
from townhall.games.kutna_hora.stacks import take_from_stack
from townhall.games.kutna_hora.steps import OptionalIcon, PlaceTechnology, TakeLicence
from townhall.games.kutna_hora.tables import (
    BARBARA_TILES,
    BUILDINGS,
    COLUMNS,
    HOUSE_EFFECTS,
    HOUSES_PER_ROW,
    PLOT_CHEAP,
    PLOT_DEFAULT,
    PLOT_MARKERS,
    POPULATION_LAST,
    REP_CHEAP_PLOT,
    SLOTS,
    TECHNOLOGY_TILES,
)

FREE_PUBLIC_LICENCE: Final = TakeLicence(2)  # frozen steps, built once
TURN_BARBARA: Final = OptionalIcon(OPT_BARBARA, 0)

GUILD_OF_TILE: Final = tuple(b.guild for b in BUILDINGS)  # -1 for a public building
PLOT_PRICE: Final = tuple(b.plot_price for b in BUILDINGS)
COLUMN_MONEY: Final = tuple(amount if good < 0 else 0 for good, amount in DATA.column_costs)
COLUMN_PERMITS: Final = tuple(0 if good < 0 else amount for good, amount in DATA.column_costs)
PLOT_CELLS: Final = {n: tuple(c for c, ok in enumerate(side.plots) if ok) for n, side in DATA.sides.items()}


def licence_options(position: KutnaHoraPosition, p: int, mode: int) -> list[tuple[int, int, int]]:
    """KH-LIC-1/2: (row, column, cost in groschen) of every tile the player may take."""
    if len(position.slots[p]) >= SLOTS:
        return []
    out = []
    guilds = position.guilds[p]
    top = position.stack_top
    money = position.money[p]
    permit = 0 if mode else economy.price(position, PERMITS)
    for r, row in enumerate(position.hall):
        for c, stack in enumerate(row):
            tile = top[stack]
            if tile < 0:
                continue
            guild = GUILD_OF_TILE[tile]
            if guild >= 0 and (mode == 2 or guild not in guilds):
                continue  # public tiles for anyone, guild tiles of one's own guilds only
            cost = 0 if mode else COLUMN_MONEY[c] + COLUMN_PERMITS[c] * permit
            if cost <= money:
                out.append((r, c, cost))
    return out


def plot_options(position: KutnaHoraPosition, p: int, mode: int) -> list[tuple[int, int]]:
    """KH-PLOT-1/2/3: (cell, cost) of every plot the player may buy."""
    if len(position.plots[p]) >= PLOT_MARKERS:
        return []
    town, marks = position.town, position.town_plot
    cells = PLOT_CELLS[position.side]
    if mode == 1:
        return [(c, 0) for c in cells if town[c] == EMPTY and marks[c] < 0]
    near = TOWN_NEIGHBOURS[position.side]
    cheap = position.reputation[p] >= REP_CHEAP_PLOT
    money = position.money[p]
    out: list[tuple[int, int]] = []
    beside_building = False  # some empty plot borders a building: only those are offered
    for c in cells:
        if town[c] != EMPTY or marks[c] >= 0:
            continue
        best = -1
        for d in near[c]:
            tile = town[d]
            if tile >= 0 and PLOT_PRICE[tile] > best:
                best = PLOT_PRICE[tile]
        if best >= 0:
            beside_building = True
            cost = PLOT_CHEAP if cheap else best
            if cost <= money:
                out.append((c, cost))
    if beside_building:
        return out
    cost = PLOT_CHEAP if cheap else PLOT_DEFAULT
    if cost > money:
        return []
    return [(c, cost) for c in cells if town[c] == EMPTY and marks[c] < 0]


def build_options(position: KutnaHoraPosition, p: int, mode: int) -> list[tuple[int, int, int]]:
    """KH-BUILD-1/7: (slot, plot cell, cost) of every building the player may build now."""
    out: list[tuple[int, int, int]] = []
    if not position.plots[p]:
        return out
    wood = 0 if mode else economy.price(position, WOOD)
    blocked = economy.no_demand(position)
    for slot, tile in enumerate(position.slots[p]):
        b = BUILDINGS[tile]
        if not b.public:
            if b.guild in blocked:
                continue
            if position.houses[p][position.guilds[p].index(b.guild)] == 0:
                continue  # KH-TURN-5: no house left, no effect
        cost = b.wood * wood
        if cost > position.money[p]:
            continue
        out.extend((slot, cell, cost) for cell in sorted(position.plots[p]))  # in action order
    return out


def take_licence(
    position: KutnaHoraPosition, row: int, col: int, mode: int, chance: Chance, events: list[Event] | None
) -> None:
    p = position.current
    cost = next(c for r, cc, c in licence_options(position, p, mode) if r == row and cc == col)
    stack = position.hall[row][col]
    tile = take_from_stack(position, stack, chance)
    position.money[p] -= cost
    position.slots[p].append(tile)
    if events is not None:
        events.append(
            Event(
                "licence",
                data={"player": p, "tile": tile, "id": BUILDINGS[tile].id, "row": row, "col": col, "cost": cost},
            )
        )


def buy_plot(position: KutnaHoraPosition, cell: int, mode: int, events: list[Event] | None) -> None:
    p = position.current
    cost = dict(plot_options(position, p, mode))[cell]
    position.money[p] -= cost
    position.plots[p].append(cell)
    position.town_plot[cell] = p
    if events is not None:
        events.append(
            Event(
                "plot",
                data={"player": p, "cell": cell, "at": cell_name(position.town_columns, cell), "cost": cost},
            )
        )


def build(
    position: KutnaHoraPosition, slot: int, cell: int, mode: int, chance: Chance, events: list[Event] | None
) -> None:
    p = position.current
    tile = position.slots[p][slot]
    b = BUILDINGS[tile]
    position.money[p] -= 0 if mode else b.wood * economy.price(position, WOOD)
    position.slots[p].pop(slot)
    position.plots[p].remove(cell)
    position.town_plot[cell] = -1
    position.town[cell] = tile
    position.town_revision += 1  # the owner is set below, before anyone can look
    if events is not None:
        events.append(
            Event(
                "build",
                data={
                    "player": p,
                    "tile": tile,
                    "id": b.id,
                    "cell": cell,
                    "at": cell_name(position.town_columns, cell),
                },
            )
        )
    if b.public:
        # KH-BUILD-6: owned by nobody; its effect; a noble of its colour to the pool.
        position.town_owner[cell] = -1
        gain(position, p, b.effect)
        if position.bank[b.noble] > 0:
            position.bank[b.noble] -= 1
            position.noble_pool[b.noble] += 1
            position.market_revision += 1
        return
    position.town_owner[cell] = p
    g = b.guild
    position.production[p][g] += b.production  # KH-BUILD-3
    if g == ORE:
        economy.advance(position, 1, b.production, chance, events)  # KH-BUILD-5, tied to production
    row = position.guilds[p].index(g)
    column = HOUSES_PER_ROW - position.houses[p][row]
    position.houses[p][row] -= 1
    position.figures_revision[p] += 1  # production and houses
    effect = HOUSE_EFFECTS[row][column]
    gain(position, p, tuple(e for e in effect if e[0] != "public"))
    # Pushed in reverse: icons (each declinable, KH-TURN-4), technology, then the house licence.
    push = position.tasks.append
    if any(e[0] == "public" for e in effect):
        push(FREE_PUBLIC_LICENCE)  # KH-BUILD-2: a free public licence
    if g == ORE and position.technology_taken < len(TECHNOLOGY_TILES):
        position.technology_taken += 1
        push(PlaceTechnology(TECHNOLOGY_TILES[position.technology_taken - 1].index))
    if b.pop and position.population_position < POPULATION_LAST:
        push(OptionalIcon(OPT_POP, b.pop))
    if b.barbara and position.barbara_next < BARBARA_TILES:
        push(TURN_BARBARA)
    if b.ore_slider_left and position.sliders[ORE] > 0:
        push(OptionalIcon(OPT_ORE_LEFT, ORE))
    if b.slider and position.sliders[g] < COLUMNS - 1:
        push(OptionalIcon(OPT_SLIDER, g))


def optional_icon(position: KutnaHoraPosition, kind: int, arg: int, chance: Chance, events: list[Event] | None) -> None:
    if kind == OPT_SLIDER:
        position.sliders[arg] = min(COLUMNS - 1, position.sliders[arg] + 1)
        position.market_revision += 1
    elif kind == OPT_ORE_LEFT:
        position.sliders[arg] = max(0, position.sliders[arg] - 1)
        position.market_revision += 1
    elif kind == OPT_BARBARA:
        turn_barbara(position, events)
    else:
        economy.advance(position, 0, arg, chance, events)
