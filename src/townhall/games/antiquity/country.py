"""Phase 4: building in the countryside."""

from __future__ import annotations

from townhall.engine import Chance, Event
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import countryside, payment, pending
from townhall.games.antiquity.components import ALCHEMY, ALCHEMY_K, CART, FARM, FISHERMAN, INN, MINE, WOODCUTTER
from townhall.games.antiquity.data import DATA, WOOD, Cost
from townhall.games.antiquity.hexmap import disc
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import HEX_POLLUTED, AntiquityPosition
from townhall.games.antiquity.steps import (
    ChooseProduct,
    CityJob,
    CountrySite,
    FisherPartner,
    InnJob,
    Pay,
    ProducerJob,
    Step,
)


def legal_country(position: AntiquityPosition, p: int) -> list[int]:
    pl = position.players[p]
    if pl.pending is not None:
        return pending.legal_pending(position, p, pl, pl.pending)
    out = [A.DONE]
    active = pl.active_mask()
    if pl.manned_count(CART) > 0:
        for k in range(6):
            if countryside.country_affordable(position, p, pl, k, active) and countryside.country_sites(position, p, k):
                out.append(A.COUNTRY + k)
    if active >> ALCHEMY & 1 and not pl.alchemy_used and countryside.country_sites(position, p, ALCHEMY_K):
        out.append(A.COUNTRY + ALCHEMY_K)
    return out


def apply_country(position: AntiquityPosition, p: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    pl = position.players[p]
    step = pl.pending
    kind, values = A.SPACE.decode(action)
    if step is None:
        if kind == "done":
            position.turn += 1
        else:
            pl.pending = CountrySite(values[0])
        return
    if isinstance(step, CountrySite):
        k, h = step.kind, values[0]
        if k == ALCHEMY_K:
            for n in disc(position.board.topo, h):
                position.polluted[n] = False  # ANT-PH4-12
                position.hex_changes.append(n * 8 + HEX_POLLUTED)
            pl.alchemy_used = True
            pl.pending = None
        elif k == FISHERMAN:
            pl.pending = FisherPartner(h)
        elif k in (FARM, MINE):
            choose_product(position, p, pl, k, (h,), chance)
        elif k == WOODCUTTER:
            pending.pay(position, pl, DATA.country_costs["woodcutter"], ProducerJob(k, (h,), WOOD, False))
        elif k == INN:
            pending.pay(position, pl, DATA.country_costs["inn"], InnJob(h))
        else:
            pending.pay(position, pl, DATA.country_costs["city"], CityJob(h))
    elif isinstance(step, FisherPartner):
        choose_product(position, p, pl, FISHERMAN, (step.hex, values[0]), chance)
    elif isinstance(step, ChooseProduct):
        product_chosen(position, p, pl, step.kind, step.sites, action, chance)
    elif isinstance(step, Pay):
        need = payment.pay(pl.goods, step.need, values[0])
        pending.continue_pay(position, pl, step.job, need)
    if events is not None and pl.pending is None and not isinstance(step, FisherPartner):
        building, hexes = built_here(position, step, action)
        events.append(Event("country", data={"player": p, "building": building, "hexes": hexes}))


def built_here(position: AntiquityPosition, step: Step | None, action: int) -> tuple[str | None, list[int]]:
    """What a finished countryside step built (or cleaned) and on which hexes; (None, []) for done."""
    if isinstance(step, CountrySite):
        h = action - A.HEX
        return A.COUNTRY_KINDS[step.kind], list(disc(position.board.topo, h)) if step.kind == ALCHEMY_K else [h]
    if isinstance(step, ChooseProduct):
        return A.COUNTRY_KINDS[step.kind], list(step.sites)
    if isinstance(step, Pay):
        job = step.job
        if isinstance(job, ProducerJob):
            return A.COUNTRY_KINDS[job.kind], list(job.sites)
        if isinstance(job, InnJob):
            return "inn", [job.hex]
        if isinstance(job, CityJob):
            return "city", [job.hex]
    return None, []


def choose_product(
    position: AntiquityPosition, p: int, pl: Player, k: int, sites: tuple[int, ...], chance: Chance
) -> None:
    opts = countryside.product_options(position, p, k, sites)
    if len(opts) == 1:
        product_chosen(position, p, pl, k, sites, opts[0], chance)
    else:
        pl.pending = ChooseProduct(k, sites)


def product_chosen(
    position: AntiquityPosition, p: int, pl: Player, k: int, sites: tuple[int, ...], action: int, chance: Chance
) -> None:
    if k == FARM:
        if action >= A.SEED:
            g = action - A.SEED
            pl.biology_used = True
            pl.pending = None
            countryside.finish_country(position, pl, ProducerJob(k, sites, g, True))
        else:
            g = action - A.GOOD
            pending.pay(position, pl, Cost(((g, 1),)), ProducerJob(k, sites, g, False))
    else:
        g = action - A.GOOD
        pending.pay(
            position, pl, DATA.country_costs["mine" if k == MINE else "fisherman"], ProducerJob(k, sites, g, False)
        )
