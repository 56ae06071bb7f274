"""The tensor observation of Carcassonne (townhall.rl): everything in it is public.

The board is a window of 31 x 31 cells centred on the start tile (x, y in -15..15; tiles beyond
it are left out). Players are listed from the observer's seat on (index 0 is the observer).

| slice | shape | holds |
|---|---|---|
| `board` | (planes, 31, 31) | per cell: 0 a tile lies here; 1-16 edge kinds, side N, E, S, W each as field, road, city, river; 17 cloister; 18 pennant; 19 the last tile placed; 20 an empty cell next to a tile; 21.. a follower of player i (observer first) |
| `hand` | (tile types,) | the tile in hand, one-hot (none: all 0) |
| `phase` | (3,) | place, deploy, over: one-hot |
| `to_move` | (players,) | 1 for the player to move (observer first) |
| `scores` | (players,) | points / 100 (observer first) |
| `supply` | (players,) | followers in supply / 7 (observer first) |
| `remaining` | (tile types,) | land tiles left in the bag, per type / 10 |
| `river_remaining` | (1,) | river tiles left / 12 |
"""

from __future__ import annotations

from typing import Any

import numpy as np

from townhall.engine.observer import Layout, Observer
from townhall.engine.options import Options
from townhall.games.carcassonne.position import CarcassonnePosition
from townhall.games.carcassonne.tiles import LAYOUTS, NUM_TYPES, OFF, RULES, SIZE, xy_of

RADIUS = 15
WIDTH = 2 * RADIUS + 1
TILE_PLANES = 19  # occupied, 16 edge kinds, cloister, pennant
LAST, FRONTIER, FOLLOWERS = 19, 20, 21


def _tile_planes(layout_index: int) -> list[float]:
    layout = LAYOUTS[layout_index]
    planes = [0.0] * TILE_PLANES
    planes[0] = 1.0
    for side, code in enumerate(layout.edges):
        if 1 <= code <= 4:  # field, road, city, river
            planes[1 + 4 * side + code - 1] = 1.0
    planes[17] = 1.0 if layout.cloister >= 0 else 0.0
    planes[18] = 1.0 if layout.pennant_segment >= 0 else 0.0
    return planes


TILE_MATRIX = np.array([_tile_planes(i) for i in range(len(LAYOUTS))], dtype=np.float32).T  # (planes, layouts)


def _window(cells: Any) -> tuple[Any, Any, Any]:
    """Rows, columns in the window and which of `cells` (a numpy array) fall inside it."""
    y, x = np.divmod(cells, SIZE)
    y -= OFF - RADIUS
    x -= OFF - RADIUS
    inside = (x >= 0) & (x < WIDTH) & (y >= 0) & (y < WIDTH)
    return y[inside], x[inside], inside


class CarcassonneObserver(Observer[CarcassonnePosition]):
    version = 1

    def __init__(self, num_players: int, options: Options) -> None:
        self.num_players = num_players
        layout = Layout()
        layout.add("board", FOLLOWERS + num_players, WIDTH, WIDTH, doc="board planes (see the table)")
        layout.add("hand", NUM_TYPES, doc="the tile in hand, one-hot")
        layout.add("phase", 3, doc="place, deploy, over")
        layout.add("to_move", num_players, doc="the player to move (observer first)")
        layout.add("scores", num_players, doc="points / 100 (observer first)")
        layout.add("supply", num_players, doc="followers in supply / 7 (observer first)")
        layout.add("remaining", NUM_TYPES, doc="land tiles left per type / 10")
        layout.add("river_remaining", 1, doc="river tiles left / 12")
        self.layout = layout
        self._followers = RULES["followers_per_player"] - RULES["score_markers_per_player"]

    def fill(self, state: CarcassonnePosition, player: int, out: Any) -> None:
        views = self.cleared_views(out)
        n = self.num_players
        board = views["board"]
        cells = np.fromiter(state.board, dtype=np.int64, count=len(state.board))
        layouts = np.fromiter((value[0] for value in state.board.values()), dtype=np.int64, count=len(cells))
        y, x, inside = _window(cells)
        board[:TILE_PLANES, y, x] = TILE_MATRIX[:, layouts[inside]]
        y, x, _inside = _window(np.fromiter(state.frontier, dtype=np.int64, count=len(state.frontier)))
        board[FRONTIER, y, x] = 1.0
        if state.last_cell >= 0:
            x, y = xy_of(state.last_cell)
            if -RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS:
                board[LAST, y + RADIUS, x + RADIUS] = 1.0
        if state.follower_at:
            nodes = np.fromiter(state.follower_at, dtype=np.int64, count=len(state.follower_at))
            owners = np.fromiter(state.follower_at.values(), dtype=np.int64, count=len(nodes))
            y, x, inside = _window(np.take(state.cell_of_node, nodes))
            board[FOLLOWERS + (owners[inside] - player) % n, y, x] = 1.0
        if state.hand >= 0:
            views["hand"][state.hand] = 1.0
        views["phase"][state.phase] = 1.0
        if state.phase != 2:
            views["to_move"][(state.current - player) % n] = 1.0
        scores, supply = views["scores"], views["supply"]
        for seat in range(n):
            scores[(seat - player) % n] = state.score[seat] / 100.0
            supply[(seat - player) % n] = state.supply[seat] / self._followers
        if state.bag:
            views["remaining"][:] = np.bincount(state.bag, minlength=NUM_TYPES) / 10.0
        views["river_remaining"][0] = len(state.river_bag) / 12.0
