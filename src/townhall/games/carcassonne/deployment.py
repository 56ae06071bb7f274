"""Deploying a follower on the tile just placed (CAR-DEPLOY-*; the choices and refusals are in
legality.py)."""

from __future__ import annotations

from townhall.engine.protocol import Event
from townhall.games.carcassonne.features import add_follower
from townhall.games.carcassonne.position import CarcassonnePosition
from townhall.games.carcassonne.tiles import LAYOUTS, ROLE_NAMES, xy_of


def deploy(position: CarcassonnePosition, player: int, segment: int, events: list[Event] | None) -> None:
    """CAR-DEPLOY-1..3: a follower from the supply onto a segment of the tile just placed."""
    cell = position.last_cell
    add_follower(position, cell, segment, player)
    position.supply[player] -= 1
    if events is not None:
        layout = LAYOUTS[position.board[cell][0]]
        role = ROLE_NAMES[layout.kinds[segment]]
        x, y = xy_of(cell)
        events.append(
            Event(
                "deploy",
                data={"player": player, "x": x, "y": y, "segment": segment, "role": role, "on": layout.labels[segment]},
            )
        )
