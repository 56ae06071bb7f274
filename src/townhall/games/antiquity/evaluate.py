"""A heuristic value of a position for the greedy bot: workers, working buildings, producers,
cities, goods that can be kept, cover against the next famine, graves, saint and victory progress,
and the economy to come (cart shops able to build a producer, producers, wood)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from townhall.engine.protocol import score_margin
from townhall.games.antiquity import victory, zones
from townhall.games.antiquity.city import CHOICE_TYPES
from townhall.games.antiquity.components import CART, FARM_GOODS, FOUNTAIN, GRANARY, building_cost
from townhall.games.antiquity.data import FOOD, LUX, WOOD
from townhall.games.antiquity.player import CHRISTOPHER, MARIA, NICHOLAS, Player
from townhall.games.antiquity.position import PLAN
from townhall.games.antiquity.steps import BuildJob, HouseJob, Pay, PlaceBuilding, PlaceFreeHouse, PlaceHouse, Step

if TYPE_CHECKING:
    from townhall.games.antiquity.state import AntiquityState


BUILDING_STEPS = frozenset(("place", "hplace", "fplace", "pay", "saint", "nicholas", "site", "site2", "fgood"))
SHORTFALL: Final = 2.0
"""Value lost per unit of the next famine not covered (food held, a granary, fountains)."""
WORKER: Final = 3.0
PRODUCER: Final = 10.0
"""A producer in the countryside: a good every round while it lasts (the economy's only source)."""
CART_READY: Final = 6.0
"""A cart shop that can build a producer in the coming phase 4: a worker for it, wood or a seed to pay.
Without it the bot spent its starting wood on city buildings and never built in the countryside,
starving by round 13 (docs/bots-report.md, "Antiquity's bots starved")."""
WOOD_KEPT: Final = 1.0
"""Wood held (up to 4) on top of its worth as a good: what builds producers."""


def pending_building(step: Step | None) -> int:
    """The building being built in phase 2 (chosen but not placed or not paid yet), else -1:
    a one-step lookahead must see what the "build X" step is about to bring."""
    if isinstance(step, PlaceBuilding):
        return step.choice
    if isinstance(step, Pay) and isinstance(step.job, BuildJob):
        return step.job.building_type
    return -1


def house_coming(step: Step | None) -> bool:
    """A house chosen but not placed or not paid yet: its worker is as good as there."""
    return isinstance(step, (PlaceHouse, PlaceFreeHouse)) or (isinstance(step, Pay) and isinstance(step.job, HouseJob))


def wood_left(pl: Player) -> int:
    """Wood held, less what a building chosen but not yet placed will take (it is paid on placing):
    otherwise choosing a building looks free and the wood for the countryside goes to the city."""
    wood = pl.goods[WOOD]
    step = pl.pending
    if isinstance(step, PlaceBuilding):
        for good, count in building_cost(CHOICE_TYPES[step.choice]).exact:
            if good == WOOD:
                wood -= count
    return max(0, wood)


def cart_shops_ready(pl: Player, planning: bool) -> int:
    """Cart shops that can build in the coming country phase, as many as wood and seeds can pay
    for: manned ones, and while the player's city plan is still open, built (or being built) ones
    with a worker to spare (a plan that ends with them unmanned loses them)."""
    ready = manned = pl.manned_count(CART)
    if planning:
        unmanned = pl.count(CART) - manned + (pending_building(pl.pending) == CART)
        ready += min(max(0, pl.idle()), unmanned)
    goods = pl.goods
    return min(ready, wood_left(pl) + sum(goods[g] for g in FARM_GOODS))


def value(state: AntiquityState, p: int) -> float:
    pl = state.players[p]
    if not pl.alive:
        return -1000.0 + pl.out_round
    if p in state.winners:
        return 1000.0
    active = pl.active_mask()
    goods = pl.goods
    food = sum(goods[g] for g in FOOD)
    total = sum(goods)
    keep = 1.0 if pl.has_saint_power(CHRISTOPHER) or total <= pl.capacity() else 0.4
    v = (
        WORKER * (pl.workers + house_coming(pl.pending))
        + 0.8 * active.bit_count()
        + PRODUCER * pl.country_buildings
        + CART_READY * cart_shops_ready(pl, state.phase == PLAN and not state.done[p])
        + WOOD_KEPT * min(wood_left(pl), 4)
        + 8.0 * len(pl.cities)
        + 0.5 * len(pl.inns)
    )
    v += keep * (0.6 * food + 0.5 * sum(goods[g] for g in LUX) + 0.5 * (goods[8] + goods[9]))
    if not state.beginner:
        # The next famine: food held, a granary (3) and fountains cover it; each uncovered unit is a
        # grave to come. A building chosen but not yet placed counts already.
        coming = pending_building(pl.pending)
        granary = 3 if active >> GRANARY & 1 or coming == GRANARY else 0
        cover = food + granary + pl.working(FOUNTAIN) + (coming == FOUNTAIN)
        v -= SHORTFALL * max(0, state.famine + 1 - cover)
    v -= 2.5 * pl.grave_count()
    if pl.pending is not None and pl.pending.tag in BUILDING_STEPS:
        v += 1.0  # something is being built: a one-step lookahead should see it coming
    if pl.cities:
        v += 0.05 * zones.clean_count(state, p)
    if pl.saint >= 0:
        conds = victory.victory_conditions(state, p)
        v += 5.0 + 6.0 * sum(conds)
        if pl.saint in (NICHOLAS, MARIA):
            v += 0.5 * pl.workers
        if pl.saint in (CHRISTOPHER, MARIA):
            v += sum(min(goods[g], 3) for g in (*FOOD, *LUX)) * 0.5
    return v


def evaluate(state: AntiquityState, p: int) -> float:
    return score_margin([value(state, q) for q in range(state.num_players)], p)


def evaluate_all(state: AntiquityState) -> list[float]:
    """`evaluate` for every player, each player's value computed once."""
    values = [value(state, q) for q in range(state.num_players)]
    return [score_margin(values, p) for p in range(len(values))]
