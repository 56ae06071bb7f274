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

from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.carcassonne.position import OVER, CarcassonnePosition, frontier_key
from townhall.games.carcassonne.tiles import DELTA, LAYOUTS, NUM_TYPES, RULES, SIZE, cell_of

RADIUS = 15
WIDTH = 2 * RADIUS + 1
TILE_PLANES = 19  # occupied, 16 edge kinds, cloister, pennant
LAST, FRONTIER, FOLLOWERS = 19, 20, 21
TURN_SLICES = ("hand", "phase", "to_move")


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


TILE_COLUMNS = np.array([_tile_planes(i) for i in range(len(LAYOUTS))], dtype=np.float32)  # (layouts, planes)


def _window_index() -> list[int]:
    """Per table cell: its index y * WIDTH + x in the window, or -1 outside it; padded with a row of
    -1 beyond the table's last cell (a neighbour's cell may be there; negative ones wrap into it)."""
    out = [-1] * (SIZE * SIZE + SIZE)
    for y in range(-RADIUS, RADIUS + 1):
        for x in range(-RADIUS, RADIUS + 1):
            out[cell_of(x, y)] = (y + RADIUS) * WIDTH + x + RADIUS
    return out


WINDOW = _window_index()


def _placed(state: CarcassonnePosition, player: int) -> int:
    return len(state.placed_cells)  # tiles never leave the board: the count names the board


def _tiles(state: CarcassonnePosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    """The tiles placed since the last observation and the frontier around them (a tile changes the
    frontier only at its own cell and its neighbours)."""
    planes = views["board_cells"]
    board, frontier = state.board, state.frontier
    plane = planes[FRONTIER]
    if previous is None:
        for cell in frontier:
            at = WINDOW[cell]
            if at >= 0:
                plane[at] = 1.0
    for cell in state.placed_cells[previous or 0 :]:
        at = WINDOW[cell]
        if at >= 0:
            planes[:TILE_PLANES, at] = TILE_COLUMNS[board[cell][0]]
            plane[at] = 0.0
        if previous is not None:
            for step in DELTA:
                near = WINDOW[cell + step]
                if near >= 0 and frontier_key(state, cell + step) >= 0:
                    plane[near] = 1.0


def _last_cell(state: CarcassonnePosition, player: int) -> int:
    return state.last_cell


def _last(state: CarcassonnePosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    plane = views["board_cells"][LAST]
    if previous is not None and previous >= 0 and WINDOW[previous] >= 0:
        plane[WINDOW[previous]] = 0.0
    if state.last_cell >= 0 and WINDOW[state.last_cell] >= 0:
        plane[WINDOW[state.last_cell]] = 1.0


def _follower_items(state: CarcassonnePosition, player: int) -> frozenset[tuple[int, int]]:
    return frozenset(state.follower_at.items())


def _followers(
    state: CarcassonnePosition, player: int, views: dict[str, Any], previous: frozenset[tuple[int, int]] | None
) -> None:
    planes = views["board_cells"]
    n = state.num_players
    current = frozenset(state.follower_at.items())
    if previous is None:
        new = current
    elif previous - current:  # some came home: several may share a cell, so redraw them all
        planes[FOLLOWERS:].fill(0.0)
        new = current
    else:
        new = current - previous
    cell_of_node = state.cell_of_node
    for node, owner in new:
        at = WINDOW[cell_of_node[node]]
        if at >= 0:
            planes[FOLLOWERS + (owner - player) % n, at] = 1.0


def _turn_key(state: CarcassonnePosition, player: int) -> tuple[int, int, int]:
    """The tile in hand, the phase and the player to move (observer first; -1: none, game over)."""
    to_move = -1 if state.phase == OVER else (state.current - player) % state.num_players
    return state.hand, state.phase, to_move


def _turn(state: CarcassonnePosition, player: int, views: dict[str, Any], previous: tuple[int, ...] | None) -> None:
    """Three one-hot slices: clear the previous ones, set the new ones."""
    now = _turn_key(state, player)
    before = previous or (-1, -1, -1)
    for index, name in enumerate(TURN_SLICES):
        if before[index] != now[index]:
            view = views[name]
            if before[index] >= 0:
                view[before[index]] = 0.0
            if now[index] >= 0:
                view[now[index]] = 1.0


def _tallies(state: CarcassonnePosition, player: int) -> tuple[int, ...]:
    return (*state.score, *state.supply)


def _bags(state: CarcassonnePosition, player: int) -> tuple[int, int]:
    return len(state.bag), len(state.river_bag)  # the bags only shrink


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
        self.parts = (
            Part(("board",), _tiles, _placed, incremental=True),
            Part(("board",), _last, _last_cell, incremental=True),
            Part(("board",), _followers, _follower_items, incremental=True),
            Part(("hand", "phase", "to_move"), _turn, _turn_key, incremental=True),
            Part(("scores", "supply"), self._tallies, _tallies),
            Part(("remaining", "river_remaining"), _remaining, _bags),
        )

    def make_views(self, out: Any) -> dict[str, Any]:
        views = super().make_views(out)
        # The board planes with their cells flat (y * WIDTH + x).
        views["board_cells"] = views["board"].reshape(FOLLOWERS + self.num_players, WIDTH * WIDTH)
        return views

    def _tallies(self, state: CarcassonnePosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        scores, supply = views["scores"], views["supply"]
        for seat in range(n):
            scores[(seat - player) % n] = state.score[seat] / 100.0
            supply[(seat - player) % n] = state.supply[seat] / self._followers


def _remaining(state: CarcassonnePosition, player: int, views: dict[str, Any], previous: None) -> None:
    remaining = views["remaining"]
    if state.bag:  # counted in C, divided in float64 then stored
        remaining[:] = np.bincount(state.bag, minlength=NUM_TYPES) / 10.0
    else:
        remaining.fill(0.0)
    views["river_remaining"][0] = len(state.river_bag) / 12.0
