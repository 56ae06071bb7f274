"""The player's city maps: where a building fits, houses, St. Barbara's rearranging."""

from __future__ import annotations

from typing import Final

from townhall.games.antiquity import actions as A
from townhall.games.antiquity import payment
from townhall.games.antiquity.city import (
    CHOICE_TYPES,
    HOUSE,
    NUM_CHOICES,
    PLACEMENT_CELL_MASKS,
    PLACEMENTS,
    choice_of_shape,
    first_square,
    fits,
    size_of,
    taken_mask,
)
from townhall.games.antiquity.components import CATHEDRAL, MAX_PLAN_STEPS, SUPPLY, building_cost
from townhall.games.antiquity.data import Cost
from townhall.games.antiquity.player import NICHOLAS, NUM_TYPES, Player
from townhall.games.antiquity.position import AntiquityPosition
from townhall.games.antiquity.steps import Arrange, OfferFreeHouse

# per city map (0-3) and build choice: the square action of each placement, and its cell mask
_CITY_MAPS: Final = range(4)
PLACEMENT_ACTIONS: Final = tuple(
    tuple(
        tuple(A.square_action(c, x, y, rot) for rot, x, y, _ in PLACEMENTS[(choice, size_of(c))])
        for choice in range(NUM_CHOICES)
    )
    for c in _CITY_MAPS
)
PLACEMENT_MASKS_OF: Final = tuple(
    tuple(PLACEMENT_CELL_MASKS[(choice, size_of(c))] for choice in range(NUM_CHOICES)) for c in _CITY_MAPS
)


def placement_actions(pl: Player, choice: int) -> list[int]:
    """The square actions where the build choice fits on the player's city maps."""
    out = []
    for c in range(len(pl.cities)):
        taken = taken_mask(pl.grid[c], pl.graves[c])
        actions = PLACEMENT_ACTIONS[c][choice]
        for k, mask in enumerate(PLACEMENT_MASKS_OF[c][choice]):
            if not mask & taken:
                out.append(actions[k])
    return out


FULL: Final = {size: (1 << size * size) - 1 for size in (7, 6)}  # every square of a city map taken


# the build choices grouped by building type, and the few distinct building costs
TYPE_CHOICES: Final = tuple(
    (t, tuple(c for c in range(NUM_CHOICES) if CHOICE_TYPES[c] == t)) for t in sorted(set(CHOICE_TYPES))
)


DISTINCT_COSTS: Final[tuple[Cost, ...]] = tuple(dict.fromkeys(building_cost(t) for t, _ in TYPE_CHOICES))
DISTINCT_PRICES: Final = tuple(payment.price_of(cost) for cost in DISTINCT_COSTS)


COST_ID: Final = {t: DISTINCT_COSTS.index(building_cost(t)) for t, _ in TYPE_CHOICES}
COST_IDS: Final[tuple[int, ...]] = tuple(COST_ID.get(t, -1) for t in range(NUM_TYPES))  # by type, -1: no choice

SUPPLY_TYPES: Final[tuple[int, ...]] = tuple(sorted(SUPPLY))
SUPPLY_CAPS: Final[tuple[int, ...]] = tuple(SUPPLY.get(t, -1) for t in range(NUM_TYPES))  # -1: one of a kind


def can_build(
    position: AntiquityPosition,
    pl: Player,
    choice: int,
    philosophy: bool,
    counts: list[int],
    public: dict[int, int],
    taken: list[int] | None = None,
    paid: dict[int, bool] | None = None,
) -> bool:
    """May the player start building this choice: supply or one-of-a-kind, cost, a free spot."""
    t = CHOICE_TYPES[choice]
    if t in SUPPLY:
        if public[t] >= SUPPLY[t]:
            return False
    elif counts[t] > 0 or (t == CATHEDRAL and pl.demolished == position.round):
        return False  # ANT-PH2-4, ANT-PH2-11
    ok = None if paid is None else paid.get(t)
    if ok is None:
        ok = payment.can_pay(pl.goods, building_cost(t), philosophy)
        if paid is not None:
            paid[t] = ok
    if not ok:
        return False
    if taken is None:
        taken = [taken_mask(pl.grid[c], pl.graves[c]) for c in range(len(pl.cities))]
    return any(fits(choice, size_of(c), mask) for c, mask in enumerate(taken))


def type_counts(pl: Player) -> list[int]:
    counts = [0] * NUM_TYPES
    for b in pl.buildings:
        if b is not None:
            counts[b[0]] += 1
    return counts


def lifts(pl: Player, graved: list[bool] | None, held: tuple[int, ...]) -> list[int]:
    """St. Barbara: lift any standing building without a grave (placed back later);
    `graved` is Player.graved_flags()."""
    return [
        A.cell_action(A.MOVE, b[1], first_square(b[2]), size_of(b[1]))
        for bid, b in enumerate(pl.buildings)
        if b is not None and (graved is None or not graved[bid]) and bid not in held
    ]


def legal_arrange(position: AntiquityPosition, pl: Player, step: Arrange) -> list[int]:
    """ANT-PH2-16: St. Barbara's rearranging: place the first held building, lift another, done, withdraw (RULINGS.md)."""
    held = step.held
    if pl.steps >= MAX_PLAN_STEPS:
        return [A.WITHDRAW]
    out = [A.WITHDRAW]
    if held:
        out.extend(placement_actions(pl, choice_of(position, pl, held[0])))
    else:
        out.append(A.DONE)
    out.extend(lifts(pl, pl.graved_flags(), held))
    return out


def lift(pl: Player, bid: int, step: Arrange | None) -> None:
    """Take a building off the city map into the held row; remember where it stood first."""
    b = pl.buildings[bid]
    assert b is not None
    pl.set_cells(b[1], b[2], -1)
    held, origin = (step.held, step.origin) if step is not None else ((), ())
    if all(o[0] != bid for o in origin):
        origin = (*origin, (bid, b[1], b[2]))
    pl.pending = Arrange((*held, bid), origin)


def apply_arrange(position: AntiquityPosition, pl: Player, kind: str, values: tuple[int, ...]) -> None:
    step = pl.pending
    assert isinstance(step, Arrange)
    held, origin = step.held, step.origin
    if kind == "square":
        bid = held[0]
        c, x, y, rot = values
        cells = cells_for(position, choice_of(position, pl, bid), c, x, y, rot)
        old = pl.buildings[bid]
        assert old is not None
        pl.buildings[bid] = (old[0], c, cells)
        pl.set_cells(c, cells, bid)
        pl.pending = Arrange(held[1:], origin)
    elif kind == "move":
        lift(pl, building_at(position, pl, values), step)
    elif kind == "done":
        pl.pending = None
    else:  # withdraw: every building of this rearrangement goes back where it stood
        for bid, _, _ in origin:
            b = pl.buildings[bid]
            assert b is not None
            if bid not in held:
                pl.set_cells(b[1], b[2], -1)
        for bid, c, cells in origin:
            b = pl.buildings[bid]
            assert b is not None
            pl.buildings[bid] = (b[0], c, cells)
            pl.set_cells(c, cells, bid)
        pl.pending = None


def choice_of(position: AntiquityPosition, pl: Player, bid: int) -> int:
    b = pl.buildings[bid]
    assert b is not None
    return choice_of_shape(b[0], len(b[2]), b[2], size_of(b[1]))


def cells_for(position: AntiquityPosition, choice: int, c: int, x: int, y: int, rot: int) -> tuple[int, ...]:
    for r, px, py, cells in PLACEMENTS[(choice, size_of(c))]:
        if (r, px, py) == (rot, x, y):
            return cells
    raise AssertionError("placement vanished")


def cell_of(position: AntiquityPosition, values: tuple[int, ...]) -> tuple[int, int]:
    c, x, y = values[0], values[1], values[2]
    return c, y * size_of(c) + x


def building_at(position: AntiquityPosition, pl: Player, values: tuple[int, ...]) -> int:
    c, i = cell_of(position, values)
    return pl.grid[c][i]


def add_house(position: AntiquityPosition, pl: Player, number: int, c: int, i: int, free: bool) -> None:
    """ANT-PH2-6: a house brings its worker at once; St. Nicholas may add a lower one (ANT-PH2-9)."""
    pl.houses |= 1 << number
    pl.figure_changes += 1
    bid = len(pl.buildings)
    pl.buildings.append((HOUSE, c, (i,)))
    pl.manned.append(False)
    pl.set_cells(c, (i,), bid)
    pl.pending = None
    if not free and pl.has_saint_power(NICHOLAS) and any(not pl.houses >> m & 1 for m in range(number)):
        pl.pending = OfferFreeHouse(number)


def demolish(position: AntiquityPosition, pl: Player) -> None:
    """ANT-PH2-11: theology removes the cathedral; a new one may come in a later round."""
    bid = pl.find(CATHEDRAL)
    b = pl.buildings[bid]
    assert b is not None
    pl.set_cells(b[1], b[2], -1)
    pl.buildings[bid] = None
    pl.old_saint = pl.saint
    pl.saint = -1
    pl.theology_used = True
    pl.demolished = position.round
    pl.figure_changes += 1
