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

from townhall.engine.observer import Layout, Observer
from townhall.engine.options import Options
from townhall.games.kutna_hora.actions import MINE_CELLS
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.position import EMPTY, ROCK, KutnaHoraPosition

PLAYER_FIELDS = 15


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

    def fill(self, state: KutnaHoraPosition, player: int, out: Any) -> None:
        views = self.cleared_views(out)
        n = self.num_players
        town = views["town"]
        for cell, building in enumerate(state.town):
            if building != EMPTY:
                town[0, cell] = 1.0
                town[1, cell] = building / 36.0
                owner = state.town_owner[cell]
                if owner >= 0:
                    town[2 + (owner - player) % n, cell] = 1.0
        mine, stars = views["mine"], views["mine_stars"]
        for cell, tile in enumerate(state.mine):
            if tile == EMPTY:
                mine[0, cell] = 1.0
            elif tile == ROCK:
                mine[1, cell] = 1.0
                stars[cell] = state.rock_stars[cell] / 2.0
            else:
                mine[2, cell] = 1.0
                mine[3, cell] = tile / 40.0
            owner = state.mine_owner[cell]
            if owner >= 0:
                mine[4 + (owner - player) % n, cell] = 1.0
        stacks = views["stacks"]
        for index in range(12):
            stacks[0, index] = (state.stack_top[index] + 1) / 37.0
            stacks[1, index] = (len(state.stack_hidden[index]) + (state.stack_bottom[index] >= 0)) / 3.0
        players, production = views["players"], views["production"]
        movers = () if state.phase == 4 else (state.current,)
        for seat in range(n):
            row = players[(seat - player) % n]
            houses = state.houses[seat]
            row[:] = (
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
                1.0 if seat in movers else 0.0,
                len(state.guilds[seat]) / 2.0,
            )
            production[(seat - player) % n] = [value / 10.0 for value in state.production[seat]]
        market = views["market"]
        market[0:6] = [value / 10.0 for value in state.sliders]
        market[6:10] = [value / 4.0 for value in state.bank]
        market[10:14] = [value / 4.0 for value in state.noble_pool]
        market[14:18] = [value / 4.0 for value in state.council]
        for index, layer in enumerate(state.layers[:3]):
            market[18 + index] = len(layer) / 12.0
        views["progress"][state.phase] = 1.0
        views["tracks"][:] = (
            state.round / max(1, state.rounds),
            state.population_position / 20.0,
            state.ore_position / 20.0,
            state.tax / 5.0,
        )
