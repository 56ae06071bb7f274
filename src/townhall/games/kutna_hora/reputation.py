"""Reputation and the small gains of buildings and tiles (KH-REP-1)."""

from __future__ import annotations

from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import KutnaHoraPosition


def change_rep(position: KutnaHoraPosition, player: int, delta: int) -> None:
    """KH-REP-1: steps beyond either end of the track become +/-2 points each."""
    rep = position.reputation[player] + delta
    if rep > DATA.rep_max:
        position.points[player] += DATA.rep_beyond * (rep - DATA.rep_max)
        rep = DATA.rep_max
    elif rep < DATA.rep_min:
        position.points[player] -= DATA.rep_beyond * (DATA.rep_min - rep)
        rep = DATA.rep_min
    position.reputation[player] = rep


def gain(position: KutnaHoraPosition, player: int, effect: tuple[tuple[str, int], ...]) -> None:
    for kind, amount in effect:
        if kind == "rep":
            change_rep(position, player, amount)
        elif kind == "points":
            position.points[player] += amount
        elif kind == "pelican":
            position.pelicans_unused[player] += amount
