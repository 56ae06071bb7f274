"""The position and the turn rules of Carcassonne (base game and the River).

Features (cities, roads, fields, cloisters) are kept incrementally: every segment of a placed tile
is a node; a feature is named by one of its nodes and owns a tuple of nodes, its open edge count
(cities and roads) and the nodes holding followers. Joining two features relabels the smaller
one. All per-feature values are immutable, so a clone is a handful of shallow list copies.
"""

from __future__ import annotations

import random
from typing import Any, Self

from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.engine.protocol import Event, Json, State, ranks_from_keys
from townhall.games.carcassonne import actions, scoring
from townhall.games.carcassonne.tiles import (
    CITY,
    CODES,
    DELTA,
    FITS,
    LAKE,
    LAYOUTS,
    NEIGH8,
    ROLE_NAMES,
    RULES,
    SAME_AS,
    SPRING,
    START,
    TILE_SPECS,
    cell_of,
    xy_of,
)

PLACE, DEPLOY, OVER = 0, 1, 2
PHASE_NAMES = ("place", "deploy", "over")
NEAR9 = frozenset((0, *NEIGH8))
IS_RIVER = tuple(spec.river for spec in TILE_SPECS)
PORTS = tuple(layout.ports for layout in LAYOUTS)
EMPTIES = tuple(((),) * n for n in range(16))
SINGLETONS = [(i,) for i in range(1200)]  # one node per segment: at most 84 tiles x 9 segments
DEPLOY_ID = actions.DEPLOY
SKIP_ID = actions.SKIP


class CarcState(State):
    def __init__(self, num_players: int, river: bool, small_city: bool, farm_scoring: str) -> None:
        self.num_players = num_players
        self.river = river
        self.small_city = small_city
        self.farm_scoring = farm_scoring
        self.board: dict[int, tuple[int, int]] = {}  # cell -> (layout, first node)
        self.order: list[int] = []  # cells in placement order
        self.frontier: dict[int, int] = {}  # empty cell next to a tile -> key of the edges it faces
        self.feat_of: list[int] = []  # node -> feature
        self.f_nodes: list[tuple[int, ...]] = []  # feature -> its nodes
        self.f_open: list[int] = []  # feature -> open edges (cities, roads)
        self.f_men: list[tuple[int, ...]] = []  # feature -> nodes holding followers
        self.node_cell: list[int] = []
        self.follower_at: dict[int, int] = {}  # node -> player
        self.monks: dict[int, int] = {}  # cloister cell with a monk -> node
        self.closed: list[int] = []  # completed cities (they never change again)
        self.closed_fields: list[tuple[int, ...]] = []  # per completed city: a node per farm beside it
        self.supply = [RULES["followers_per_player"] - RULES["score_markers_per_player"]] * num_players
        self.score = [0] * num_players
        self.bag: list[int] = []  # remaining land tiles, a sorted multiset (no order)
        self.river_bag: list[int] = []
        self.lake_due = False
        self.river_end = -1  # the empty cell the river flows into
        self.river_flow = 0  # direction the river flows into river_end
        self.river_turn = 0  # last turn of the river: 1 right, 3 left, 0 none yet
        self.hand = -1
        self.placements: list[int] = []
        self.deploy_opts: list[int] = []
        self.phase = PLACE
        self.current = 0
        self.last_cell = -1
        self.discards: list[int] = []
        # The heuristic's cache: feature -> (its node tuple, points now, points once complete). Shared by
        # every clone of a game on purpose (never copied, never saved): an entry is used only if
        # its node tuple is the very object the feature holds now, which pins down the tiles.
        self.memo: dict[int, tuple[tuple[int, ...], int, int]] = {}

    # ------------------------------------------------------------------ building the board

    def put(self, cell: int, lay: int) -> None:
        """Lay a tile and join its segments to the neighbours' features (no scoring)."""
        layout = LAYOUTS[lay]
        feat_of = self.feat_of
        base = len(feat_of)
        count = len(layout.kinds)
        board = self.board
        board[cell] = (lay, base)
        self.order.append(cell)
        if count:
            feat_of.extend(range(base, base + count))
            self.f_nodes.extend(SINGLETONS[base : base + count])
            self.f_open.extend(layout.opens)
            self.f_men.extend(EMPTIES[count])
            self.node_cell.extend([cell] * count)
        frontier = self.frontier
        frontier.pop(cell, None)
        kinds = layout.kinds
        for step, face, edge_links, field_links in layout.sides:
            near = cell + step
            other = board.get(near)
            if other is None:
                frontier[near] = frontier.get(near, 0) + face
                continue
            other_ports = PORTS[other[0]]
            other_base = other[1]
            for mine, port in edge_links:
                a = feat_of[base + mine]
                b = feat_of[other_base + other_ports[port]]
                if a == b:
                    self.f_open[a] -= 2
                else:
                    a = self._join(a, b, -2)
                if not self.f_open[a] and kinds[mine] == CITY:
                    self.closed.append(a)
                    self.closed_fields.append(self._fields_beside(a))
            for mine, port in field_links:
                a = feat_of[base + mine]
                b = feat_of[other_base + other_ports[port]]
                if a != b:
                    self._join(a, b, 0)

    def _fields_beside(self, city: int) -> tuple[int, ...]:
        """One field node per farm bordering a city on its own tiles (the farms supplying it,
        CAR-END-4, are these nodes' features at scoring time: farms only ever merge). Called
        once, when the city is completed."""
        board = self.board
        node_cell = self.node_cell
        feat_of = self.feat_of
        out: dict[int, int] = {}
        for node in self.f_nodes[city]:
            lay, base = board[node_cell[node]]
            for local in LAYOUTS[lay].city_fields[node - base]:
                out.setdefault(feat_of[base + local], base + local)
        return tuple(out.values())

    def _join(self, a: int, b: int, open_delta: int) -> int:
        """Merge features a and b; returns the surviving one."""
        f_nodes = self.f_nodes
        nodes_a = f_nodes[a]
        nodes_b = f_nodes[b]
        if len(nodes_a) < len(nodes_b):
            a, b, nodes_a, nodes_b = b, a, nodes_b, nodes_a
        feat_of = self.feat_of
        for node in nodes_b:
            feat_of[node] = a
        f_nodes[a] = nodes_a + nodes_b
        f_open = self.f_open
        f_open[a] += f_open[b] + open_delta
        f_men = self.f_men
        if f_men[b]:
            f_men[a] += f_men[b]
        return a

    def river_step(self, cell: int, lay: int) -> None:
        """Move the river's open end past a newly placed river tile (CAR-PLACE-5).

        Decision on "no U-turn": the last turn of the river is remembered, straight tiles in between
        included, and the next turn must go the other way. So the river is a staircase that can
        never run into itself, and a river tile always has a legal place."""
        entry = (self.river_flow + 2) % 4
        exits = [e for e in LAYOUTS[lay].river_edges if e != entry]
        if not exits:  # the lake closes the river (CAR-PLACE-6)
            self.river_end = -1
            return
        exit_edge = exits[0]
        turn = (exit_edge - self.river_flow) % 4
        if turn:
            self.river_turn = turn
        self.river_flow = exit_edge
        self.river_end = cell + DELTA[exit_edge]

    def enumerate_placements(self, tile: int) -> list[int]:
        """Every legal place action for `tile` (CAR-PLACE-1..3, and 5 for river tiles)."""
        fits = FITS[tile]
        if IS_RIVER[tile]:
            return self._river_placements(tile, fits)
        out = [cell * 4 + r for cell, key in self.frontier.items() for r in fits[key]]
        out.sort()
        return out

    def _river_placements(self, tile: int, fits: tuple[tuple[int, ...], ...]) -> list[int]:
        cell = self.river_end
        if cell < 0 or cell not in self.frontier:
            return []
        entry = (self.river_flow + 2) % 4
        out = []
        for r in fits[self.frontier[cell]]:
            exits = [e for e in LAYOUTS[4 * tile + r].river_edges if e != entry]
            if exits:
                turn = (exits[0] - self.river_flow) % 4
                if turn and turn == self.river_turn:
                    continue  # a U-turn: two turns the same way in a row
                if cell + DELTA[exits[0]] in self.board:
                    continue
            out.append(cell * 4 + r)
        out.sort()
        return out

    # ------------------------------------------------------------------ protocol

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, player: int) -> list[int]:
        if player != self.current or self.phase == OVER:
            return []
        if self.phase == PLACE:
            return self.placements.copy()
        return self.deploy_opts.copy()

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("CAR-END-1", "the game is over")
        if player != self.current:
            raise IllegalAction("CAR-SETUP-3", f"it is player {self.current + 1}'s turn, not player {player + 1}'s")
        if phase == PLACE:
            if action not in self.placements:
                raise self._why_not_place(action)
            cell = action >> 2
            tile = self.hand
            lay = 4 * tile + (action & 3)
            self.put(cell, lay)
            if IS_RIVER[tile]:
                self.river_step(cell, lay)
            self.hand = -1
            self.placements = []
            self.last_cell = cell
            if events is not None:
                x, y = xy_of(cell)
                events.append(
                    Event(
                        "place",
                        f"player {player + 1} places {CODES[tile]} at {x},{y} r{90 * (action & 3)}",
                        {"player": player, "tile": CODES[tile], "x": x, "y": y, "rot": action & 3},
                    )
                )
            opts = self._deploy_options()
            if opts:
                self.deploy_opts = opts
                self.phase = DEPLOY
                return
        else:
            if action not in self.deploy_opts:
                raise self._why_not_deploy(action)
            self.deploy_opts = []
            if action != SKIP_ID:
                self._deploy(player, action - DEPLOY_ID, events)
        scoring.score_turn(self, events)
        self.current = (self.current + 1) % self.num_players
        self.draw(chance, events)

    def _deploy_options(self) -> list[int]:
        if not self.supply[self.current]:
            return []  # CAR-DEPLOY-4
        lay, base = self.board[self.last_cell]
        feat_of = self.feat_of
        f_men = self.f_men
        opts = [DEPLOY_ID + i for i in range(len(LAYOUTS[lay].kinds)) if not f_men[feat_of[base + i]]]
        if opts:
            opts.append(SKIP_ID)
        return opts

    def _deploy(self, player: int, segment: int, events: list[Event] | None) -> None:
        lay, base = self.board[self.last_cell]
        node = base + segment
        self.follower_at[node] = player
        feature = self.feat_of[node]
        self.f_men[feature] += (node,)
        self.supply[player] -= 1
        layout = LAYOUTS[lay]
        if segment == layout.cloister:
            self.monks[self.last_cell] = node
        if events is not None:
            role = ROLE_NAMES[layout.kinds[segment]]
            x, y = xy_of(self.last_cell)
            events.append(
                Event(
                    "deploy",
                    f"player {player + 1} deploys a {role} on {layout.labels[segment]} at {x},{y}",
                    {"player": player, "x": x, "y": y, "segment": segment, "role": role},
                )
            )

    def draw(self, chance: Chance, events: list[Event] | None) -> None:
        """Reveal the current player's next tile; unplaceable tiles go back to the box (CAR-PLACE-4)."""
        while True:
            if self.river_bag:
                tile = self.river_bag.pop(chance.below(len(self.river_bag)))
            elif self.lake_due:
                tile = LAKE
                self.lake_due = False
            elif self.bag:
                tile = self.bag.pop(chance.below(len(self.bag)))
            else:
                scoring.final_scoring(self, events)
                return
            options = self.enumerate_placements(tile)
            if options:
                self.hand = tile
                self.placements = options
                self.phase = PLACE
                if events is not None:
                    events.append(
                        Event(
                            "draw",
                            f"player {self.current + 1} draws {CODES[tile]}",
                            {"player": self.current, "tile": CODES[tile]},
                        )
                    )
                return
            self.discards.append(tile)
            if events is not None:
                events.append(
                    Event(
                        "discard",
                        f"{CODES[tile]} fits nowhere and goes back to the box; player {self.current + 1} draws again",
                        {"player": self.current, "tile": CODES[tile]},
                    )
                )

    # ------------------------------------------------------------------ why an action is illegal

    def _why_not_place(self, action: int) -> IllegalAction:
        if not 0 <= action < DEPLOY_ID:
            return IllegalAction("CAR-TURN-1", f"{action} is not a tile placement: place the tile first")
        cell, rot = action >> 2, action & 3
        tile = self.hand
        x, y = xy_of(cell)
        if cell in self.board:
            return IllegalAction("CAR-PLACE-1", f"{x},{y} already holds a tile")
        canonical = SAME_AS[tile][rot]
        if canonical != rot:
            return IllegalAction(
                "CAR-PLACE-3",
                f"{CODES[tile]} turned r{90 * rot} looks the same as r{90 * canonical}: place it as r{90 * canonical}",
            )
        if IS_RIVER[tile] and cell != self.river_end:
            ex, ey = xy_of(self.river_end)
            return IllegalAction("CAR-PLACE-5", f"a river tile must continue the river where it ends, at {ex},{ey}")
        key = self.frontier.get(cell)
        if key is None:
            return IllegalAction("CAR-PLACE-1", f"{x},{y} shares no edge with a placed tile")
        if rot not in FITS[tile][key]:
            return IllegalAction(
                "CAR-PLACE-2", f"{CODES[tile]} at {x},{y} r{90 * rot} does not match the edges it touches"
            )
        return IllegalAction(
            "CAR-PLACE-5", f"{CODES[tile]} at {x},{y} r{90 * rot} would make the river turn back on itself (U-turn)"
        )

    def _why_not_deploy(self, action: int) -> IllegalAction:
        if action == SKIP_ID:
            return IllegalAction("CAR-DEPLOY-1", "nothing to skip now")
        if not DEPLOY_ID <= action < SKIP_ID:
            return IllegalAction("CAR-TURN-1", "the tile is placed: now deploy a follower or skip")
        if not self.supply[self.current]:
            return IllegalAction("CAR-DEPLOY-4", f"player {self.current + 1} has no follower left in supply")
        lay, _base = self.board[self.last_cell]
        segment = action - DEPLOY_ID
        if segment >= len(LAYOUTS[lay].kinds):
            return IllegalAction("CAR-DEPLOY-2", f"the tile {CODES[lay // 4]} has no segment {segment}")
        return IllegalAction(
            "CAR-DEPLOY-3", f"the {LAYOUTS[lay].labels[segment]} belongs to a feature that already holds a follower"
        )

    # ------------------------------------------------------------------ copies and views

    def clone(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.board = self.board.copy()
        copy.order = self.order.copy()
        copy.frontier = self.frontier.copy()
        copy.feat_of = self.feat_of.copy()
        copy.f_nodes = self.f_nodes.copy()
        copy.f_open = self.f_open.copy()
        copy.f_men = self.f_men.copy()
        copy.node_cell = self.node_cell.copy()
        copy.follower_at = self.follower_at.copy()
        copy.monks = self.monks.copy()
        copy.closed = self.closed.copy()
        copy.closed_fields = self.closed_fields.copy()
        copy.supply = self.supply.copy()
        copy.score = self.score.copy()
        copy.bag = self.bag.copy()
        copy.river_bag = self.river_bag.copy()
        copy.placements = self.placements.copy()
        copy.deploy_opts = self.deploy_opts.copy()
        copy.discards = self.discards.copy()
        return copy

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def ranks(self) -> list[int]:
        # CAR-END-7: the highest total wins; tied players share the rank.
        return ranks_from_keys([[s] for s in self.score])

    def determinize(self, player: int, rng: random.Random) -> Self:
        return self.clone()  # nothing is hidden: the stack is only a multiset of counts

    def observation(self, player: int | None) -> dict[str, Json]:
        return self.to_json()

    def followers(self) -> list[tuple[int, int, int]]:
        """(cell, segment, player) of every follower on the board, in node order."""
        out = []
        for node in sorted(self.follower_at):
            cell = self.node_cell[node]
            out.append((cell, node - self.board[cell][1], self.follower_at[node]))
        return out

    def to_json(self) -> dict[str, Json]:
        tiles = []
        for cell in self.order:
            lay = self.board[cell][0]
            x, y = xy_of(cell)
            tiles.append({"x": x, "y": y, "tile": CODES[lay >> 2], "rot": lay & 3})
        followers = []
        for cell, segment, player in self.followers():
            x, y = xy_of(cell)
            lay = self.board[cell][0]
            followers.append({"x": x, "y": y, "segment": segment, "on": LAYOUTS[lay].labels[segment], "player": player})
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
            "remaining": _counts(self.bag),
            "river_remaining": _counts(self.river_bag),
            "lake_due": self.lake_due,
            "river": {"end": end, "flow": self.river_flow, "turn": self.river_turn},
            "discards": [CODES[t] for t in self.discards],
        }

    def num_distinct_actions(self) -> int:
        return actions.SIZE_ALL

    def action_to_json(self, action: int) -> dict[str, Json]:
        return actions.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return actions.from_json(data)

    def action_text(self, action: int) -> str:
        if 0 <= action < DEPLOY_ID:
            return actions.place_text(action)
        if action == SKIP_ID:
            return "no follower"
        segment = action - DEPLOY_ID
        if self.phase == DEPLOY and self.last_cell in self.board:
            layout = LAYOUTS[self.board[self.last_cell][0]]
            if segment < len(layout.kinds):
                return f"{ROLE_NAMES[layout.kinds[segment]]} on {layout.labels[segment]}"
        return f"follower on segment {segment}"


def _counts(bag: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for tile in bag:
        out[CODES[tile]] = out.get(CODES[tile], 0) + 1
    return out


def new_state(num_players: int, river: bool, small_city: bool, farm_scoring: str, chance: Chance) -> CarcState:
    """CAR-SETUP-1..4: the start tile (or the spring) face up at 0,0; seat 0 draws first."""
    state = CarcState(num_players, river, small_city, farm_scoring)
    bag = []
    for index, spec in enumerate(TILE_SPECS):
        if not spec.river:
            bag += [index] * spec.count
    bag.remove(START)  # the start tile is placed (base game) or removed from the game (River)
    state.bag = bag
    if river:
        state.put(cell_of(0, 0), 4 * SPRING)
        state.river_flow = LAYOUTS[4 * SPRING].river_edges[0]
        state.river_end = cell_of(0, 0) + DELTA[state.river_flow]
        state.river_bag = [
            i for i, spec in enumerate(TILE_SPECS) if spec.river and i not in (SPRING, LAKE) for _ in range(spec.count)
        ]
        state.lake_due = True
    else:
        state.put(cell_of(0, 0), 4 * START)
    state.draw(chance, None)
    return state


def from_json(data: dict[str, Any]) -> CarcState:
    """Rebuild a state from its JSON by laying its tiles again in the same order."""
    options = data["options"]
    state = CarcState(
        int(data["players"]), bool(options["river"]), bool(options["small_city"]), str(options["farm_scoring"])
    )
    index = {code: i for i, code in enumerate(CODES)}
    for tile in data["tiles"]:
        state.put(cell_of(tile["x"], tile["y"]), 4 * index[tile["tile"]] + tile["rot"])
    for follower in data["followers"]:
        cell = cell_of(follower["x"], follower["y"])
        lay, base = state.board[cell]
        node = base + follower["segment"]
        state.follower_at[node] = follower["player"]
        state.f_men[state.feat_of[node]] += (node,)
        if follower["segment"] == LAYOUTS[lay].cloister:
            state.monks[cell] = node
    state.score = list(data["scores"])
    state.supply = list(data["supply"])
    state.bag = sorted(index[c] for c, n in data["remaining"].items() for _ in range(n))
    state.river_bag = sorted(index[c] for c, n in data["river_remaining"].items() for _ in range(n))
    state.lake_due = bool(data["lake_due"])
    river = data["river"]
    state.river_end = -1 if river["end"] is None else cell_of(*river["end"])
    state.river_flow = river["flow"]
    state.river_turn = river["turn"]
    state.discards = [index[c] for c in data["discards"]]
    state.phase = PHASE_NAMES.index(data["phase"])
    state.current = data["current"]
    state.last_cell = state.order[-1]
    if data["hand"] is not None:
        state.hand = index[data["hand"]]
        state.placements = state.enumerate_placements(state.hand)
    if state.phase == DEPLOY:
        state.deploy_opts = state._deploy_options()
    return state
