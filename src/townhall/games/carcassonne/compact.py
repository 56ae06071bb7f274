"""Carcassonne's compact action space for learners (`townhall.rl`, engine.protocol.CompactActions):
4,537 ids where the engine has 114,257 (every cell of its 169 x 169 table x 4 rotations).

| ids | action |
|---|---|
| 0 .. 3843 | place at a cell of the observation's board window (x, y in -15..15, centred on the start tile): `((y + 15) * 31 + (x + 15)) * 4 + rot` |
| 3844 .. 3855 | deploy a follower on segment 0..11 of the tile just placed |
| 3856 | no follower (skip) |
| 3857 .. 4536 | place outside the window: `3857 + 4 * k + rot`, k the rank of the cell among the cells outside the window where the tile in hand fits now, in the engine's cell order (rows north to south, then west to east) |

The window is the observation's (games/carcassonne/observer.py): a convolutional policy scores
the placement of a cell where it sees the cell. It is complete: a placement outside the window gets
a slot by rank, and there are enough slots for any board: the tile fits only on empty cells
next to a tile, and n tiles have at most 2n + 2 such cells (a line of them), 170 for the 84 tiles
of the base game and the River. Random games seldom need them (docs/rl.md gives the figures).
"""

from __future__ import annotations

from typing import Final, cast

from townhall.engine.errors import IllegalAction
from townhall.engine.words import _ as engine_words
from townhall.games.carcassonne.actions import DEPLOY, SIZE_ALL, SKIP
from townhall.games.carcassonne.observer import RADIUS, WIDTH
from townhall.games.carcassonne.position import PLACE, CarcassonnePosition
from townhall.games.carcassonne.tiles import MAX_SEGMENTS, OFF, SIZE, TILE_SPECS
from townhall.games.carcassonne.words import _

WINDOW_PLACES: Final = WIDTH * WIDTH * 4
DEPLOY_AT: Final = WINDOW_PLACES
SKIP_AT: Final = DEPLOY_AT + MAX_SEGMENTS
OUTSIDE_AT: Final = SKIP_AT + 1
MAX_TILES: Final = sum(spec.count for spec in TILE_SPECS)  # every tile of the box, river included
OUTSIDE_CELLS: Final = 2 * MAX_TILES + 2  # the most empty cells next to MAX_TILES tiles
COMPACT_SIZE: Final = OUTSIDE_AT + 4 * OUTSIDE_CELLS


def _window_of() -> list[int]:
    """Per table cell, its index y * WIDTH + x in the window, or -1 outside it."""
    out = [-1] * (SIZE * SIZE)
    for wy in range(WIDTH):
        for wx in range(WIDTH):
            out[(wy - RADIUS + OFF) * SIZE + (wx - RADIUS + OFF)] = wy * WIDTH + wx
    return out


WINDOW_OF: Final[list[int]] = _window_of()


def _compact_of() -> list[object]:
    """Per engine action, its compact id, or -1 for a place outside the window (whose slot
    depends on the state): one list index per legal action at every look of an environment. The
    ids as objects: typed int, the compiled build would box a new int object for each id it reads."""
    out: list[object] = [-1] * SIZE_ALL
    for cell, window in enumerate(WINDOW_OF):
        if window >= 0:
            for rot in range(4):
                out[cell * 4 + rot] = window * 4 + rot
    for action in range(DEPLOY, SKIP + 1):
        out[action] = DEPLOY_AT + action - DEPLOY
    return out


COMPACT_OF: Final[list[object]] = _compact_of()
CELL_OF: Final[list[int]] = [
    (w // WIDTH - RADIUS + OFF) * SIZE + (w % WIDTH - RADIUS + OFF) for w in range(WIDTH * WIDTH)
]


def outside_cells(position: CarcassonnePosition) -> list[int]:
    """The cells outside the window where the tile in hand fits now, in ascending order (the
    placements are sorted by cell); none outside the place phase."""
    if position.phase != PLACE:
        return []
    out: list[int] = []
    window = WINDOW_OF
    for action in position.placements:
        cell = action >> 2
        if window[cell] < 0 and (not out or out[-1] != cell):
            out.append(cell)
    return out


class CarcassonneCompact:
    """The compact ids above, for any player count and options."""

    size = COMPACT_SIZE
    version = 1

    def encode(self, state: CarcassonnePosition, action: int) -> int:
        if 0 <= action < DEPLOY:
            cell = action >> 2
            window = WINDOW_OF[cell]
            if window >= 0:
                return window * 4 + (action & 3)
            outside = outside_cells(state)
            if cell in outside:
                return OUTSIDE_AT + 4 * outside.index(cell) + (action & 3)
            return -1
        if DEPLOY <= action <= SKIP:
            return DEPLOY_AT + action - DEPLOY
        return -1

    def encode_all(self, state: CarcassonnePosition, actions: list[int]) -> list[int]:
        table = COMPACT_OF
        found = [table[action] for action in actions]
        out = cast(list[int], found)
        if not out or min(out) >= 0:
            return out  # in engine order, which is theirs
        outside = outside_cells(state)  # a place outside the window (rare): its slot
        for index, action in enumerate(actions):
            if out[index] < 0:
                out[index] = OUTSIDE_AT + 4 * outside.index(action >> 2) + (action & 3)
        out.sort()  # the slots outside come after the window whatever their rows
        return out

    def decode(self, state: CarcassonnePosition, compact: int) -> int:
        if 0 <= compact < WINDOW_PLACES:
            return CELL_OF[compact >> 2] * 4 + (compact & 3)
        if DEPLOY_AT <= compact < OUTSIDE_AT:
            return DEPLOY + compact - DEPLOY_AT
        if OUTSIDE_AT <= compact < COMPACT_SIZE:
            slot = compact - OUTSIDE_AT  # 4 * rank + rotation
            outside = outside_cells(state)
            if slot >> 2 < len(outside):
                return outside[slot >> 2] * 4 + (slot & 3)
            raise IllegalAction("CAR-PLACE-1", _("this place shares no edge with a placed tile"))
        raise IllegalAction(
            "CAR-TURN-1",
            engine_words("action id {action} is outside [0, {size})").format(action=compact, size=self.size),
        )


__all__ = ["COMPACT_SIZE", "CarcassonneCompact", "outside_cells"]
