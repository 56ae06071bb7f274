"""Placing the tile in hand (CAR-PLACE-*): the legal placements, the placement and the river's course."""

from __future__ import annotations

from typing import Final, cast

from townhall.engine.errors import IllegalAction
from townhall.engine.protocol import Event
from townhall.games.carcassonne.actions import DEPLOY
from townhall.games.carcassonne.features import lay_tile
from townhall.games.carcassonne.position import CarcassonnePosition, frontier_key
from townhall.games.carcassonne.tiles import CODES, DELTA, FITS, LAYOUTS, SAME_AS, TILE_SPECS, xy_of
from townhall.games.carcassonne.words import _

IS_RIVER: Final[tuple[bool, ...]] = tuple(spec.river for spec in TILE_SPECS)
# Each place id as one int object, made on first use: the compiled build would box a new int
# (ids are above the small-int cache) for every placement of every draw, and free it again.
BOXED_IDS: Final[list[object]] = [None] * DEPLOY


def enumerate_placements(position: CarcassonnePosition, tile: int) -> list[int]:
    """Every legal place action for `tile` (CAR-PLACE-1..3, and 5 for river tiles)."""
    fits = FITS[tile]
    if IS_RIVER[tile]:
        return river_placements(position, tile, fits)
    cells = position.frontier
    keys = position.frontier_keys
    ids = BOXED_IDS
    out: list[object] = []
    for i in range(len(cells)):  # ascending cells, each with ascending rotations: sorted ids
        rots = fits[keys[i]]
        if rots:
            first = cells[i] * 4
            for r in rots:
                action = first + r
                boxed = ids[action]
                if boxed is None:
                    boxed = ids[action] = action
                out.append(boxed)
    return cast(list[int], out)


def river_placements(position: CarcassonnePosition, tile: int, fits: tuple[tuple[int, ...], ...]) -> list[int]:
    """CAR-PLACE-5: a river tile continues the river where it ends, without a U-turn (RULINGS.md)."""
    cell = position.river_end
    key = frontier_key(position, cell) if cell >= 0 else -1
    if key < 0:
        return []
    entry = (position.river_flow + 2) % 4
    out = []
    for r in fits[key]:
        exits = [e for e in LAYOUTS[4 * tile + r].river_edges if e != entry]
        if exits:
            turn = (exits[0] - position.river_flow) % 4
            if turn and turn == position.river_turn:
                continue  # a U-turn: two turns the same way in a row
            if cell + DELTA[exits[0]] in position.board:
                continue
        out.append(cell * 4 + r)
    out.sort()
    return out


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


def why_not_place(position: CarcassonnePosition, action: int) -> IllegalAction:
    if not 0 <= action < DEPLOY:
        return IllegalAction(
            "CAR-TURN-1", _("{action} is not a tile placement: place the tile first").format(action=action)
        )
    cell, rot = action >> 2, action & 3
    tile = position.hand
    x, y = xy_of(cell)
    if cell in position.board:
        return IllegalAction("CAR-PLACE-1", _("{x},{y} already holds a tile").format(x=x, y=y))
    canonical = SAME_AS[tile][rot]
    if canonical != rot:
        return IllegalAction(
            "CAR-PLACE-3",
            _("{tile} turned r{degrees} looks the same as r{same}: place it as r{same}").format(
                tile=CODES[tile], degrees=90 * rot, same=90 * canonical
            ),
        )
    if IS_RIVER[tile] and cell != position.river_end:
        ex, ey = xy_of(position.river_end)
        return IllegalAction(
            "CAR-PLACE-5", _("a river tile must continue the river where it ends, at {x},{y}").format(x=ex, y=ey)
        )
    key = frontier_key(position, cell)
    if key < 0:
        return IllegalAction("CAR-PLACE-1", _("{x},{y} shares no edge with a placed tile").format(x=x, y=y))
    if rot not in FITS[tile][key]:
        return IllegalAction(
            "CAR-PLACE-2",
            _("{tile} at {x},{y} r{degrees} does not match the edges it touches").format(
                tile=CODES[tile], x=x, y=y, degrees=90 * rot
            ),
        )
    return IllegalAction(
        "CAR-PLACE-5",
        _("{tile} at {x},{y} r{degrees} would make the river turn back on itself (U-turn)").format(
            tile=CODES[tile], x=x, y=y, degrees=90 * rot
        ),
    )
