"""Reputation and the small gains of buildings and tiles (KH-REP-1)."""

from __future__ import annotations

from townhall.games.kutna_hora.position import KutnaHoraPosition
from townhall.games.kutna_hora.tables import REP_BEYOND, REP_MAX, REP_MIN


def change_rep(position: KutnaHoraPosition, player: int, delta: int) -> None:
    """KH-REP-1: steps beyond either end of the track become +/-2 points each."""
    rep = position.reputation[player] + delta
    if rep > REP_MAX:
        position.points[player] += REP_BEYOND * (rep - REP_MAX)
        rep = REP_MAX
    elif rep < REP_MIN:
        position.points[player] -= REP_BEYOND * (REP_MIN - rep)
        rep = REP_MIN
    position.reputation[player] = rep


def gain(position: KutnaHoraPosition, player: int, effect: tuple[tuple[str, int], ...]) -> None:
    for kind, amount in effect:
        if kind == "rep":
            change_rep(position, player, amount)
        elif kind == "points":
            position.points[player] += amount
        elif kind == "pelican":
            position.pelicans_unused[player] += amount
            position.figures_revision[player] += 1
