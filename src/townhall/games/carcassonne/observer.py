"""The tensor observation of Carcassonne (townhall.rl): what a player sees is `about` below.

Every slice and field, with the bounds of its values, is declared in `CarcassonneObserver`'s
layout below; docs/rl.md tabulates them (generated: bench/rl_layouts.py).

One incremental part keeps a view up to date (engine.watch): its key packs the counts that say
what changed (see _key), and it stores only the items that changed, through the items of the flat
float32 buffer (engine.items).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from townhall.engine.build import c_extension
from townhall.engine.items import float_items, scatter
from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.carcassonne.position import OVER, CarcassonnePosition
from townhall.games.carcassonne.tiles import IS_RIVER, LAYOUTS, NUM_TYPES, RULES, SIZE, TILE_SPECS
from townhall.games.carcassonne.tiles import OFF as TABLE_OFF

RADIUS: Final = 15
WIDTH: Final = 2 * RADIUS + 1
CELLS: Final = WIDTH * WIDTH
# Planes 0-18 show the tiles (see _tile_planes), then these (each plane is CELLS items of the buffer).
LAST: Final = 19
FRONTIER: Final = 20
FOLLOWERS: Final = 21
# The items stored, as objects made once: the compiled build would box a new float at every store
# of a literal (a call, unlike a literal, is not copied into each use).
ZERO: Final[object] = float(0)
ONE: Final[object] = float(1)
# Entries of a buffer's views: the whole buffer's items (engine.items: a store costs a fraction
# of NumPy's), node -> buffer index of each follower drawn in it (-1: off the window), and the
# scores then the supplies per seat drawn in it (stores only for those that changed).
FLAT: Final = "flat"
SEEN: Final = "followers_seen"
TALLIES: Final = "tallies_seen"
OCCUPIED: Final = "occupied"  # one byte per window cell, 1 where a tile is drawn
BAG: Final = "bag_seen"  # the land tiles per type drawn as left in the bag
assert NUM_TYPES < 255  # the turn key packs the tile in hand into 8 bits


def _tile_planes(layout_index: int) -> bytes:
    """The board planes that are 1 on a cell holding this layout, padded to 8 with 255."""
    layout = LAYOUTS[layout_index]
    planes = [0]  # occupied
    for side, code in enumerate(layout.edges):
        if 1 <= code <= 4:  # field, road, city, river
            planes.append(1 + 4 * side + code - 1)
    if layout.cloister >= 0:
        planes.append(17)
    if layout.pennant_segment >= 0:
        planes.append(18)
    assert len(planes) < 8  # at least one 255 ends the run (engine.items.scatter)
    return bytes(planes + [255] * (8 - len(planes)))


# Per layout, 8 bytes from 8 * layout on, the planes then 255s (a layout is on 7 planes at most):
# one small block, which stays in cache (tuples of ints would be objects all over the heap).
TILE_PLANES: Final[bytes] = b"".join(_tile_planes(i) for i in range(len(LAYOUTS)))
# The values of counts as stored (computed in float64, stored as float32 by the memoryview), made
# once: tiles of a type in the bag / 10, river tiles in theirs / 12, followers in supply / full.
COUNT_VALUES: Final[tuple[object, ...]] = tuple(count / 10.0 for count in range(100))
RIVER_VALUES: Final[tuple[object, ...]] = tuple(count / 12.0 for count in range(100))
FULL_SUPPLY: Final = RULES["followers_per_player"] - RULES["score_markers_per_player"]
SUPPLY_VALUES: Final[tuple[object, ...]] = tuple(count / FULL_SUPPLY for count in range(FULL_SUPPLY + 1))


SIDES: Final = "NESW"
EDGE_KINDS: Final = ("field", "road", "city", "river")  # edge codes 1-4 (tiles.LAYOUTS)
# The board's planes by index (see _tile_planes), then one per player: its followers.
BOARD_PLANES: Final[tuple[str, ...]] = (
    "a tile lies here",
    *(f"side {side}: {kind}" for side in SIDES for kind in EDGE_KINDS),
    "a cloister",
    "a pennant",
    "the last tile placed",
    "an empty cell next to a tile (where a tile may go)",
)
assert len(BOARD_PLANES) == FOLLOWERS and BOARD_PLANES[17] == "a cloister"
TILE_TYPE: Final = "tile type {i} (the rules data's order of tile types)"


def _most_points() -> int:
    """More points than any player can score with this tile set (the scores' bound): every city
    segment at its tile and pennant values, every road segment, every cloister complete, and each
    field paying for every city segment at the better of the editions' rates."""
    cities = roads = fields = cloisters = 0
    for spec in TILE_SPECS:
        cities += spec.count * len(spec.cities)
        roads += spec.count * len(spec.roads)
        fields += spec.count * len(spec.fields)
        cloisters += spec.count * int(spec.cloister)
    farm = max(RULES["farm_first_edition_per_city"], RULES["farm_third_edition_per_city"])
    city = RULES["city_per_tile"] + RULES["city_per_pennant"]
    return (
        cities * city + roads * RULES["road_per_tile"] + cloisters * RULES["cloister_complete"] + farm * cities * fields
    )


def _window(cell: int) -> int:
    """A table cell's index y * WIDTH + x in the window, or -1 outside it (computed: a table of
    them would be an int object per cell, fetched from memory)."""
    x = cell % SIZE - TABLE_OFF + RADIUS
    y = cell // SIZE - TABLE_OFF + RADIUS
    if 0 <= x < WIDTH and 0 <= y < WIDTH:
        return y * WIDTH + x
    return -1


def _turn_key(state: CarcassonnePosition, player: int) -> int:
    """The board, the bags and the turn packed in one int: tiles placed, tiles discarded, the tile in
    hand, the phase and the player to move (observer first; 0: none). Tiles never leave the board
    and discards only grow: the counts name the board (the last tile placed is its newest) and,
    with the tile in hand, what left the bags (see _bag)."""
    to_move = 0 if state.phase == OVER else (state.current - player) % state.num_players + 1
    packed = (len(state.placed_cells) << 8 | len(state.discards)) << 8 | (state.hand + 1)
    return (packed << 2 | state.phase) << 3 | to_move


def _key(state: CarcassonnePosition, player: int) -> int:
    """The turn key, the points scored in all (scores only grow) and the followers put on or taken
    off the board (follower_moves: the supplies change with them), packed in one int. Bits 0-11:
    follower moves (a game has a few hundred at most), 12-31: points, 32 on: the turn key (bits
    0-2 the player to move, 3-4 the phase, 5-12 the tile in hand + 1, 13-20 discards, 21 on the
    tiles placed)."""
    return _turn_key(state, player) << 32 | _points(state.score) << 12 | state.follower_moves & 0xFFF


def _points(score: list[int]) -> int:
    """The points of all players together (a plain loop: the compiled build calls no builtin)."""
    total = 0
    for points in score:
        total += points
    return total


class CarcassonneObserver(Observer[CarcassonnePosition]):
    version = 1
    about = (
        "Everything in it is public. The board is a window of 31 x 31 cells centred on the start tile (x, y "
        "in -15..15; tiles beyond it are left out). Players are listed from the observer's seat on (index 0 "
        "is the observer)."
    )
    state_in_views = True  # what each view last showed (followers, tallies, bag counts)

    def __init__(self, num_players: int, options: Options) -> None:
        self.num_players = num_players
        layout = Layout()
        layout.add(
            "board",
            FOLLOWERS + num_players,
            WIDTH,
            WIDTH,
            doc=f"per cell of the {WIDTH} x {WIDTH} window, [plane, y + {RADIUS}, x + {RADIUS}] for the cell x, y from the start tile",
            fields=BOARD_PLANES,
            each="a follower of player {i} (observer first)",
        )
        layout.add("hand", NUM_TYPES, doc="the tile in hand, one-hot (none: all 0)", each=TILE_TYPE)
        layout.add("phase", 3, doc="the phase, one-hot", fields=("place", "deploy", "over"))
        layout.add("to_move", num_players, doc="1 for the player to move", each="player {i} (observer first)")
        each = "player {i} (observer first)"
        layout.add("scores", num_players, doc="points / 100", high=_most_points() / 100.0, each=each)
        layout.add("supply", num_players, doc=f"followers in supply / {FULL_SUPPLY}", each=each)
        most = max(spec.count for spec in TILE_SPECS if not spec.river)
        layout.add("remaining", NUM_TYPES, doc="land tiles left in the bag / 10", high=most / 10.0, each=TILE_TYPE)
        river = sum(spec.count for spec in TILE_SPECS if spec.river)
        layout.add("river_remaining", 1, doc="river tiles left / 12", high=river / 12.0)
        self.layout = layout
        # The writers store items by their index in the whole buffer, from the player count alone.
        assert layout.slices["river_remaining"].offset == _remaining_at(num_players) + NUM_TYPES
        # One part: the board, the bags and the turn change at (almost) every look anyway.
        self.parts = (Part(tuple(layout.slices), _write, _key, incremental=True),)

    def make_views(self, out: Any) -> dict[str, Any]:
        views = super().make_views(out)
        views[FLAT] = float_items(out)
        views[SEEN] = {}
        views[TALLIES] = []
        return views


def _hand_at(num_players: int) -> int:
    return (FOLLOWERS + num_players) * CELLS  # the board planes come first


def _remaining_at(num_players: int) -> int:
    return _hand_at(num_players) + NUM_TYPES + 3 + 3 * num_players  # hand, phase, to_move, scores, supply


def _write(state: CarcassonnePosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    flat = views[FLAT]
    now = _key(state, player)
    if previous is None:
        _board(state, views, -1, -1)
        _bag(state, views, None)
        _turn(state, flat, now >> 32, -1)
        _followers(state, player, views, -1)
        _tallies(state, player, views, True)
        return
    turn, turn_before = now >> 32, previous >> 32
    if turn >> 5 != turn_before >> 5:  # tiles placed or discarded, or another in hand: a draw maybe
        _bag(state, views, turn_before)
    if turn != turn_before:
        _turn(state, flat, turn, turn_before)
    if (now ^ previous) & 0xFFF:
        _followers(state, player, views, (now - previous) & 0xFFF)
    if (now ^ previous) & 0xFFFFFFFF:
        _tallies(state, player, views, False)


def _turn(state: CarcassonnePosition, flat: Any, turn: int, before: int) -> None:
    """The one-hots of the tile in hand, the phase and the player to move: clear the old, set the
    new (`before` -1: none set yet)."""
    hand_at = _hand_at(state.num_players)
    phase_at = hand_at + NUM_TYPES
    to_move_at = phase_at + 3
    hand, hand_before = (turn >> 5 & 255) - 1, -1 if before < 0 else (before >> 5 & 255) - 1
    if hand != hand_before:
        if hand_before >= 0:
            flat[hand_at + hand_before] = ZERO
        if hand >= 0:
            flat[hand_at + hand] = ONE
    phase, phase_before = turn >> 3 & 3, -1 if before < 0 else before >> 3 & 3
    if phase != phase_before:
        if phase_before >= 0:
            flat[phase_at + phase_before] = ZERO
        flat[phase_at + phase] = ONE
    to_move, to_move_before = (turn & 7) - 1, -1 if before < 0 else (before & 7) - 1
    if to_move != to_move_before:
        if to_move_before >= 0:
            flat[to_move_at + to_move_before] = ZERO
        if to_move >= 0:
            flat[to_move_at + to_move] = ONE


def lay_items(items: Any, occupied: bytearray, x: int, y: int, layout: int, planes: bytes, neighbours: bool) -> None:
    """A tile of `layout` laid at window cell (x, y), maybe beyond the window (its neighbours may
    not be): inside it, 1 on its planes (`planes` from 8 * layout, up to a 255), 0 on the
    frontier, its `occupied` byte set; with `neighbours`, 1 on the frontier at each empty
    neighbour inside the window (the frontier is every empty cell beside a tile). The pure
    build's `lay`; the compiled build's is in C (_lay.c), tested to store alike."""
    frontier_at = FRONTIER * CELLS
    if 0 <= x < WIDTH and 0 <= y < WIDTH:
        at = y * WIDTH + x
        scatter(items, at, CELLS, planes, 8 * layout, ONE)
        items[frontier_at + at] = ZERO
        occupied[at] = 1
    if not neighbours:
        return
    if 0 <= x < WIDTH:
        if 0 < y <= WIDTH and not occupied[(y - 1) * WIDTH + x]:
            items[frontier_at + (y - 1) * WIDTH + x] = ONE
        if -1 <= y < WIDTH - 1 and not occupied[(y + 1) * WIDTH + x]:
            items[frontier_at + (y + 1) * WIDTH + x] = ONE
    if 0 <= y < WIDTH:
        if -1 <= x < WIDTH - 1 and not occupied[y * WIDTH + x + 1]:
            items[frontier_at + y * WIDTH + x + 1] = ONE
        if 0 < x <= WIDTH and not occupied[y * WIDTH + x - 1]:
            items[frontier_at + y * WIDTH + x - 1] = ONE


Lay = Callable[[Any, bytearray, int, int, int, bytes, bool], None]


def _lay_in_c() -> Lay | None:
    """The C `lay` where the compiled build made it (its geometry checked against ours), else None."""
    in_c = c_extension("townhall.games.carcassonne._lay")
    if in_c is None:
        return None
    if (in_c.WIDTH, in_c.FRONTIER) != (WIDTH, FRONTIER):
        raise ImportError(f"_lay.c draws a window of {in_c.WIDTH} with the frontier at {in_c.FRONTIER}")
    lay_in_c: Lay = in_c.lay
    return lay_in_c


LAY_IN_C: Final = _lay_in_c()
lay: Final[Lay] = LAY_IN_C or lay_items


def _board(state: CarcassonnePosition, views: dict[str, Any], placed_before: int, counted: int) -> int:
    """The tiles placed since the last observation (all when `placed_before` is -1), the frontier
    around them (a tile changes it only at its own cell and its neighbours) and the last tile.
    After the first look, the tiles placed also leave the bag's counts (see _bag: `counted` is
    the tile that left it already, returned once met)."""
    flat = views[FLAT]
    frontier_at = FRONTIER * CELLS
    last_at = LAST * CELLS
    board, placed = state.board, state.placed_cells
    if placed_before < 0:
        occupied = views[OCCUPIED] = bytearray(CELLS)
        for cell in state.frontier:
            at = _window(cell)
            if at >= 0:
                flat[frontier_at + at] = ONE
    else:
        occupied = views[OCCUPIED]
        counts: list[int] = views[BAG]
        remaining_at = _remaining_at(state.num_players)
        at = _window(placed[placed_before - 1]) if placed_before else -1
        if at >= 0:  # the last tile of then (or none: the start tile is nobody's last tile)
            flat[last_at + at] = ZERO
    for index in range(max(placed_before, 0), len(placed)):
        cell = placed[index]
        layout = board[cell][0]
        x = cell % SIZE - TABLE_OFF + RADIUS  # in the window's frame, maybe beyond it
        y = cell // SIZE - TABLE_OFF + RADIUS
        # From scratch the frontier is drawn from the state's; along a game, from each new tile.
        lay(flat, occupied, x, y, layout, TILE_PLANES, placed_before >= 0)
        if placed_before >= 0:
            counted = _drawn(flat, counts, remaining_at, layout >> 2, counted)
    last = state.last_cell
    at = _window(last) if last >= 0 else -1
    if at >= 0:
        flat[last_at + at] = ONE
    return counted


def _bag(state: CarcassonnePosition, views: dict[str, Any], before: int | None) -> None:
    """The tiles placed (see _board) and the land tiles left per type, counted from the bag at the
    first look and then kept (see below); the river tiles left. `before`: the last turn key."""
    flat = views[FLAT]
    remaining_at = _remaining_at(state.num_players)
    if state.river:  # the river bag is empty throughout otherwise
        flat[remaining_at + NUM_TYPES] = RIVER_VALUES[len(state.river_bag)]
    counts: list[int]
    if before is None:
        counts = views[BAG] = [0] * NUM_TYPES
        for tile in state.bag:
            counts[tile] += 1
        for tile in range(NUM_TYPES):
            if counts[tile]:
                flat[remaining_at + tile] = COUNT_VALUES[counts[tile]]
        return
    # The tiles out of the land bag are the land tiles placed (but the first) or discarded and the
    # one in hand: the tiles that left it since are those placed or discarded since and the one
    # in hand now, less the one in hand at the last look (on the board or still in hand now).
    counted = (before >> 5 & 255) - 1
    if len(state.placed_cells) != before >> 21:
        counted = _board(state, views, before >> 21, counted)
    counts = views[BAG]
    discards = state.discards
    for index in range(before >> 13 & 255, len(discards)):
        counted = _drawn(flat, counts, remaining_at, discards[index], counted)
    if state.hand >= 0:
        _drawn(flat, counts, remaining_at, state.hand, counted)


def _drawn(flat: Any, counts: list[int], remaining_at: int, tile: int, counted: int) -> int:
    """One tile of this type less in the land bag, unless it is the one `counted` already or a
    river tile (from the other bag); what stays counted already (-1: none)."""
    if tile == counted:
        return -1
    if not IS_RIVER[tile]:
        counts[tile] -= 1
        flat[remaining_at + tile] = COUNT_VALUES[counts[tile]]
    return counted


def _followers(state: CarcassonnePosition, player: int, views: dict[str, Any], moves: int) -> None:
    """The followers that came home since the last look off, the new ones on; `moves`: the follower
    moves since (-1: the first look). A node holds one follower for good (no owner changes, no
    follower again once it came home) and `follower_at` keeps nodes in the order they were taken:
    the new followers are its last entries, as many as the moves that were not returns."""
    flat = views[FLAT]
    seen: dict[int, int] = views[SEEN]
    follower_at = state.follower_at
    if moves < 0:
        seen.clear()
        _put_followers(state, player, flat, seen, list(follower_at))
        return
    grown = len(follower_at) - len(seen)
    if moves != grown:  # some came home
        for node in [node for node in seen if node not in follower_at]:
            at = seen.pop(node)
            if at >= 0:
                flat[at] = ZERO
    added = len(follower_at) - len(seen)  # one per new follower (moves less the returns)
    if added > 0:
        nodes = list(follower_at)
        _put_followers(state, player, flat, seen, nodes[len(nodes) - added :])


def _put_followers(state: CarcassonnePosition, player: int, flat: Any, seen: dict[int, int], nodes: list[int]) -> None:
    """The followers on these nodes drawn (those in the window), and their items kept in `seen`."""
    n = state.num_players
    cell_of_node = state.cell_of_node
    follower_at = state.follower_at
    for node in nodes:
        at = _window(cell_of_node[node])
        if at >= 0:
            at += (FOLLOWERS + (follower_at[node] - player) % n) * CELLS
            flat[at] = ONE
        seen[node] = at


def _tallies(state: CarcassonnePosition, player: int, views: dict[str, Any], first: bool) -> None:
    """The scores and supplies that changed since the last look (all at the first)."""
    flat = views[FLAT]
    n = state.num_players
    seen: list[int] = views[TALLIES]
    if first:
        seen[:] = [-1] * (2 * n)
    scores_at = _remaining_at(n) - 2 * n
    score, supply = state.score, state.supply
    for seat in range(n):
        at = (seat - player) % n
        if score[seat] != seen[seat]:
            seen[seat] = score[seat]
            flat[scores_at + at] = score[seat] / 100.0
        if supply[seat] != seen[n + seat]:
            seen[n + seat] = supply[seat]
            flat[scores_at + n + at] = SUPPLY_VALUES[supply[seat]]
