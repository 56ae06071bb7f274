"""The tensor observation of Antiquity (townhall.rl): what ANT-IO-3 shows. During city building
(phase 2) another player's city is read from its start-of-phase snapshot, never from the plan
being made; the token pool and unseen removed tokens are left out (only the tokens left count).

Hexes are in the map's own order; players are listed from the observer's seat on (index 0 is the
observer); each player's first 4 cities are drawn on a 7 x 7 grid (a later 6 x 6 city fills the
top-left 36 cells).

| slice | shape | holds |
|---|---|---|
| `hexes` | (9 + players, hexes) | per hex: terrain F, W, P, M; polluted; a good lies here; good index / 10; an exploration token; a producer; occupant one-hot (observer first) |
| `cities` | (players, 4, 2, 49) | per player and city: built cells, graves |
| `goods` | (players, 10) | goods held / 10 |
| `players` | (players, 9) | cities / 4, inns / 4, houses / 20, alive, has a saint, buildings / 20, manned / 10, demolished / 10, to move (the observer's own only) |
| `revealed` | (10,) | exploration tokens revealed per good / 10 |
| `game` | (12,) | round / max rounds, phase one-hot (setup, plan, country, store, harvest, explore, famine, pollute, over, trade), tokens left / 40 |
"""

from __future__ import annotations

from typing import Any

import numpy as np

from townhall.engine.observer import Layout, Observer, Part
from townhall.games.antiquity.hexmap import TOPOLOGIES
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import (
    COUNTRY,
    EXPLORE,
    FAMINE,
    HARVEST,
    OVER,
    PLAN,
    POLLUTE,
    SETUP,
    STORE,
    TRADE,
    AntiquityPosition,
)

TERRAIN = "FWPM"
PHASES = (SETUP, PLAN, COUNTRY, STORE, HARVEST, EXPLORE, FAMINE, POLLUTE, OVER, TRADE)
CITIES, GRID = 4, 49


def _seen(state: AntiquityPosition, seat: int, player: int) -> Player:
    """A player as `player` may see it: during city planning another's city is its snapshot."""
    snapshot = state.snapshots[seat]
    if state.phase == PLAN and seat != player and snapshot is not None:
        return snapshot
    return state.players[seat]


def _polluted_key(state: AntiquityPosition, player: int) -> tuple[bool, ...]:
    return tuple(state.polluted)


def _land_key(state: AntiquityPosition, player: int) -> tuple[Any, ...]:
    """The per-hex lists that change seldom (a few times a game, against pollution every few
    steps): one key for all, since each key costs a pass over the hundreds of hexes."""
    return (*state.terrain, *state.hex_goods, *state.token, *state.hex_producer, *state.hex_occupant)


def _land(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    _terrain(state, player, views, None)
    _goods(state, player, views, None)
    _tokens(state, player, views, None)
    _producers(state, player, views, None)
    _occupants(state, player, views, None)


# The per-hex writers hand whole lists to NumPy, which converts and compares them in C (a Python
# loop over the hundreds of hexes would cost more than the rest of the observation).
def _terrain(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    terrain = np.array(state.terrain[: hexes.shape[1]])
    for kind, letter in enumerate(TERRAIN):
        np.equal(terrain, letter, out=hexes[kind, : len(terrain)], casting="unsafe")


def _polluted(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    polluted = state.polluted[: hexes.shape[1]]
    hexes[4, : len(polluted)] = polluted  # bools: 1.0 or 0.0


def _goods(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    goods = np.array(state.hex_goods[: hexes.shape[1]], dtype=np.float64)
    present = goods >= 0
    hexes[5, : len(goods)] = present
    hexes[6, : len(goods)] = np.where(present, (goods + 1.0) / 10.0, 0.0)  # in float64, then stored


def _tokens(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    tokens = state.token[: hexes.shape[1]]
    hexes[7, : len(tokens)] = tokens  # bools: 1.0 or 0.0


def _producers(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    producers = state.hex_producer[: hexes.shape[1]]
    np.greater_equal(producers, 0, out=hexes[8, : len(producers)], casting="unsafe")


def _occupants(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    hexes = views["hexes"]
    n = hexes.shape[0] - 9
    occupants = np.array(state.hex_occupant[: min(hexes.shape[1], len(state.terrain))])
    for row in range(n):
        np.equal(occupants, (player + row) % n, out=hexes[9 + row, : len(occupants)], casting="unsafe")


def _city_key(row: int) -> Any:
    """The key of the cities of the player listed `row`-th from the observer (as it may see them)."""

    def key(state: AntiquityPosition, player: int) -> tuple[Any, ...]:
        seen = _seen(state, (player + row) % len(state.players), player)
        return tuple(map(tuple, seen.grid[:CITIES])), tuple(map(tuple, seen.graves[:CITIES]))

    return key


def _city_write(row: int) -> Any:
    def write(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        seen = _seen(state, (player + row) % len(state.players), player)
        cities = views["cities"][row]
        cities.fill(0.0)
        for index, (grid, graves) in enumerate(zip(seen.grid[:CITIES], seen.graves[:CITIES], strict=False)):
            cells = grid[:GRID]
            np.greater_equal(cells, 0, out=cities[index, 0, : len(cells)], casting="unsafe")
            buried = graves[:GRID]
            cities[index, 1, : len(buried)] = buried  # bools: 1.0 or 0.0

    return write


def _revealed_key(state: AntiquityPosition, player: int) -> tuple[int, ...]:
    return tuple(state.revealed[:10])


def _revealed(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["revealed"][:] = [value / 10.0 for value in state.revealed[:10]]


def _game_key(state: AntiquityPosition, player: int) -> tuple[int, Any, int]:
    return state.round, state.phase, sum(state.token_pool)


def _game(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    game = views["game"]
    game[0] = state.round / max(1, state.max_rounds)
    if state.phase in PHASES:
        game[1 + PHASES.index(state.phase)] = 1.0
    game[11] = sum(state.token_pool) / 40.0


class AntiquityObserver(Observer[AntiquityPosition]):
    version = 2  # 2: Antiquity rules-2 (alchemy inside the zone of control)

    def __init__(self, num_players: int, options: Any) -> None:
        self.num_players = num_players
        self.hexes = hexes = len(TOPOLOGIES[num_players].coords)
        layout = Layout()
        layout.add("hexes", 9 + num_players, hexes, doc="per hex planes")
        layout.add("cities", num_players, CITIES, 2, GRID, doc="built cells, graves")
        layout.add("goods", num_players, 10, doc="goods held / 10")
        layout.add("players", num_players, 9, doc="per player figures (observer first)")
        layout.add("revealed", 10, doc="revealed tokens per good / 10")
        layout.add("game", 12, doc="round, phase, tokens left")
        self.layout = layout
        # The per-hex lists in two parts (pollution, and the seldom changing rest), each player's
        # cities in a part of its own (a step changes at most the mover's).
        self.parts = (
            Part(("hexes",), _land, _land_key, whole=True),
            Part(("hexes",), _polluted, _polluted_key, whole=True),
            *(Part(("cities",), _city_write(row), _city_key(row), whole=True) for row in range(num_players)),
            Part(("goods", "players"), self._players),
            Part(("revealed",), _revealed, _revealed_key),
            Part(("game",), _game, _game_key),
        )

    def _players(self, state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        movers = self._movers(state, player)
        goods: list[float] = []
        players: list[float] = []  # flat: NumPy reads one flat list faster than nested ones
        for seat in (*range(player, n), *range(player)):  # observer first
            seen = _seen(state, seat, player)
            goods += [value / 10.0 for value in seen.goods[:10]]
            players.extend(
                (
                    len(seen.cities) / 4.0,
                    len(seen.inns) / 4.0,
                    seen.houses / 20.0,
                    float(seen.alive),
                    1.0 if seen.saint >= 0 else 0.0,
                    (len(seen.buildings) - seen.buildings.count(None)) / 20.0,
                    sum(seen.manned) / 10.0,
                    seen.demolished / 10.0,
                    1.0 if seat in movers else 0.0,
                )
            )
        views["goods"].reshape(-1)[:] = goods
        views["players"].reshape(-1)[:] = players

    @staticmethod
    def _movers(state: AntiquityPosition, player: int) -> tuple[int, ...]:
        """The observer if it is to move (whether another still has to decide is not shown)."""
        to_move = getattr(state, "to_move", None)
        return (player,) if to_move is not None and player in to_move() else ()
