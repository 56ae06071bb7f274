"""The tensor observation of Antiquity (townhall.rl): what a player sees is `about` below.

Every slice and field, with the bounds of its values, is declared in `AntiquityObserver`'s
layout below; docs/rl.md tabulates them (generated: bench/rl_layouts.py).
"""

from __future__ import annotations

import math
from itertools import compress
from typing import Any, Final

from townhall.engine.items import float_items
from townhall.engine.observer import Layout, Observer, Part
from townhall.games.antiquity.data import GOODS
from townhall.games.antiquity.hexmap import TOPOLOGIES
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import (
    HEX_GOOD,
    HEX_OCCUPANT,
    HEX_POLLUTED,
    HEX_TERRAIN,
    HEX_TOKEN,
    PHASE_NAMES,
    PHASES,
    PLAN,
    AntiquityPosition,
)

TERRAIN: Final = "FWPM"
CITIES, GRID = 4, 49
NONE: Final = -1  # a square without a building (Player.grid)


def _seen(state: AntiquityPosition, seat: int, player: int) -> Player:
    """A player as `player` may see it: during city planning another's city is its snapshot."""
    snapshot = state.snapshots[seat]
    if state.phase == PLAN and seat != player and snapshot is not None:
        return snapshot
    return state.players[seat]


def _hexes_key(state: AntiquityPosition, player: int) -> int:
    return len(state.hex_changes)  # grows at every change of a per-hex list


def _hexes(state: AntiquityPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    """All the per-hex planes at first, then only the items of the changes logged since."""
    hexes = views["hexes"]
    width = hexes.shape[1]  # plane p of hex h is item p * width + h
    n = hexes.shape[0] - 9
    cells = views["hexes_flat"]
    if previous is None:
        _fill_hexes(state, player, cells, width, n)
        return
    for change in set(state.hex_changes[previous:]):
        h, what = divmod(change, 8)
        if h >= width:
            continue
        if what == HEX_POLLUTED:
            cells[4 * width + h] = state.polluted[h]
        elif what == HEX_OCCUPANT:
            seat = state.hex_occupant[h]
            for row in range(n):
                cells[(9 + row) * width + h] = seat == (player + row) % n
        elif what == HEX_TOKEN:
            cells[7 * width + h] = state.token[h]
        elif what == HEX_GOOD:
            good = state.hex_goods[h]
            cells[5 * width + h] = good >= 0
            cells[6 * width + h] = (good + 1.0) / 10.0 if good >= 0 else 0.0  # as _goods: float64, then stored
            cells[8 * width + h] = state.hex_producer[h] >= 0
        elif what == HEX_TERRAIN:
            letter = state.terrain[h]
            for kind in range(4):
                cells[kind * width + h] = letter == TERRAIN[kind]


def _fill_hexes(state: AntiquityPosition, player: int, cells: Any, width: int, n: int) -> None:
    """Every per-hex plane of a zeroed view in one pass over the hexes, storing only the items
    that are not 0 (a from-scratch look: a new game, another state object)."""
    terrain, polluted, goods, token = state.terrain, state.polluted, state.hex_goods, state.token
    producer, occupant = state.hex_producer, state.hex_occupant
    for h in range(min(width, len(terrain))):
        kind = TERRAIN.find(terrain[h])
        if kind >= 0:
            cells[kind * width + h] = 1.0
        seat = occupant[h]
        if 0 <= seat < n:  # another value is no player's (as the incremental writes)
            cells[(9 + (seat - player) % n) * width + h] = 1.0
    for h in range(min(width, len(polluted))):
        if polluted[h]:
            cells[4 * width + h] = polluted[h]
    for h in range(min(width, len(goods))):
        good = goods[h]
        if good >= 0:
            cells[5 * width + h] = 1.0
            cells[6 * width + h] = (good + 1.0) / 10.0  # float64, then stored as float32
    for h in range(min(width, len(token))):
        if token[h]:
            cells[7 * width + h] = token[h]
    for h in range(min(width, len(producer))):
        if producer[h] >= 0:
            cells[8 * width + h] = 1.0


def _city_key(row: int) -> Any:
    """The key of the cities of the player listed `row`-th from the observer (as it may see them):
    the player object seen (the snapshot swaps of phase 2 change it) and its count of changes."""

    def key(state: AntiquityPosition, player: int) -> tuple[Player, int]:
        seen = _seen(state, (player + row) % len(state.players), player)
        return seen, seen.cell_base + len(seen.cell_changes)

    return key


def _changed_squares(seen: Player, last: Player, revision: int) -> list[int] | None:
    """The squares (city * 64 + square) that may differ between `seen` now and `last` at
    `revision` (what the view shows); None when the two are not related by a clone."""
    if last is seen:
        return seen.cell_changes[revision - seen.cell_base :]
    if seen.source == last.serial and last.cell_base <= revision <= seen.cell_base:
        # seen is a clone of last made since (a phase-2 snapshot): last's changes up to the clone
        # (public then), and seen's own
        return last.cell_changes[revision - last.cell_base : seen.cell_base - last.cell_base] + seen.cell_changes
    if last.source == seen.serial and seen.cell_base <= last.cell_base <= revision:
        # last was a clone of seen (the snapshot, now that the plans are revealed): its own
        # changes, and seen's since the clone
        return last.cell_changes[: revision - last.cell_base] + seen.cell_changes[last.cell_base - seen.cell_base :]
    return None


def _city_write(row: int) -> Any:
    def write(
        state: AntiquityPosition, player: int, views: dict[str, Any], previous: tuple[Player, int] | None
    ) -> None:
        seen = _seen(state, (player + row) % len(state.players), player)
        cells = views["cities_flat"]  # square s of plane p of city c: item start + (2c + p) * GRID + s
        start = row * CITIES * 2 * GRID
        grids, graves_of = seen.grid, seen.graves
        changed = None if previous is None else _changed_squares(seen, previous[0], previous[1])
        if changed is not None:  # only the squares that may have changed, read from the player seen
            for change in changed:
                city, square = divmod(change, 64)
                if city < CITIES and square < GRID:
                    built = start + 2 * city * GRID + square
                    if city < len(grids):
                        cells[built] = grids[city][square] >= 0
                        cells[built + GRID] = graves_of[city][square]
                    else:  # a city map the player seen does not have (yet)
                        cells[built] = cells[built + GRID] = 0.0
            return
        # An unrelated player object (a new game): from scratch, storing only the ones;
        # compress() and map() pick the squares at C speed.
        views["cities"][row].fill(0.0)
        for city in range(min(CITIES, len(grids))):
            squares = range(min(GRID, len(grids[city])))
            built = start + 2 * city * GRID
            for square in compress(squares, map(NONE.__lt__, grids[city])):
                cells[built + square] = 1.0
            for square in compress(squares, graves_of[city]):
                cells[built + GRID + square] = 1.0

    return write


def _game_key(state: AntiquityPosition, player: int) -> int:
    # Revealing a token takes it from the pool, so the tokens left cover the revealed counts too.
    return (state.round * 32 + state.phase) * 1024 + sum(state.token_pool)


def _game(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["revealed"][:] = [value / 10.0 for value in state.revealed[:10]]
    game = views["game"]
    game[0] = state.round / max(1, state.max_rounds)
    if state.phase in PHASES:
        game[1 + PHASES.index(state.phase)] = 1.0
    game[11] = sum(state.token_pool) / 40.0


class AntiquityObserver(Observer[AntiquityPosition]):
    version = 2  # 2: Antiquity rules-2 (alchemy inside the zone of control)
    about = (
        "What ANT-IO-3 shows. During city building (phase 2) another player's city is read from its start-of- "
        "phase snapshot, never from the plan being made; the token pool and unseen removed tokens are left "
        "out (only the tokens left count). Hexes are in the map's own order; players are listed from the "
        "observer's seat on (index 0 is the observer); each player's first 4 cities are drawn on a 7 x 7 grid "
        "(a later 6 x 6 city fills the top-left 36 cells)."
    )

    def __init__(self, num_players: int, options: Any) -> None:
        self.num_players = num_players
        self.hexes = hexes = len(TOPOLOGIES[num_players].coords)
        layout = Layout()
        hex_planes = (
            *(f"terrain {letter}" for letter in TERRAIN),
            "polluted",
            "a good lies here",
            "(good index + 1) / 10",
            "an exploration token",
            "a producer",
        )
        layout.add(
            "hexes",
            9 + num_players,
            hexes,
            doc="per hex, in the map's order",
            fields=hex_planes,
            each="occupant is player {i} (observer first)",
        )
        layout.add(
            "cities",
            num_players,
            CITIES,
            2,
            GRID,
            doc="per player (observer first), city (its first 4) and square of a 7 x 7 grid, row by row",
            fields=("built", "a grave"),
            axis=2,
        )
        # Counts have no limit in the rules data: math.inf (demolished starts below 0).
        inf = math.inf
        layout.add(
            "goods",
            num_players,
            10,
            doc="per player (observer first)",
            high=inf,
            fields=tuple(f"{good} held / 10" for good in GOODS),
            axis=1,
        )
        low = (0.0,) * 7 + (-inf, 0.0)
        high = (inf, inf, inf, 1.0, 1.0, inf, inf, inf, 1.0)
        figures = (
            "cities / 4",
            "inns / 4",
            "houses / 20",
            "alive",
            "has a saint",
            "buildings / 20",
            "manned / 10",
            "demolished / 10",
            "to move (the observer's own row only)",
        )
        layout.add(
            "players", num_players, 9, doc="per player (observer first)", low=low, high=high, fields=figures, axis=1
        )
        revealed = tuple(f"{good} / 10" for good in GOODS)
        layout.add("revealed", 10, doc="exploration tokens revealed, per good", high=inf, fields=revealed)
        game = ("round / max rounds", *(f"phase: {PHASE_NAMES[phase]}" for phase in PHASES), "tokens left / 40")
        layout.add("game", 12, doc="the game", high=(1.0,) * 11 + (inf,), fields=game)
        self.layout = layout
        # The parts write only what changed: the rules log the hexes and city squares they change
        # and count each player's changes of figures; each player's cities are a part of their
        # own (a step changes at most the mover's).
        self.parts = (
            Part(("hexes",), _hexes, _hexes_key, incremental=True),
            *(Part(("cities",), _city_write(row), _city_key(row), incremental=True) for row in range(num_players)),
            Part(("goods", "players"), self._players, self._figures_key, incremental=True),
            Part(("revealed", "game"), _game, _game_key),
        )

    def make_views(self, out: Any) -> dict[str, Any]:
        """The slices of `out`, and for the writers the slices that change item by item as flat
        items (`hexes_flat`, ...; engine.items: a float32 store there costs a fraction of NumPy's)."""
        views = super().make_views(out)
        for name in ("hexes", "cities", "goods", "players"):
            part = self.layout.slices[name]
            views[name + "_flat"] = float_items(out, part.offset, part.size)
        return views

    def _figures_key(self, state: AntiquityPosition, player: int) -> tuple[Any, ...]:
        """Whether the observer is to move, then per player (observer first) the object seen and
        its count of changes of the figures shown."""
        n = self.num_players
        to_move = getattr(state, "to_move", None)
        key: list[Any] = [to_move is not None and player in to_move()]  # the observer's own only
        for row in range(n):
            seen = _seen(state, (player + row) % n, player)
            key += (seen, seen.figure_changes)
        return tuple(key)

    def _players(
        self, state: AntiquityPosition, player: int, views: dict[str, Any], previous: tuple[Any, ...] | None
    ) -> None:
        """The rows of the players whose figures changed, and whether the observer is to move."""
        n = self.num_players
        goods, players = views["goods_flat"], views["players_flat"]
        for row in range(n):
            seen = _seen(state, (player + row) % n, player)
            if previous is not None and previous[1 + 2 * row] is seen and previous[2 + 2 * row] == seen.figure_changes:
                continue
            held = seen.goods
            for good in range(10):
                goods[row * 10 + good] = held[good] / 10.0
            buildings = seen.buildings
            figures = (
                len(seen.cities) / 4.0,
                len(seen.inns) / 4.0,
                seen.houses / 20.0,
                float(seen.alive),
                1.0 if seen.saint >= 0 else 0.0,
                (len(buildings) - buildings.count(None)) / 20.0,
                sum(seen.manned) / 10.0,
                seen.demolished / 10.0,
            )
            for item in range(8):
                players[row * 9 + item] = figures[item]
        to_move = getattr(state, "to_move", None)
        players[8] = 1.0 if to_move is not None and player in to_move() else 0.0  # the observer's row only
