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


def _hexes_key(state: AntiquityPosition, player: int) -> tuple[tuple[Any, ...], ...]:
    return (
        tuple(state.terrain),
        tuple(state.polluted),
        tuple(state.hex_goods),
        tuple(state.token),
        tuple(state.hex_producer),
        tuple(state.hex_occupant),
    )


def _cities_key(state: AntiquityPosition, player: int) -> tuple[Any, ...]:
    out: list[Any] = []
    for seat in range(len(state.players)):
        seen = _seen(state, seat, player)
        out.append(tuple(map(tuple, seen.grid[:CITIES])))
        out.append(tuple(map(tuple, seen.graves[:CITIES])))
    return tuple(out)


def _revealed(state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["revealed"][:] = [value / 10.0 for value in state.revealed[:10]]


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
        self.parts = (
            Part(("hexes",), self._hexes, _hexes_key),
            Part(("cities",), self._cities, _cities_key),
            Part(("goods", "players"), self._players),
            Part(("revealed",), _revealed),
            Part(("game",), _game),
        )

    def _hexes(self, state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        count = min(self.hexes, len(state.terrain))
        planes = [[0.0] * count for _ in range(9 + n)]
        for cell in range(count):
            kind = TERRAIN.find(state.terrain[cell])
            if kind >= 0:
                planes[kind][cell] = 1.0
            if state.polluted[cell]:
                planes[4][cell] = 1.0
            good = state.hex_goods[cell]
            if good >= 0:
                planes[5][cell] = 1.0
                planes[6][cell] = (good + 1) / 10.0
            if state.token[cell]:
                planes[7][cell] = 1.0
            if state.hex_producer[cell] >= 0:
                planes[8][cell] = 1.0
            occupant = state.hex_occupant[cell]
            if 0 <= occupant < n:
                planes[9 + (occupant - player) % n][cell] = 1.0
        views["hexes"][:, :count] = planes

    def _cities(self, state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        cities = views["cities"]
        for seat in range(n):
            seen = _seen(state, seat, player)
            row = cities[(seat - player) % n]
            for index, (grid, graves) in enumerate(zip(seen.grid[:CITIES], seen.graves[:CITIES], strict=False)):
                cells = grid[:GRID]
                row[index, 0, : len(cells)] = [1.0 if value >= 0 else 0.0 for value in cells]
                buried = graves[:GRID]
                row[index, 1, : len(buried)] = [1.0 if grave else 0.0 for grave in buried]

    def _players(self, state: AntiquityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        movers = self._movers(state, player)
        goods, players = [], []
        for seat in (*range(player, n), *range(player)):  # observer first
            seen = _seen(state, seat, player)
            goods.append([value / 10.0 for value in seen.goods[:10]])
            players.append(
                (
                    len(seen.cities) / 4.0,
                    len(seen.inns) / 4.0,
                    seen.houses / 20.0,
                    float(seen.alive),
                    1.0 if seen.saint >= 0 else 0.0,
                    sum(1 for b in seen.buildings if b is not None) / 20.0,
                    sum(1 for m in seen.manned if m) / 10.0,
                    seen.demolished / 10.0,
                    1.0 if seat in movers else 0.0,
                )
            )
        views["goods"][:] = goods
        views["players"][:] = players

    @staticmethod
    def _movers(state: AntiquityPosition, player: int) -> tuple[int, ...]:
        """The observer if it is to move (whether another still has to decide is not shown)."""
        to_move = getattr(state, "to_move", None)
        return (player,) if to_move is not None and player in to_move() else ()
