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

from typing import Any, Final

from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.carcassonne.placement import IS_RIVER
from townhall.games.carcassonne.position import OVER, CarcassonnePosition
from townhall.games.carcassonne.tiles import DELTA, LAYOUTS, NUM_TYPES, RULES, SIZE, cell_of

RADIUS = 15
WIDTH = 2 * RADIUS + 1
CELLS = WIDTH * WIDTH
LAST, FRONTIER, FOLLOWERS = 19, 20, 21  # planes 0-18 show the tiles (see _tile_ones)
# Entries of a buffer's views: the whole buffer as a memoryview (an item store costs a fraction of
# NumPy's), and node -> buffer index of each follower drawn in it (-1: off the window).
FLAT: Final = "flat"
SEEN: Final = "followers_seen"
assert NUM_TYPES < 255  # the turn key packs the tile in hand into 8 bits


def _tile_ones(layout_index: int) -> tuple[int, ...]:
    """The offsets (plane * CELLS) of the board planes that are 1 on a cell holding this layout."""
    layout = LAYOUTS[layout_index]
    planes = [0]  # occupied
    for side, code in enumerate(layout.edges):
        if 1 <= code <= 4:  # field, road, city, river
            planes.append(1 + 4 * side + code - 1)
    if layout.cloister >= 0:
        planes.append(17)
    if layout.pennant_segment >= 0:
        planes.append(18)
    return tuple(plane * CELLS for plane in planes)


TILE_ONES: Final[tuple[tuple[int, ...], ...]] = tuple(_tile_ones(i) for i in range(len(LAYOUTS)))
# A tile's count in the bag as stored: computed in float64, then stored as float32 by the memoryview.
COUNT_VALUES: Final[tuple[float, ...]] = tuple(count / 10.0 for count in range(100))


def _window_index() -> list[int]:
    """Per table cell: its index y * WIDTH + x in the window, or -1 outside it; padded with a row of
    -1 beyond the table's last cell (a neighbour's cell may be there; negative ones wrap into it)."""
    out = [-1] * (SIZE * SIZE + SIZE)
    for y in range(-RADIUS, RADIUS + 1):
        for x in range(-RADIUS, RADIUS + 1):
            out[cell_of(x, y)] = (y + RADIUS) * WIDTH + x + RADIUS
    return out


WINDOW: Final[list[int]] = _window_index()


def _turn_key(state: CarcassonnePosition, player: int) -> int:
    """Everything the turn part shows, packed in one int: tiles placed, tiles discarded, the tile in
    hand, the phase and the player to move (observer first; 0: none). Tiles never leave the board
    and discards only grow: the counts name the board (the last tile placed is its newest) and,
    with the tile in hand, what left the bags (see _bag)."""
    to_move = 0 if state.phase == OVER else (state.current - player) % state.num_players + 1
    packed = (len(state.placed_cells) << 8 | len(state.discards)) << 8 | (state.hand + 1)
    return (packed << 2 | state.phase) << 3 | to_move


def _follower_key(state: CarcassonnePosition, player: int) -> int:
    """Followers put on or taken off the board (the supplies change with them) and the points
    scored in all (scores only grow)."""
    return _points(state.score) << 16 | state.follower_moves


def _points(score: list[int]) -> int:
    """The points of all players together (a plain loop: the compiled build calls no builtin)."""
    total = 0
    for points in score:
        total += points
    return total


class CarcassonneObserver(Observer[CarcassonnePosition]):
    version = 1

    def __init__(self, num_players: int, options: Options) -> None:
        self.num_players = num_players
        layout = Layout()
        board = layout.add("board", FOLLOWERS + num_players, WIDTH, WIDTH, doc="board planes (see the table)")
        hand = layout.add("hand", NUM_TYPES, doc="the tile in hand, one-hot")
        phase = layout.add("phase", 3, doc="place, deploy, over")
        to_move = layout.add("to_move", num_players, doc="the player to move (observer first)")
        scores = layout.add("scores", num_players, doc="points / 100 (observer first)")
        supply = layout.add("supply", num_players, doc="followers in supply / 7 (observer first)")
        remaining = layout.add("remaining", NUM_TYPES, doc="land tiles left per type / 10")
        river_remaining = layout.add("river_remaining", 1, doc="river tiles left / 12")
        self.layout = layout
        self.board_at = board.offset
        self.hand_at = hand.offset
        self.phase_at = phase.offset
        self.to_move_at = to_move.offset
        self.scores_at = scores.offset
        self.supply_at = supply.offset
        self.remaining_at = remaining.offset
        self.river_remaining_at = river_remaining.offset
        self.full_supply = RULES["followers_per_player"] - RULES["score_markers_per_player"]
        self.parts = (
            Part(
                ("board", "hand", "phase", "to_move", "remaining", "river_remaining"),
                self._turn,
                _turn_key,
                incremental=True,
            ),
            Part(("board", "scores", "supply"), self._followers, _follower_key, incremental=True),
        )

    def views(self, out: Any) -> dict[str, Any]:
        views = super().views(out)
        if FLAT not in views:
            views[FLAT] = memoryview(out)
            views[SEEN] = {}
        return views

    def _turn(self, state: CarcassonnePosition, player: int, views: dict[str, Any], previous: int | None) -> None:
        flat = views[FLAT]
        now = _turn_key(state, player)
        if previous is None:
            self._board(state, flat, -1)
            self._bag(state, flat, None)
            hand_before = phase_before = to_move_before = -1
        else:
            if now >> 21 != previous >> 21:  # tiles placed
                self._board(state, flat, previous >> 21)
            if now >> 5 != previous >> 5:  # tiles placed or discarded, or another in hand: a draw maybe
                self._bag(state, flat, previous)
            hand_before = (previous >> 5 & 255) - 1
            phase_before = previous >> 3 & 3
            to_move_before = (previous & 7) - 1
        # The one-hots of the tile in hand, the phase and the player to move: clear the old, set the new.
        hand = (now >> 5 & 255) - 1
        if hand != hand_before:
            if hand_before >= 0:
                flat[self.hand_at + hand_before] = 0.0
            if hand >= 0:
                flat[self.hand_at + hand] = 1.0
        phase = now >> 3 & 3
        if phase != phase_before:
            if phase_before >= 0:
                flat[self.phase_at + phase_before] = 0.0
            flat[self.phase_at + phase] = 1.0
        to_move = (now & 7) - 1
        if to_move != to_move_before:
            if to_move_before >= 0:
                flat[self.to_move_at + to_move_before] = 0.0
            if to_move >= 0:
                flat[self.to_move_at + to_move] = 1.0

    def _board(self, state: CarcassonnePosition, flat: Any, placed_before: int) -> None:
        """The tiles placed since the last observation (all when `placed_before` is -1), the frontier
        around them (a tile changes it only at its own cell and its neighbours) and the last tile."""
        board_at = self.board_at
        frontier_at = board_at + FRONTIER * CELLS
        last_at = board_at + LAST * CELLS
        board, placed = state.board, state.placed_cells
        if placed_before < 0:
            for cell in state.frontier:
                at = WINDOW[cell]
                if at >= 0:
                    flat[frontier_at + at] = 1.0
        else:
            at = WINDOW[placed[placed_before - 1]] if placed_before else -1
            if at >= 0:  # the last tile of then (or none: the start tile is nobody's last tile)
                flat[last_at + at] = 0.0
        for index in range(max(placed_before, 0), len(placed)):
            cell = placed[index]
            at = WINDOW[cell]
            if at >= 0:
                for offset in TILE_ONES[board[cell][0]]:
                    flat[board_at + offset + at] = 1.0
                flat[frontier_at + at] = 0.0
            if placed_before >= 0:  # the frontier is every empty cell beside a tile
                for step in DELTA:
                    near = WINDOW[cell + step]
                    if near >= 0 and cell + step not in board:
                        flat[frontier_at + near] = 1.0
        last = state.last_cell
        if last >= 0 and WINDOW[last] >= 0:
            flat[last_at + WINDOW[last]] = 1.0

    def _bag(self, state: CarcassonnePosition, flat: Any, previous: int | None) -> None:
        """Land tiles left per type: counted from the bag at the first look; then each land tile
        placed or discarded since, and the one in hand, left the bag (the one in hand at the last
        look is counted once: it is now on the board or still in hand)."""
        remaining_at = self.remaining_at
        flat[self.river_remaining_at] = len(state.river_bag) / 12.0
        if previous is None:
            counts = [0] * NUM_TYPES
            for tile in state.bag:
                counts[tile] += 1
            for tile in range(NUM_TYPES):
                if counts[tile]:
                    flat[remaining_at + tile] = COUNT_VALUES[counts[tile]]
            return
        # The tiles out of the land bag are the land tiles placed (but the first) or discarded and the
        # one in hand: the tiles that left it since are those placed or discarded since and the one
        # in hand now, less the one in hand at the last look (on the board or still in hand now).
        hand_before = (previous >> 5 & 255) - 1
        board = state.board
        placed = state.placed_cells
        for index in range(previous >> 21, len(placed)):
            hand_before = self._drawn(flat, board[placed[index]][0] >> 2, hand_before)
        discards = state.discards
        for index in range(previous >> 13 & 255, len(discards)):
            hand_before = self._drawn(flat, discards[index], hand_before)
        if state.hand >= 0:
            self._drawn(flat, state.hand, hand_before)

    def _drawn(self, flat: Any, tile: int, counted: int) -> int:
        """One tile of this type less in the land bag, unless it is the one `counted` already or a
        river tile (from the other bag); what stays counted already (-1: none)."""
        if tile == counted:
            return -1
        if not IS_RIVER[tile]:
            at = self.remaining_at + tile
            flat[at] = COUNT_VALUES[round(flat[at] * 10.0) - 1]
        return counted

    def _followers(self, state: CarcassonnePosition, player: int, views: dict[str, Any], previous: int | None) -> None:
        """The followers that came home since the last look off, the new ones on; scores and supplies."""
        flat = views[FLAT]
        n = self.num_players
        if previous is None or previous & 0xFFFF != state.follower_moves:
            seen: dict[int, int] = views[SEEN]
            follower_at = state.follower_at
            if previous is None:
                seen.clear()
            else:
                for node in [node for node in seen if node not in follower_at]:
                    at = seen.pop(node)
                    if at >= 0:
                        flat[at] = 0.0
            if len(seen) != len(follower_at):  # a node holds one follower for good: no owner changes
                cell_of_node = state.cell_of_node
                first = self.board_at + FOLLOWERS * CELLS
                for node, owner in follower_at.items():
                    if node not in seen:
                        at = WINDOW[cell_of_node[node]]
                        if at >= 0:
                            at += first + (owner - player) % n * CELLS
                            flat[at] = 1.0
                        seen[node] = at
            supply_at, supply = self.supply_at, state.supply
            for seat in range(n):
                flat[supply_at + (seat - player) % n] = supply[seat] / self.full_supply
        if previous is None or previous >> 16 != _points(state.score):
            scores_at, score = self.scores_at, state.score
            for seat in range(n):
                flat[scores_at + (seat - player) % n] = score[seat] / 100.0
