"""The Carcassonne position as plain data: fields, clone and the JSON form; no rules.

Features (cities, roads, fields, cloisters) are kept incrementally: every segment of a placed tile
is a node; a feature is named by one of its nodes and owns a tuple of nodes, its open edge count
(cities and roads) and the nodes holding followers. All per-feature values are immutable, so a
clone is a handful of shallow list copies.
"""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine.fields import DICT, LIST, SHARED, Field, Fields
from townhall.engine.protocol import Json, State
from townhall.games.carcassonne.tiles import CODES, LAYOUTS, RULES, cell_of, xy_of

# The phase of the turn: place the tile in hand, deploy a follower on it (or not), or game over.
PLACE: Final = 0
DEPLOY: Final = 1
OVER: Final = 2
PHASE_NAMES: Final[tuple[str, ...]] = ("place", "deploy", "over")


# Every field once (engine/fields.py); the clone code at the end of this module is generated from it. The save
# format is the derived, readable one of to_json (tiles by code and place, followers by segment).
FIELDS = Fields(
    "CarcassonnePosition",
    (
        Field("num_players"),
        Field("river"),
        Field("small_city"),
        Field("farm_scoring"),
        Field("board", copy=DICT),
        Field("placed_cells", copy=LIST),
        Field("frontier", copy=LIST),
        Field("frontier_keys", copy=LIST),
        Field("feature_of", copy=LIST),
        Field("feature_nodes", copy=LIST),  # of tuples
        Field("feature_open_edges", copy=LIST),
        Field("feature_followers", copy=LIST),  # of tuples
        Field("cell_of_node", copy=LIST),
        Field("follower_at", copy=DICT),
        Field("follower_moves"),
        Field("monk_nodes", copy=DICT),
        Field("completed_cities", copy=LIST),
        Field("completed_city_farms", copy=LIST),  # of tuples
        Field("supply", copy=LIST),
        Field("score", copy=LIST),
        Field("kind_points", copy=LIST),
        Field("bag", copy=LIST),
        Field("river_bag", copy=LIST),
        Field("lake_due"),
        Field("river_end"),
        Field("river_flow"),
        Field("river_turn"),
        Field("hand"),
        Field("placements", copy=SHARED),  # both replaced whole, never changed in place
        Field("deploy_options", copy=SHARED),
        Field("phase"),
        Field("current"),
        Field("last_cell"),
        Field("discards", copy=LIST),
        Field("points_memo", copy=SHARED),  # shared on purpose (see __init__)
    ),
)
_copy_fields: Final = FIELDS.derived_clone(__name__)  # the clone, made from the declaration


class CarcassonnePosition(State):  # the protocol base here: a compiled class has one base
    def __init__(self, num_players: int, river: bool, small_city: bool, farm_scoring: str) -> None:
        self.num_players = num_players
        self.river = river
        self.small_city = small_city
        self.farm_scoring = farm_scoring
        self.board: dict[int, tuple[int, int]] = {}  # cell -> (layout, first node)
        self.placed_cells: list[int] = []  # cells in placement order
        # The empty cells next to a tile, ascending (placements come out sorted without a sort),
        # and per cell the key of the edges it faces (tiles.FITS).
        self.frontier: list[int] = []
        self.frontier_keys: list[int] = []
        self.feature_of: list[int] = []  # node -> feature
        self.feature_nodes: list[tuple[int, ...]] = []  # feature -> its nodes
        self.feature_open_edges: list[int] = []  # feature -> open edges (cities, roads)
        self.feature_followers: list[tuple[int, ...]] = []  # feature -> nodes holding followers
        self.cell_of_node: list[int] = []  # node -> cell of its tile
        self.follower_at: dict[int, int] = {}  # node -> player
        # Followers put on or taken off the board so far (the observer's key: follower_at and the
        # supplies change only with it); bumped by features.add_follower and scoring.return_followers.
        self.follower_moves = 0
        self.monk_nodes: dict[int, int] = {}  # cloister cell with a monk -> node
        self.completed_cities: list[int] = []  # completed cities (they never change again)
        self.completed_city_farms: list[tuple[int, ...]] = []  # per completed city: a node per farm beside it
        self.supply = [RULES["followers_per_player"] - RULES["score_markers_per_player"]] * num_players
        self.score = [0] * num_players
        # Points won per player and feature kind (index 4 * player + kind) for the statistics; not
        # in the JSON form (a position rebuilt from JSON counts only what it scores afterwards).
        self.kind_points = [0] * (4 * num_players)
        self.bag: list[int] = []  # remaining land tiles, a sorted multiset (no order)
        self.river_bag: list[int] = []
        self.lake_due = False
        self.river_end = -1  # the empty cell the river flows into
        self.river_flow = 0  # direction the river flows into river_end
        self.river_turn = 0  # last turn of the river: 1 right, 3 left, 0 none yet
        self.hand = -1
        # The legal actions of the phase: always replaced whole, never changed in place (clones share them).
        self.placements: list[int] = []
        self.deploy_options: list[int] = []
        self.phase = PLACE
        self.current = 0
        self.last_cell = -1
        self.discards: list[int] = []
        # The heuristic's cache: feature -> (its node tuple, points now, points once complete). Shared by
        # every clone of a game on purpose (never copied, never saved): an entry is used only if
        # its node tuple is the very object the feature holds now, which pins down the tiles.
        self.points_memo: dict[int, tuple[tuple[int, ...], int, int]] = {}

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        _copy_fields(self, copy)
        return copy

    def followers(self) -> list[tuple[int, int, int]]:
        """(cell, segment, player) of every follower on the board, in node order."""
        out = []
        for node in sorted(self.follower_at):
            cell = self.cell_of_node[node]
            out.append((cell, node - self.board[cell][1], self.follower_at[node]))
        return out

    def placed_tiles(self) -> list[tuple[int, int, str, int]]:
        """(x, y, tile code, quarter turns) of every placed tile, in the order they were placed."""
        out = []
        for cell in self.placed_cells:
            layout = self.board[cell][0]
            x, y = xy_of(cell)
            out.append((x, y, CODES[layout >> 2], layout & 3))
        return out

    def placed_followers(self) -> list[tuple[int, int, int, str, int]]:
        """(x, y, segment, the segment's label, player) of every follower, in node order."""
        out = []
        for cell, segment, player in self.followers():
            x, y = xy_of(cell)
            out.append((x, y, segment, LAYOUTS[self.board[cell][0]].labels[segment], player))
        return out

    def to_json(self) -> dict[str, Json]:
        tiles = [{"x": x, "y": y, "tile": tile, "rot": turns} for x, y, tile, turns in self.placed_tiles()]
        followers = [
            {"x": x, "y": y, "segment": segment, "on": label, "player": player}
            for x, y, segment, label, player in self.placed_followers()
        ]
        end = None if self.river_end < 0 else list(xy_of(self.river_end))
        return {
            "players": self.num_players,
            "options": {"river": self.river, "small_city": self.small_city, "farm_scoring": self.farm_scoring},
            "phase": PHASE_NAMES[self.phase],
            "current": self.current,
            "hand": None if self.hand < 0 else CODES[self.hand],
            "tiles": tiles,
            "followers": followers,
            "scores": list(self.score),
            "supply": list(self.supply),
            "remaining": tile_counts(self.bag),
            "river_remaining": tile_counts(self.river_bag),
            "lake_due": self.lake_due,
            "river": {"end": end, "flow": self.river_flow, "turn": self.river_turn},
            "discards": [CODES[t] for t in self.discards],
        }

    def restore_fields(self, data: dict[str, Any]) -> None:
        """The plain fields of a JSON form (the board and followers are laid by the setup module)."""
        index = {code: i for i, code in enumerate(CODES)}
        self.score = list(data["scores"])
        self.supply = list(data["supply"])
        self.bag = sorted(index[c] for c, n in data["remaining"].items() for _ in range(n))
        self.river_bag = sorted(index[c] for c, n in data["river_remaining"].items() for _ in range(n))
        self.lake_due = bool(data["lake_due"])
        river = data["river"]
        self.river_end = -1 if river["end"] is None else cell_of(*river["end"])
        self.river_flow = river["flow"]
        self.river_turn = river["turn"]
        self.discards = [index[c] for c in data["discards"]]
        self.phase = PHASE_NAMES.index(data["phase"])
        self.current = data["current"]
        self.last_cell = self.placed_cells[-1]
        if data["hand"] is not None:
            self.hand = index[data["hand"]]


def sorted_index(values: list[int], value: int) -> int:
    """Where `value` is or would go in an ascending list (a binary search)."""
    lo = 0
    hi = len(values)
    while lo < hi:
        mid = (lo + hi) >> 1
        if values[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    return lo


def frontier_key(position: CarcassonnePosition, cell: int) -> int:
    """The key of the edges an empty cell faces (tiles.FITS), or -1 when it touches no tile."""
    cells = position.frontier
    i = sorted_index(cells, cell)
    if i < len(cells) and cells[i] == cell:
        return position.frontier_keys[i]
    return -1


def tile_counts(bag: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for tile in bag:
        out[CODES[tile]] = out.get(CODES[tile], 0) + 1
    return out
