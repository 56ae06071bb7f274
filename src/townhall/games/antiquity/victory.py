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
from .player import MARIA, SAINTS, UNIQUE_TYPES
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
    "victory": "a player met their saint's victory condition (ANT-PH10-1)",
    "elimination": "at most one player was left in the game (ANT-PH8-3)",
    "limit": "the round limit was reached: nobody wins",
}
# The rank keys after the points, in order (a tie-break separates players of equal score).
TIE_BREAKS = {
    "qualified": "met the victory condition but held fewer clean hexes (ANT-PH10-2)",
    "survival": "still in the game",
    "later-out": "eliminated in a later round",
    "workers": "more workers",
    "clean-hexes": "more clean hexes in the zone of control (ANT-PH10-2)",
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


def statistics(position: AntiquityPosition) -> dict[str, float]:
    """Figures of a finished game: whether and when somebody won, the saints chosen (players per
    saint), graves, cities and inns founded, pollution left on the map, players eliminated."""
    reason, _ = end_reason(position)
    won = reason == "victory"
    stats: dict[str, float] = {
        "victory": float(won),
        "elimination": float(reason == "elimination"),
        "rounds": float(position.round),
        "victory_round": float(position.round if won else 0),
        "winners": float(len(position.winners)),
        "eliminated": float(sum(not pl.alive for pl in position.players)),
        "graves": float(sum(pl.grave_count() for pl in position.players)),
        "cities": float(sum(len(pl.cities) for pl in position.players)),
        "inns": float(sum(len(pl.inns) for pl in position.players)),
        "pollution": float(sum(position.polluted)),
        "famine": float(position.famine),
        "explored": float(sum(position.revealed)),
        "workers": float(sum(pl.workers for pl in position.players)),
    }
    for index, name in enumerate(SAINTS):
        stats[f"saint.{name}"] = float(sum(pl.saint == index for pl in position.players))
    stats["saint.none"] = float(sum(pl.saint < 0 for pl in position.players))
    return stats
