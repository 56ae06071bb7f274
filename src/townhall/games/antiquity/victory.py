"""Phase 10: victory conditions, winners, scores and ranks."""

from __future__ import annotations

from townhall.engine import Event, ranks_from_keys
from townhall.games.antiquity import supply, zones
from townhall.games.antiquity.city import (
    HOUSE,
    STORAGE,
)
from townhall.games.antiquity.components import CART, FOUNTAIN, SITE_OCCUPANT
from townhall.games.antiquity.data import FOOD, LUX
from townhall.games.antiquity.player import MARIA, UNIQUE_TYPES
from townhall.games.antiquity.position import OVER, AntiquityPosition
from townhall.i18n import N_


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
            events.append(Event("victory", data={"winners": list(position.winners), "round": position.round}))
        return
    if position.round >= position.max_rounds:
        position.phase = OVER
        if events is not None:
            events.append(Event("limit", data={"max_rounds": position.max_rounds}))


def scores(position: AntiquityPosition) -> list[float]:
    """100 for a winner; otherwise the workers (houses) held; eliminated players −100."""
    out = []
    for p, pl in enumerate(position.players):
        score = 100.0 if p in position.winners else float(pl.workers)
        out.append(score if pl.alive else score - 100.0)
    return out


def rank_keys(position: AntiquityPosition) -> list[list[int]]:
    """ANT-PH10-2: winners, then qualified, then survivors, then the eliminated (RULINGS.md)."""
    keys = []
    for p, pl in enumerate(position.players):
        won = 2 if p in position.winners else 1 if p in position.qualified else 0
        keys.append(
            [won, int(pl.alive), pl.out_round if not pl.alive else 10**6, pl.workers, zones.clean_count(position, p)]
        )
    return keys


def ranks(position: AntiquityPosition) -> list[int]:
    return ranks_from_keys(rank_keys(position))


END_REASONS = {
    "victory": N_("a player met their saint's victory condition"),  # ANT-PH10-1
    "elimination": N_("at most one player was left in the game"),  # ANT-PH8-3
    "limit": N_("the round limit was reached: nobody wins"),
}
# The rank keys after the points, in order (a tie-break separates players of equal score).
TIE_BREAKS = {
    "qualified": N_("met the victory condition but held fewer clean hexes"),  # ANT-PH10-2
    "survival": N_("still in the game"),
    "later-out": N_("eliminated in a later round"),
    "workers": N_("more workers"),
    "clean-hexes": N_("more clean hexes in the zone of control"),  # ANT-PH10-2
}


def end_reason(position: AntiquityPosition) -> tuple[str, tuple[str, ...]]:
    """Why the game ended, and the tie-breaks that separated players of equal score."""
    if len(supply.alive_players(position)) <= 1:
        reason = "elimination"
    elif position.winners:
        reason = "victory"
    else:
        reason = "limit"
    keys = rank_keys(position)
    points = scores(position)
    names = list(TIE_BREAKS)
    used: set[str] = set()
    for a in range(position.num_players):
        for b in range(a + 1, position.num_players):
            if points[a] != points[b]:
                continue
            for index, (x, y) in enumerate(zip(keys[a], keys[b], strict=True)):
                if x != y:
                    used.add(names[index])
                    break
    return reason, tuple(name for name in names if name in used)
