"""The public supply as a player sees it: goods and buildings left, players still in the game."""

from __future__ import annotations

from townhall.games.antiquity.components import SUPPLY
from townhall.games.antiquity.data import DATA
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import PLAN, AntiquityPosition


def view_of(position: AntiquityPosition, q: int, viewer: int) -> Player:
    snap = position.snapshots[q]
    if position.phase == PLAN and q != viewer and snap is not None:
        return snap
    return position.players[q]


def goods_left(position: AntiquityPosition, g: int, viewer: int) -> int:
    """Goods of one kind still in the public supply of 48 (ANT-COMP-1), as the viewer sees it."""
    held = sum(view_of(position, q, viewer).goods[g] for q in range(position.num_players))
    return max(0, DATA.supply["goods_each"] - held - position.hex_goods.count(g))


def supply_left(position: AntiquityPosition, btype: int, viewer: int) -> int:
    return SUPPLY[btype] - sum(view_of(position, q, viewer).count(btype) for q in range(position.num_players))


def alive_players(position: AntiquityPosition) -> list[int]:
    return [p for p in range(position.num_players) if position.players[p].alive]
