"""Placing the tile in hand (CAR-PLACE-*): laying it and moving the river's open end (its legal
placements and refusals are in legality.py)."""

from __future__ import annotations

from townhall.engine.protocol import Event
from townhall.games.carcassonne.features import lay_tile
from townhall.games.carcassonne.position import CarcassonnePosition
from townhall.games.carcassonne.tiles import CODES, DELTA, IS_RIVER, LAYOUTS, xy_of


def river_step(position: CarcassonnePosition, cell: int, layout_index: int) -> None:
    """Move the river's open end past a newly placed river tile (CAR-PLACE-5, RULINGS.md)."""
    entry = (position.river_flow + 2) % 4
    exits = [e for e in LAYOUTS[layout_index].river_edges if e != entry]
    if not exits:  # the lake closes the river (CAR-PLACE-6)
        position.river_end = -1
        return
    exit_edge = exits[0]
    turn = (exit_edge - position.river_flow) % 4
    if turn:
        position.river_turn = turn
    position.river_flow = exit_edge
    position.river_end = cell + DELTA[exit_edge]


def place(position: CarcassonnePosition, player: int, action: int, events: list[Event] | None) -> None:
    """Lay the tile in hand as `action` (a legal placement) and note its cell."""
    cell = action >> 2
    tile = position.hand
    layout_index = 4 * tile + (action & 3)
    lay_tile(position, cell, layout_index)
    if IS_RIVER[tile]:
        river_step(position, cell, layout_index)
    position.hand = -1
    position.placements = []
    position.last_cell = cell
    if events is not None:
        x, y = xy_of(cell)
        events.append(Event("place", data={"player": player, "tile": CODES[tile], "x": x, "y": y, "rot": action & 3}))
