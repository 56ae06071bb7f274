"""Pending sub-decision steps: their legal actions, and paying a price step by step."""

from __future__ import annotations

from townhall.games.antiquity import actions as A
from townhall.games.antiquity import countryside, payment, placement, supply
from townhall.games.antiquity.components import CATHEDRAL, FOUNTAIN, PHILOSOPHY, SUPPLY
from townhall.games.antiquity.data import WOOD, Cost
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import AntiquityPosition
from townhall.games.antiquity.steps import (
    Arrange,
    BankGiveFirst,
    BankGiveSecond,
    BankTake,
    BuildJob,
    ChooseSaint,
    CountrySite,
    FisherPartner,
    HouseJob,
    Job,
    MoveGrave,
    OfferFreeHouse,
    Pay,
    PlaceBuilding,
    PlaceFreeHouse,
    PlaceHouse,
    Step,
)


def legal_pending(position: AntiquityPosition, p: int, pl: Player, step: Step) -> list[int]:
    if isinstance(step, PlaceBuilding):
        return placement.placement_actions(pl, step.choice)
    if isinstance(step, Arrange):
        return placement.legal_arrange(position, pl, step)
    if isinstance(step, (PlaceHouse, PlaceFreeHouse, MoveGrave)):
        table = A.CELL_ACTIONS
        return [table[c][i] for c in range(len(pl.grid)) for i in pl.empty_squares(c)]
    if isinstance(step, Pay):
        return [A.GOOD + g for g in payment.options(pl.goods, step.need)]
    if isinstance(step, ChooseSaint):
        return [A.SAINT + s for s in range(5) if not (pl.demolished >= 0 and s == pl.old_saint)]
    if isinstance(step, OfferFreeHouse):
        out = [A.NOFREE]
        if pl.empty_cells():
            out.extend(A.FREE + m for m in range(step.number) if not pl.houses >> m & 1)
        return out
    if isinstance(step, BankTake):
        return [A.GOOD + g for g in range(10) if supply.goods_left(position, g, p)]
    if isinstance(step, (BankGiveFirst, BankGiveSecond)):
        return [A.GOOD + g for g in range(10) if pl.goods[g] > 0]
    # phase 4 sub-steps
    if isinstance(step, CountrySite):
        return [A.HEX + h for h in countryside.country_sites(position, p, step.kind)]
    if isinstance(step, FisherPartner):
        return [A.HEX + h for h in countryside.fisher_partners(position, p, step.hex)]
    return countryside.product_options(position, p, step.kind, step.sites)


def pay(position: AntiquityPosition, pl: Player, cost: Cost, job: Job) -> None:
    philosophy = pl.works(PHILOSOPHY)
    need = payment.start(pl.goods, cost, philosophy)
    pl.figure_changes += 1
    continue_pay(position, pl, job, need)


def continue_pay(position: AntiquityPosition, pl: Player, job: Job, need: payment.Need) -> None:
    pl.figure_changes += 1  # goods paid by the caller or here, a building finished
    rest = payment.forced(pl.goods, need)
    if rest is not None:
        for g in rest:
            need = payment.pay(pl.goods, need, g)
    while not payment.complete(need):
        opts = payment.options(pl.goods, need)
        if len(opts) != 1:
            pl.pending = Pay(job, need)
            return
        need = payment.pay(pl.goods, need, opts[0])
    pl.pending = None
    if isinstance(job, BuildJob) and job.building_type in SUPPLY:
        paid = need[5][0] if job.building_type == FOUNTAIN and need[5] else WOOD
        pl.bought = (*pl.bought, (len(pl.buildings), paid))
    finish(position, pl, job)


def finish(position: AntiquityPosition, pl: Player, job: Job) -> None:
    if isinstance(job, BuildJob):
        t, c, cells = job.building_type, job.city, job.cells
        bid = len(pl.buildings)
        pl.buildings.append((t, c, cells))
        pl.manned.append(False)
        pl.set_cells(c, cells, bid)
        if t == CATHEDRAL:
            pl.new_cathedral += 1
            pl.pending = ChooseSaint()  # ANT-PH2-8
    elif isinstance(job, HouseJob):
        placement.add_house(position, pl, job.number, job.city, job.cell, free=False)
    else:
        countryside.finish_country(position, pl, job)
