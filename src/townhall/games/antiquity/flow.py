"""The round: the first cities, automatic steps between decisions, phase ends, elimination."""

from __future__ import annotations

from townhall.engine import Chance, Event
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import country, founding, supply, trade, upkeep, victory
from townhall.games.antiquity.components import EXPLORER
from townhall.games.antiquity.data import GOODS
from townhall.games.antiquity.player import CHRISTOPHER, Player
from townhall.games.antiquity.position import (
    COUNTRY,
    EXPLORE,
    FAMINE,
    HARVEST,
    OVER,
    PLAN,
    POLLUTE,
    SETUP,
    STORE,
    TRADE,
    AntiquityPosition,
)


def to_move(position: AntiquityPosition) -> tuple[int, ...]:
    """Who decides now: everyone still planning in phase 2, else one player."""
    if position.phase == OVER:
        return ()
    if position.phase == PLAN:
        done = position.done
        return tuple([p for p in range(position.num_players) if not done[p]])
    if position.offer and position.offer[2]:
        return (position.offer[1],)
    if position.phase == HARVEST:
        prod = position.producers[position.harvest[0]]
        assert prod is not None
        return (prod[1],)
    return (position.order[position.turn],)


def found_first_city(position: AntiquityPosition, p: int, h: int, chance: Chance, events: list[Event] | None) -> None:
    founding.place_city(position, p, h, chance)
    if events is not None:
        events.append(Event("city", data={"player": p, "hex": h, "label": position.board.topo.labels[h]}))
    position.turn -= 1
    if position.turn < 0:
        start_round(position)


def start_round(position: AntiquityPosition) -> None:
    position.round += 1
    # Phase 1: workers leave the city buildings (ANT-PH1-1); round flags reset.
    for pl in position.players:
        pl.manned = [False] * len(pl.manned)
        pl.figure_changes += 1
        pl.theology_used = pl.biology_used = pl.alchemy_used = False
        pl.healed = 0
        pl.steps = 0
        pl.new_cathedral = 0
        pl.bought = ()
        pl.banked = ()
        pl.pending = None
    position.phase = PLAN
    for p, pl in enumerate(position.players):
        position.done[p] = not pl.alive
        position.snapshots[p] = pl.clone() if pl.alive else None


def advance(position: AntiquityPosition, chance: Chance, events: list[Event] | None) -> None:
    """Run automatic steps until someone must decide."""
    while position.phase != OVER:
        if position.phase in (SETUP, PLAN, HARVEST) or position.offer:
            return
        if position.turn < len(position.order):
            p = position.order[position.turn]
            if position.players[p].alive and needs_decision(position, p, events):
                return
            if position.phase == OVER:
                return
            position.turn += 1
            continue
        end_phase(position, chance, events)


def needs_decision(position: AntiquityPosition, p: int, events: list[Event] | None) -> bool:
    pl = position.players[p]
    # When the player must decide, the legal actions found here are kept for legal_actions.
    if position.phase == COUNTRY:
        if pl.pending is not None:
            return True
        legal = country.legal_country(position, p)
        if len(legal) > 1:
            position.legal_cache = (p, sorted(set(legal)))
            return True
        return False
    if position.phase == TRADE:
        offers = trade.offers(position, p)
        if offers:
            position.legal_cache = (p, sorted({A.DONE, *offers}))
            return True
        return False
    if position.phase == STORE:
        return store_needs(position, p, pl, events)
    if position.phase == EXPLORE:
        if not pl.works(EXPLORER):
            return False
        sites = upkeep.explore_sites(position, p)
        if sites:
            position.legal_cache = (p, sorted([A.HEX + h for h in sites] + [A.DONE]))
            return True
        return False
    # famine / pollution
    if position.pollution_due[p] > 0:
        sites = upkeep.pollution_sites(position, p)
        if sites:
            position.legal_cache = (p, [A.HEX + h for h in sites])  # what legal_actions would find
            return True
        position.graves_due[p] += position.pollution_due[p]  # ANT-PH9-3
        position.pollution_due[p] = 0
    if position.graves_due[p] > 0:
        if not pl.grave_room():
            eliminate(position, p, events)
            return False
        return True
    return False


def keep_mode(position: AntiquityPosition, p: int) -> bool:
    """ANT-PH5-1: discard one at a time, or choose what to keep when the excess is large (RULINGS.md)."""
    return sum(position.kept) > 0 or excess_goods(position, p) > position.players[p].capacity()


def store_needs(position: AntiquityPosition, p: int, pl: Player, events: list[Event] | None) -> bool:
    """ANT-PH5-1: what does not fit the working storages is discarded."""
    excess = excess_goods(position, p)
    if excess <= 0:
        return False
    if keep_mode(position, p):
        cap = pl.capacity()
        while sum(position.kept) < cap:
            opts = [g for g in range(10) if pl.goods[g] > position.kept[g]]
            if len(opts) > 1:
                return True
            position.kept[opts[0]] += 1
        if events is not None:
            kept = {GOODS[g]: n for g, n in enumerate(position.kept) if n}
            events.append(Event("store", data={"player": p, "kept": kept}))
        pl.goods = position.kept
        pl.figure_changes += 1
        position.kept = [0] * 10
        return False
    kinds = [g for g in range(10) if pl.goods[g] > 0]
    if len(kinds) == 1:
        pl.goods[kinds[0]] -= excess
        pl.figure_changes += 1
        return False
    return True


def excess_goods(position: AntiquityPosition, p: int) -> int:
    pl = position.players[p]
    if pl.has_saint_power(CHRISTOPHER):
        return 0
    return sum(pl.goods) - pl.capacity()


def end_phase(position: AntiquityPosition, chance: Chance, events: list[Event] | None) -> None:
    position.turn = 0
    if position.phase == TRADE:
        trade.set_order(position)
    elif position.phase == COUNTRY:
        position.phase = STORE
    elif position.phase == STORE:
        position.phase = HARVEST
        position.harvest = [0, 0, 0]
        upkeep.harvest_run(position, events)
    elif position.phase == EXPLORE:
        if position.beginner:
            end_round(position, events)  # ANT-VAR-1: no famine, no pollution
        else:
            upkeep.start_famine(position)
    elif position.phase == FAMINE:
        position.famine += 1  # ANT-PH8-4
        upkeep.start_pollution(position)
    elif position.phase == POLLUTE:
        end_round(position, events)


def eliminate(position: AntiquityPosition, p: int, events: list[Event] | None) -> None:
    pl = position.players[p]
    pl.alive = False
    pl.figure_changes += 1
    pl.out_round = position.round
    position.graves_due[p] = position.pollution_due[p] = 0
    if events is not None:
        events.append(Event("out", data={"player": p, "round": position.round}))
    alive = supply.alive_players(position)
    if len(alive) <= 1:
        position.winners = alive
        position.qualified = alive
        position.phase = OVER


def end_round(position: AntiquityPosition, events: list[Event] | None) -> None:
    """Phase 10: a winner ends the game, so does the round limit; else the next round starts."""
    victory.check_victory(position, events)
    if position.phase != OVER:
        start_round(position)
