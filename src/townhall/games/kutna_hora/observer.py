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

from typing import Any, Final

from townhall.engine.observer import Layout, Observer, Part
from townhall.engine.options import Options
from townhall.games.kutna_hora.actions import MINE_CELLS
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import EMPTY, OVER, ROCK, KutnaHoraPosition

PLAYER_FIELDS = 15
FLAT: Final = "flat"  # views' extra entry: the whole buffer as a memoryview (item stores ~2x a NumPy one)
# The board part's key: the position's revisions and the phase and track values, in this order.
TOWN, MINE, HALL, MARKET, PHASE, ROUND, POPULATION, ORE, TAX = range(9)
# A row part's key: figures read directly (they change often) and the revision of the rest.
MONEY, POINTS, REPUTATION, CARDS, TURNS, TO_MOVE, FIGURES = range(7)


def _board_key(state: KutnaHoraPosition, player: int) -> tuple[int, int, int, int, int, int, int, int, int]:
    return (
        state.town_revision,
        state.mine_revision,
        state.hall_revision,
        state.market_revision,
        state.phase,
        state.round,
        state.population_position,
        state.ore_position,
        state.tax,
    )


def _stacks(state: KutnaHoraPosition, views: dict[str, Any]) -> None:
    views["stacks"][:] = [
        [(top + 1) / 37.0 for top in state.stack_top],
        [
            (len(hidden) + (bottom >= 0)) / 3.0
            for hidden, bottom in zip(state.stack_hidden, state.stack_bottom, strict=True)
        ],
    ]


def _market(state: KutnaHoraPosition, views: dict[str, Any]) -> None:
    layers = state.layers[:3]
    views["market"][:] = (
        [value / 10.0 for value in state.sliders]
        + [value / 4.0 for value in state.bank]
        + [value / 4.0 for value in state.noble_pool]
        + [value / 4.0 for value in state.council]
        + [len(layer) / 12.0 for layer in layers]
        + [0.0] * (3 - len(layers))
    )


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
        self.progress_at = layout.slices["progress"].offset
        self.tracks_at = layout.slices["tracks"].offset
        # Each key is a few int reads (the rules bump the position's revisions): one part for
        # what all players share, which changes a few times a round, and one per player's
        # figures, which change when it moves. Both write only what changed.
        self.parts = (
            Part(
                ("town", "mine", "mine_stars", "stacks", "market", "progress", "tracks"),
                self._board,
                _board_key,
                incremental=True,
            ),
            *(self._row_part(row) for row in range(num_players)),
        )

    def views(self, out: Any) -> dict[str, Any]:
        views = super().views(out)
        if FLAT not in views:
            views[FLAT] = memoryview(out)
        return views

    def _board(
        self,
        state: KutnaHoraPosition,
        player: int,
        views: dict[str, Any],
        previous: tuple[int, int, int, int, int, int, int, int, int] | None,
    ) -> None:
        """The shared slices whose revision or value moved (all of them when `previous` is None)."""
        if previous is None or previous[TOWN] != state.town_revision:
            self._town(state, player, views, previous is not None)
        if previous is None or previous[MINE] != state.mine_revision:
            self._mine(state, player, views)
        if previous is None or previous[HALL] != state.hall_revision:
            _stacks(state, views)
        if previous is None or previous[MARKET] != state.market_revision:
            _market(state, views)
        flat = views[FLAT]
        if previous is None or previous[PHASE] != state.phase:
            if previous is not None:
                flat[self.progress_at + previous[PHASE]] = 0.0
            flat[self.progress_at + state.phase] = 1.0
        if (
            previous is None
            or previous[ROUND] != state.round
            or previous[POPULATION] != state.population_position
            or previous[ORE] != state.ore_position
            or previous[TAX] != state.tax
        ):
            at = self.tracks_at
            flat[at] = state.round / max(1, state.rounds)
            flat[at + 1] = state.population_position / 20.0
            flat[at + 2] = state.ore_position / 20.0
            flat[at + 3] = state.tax / 5.0

    def _town(self, state: KutnaHoraPosition, player: int, views: dict[str, Any], dirty: bool) -> None:
        n = self.num_players
        town = views["town"]
        if dirty:
            town.fill(0.0)
        for cell, building in enumerate(state.town):
            if building != EMPTY:
                town[0, cell] = 1.0
                town[1, cell] = building / 36.0
                owner = state.town_owner[cell]
                if owner >= 0:
                    town[2 + (owner - player) % n, cell] = 1.0

    def _mine(self, state: KutnaHoraPosition, player: int, views: dict[str, Any]) -> None:
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
        figures_at = self.layout.slices["players"].offset + row * PLAYER_FIELDS
        production_at = self.layout.slices["production"].offset + row * 6

        def key(state: KutnaHoraPosition, player: int) -> tuple[int, int, int, int, int, bool, int]:
            seat = (player + row) % n
            return (
                state.money[seat],
                state.points[seat],
                state.reputation[seat],
                state.used_cards[seat],
                state.turns_done[seat],
                state.phase != OVER and state.current == seat,
                state.figures_revision[seat],
            )

        def write(
            state: KutnaHoraPosition,
            player: int,
            views: dict[str, Any],
            previous: tuple[int, int, int, int, int, bool, int] | None,
        ) -> None:
            seat = (player + row) % n
            flat = views[FLAT]
            at = figures_at
            if previous is None or previous[MONEY] != state.money[seat]:
                flat[at] = state.money[seat] / 50.0
            if previous is None or previous[POINTS] != state.points[seat]:
                flat[at + 1] = state.points[seat] / 100.0
            if previous is None or previous[REPUTATION] != state.reputation[seat]:
                flat[at + 2] = state.reputation[seat] / 10.0
            if previous is None or previous[CARDS] != state.used_cards[seat]:
                flat[at + 11] = state.used_cards[seat] / 4.0
            if previous is None or previous[TURNS] != state.turns_done[seat]:
                flat[at + 12] = state.turns_done[seat] / 4.0
            to_move = state.phase != OVER and state.current == seat
            if previous is None or previous[TO_MOVE] != to_move:
                flat[at + 13] = 1.0 if to_move else 0.0
            if previous is None or previous[FIGURES] != state.figures_revision[seat]:
                houses = state.houses[seat]
                flat[at + 3] = state.ore_from_mines[seat] / 10.0
                flat[at + 4] = state.pelicans_unused[seat] / 5.0
                flat[at + 5] = state.pelicans_used[seat] / 5.0
                flat[at + 6] = state.pool[seat] / 10.0
                flat[at + 7] = state.reserve[seat] / 10.0
                flat[at + 8] = houses[0] / 4.0
                flat[at + 9] = houses[1] / 4.0
                flat[at + 10] = houses[2] / 4.0
                flat[at + 14] = len(state.guilds[seat]) / 2.0
                for good, value in enumerate(state.production[seat]):
                    flat[production_at + good] = value / 10.0

        return Part(("players", "production"), write, key, incremental=True)
