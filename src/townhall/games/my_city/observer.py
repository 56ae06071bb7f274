"""The tensor observation of My City (townhall.rl): the public view plus whether the observer
has committed this card (never what another player committed: `pending` of others is unread).

Boards are 11 x 11 cells; players are listed from the observer's seat on (index 0 is the observer).

| slice | shape | holds |
|---|---|---|
| `boards` | (players, 7, 11, 11) | per player: built cells, single trees, double trees, single rocks, double rocks, wells, gold |
| `terrain` | (3, 11, 11) | light-green land cells, river cells, buildable cells (shared geometry) |
| `card` | (33,) | the card to play now, one-hot (pieces, then the blockade) |
| `remaining` | (33,) | cards left in the deck, per card |
| `players` | (players, 7) | per player: score / 50, frozen, marks / 3, passes / 3, active, decided this card, to move |
| `game` | (3,) | cards revealed / 24, gold claimed, over |
"""

from __future__ import annotations

from typing import Any

import numpy as np

from townhall.engine.observer import Layout, Observer, Part
from townhall.games.my_city.data import CELLS, MAX_PIECES, SIZE
from townhall.games.my_city.position import MyCityPosition

CARDS = MAX_PIECES + 1
PLANES = 7


def bits(mask: int) -> Any:
    """The cells of a 121-bit mask as 0/1 (cell 0 first)."""
    raw = np.frombuffer(mask.to_bytes(16, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:CELLS]


def _occupied_key(state: MyCityPosition, player: int) -> tuple[int, ...]:
    return tuple(state.occupied)


def _features_key(state: MyCityPosition, player: int) -> tuple[Any, ...]:
    return tuple(state.features)  # features are frozen: a change is a new object


def _terrain_key(state: MyCityPosition, player: int) -> Any:
    return state.terrain


def _terrain(state: MyCityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    terrain = views["terrain"].reshape(3, CELLS)
    geometry = state.terrain
    terrain[0] = bits(geometry.land)
    terrain[1] = bits(geometry.river_cells)
    terrain[2] = bits(geometry.buildable)


def _card(state: MyCityPosition, player: int) -> int:
    return state.card


def _card_write(state: MyCityPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    card = views["card"]
    if previous is not None and previous >= 0:
        card[previous] = 0.0
    if state.card >= 0:
        card[state.card] = 1.0


def _deck(state: MyCityPosition, player: int) -> tuple[int, ...]:
    return tuple(state.deck)


def _remaining(state: MyCityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["remaining"][:] = np.bincount(state.deck, minlength=CARDS) if state.deck else 0.0


def _game_key(state: MyCityPosition, player: int) -> tuple[int, bool, bool]:
    return len(state.revealed), state.gold_claimed, state.over


def _game(state: MyCityPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["game"][:] = [len(state.revealed) / 24.0, float(state.gold_claimed), float(state.over)]


class MyCityObserver(Observer[MyCityPosition]):
    version = 2  # 2: My City rules data of issue 16 (gold mines, 40 sticker squares)

    def __init__(self, num_players: int, options: Any) -> None:
        self.num_players = num_players
        layout = Layout()
        layout.add("boards", num_players, PLANES, SIZE, SIZE, doc="per player board planes")
        layout.add("terrain", 3, SIZE, SIZE, doc="land, river, buildable")
        layout.add("card", CARDS, doc="the card to play, one-hot")
        layout.add("remaining", CARDS, doc="cards left in the deck")
        layout.add("players", num_players, 7, doc="per player figures (observer first)")
        layout.add("game", 3, doc="revealed / 24, gold claimed, over")
        self.layout = layout
        self.parts = (
            Part(("boards",), self._occupied, _occupied_key, incremental=True),
            Part(("boards",), self._features, _features_key, incremental=True),
            Part(("terrain",), _terrain, _terrain_key),
            Part(("card",), _card_write, _card, incremental=True),
            Part(("remaining",), _remaining, _deck),
            Part(("players",), self._players),
            Part(("game",), _game, _game_key),
        )

    def _occupied(
        self, state: MyCityPosition, player: int, views: dict[str, Any], previous: tuple[int, ...] | None
    ) -> None:
        """Every player's built cells. Cells are only ever added along a game: the cells new since
        the last look are set one by one; otherwise (the first look) all are unpacked at once."""
        n = self.num_players
        if previous is not None and all(
            before & ~now == 0 for before, now in zip(previous, state.occupied, strict=True)
        ):
            boards = views["boards"].reshape(n, PLANES, CELLS)
            for seat in range(n):
                new = state.occupied[seat] & ~previous[seat]
                row = boards[(seat - player) % n, 0]
                while new:
                    low = new & -new
                    row[low.bit_length() - 1] = 1.0
                    new ^= low
            return
        raw = b"".join(state.occupied[seat].to_bytes(16, "little") for seat in (*range(player, n), *range(player)))
        cells = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little").reshape(n, 128)
        views["boards"].reshape(n, PLANES, CELLS)[:, 0] = cells[:, :CELLS]

    def _features(
        self, state: MyCityPosition, player: int, views: dict[str, Any], previous: tuple[Any, ...] | None
    ) -> None:
        """The features of the boards that changed (a sticker makes new features)."""
        n = self.num_players
        boards = views["boards"].reshape(n, PLANES, CELLS)
        for seat in range(n):
            features = state.features[seat]
            if previous is not None and previous[seat] is features:
                continue
            row = boards[(seat - player) % n]
            for plane, mask in enumerate(
                (
                    features.single_trees,
                    features.double_trees,
                    features.single_rocks,
                    features.double_rocks,
                    features.well_cells,
                    features.gold_cells,
                ),
                start=1,
            ):
                row[plane] = bits(mask) if mask else 0.0

    def _players(self, state: MyCityPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        views["players"].reshape(-1)[:] = [  # one flat list: NumPy reads it faster than nested ones
            value
            for seat in (*range(player, n), *range(player))  # observer first
            for value in (
                state.score[seat] / 50.0,
                float(state.frozen[seat]),
                state.marks[seat] / 3.0,
                state.passes[seat] / 3.0,
                float(state.active[seat]),
                1.0 if state.pending[seat] >= 0 else 0.0,
                1.0 if not state.over and state.active[seat] and state.pending[seat] < 0 and state.card >= 0 else 0.0,
            )
        ]
