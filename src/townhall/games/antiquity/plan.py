"""Phase 2: the secret city plans and their reveal."""

from __future__ import annotations

from townhall.engine import Chance, Event, Json
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import payment, pending, placement, supply
from townhall.games.antiquity.city import (
    CHOICE_TYPES,
    first_square,
    fit_row,
    fits_in,
    size_of,
    taken_mask,
)
from townhall.games.antiquity.components import (
    CATHEDRAL,
    HOSPITAL,
    HOUSE_PRICES,
    MARKET,
    MAX_PLAN_STEPS,
    PHILOSOPHY,
    SUPPLY,
    THEOLOGY,
    building_cost,
)
from townhall.games.antiquity.data import BUILDINGS, DATA, FOOD, GOODS, LUX
from townhall.games.antiquity.player import BARBARA, MANNED, MARIA
from townhall.games.antiquity.position import TRADE, AntiquityPosition
from townhall.games.antiquity.steps import (
    Arrange,
    BankGiveFirst,
    BankGiveSecond,
    BankTake,
    BuildJob,
    ChooseSaint,
    HouseJob,
    MoveGrave,
    OfferFreeHouse,
    Pay,
    PlaceBuilding,
    PlaceFreeHouse,
    PlaceHouse,
)


def legal_plan(position: AntiquityPosition, p: int) -> list[int]:
    pl = position.players[p]
    step = pl.pending
    if step is not None:
        return pending.legal_pending(position, p, pl, step)
    out = [A.DONE]
    if pl.steps >= MAX_PLAN_STEPS:
        return out
    graved = pl.graved_flags()
    active = pl.active_mask_given(graved)
    philosophy = active >> PHILOSOPHY & 1 == 1
    counts = placement.type_counts(pl)
    public = counts[:]  # buildings of the public supplies taken, as this player sees them
    for q in range(position.num_players):
        if q != p:
            theirs = placement.type_counts(supply.view_of(position, q, p))
            for t in placement.SUPPLY_TYPES:
                public[t] += theirs[t]
    ncities = len(pl.cities)
    taken = [taken_mask(pl.grid[c], pl.graves[c]) for c in range(ncities)]
    rows = [fit_row(size_of(c), taken[c]) for c in range(ncities)]
    goods = pl.goods
    paid = [payment.can_pay_price(goods, price, philosophy) for price in placement.DISTINCT_PRICES]
    no_cathedral = pl.demolished == position.round  # ANT-PH2-11: a new cathedral only in a later round
    for t, choices in placement.TYPE_CHOICES:  # the same tests as can_build, inlined (a hot path)
        cap = placement.SUPPLY_CAPS[t]
        if cap >= 0:
            if public[t] >= cap:
                continue
        elif counts[t] > 0 or (t == CATHEDRAL and no_cathedral):
            continue  # ANT-PH2-4
        if not paid[placement.COST_IDS[t]]:
            continue
        for choice in choices:
            for c in range(ncities):
                if fits_in(rows[c], choice, size_of(c), taken[c]):
                    out.append(A.BUILD + choice)
                    break
    empty = False
    for c in range(ncities):
        if taken[c] != placement.FULL[size_of(c)]:
            empty = True
            break
    if empty:
        food = [goods[g] for g in FOOD]
        lux = [goods[g] for g in LUX]
        food_n, lux_n = sum(food), sum(lux)
        food_k, lux_k = len(food) - food.count(0), len(lux) - lux.count(0)
        houses = pl.houses
        for number in range(20):
            if houses >> number & 1:
                continue
            food_c, lux_c, food_d, lux_d = HOUSE_PRICES[number]  # food and luxuries only (ANT-PH2-5)
            if food_n < food_c or lux_n < lux_c:
                continue
            if not philosophy and ((food_d and food_k < food_c) or (lux_d and lux_k < lux_c)):
                continue
            out.append(A.HOUSE_A + number)
    if pl.idle() > 0:
        manned = pl.manned
        for bid, b in enumerate(pl.buildings):
            if b is not None and MANNED[b[0]] and not manned[bid] and (graved is None or not graved[bid]):
                out.append(A.cell_action(A.MAN, b[1], first_square(b[2]), size_of(b[1])))
    if active >> MARKET & 1 and sum(goods) >= 2:
        out.append(A.BANK)
    if active >> THEOLOGY & 1 and not pl.theology_used and pl.saint != MARIA:
        cath = pl.find(CATHEDRAL)
        if cath >= 0 and not pl.graved(cath):
            out.append(A.DEMOLISH)
    if active >> HOSPITAL & 1 and pl.healed < 5:
        for c, graves in enumerate(pl.graves):
            out.extend(A.cell_action(A.HEAL, c, i, size_of(c)) for i, g in enumerate(graves) if g)
    if pl.has_saint_power(BARBARA):
        # ANT-PH2-16: lifting a building starts a rearrangement (the "arrange" step)
        out.extend(placement.lifts(pl, graved, ()))
        if empty:
            for c, graves in enumerate(pl.graves):
                out.extend(
                    A.cell_action(A.GRAVEMOVE, c, i, size_of(c))
                    for i, g in enumerate(graves)
                    if g and pl.grid[c][i] >= 0
                )
    return out


def apply_plan(position: AntiquityPosition, p: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    pl = position.players[p]
    pl.steps += 1
    step = pl.pending
    kind, values = A.SPACE.decode(action)
    if step is None:
        if kind == "done":
            position.done[p] = True
            if all(position.done):
                reveal(position, events)
        elif kind == "build":
            pl.pending = PlaceBuilding(values[0])
        elif kind == "house":
            pl.pending = PlaceHouse(values[0])
        elif kind == "man":
            pl.manned[placement.building_at(position, pl, values)] = True  # ANT-PH2-2
            pl.figure_changes += 1
        elif kind == "bank":
            pl.pending = BankGiveFirst()
        elif kind == "demolish":
            placement.demolish(position, pl)
        elif kind == "heal":
            c, i = placement.cell_of(position, values)
            pl.set_grave(c, i, False)  # ANT-PH2-12
            pl.healed += 1
        elif kind == "move":
            placement.lift(pl, placement.building_at(position, pl, values), None)  # ANT-PH2-16: St. Barbara rearranges
        elif kind == "gravemove":
            c, i = placement.cell_of(position, values)
            pl.pending = MoveGrave(c, i)
        return
    if isinstance(step, PlaceBuilding):
        c, x, y, rot = values
        cells = placement.cells_for(position, step.choice, c, x, y, rot)
        t = CHOICE_TYPES[step.choice]
        pending.pay(position, pl, building_cost(t), BuildJob(t, c, cells))
    elif isinstance(step, Arrange):
        placement.apply_arrange(position, pl, kind, values)
    elif isinstance(step, PlaceHouse):
        c, i = placement.cell_of(position, values)
        pending.pay(position, pl, DATA.house_costs[step.number], HouseJob(step.number, c, i))
    elif isinstance(step, PlaceFreeHouse):
        c, i = placement.cell_of(position, values)
        placement.add_house(position, pl, step.number, c, i, free=True)
    elif isinstance(step, Pay):
        need = payment.pay(pl.goods, step.need, values[0])
        pending.continue_pay(position, pl, step.job, need)
    elif isinstance(step, ChooseSaint):
        pl.saint = values[0]  # ANT-PH2-8: power at once
        pl.figure_changes += 1
        pl.pending = None
    elif isinstance(step, OfferFreeHouse):
        pl.pending = None if kind == "nofree" else PlaceFreeHouse(values[0])
    elif isinstance(step, BankGiveFirst):
        pl.goods[values[0]] -= 1
        pl.figure_changes += 1
        pl.pending = BankGiveSecond(values[0])
    elif isinstance(step, BankGiveSecond):
        pl.goods[values[0]] -= 1
        pl.figure_changes += 1
        pl.pending = BankTake(step.first, values[0])
    elif isinstance(step, BankTake):
        pl.goods[values[0]] += 1  # ANT-PH2-13: 2 goods for 1 with the bank
        pl.figure_changes += 1
        pl.banked = (*pl.banked, (step.first, step.second, values[0]))  # settled at the reveal (ANT-COMP-1)
        pl.pending = None
    elif isinstance(step, MoveGrave):
        c, i = placement.cell_of(position, values)
        pl.set_grave(step.city, step.cell, False)
        pl.set_grave(c, i, True)
        pl.pending = None


def reveal(position: AntiquityPosition, events: list[Event] | None) -> None:
    """End of phase 2: every plan becomes public; then phase 3 sets the order (ANT-PH3-1)."""
    position.snapshots = [None] * position.num_players
    settle_supply(position, events)
    settle_goods(position, events)
    position.cathedrals_built = sum(pl.new_cathedral for pl in position.players)
    if events is not None:
        for p, pl in enumerate(position.players):
            if pl.alive:
                names = [BUILDINGS[b[0]] for b in pl.buildings if b is not None]
                events.append(Event("reveal", data={"player": p, "buildings": names, "workers": pl.workers}))
    position.phase = TRADE
    position.turn = 0
    position.offers = [0] * position.num_players


def settle_supply(position: AntiquityPosition, events: list[Event] | None) -> None:
    """ANT-PH2-4: overdrawn building supplies are taken back by the later players (RULINGS.md)."""
    for t, cap in SUPPLY.items():
        excess = sum(pl.count(t) for pl in position.players) - cap
        for p in reversed(position.order):
            pl = position.players[p]
            for bid, good in reversed(pl.bought):
                b = pl.buildings[bid]
                if excess <= 0 or b is None or b[0] != t:
                    continue
                pl.set_cells(b[1], b[2], -1)
                pl.buildings[bid] = None
                pl.manned[bid] = False
                pl.goods[good] += 1
                pl.figure_changes += 1
                excess -= 1
                if events is not None:
                    data = {"player": p, "building": BUILDINGS[t], "city": b[1], "cells": list(b[2])}
                    events.append(Event("supply", data={**data, "good": None, "paid": []}))


def settle_goods(position: AntiquityPosition, events: list[Event] | None) -> None:
    """ANT-COMP-1: bank trades that overdraw a good are undone, later players first (RULINGS.md)."""
    if not any(pl.banked for pl in position.players):
        return
    cap = DATA.supply["goods_each"]
    while True:
        out = [sum(pl.goods[g] for pl in position.players) + position.hex_goods.count(g) for g in range(10)]
        undone = False
        for p in reversed(position.order):
            pl = position.players[p]
            for k in range(len(pl.banked) - 1, -1, -1):
                a, b, took = pl.banked[k]
                if out[took] > cap and pl.goods[took] > 0:
                    pl.goods[took] -= 1
                    pl.goods[a] += 1
                    pl.goods[b] += 1
                    pl.figure_changes += 1
                    pl.banked = pl.banked[:k] + pl.banked[k + 1 :]
                    undone = True
                    if events is not None:
                        data: dict[str, Json] = {"player": p, "building": None, "city": None, "cells": []}
                        events.append(Event("supply", data={**data, "good": GOODS[took], "paid": [GOODS[a], GOODS[b]]}))
                    break
            if undone:
                break
        if not undone:
            return
