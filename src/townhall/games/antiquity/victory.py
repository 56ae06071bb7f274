"""Phase 10 and the results: victory conditions, tie-break, scores, ranks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine import Event, ranks_from_keys

from .city import HOUSE, STORAGE
from .data import FOOD, LUX
from .player import MARIA, UNIQUE_TYPES
from .rules import CART, FOUNTAIN, OVER, SITE_OCC

if TYPE_CHECKING:
    from .state import AntiquityState


def victory_conditions(self: AntiquityState, p: int) -> list[bool]:
    """ANT-PH10-1: Nicholas, Barbara, Christopher, George conditions for this player."""
    pl = self.players[p]
    nicholas = pl.workers == 20
    barbara = all(pl.count(t) > 0 for t in (*UNIQUE_TYPES, CART, FOUNTAIN, STORAGE, HOUSE))
    christopher = all(pl.goods[g] >= 3 for g in (*FOOD, *LUX))
    george = False
    mine = self.zone(p)
    for q in self._alive():
        if q == p:
            continue
        theirs = {h for h in self.zone(q) if not 0 <= self.occ[h] < SITE_OCC}
        if theirs and theirs <= mine:
            george = True
            break
    return [nicholas, barbara, christopher, george]


def meets_victory(self: AntiquityState, p: int) -> bool:
    pl = self.players[p]
    if pl.saint < 0 or not pl.alive:
        return False
    conds = self.victory_conditions(p)
    return sum(conds) >= 2 if pl.saint == MARIA else conds[pl.saint]


def _check_victory(self: AntiquityState, events: list[Event] | None) -> None:
    qualified = [p for p in self._alive() if self.meets_victory(p)]
    if qualified:
        clean = {p: self.clean_count(p) for p in qualified}
        best = max(clean.values())
        self.qualified = qualified
        self.winners = [p for p in qualified if clean[p] == best]  # ANT-PH10-2
        self.phase = OVER
        if events is not None:
            names = ", ".join(f"player {p + 1}" for p in self.winners)
            events.append(Event("victory", f"{names} win(s) in round {self.round}"))
        return
    if self.round >= self.max_rounds:
        self.phase = OVER
        if events is not None:
            events.append(Event("limit", f"round limit {self.max_rounds} reached: nobody wins"))
        return
    self._start_round()


def scores(self: AntiquityState) -> list[float]:
    """100 for a winner; otherwise the workers (houses) held; eliminated players −100."""
    out = []
    for p, pl in enumerate(self.players):
        score = 100.0 if p in self.winners else float(pl.workers)
        out.append(score if pl.alive else score - 100.0)
    return out


def ranks(self: AntiquityState) -> list[int]:
    """Winners first; then met a condition but lost the tie-break; then survivors by workers and
    clean zone hexes; eliminated players last (later elimination better)."""
    keys = []
    for p, pl in enumerate(self.players):
        won = 2 if p in self.winners else 1 if p in self.qualified else 0
        keys.append([won, int(pl.alive), pl.out_round if not pl.alive else 10**6, pl.workers, self.clean_count(p)])
    return ranks_from_keys(keys)
