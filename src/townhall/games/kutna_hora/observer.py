"""The tensor observation of Kutná Hora (townhall.rl): only what KH-IO-3 shows (no order or
content of the hidden parts of stacks, mine layers or event decks, only their sizes).

Players are listed from the observer's seat on (index 0 is the observer). Counts are scaled to
about 0..1 by the divisor given.

| slice | shape | holds |
|---|---|---|
| `town` | (2 + players, town cells) | per town cell: built, building index / 36, owner one-hot (observer first) |
| `mine` | (4 + players, 32) | per mine cell: empty, rock, a mine tile, tile index / 40, owner one-hot; rock stars go in `mine_stars` |
| `mine_stars` | (32,) | stars of the rock on a cell / 2 |
| `stacks` | (2, 12) | per building stack: top building index + 1 / 37 (0: none), hidden cards left / 3 |
| `players` | (players, 15) | per player: money / 50, points / 100, reputation / 10, ore from mines / 10, pelicans unused / 5, used / 5, miners in pool / 10, in reserve / 10, houses left in rows 1-3 / 4, cards used / 4, turns done / 4, to move, guilds owned / 2 |
| `production` | (players, 6) | per player and good: production / 10 |
| `market` | (6 + 4 + 4 + 4 + 3,) | sliders / 10, bank / 4, noble pool / 4, council / 4, tiles in the mine layers left, from the top / 12 |
| `progress` | (5,) | phase one-hot |
| `tracks` | (4,) | round / rounds, population position / 20, ore position / 20, tax / 5 |
"""

from __future__ import annotations

from typing import Any

from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.kutna_hora.actions import MINE_CELLS
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import EMPTY, ROCK, KutnaHoraPosition

PLAYER_FIELDS = 15


# Keys are flat tuples (one allocation each: they are computed at every observation).
def _town_key(state: KutnaHoraPosition, player: int) -> tuple[int, ...]:
    return (*state.town, *state.town_owner)


def _mine_key(state: KutnaHoraPosition, player: int) -> tuple[int, ...]:
    return (*state.mine, *state.mine_owner, *state.rock_stars)


def _stacks_key(state: KutnaHoraPosition, player: int) -> tuple[int, ...]:
    return (*state.stack_top, *map(len, state.stack_hidden), *state.stack_bottom)


def _stacks(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["stacks"][:] = [
        [(top + 1) / 37.0 for top in state.stack_top],
        [
            (len(hidden) + (bottom >= 0)) / 3.0
            for hidden, bottom in zip(state.stack_hidden, state.stack_bottom, strict=True)
        ],
    ]


def _market_key(state: KutnaHoraPosition, player: int) -> tuple[Any, ...]:
    return (*state.sliders, *state.bank, *state.noble_pool, *state.council, *map(len, state.layers[:3]))


def _market(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
    layers = state.layers[:3]
    views["market"][:] = (
        [value / 10.0 for value in state.sliders]
        + [value / 4.0 for value in state.bank]
        + [value / 4.0 for value in state.noble_pool]
        + [value / 4.0 for value in state.council]
        + [len(layer) / 12.0 for layer in layers]
        + [0.0] * (3 - len(layers))
    )


def _phase(state: KutnaHoraPosition, player: int) -> int:
    return state.phase


def _progress(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: int | None) -> None:
    progress = views["progress"]
    if previous is not None:
        progress[previous] = 0.0
    progress[state.phase] = 1.0


def _tracks_key(state: KutnaHoraPosition, player: int) -> tuple[int, ...]:
    return state.round, state.rounds, state.population_position, state.ore_position, state.tax


def _tracks(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
    views["tracks"][:] = [  # a list: NumPy reads a list faster than a tuple
        state.round / max(1, state.rounds),
        state.population_position / 20.0,
        state.ore_position / 20.0,
        state.tax / 5.0,
    ]


class KutnaHoraObserver(Observer[KutnaHoraPosition]):
    version = 1

    def __init__(self, num_players: int, options: Options) -> None:
        self.num_players = num_players
        side = DATA.sides[num_players]
        self.town_cells = side.rows * side.cols
        layout = Layout()
        layout.add("town", 2 + num_players, self.town_cells, doc="built, building, owner")
        layout.add("mine", 4 + num_players, MINE_CELLS, doc="empty, rock, tile, tile index, owner")
        layout.add("mine_stars", MINE_CELLS, doc="rock stars / 2")
        layout.add("stacks", 2, 12, doc="top building, hidden cards left")
        layout.add("players", num_players, PLAYER_FIELDS, doc="per player figures (observer first)")
        layout.add("production", num_players, 6, doc="production per good / 10")
        layout.add("market", 21, doc="sliders, bank, noble pool, council, mine layers")
        layout.add("progress", 5, doc="phase one-hot")
        layout.add("tracks", 4, doc="round / rounds, population, ore, tax")
        self.layout = layout
        # The town, the mine, the stacks and the market change a few times a round, a player's
        # figures when it moves: each is a part of its own.
        self.parts = (
            Part(("town",), self._town, _town_key),
            Part(("mine", "mine_stars"), self._mine, _mine_key),
            *(self._row_part(row) for row in range(num_players)),
            Part(("stacks",), _stacks, _stacks_key, whole=True),
            Part(("market",), _market, _market_key, whole=True),
            Part(("progress",), _progress, _phase, incremental=True),
            Part(("tracks",), _tracks, _tracks_key, whole=True),
        )

    def _town(self, state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        town = views["town"]
        for cell, building in enumerate(state.town):
            if building != EMPTY:
                town[0, cell] = 1.0
                town[1, cell] = building / 36.0
                owner = state.town_owner[cell]
                if owner >= 0:
                    town[2 + (owner - player) % n, cell] = 1.0

    def _mine(self, state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
        n = self.num_players
        cells = len(state.mine)
        planes = [[0.0] * cells for _ in range(4 + n)]
        stars = [0.0] * cells
        owners = state.mine_owner
        for cell, tile in enumerate(state.mine):
            if tile == EMPTY:
                planes[0][cell] = 1.0
            elif tile == ROCK:
                planes[1][cell] = 1.0
                stars[cell] = state.rock_stars[cell] / 2.0
            else:
                planes[2][cell] = 1.0
                planes[3][cell] = tile / 40.0
            if owners[cell] >= 0:
                planes[4 + (owners[cell] - player) % n][cell] = 1.0
        views["mine"][:, :cells] = planes
        views["mine_stars"][:cells] = stars

    def _row_part(self, row: int) -> Part[KutnaHoraPosition]:
        """The figures of the player listed `row`-th from the observer: a part of its own, since a
        step changes mostly the figures of the player who moved."""
        n = self.num_players

        def key(state: KutnaHoraPosition, player: int) -> tuple[Any, ...]:
            seat = (player + row) % n
            return (
                state.money[seat],
                state.points[seat],
                state.reputation[seat],
                state.ore_from_mines[seat],
                state.pelicans_unused[seat],
                state.pelicans_used[seat],
                state.pool[seat],
                state.reserve[seat],
                *state.houses[seat][:3],
                state.used_cards[seat],
                state.turns_done[seat],
                state.phase != 4 and state.current == seat,
                len(state.guilds[seat]),
                *state.production[seat],
            )

        def write(state: KutnaHoraPosition, player: int, views: dict[str, Any], previous: None) -> None:
            seat = (player + row) % n
            houses = state.houses[seat]
            views["players"][row] = [
                state.money[seat] / 50.0,
                state.points[seat] / 100.0,
                state.reputation[seat] / 10.0,
                state.ore_from_mines[seat] / 10.0,
                state.pelicans_unused[seat] / 5.0,
                state.pelicans_used[seat] / 5.0,
                state.pool[seat] / 10.0,
                state.reserve[seat] / 10.0,
                houses[0] / 4.0,
                houses[1] / 4.0,
                houses[2] / 4.0,
                state.used_cards[seat] / 4.0,
                state.turns_done[seat] / 4.0,
                1.0 if state.phase != 4 and state.current == seat else 0.0,
                len(state.guilds[seat]) / 2.0,
            ]
            views["production"][row] = [value / 10.0 for value in state.production[seat]]

        return Part(("players", "production"), write, key, whole=True)
