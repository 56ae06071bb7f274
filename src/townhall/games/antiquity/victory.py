"""Phase 10: victory conditions, winners, scores and ranks."""

from __future__ import annotations

from townhall.engine import Event, ranks_from_keys

from . import supply, zones
from .city import (
    HOUSE,
    STORAGE,
)
from .components import CART, FOUNTAIN, SITE_OCCUPANT
from .data import FOOD, LUX
from .player import MARIA, UNIQUE_TYPES
from .position import OVER, AntiquityPosition


def victory_conditions(position: AntiquityPosition, p: int) -> list[bool]:
    """ANT-PH10-1: Nicholas, Barbara, Christopher, George conditions for this player."""
    pl = position.players[p]
    nicholas = pl.workers == 20
    barbara = all(pl.count(t) > 0 for t in (*UNIQUE_TYPES, CART, FOUNTAIN, STORAGE, HOUSE))
    christopher = all(pl.goods[g] >= 3 for g in (*FOOD, *LUX))
    george = False
    mine = zones.zone(position, p)
    for q in supply.alive_players(position):
        if q == p:
            continue
        theirs = {h for h in zones.zone(position, q) if not 0 <= position.hex_occupant[h] < SITE_OCCUPANT}
        if theirs and theirs <= mine:
            george = True
            break
    return [nicholas, barbara, christopher, george]


def meets_victory(position: AntiquityPosition, p: int) -> bool:
    pl = position.players[p]
    if pl.saint < 0 or not pl.alive:
        return False
    conds = victory_conditions(position, p)
    return sum(conds) >= 2 if pl.saint == MARIA else conds[pl.saint]


def check_victory(position: AntiquityPosition, events: list[Event] | None) -> None:
    qualified = [p for p in supply.alive_players(position) if meets_victory(position, p)]
    if qualified:
        clean = {p: zones.clean_count(position, p) for p in qualified}
        best = max(clean.values())
        position.qualified = qualified
        position.winners = [p for p in qualified if clean[p] == best]  # ANT-PH10-2
        position.phase = OVER
        if events is not None:
            names = ", ".join(f"player {p + 1}" for p in position.winners)
            events.append(Event("victory", f"{names} win(s) in round {position.round}"))
        return
    if position.round >= position.max_rounds:
        position.phase = OVER
        if events is not None:
            events.append(Event("limit", f"round limit {position.max_rounds} reached: nobody wins"))


def scores(position: AntiquityPosition) -> list[float]:
    """100 for a winner; otherwise the workers (houses) held; eliminated players −100."""
    out = []
    for p, pl in enumerate(position.players):
        score = 100.0 if p in position.winners else float(pl.workers)
        out.append(score if pl.alive else score - 100.0)
    return out


def ranks(position: AntiquityPosition) -> list[int]:
    """ANT-PH10-2: winners, then qualified, then survivors, then the eliminated (RULINGS.md)."""
    keys = []
    for p, pl in enumerate(position.players):
        won = 2 if p in position.winners else 1 if p in position.qualified else 0
        keys.append(
            [won, int(pl.alive), pl.out_round if not pl.alive else 10**6, pl.workers, zones.clean_count(position, p)]
        )
    return ranks_from_keys(keys)
