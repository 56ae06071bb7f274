"""Pending sub-decision steps: their legal actions, and paying a price step by step."""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import countryside, payment, placement, supply
from .city import (
    size_of,
)
from .data import WOOD, Cost
from .player import Player
from .position import AntiquityPosition
from .rules import CATHEDRAL, FOUNTAIN, PHILOSOPHY, SUPPLY


def legal_pending(position: AntiquityPosition, p: int, pl: Player, pend: tuple[Any, ...]) -> list[int]:
    kind = pend[0]
    if kind == "place":
        return [A.square_action(c, x, y, rot) for c, rot, x, y, _ in placement.placements(position, pl, pend[1])]
    if kind == "arrange":
        return placement.legal_arrange(position, pl, pend)
    if kind in ("hplace", "fplace"):
        return [A.cell_action(A.CELL, c, i, size_of(c)) for c, i in pl.empty_cells()]
    if kind == "pay":
        return [A.GOOD + g for g in payment.options(pl.goods, pend[2])]
    if kind == "saint":
        return [A.SAINT + s for s in range(5) if not (pl.demolished >= 0 and s == pl.old_saint)]
    if kind == "nicholas":
        out = [A.NOFREE]
        if pl.empty_cells():
            out.extend(A.FREE + m for m in range(pend[1]) if not pl.houses >> m & 1)
        return out
    if kind in ("bank", "bank2", "bank3"):
        if kind == "bank3":
            return [A.GOOD + g for g in range(10) if supply.goods_left(position, g, p)]
        return [A.GOOD + g for g in range(10) if pl.goods[g] > 0]
    if kind == "graveto":
        return [A.cell_action(A.CELL, c, i, size_of(c)) for c, i in pl.empty_cells()]
    # phase 4 sub-steps
    if kind == "site":
        return [A.HEX + h for h in countryside.country_sites(position, p, pend[1])]
    if kind == "site2":
        return [A.HEX + h for h in countryside.fisher_partners(position, p, pend[1])]
    if kind == "fgood":
        return countryside.product_options(position, p, pend[1], pend[2])
    raise AssertionError(f"unknown pending step {kind}")


def pay(position: AntiquityPosition, pl: Player, cost: Cost, job: tuple[Any, ...]) -> None:
    philosophy = PHILOSOPHY in pl.active()
    need = payment.start(pl.goods, cost, philosophy)
    continue_pay(position, pl, job, need)


def continue_pay(position: AntiquityPosition, pl: Player, job: tuple[Any, ...], need: payment.Need) -> None:
    rest = payment.forced(pl.goods, need)
    if rest is not None:
        for g in rest:
            need = payment.pay(pl.goods, need, g)
    while not payment.complete(need):
        opts = payment.options(pl.goods, need)
        if len(opts) != 1:
            pl.pend = ("pay", job, need)
            return
        need = payment.pay(pl.goods, need, opts[0])
    pl.pend = None
    if job[0] == "bld" and job[1] in SUPPLY:
        paid = need[5][0] if job[1] == FOUNTAIN and need[5] else WOOD
        pl.bought = (*pl.bought, (len(pl.blds), paid))
    finish(position, pl, job)


def finish(position: AntiquityPosition, pl: Player, job: tuple[Any, ...]) -> None:
    kind = job[0]
    if kind == "bld":
        _, t, c, cells = job
        bid = len(pl.blds)
        pl.blds.append((t, c, cells))
        pl.manned.append(False)
        for i in cells:
            pl.grid[c][i] = bid
        if t == CATHEDRAL:
            pl.new_cathedral += 1
            pl.pend = ("saint",)  # ANT-PH2-8
    elif kind == "house":
        _, number, c, i = job
        placement.add_house(position, pl, number, c, i, free=False)
    else:
        countryside.finish_country(position, pl, job)
