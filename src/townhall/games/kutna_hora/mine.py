"""The mine: places and costs (KH-MINE-3), drawing (KH-MINE-2), opening mines and technology."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.actions import F_FREE, F_RESERVE, MINE_CELLS, OPT_POP, T_OPT
from townhall.games.kutna_hora.base import EMPTY, KHBase
from townhall.games.kutna_hora.data import DATA, WOOD, cell_name
from townhall.games.kutna_hora.geometry import MINE_SOURCES


class MineRules(KHBase):
    def mine_options(self) -> list[tuple[int, int]]:
        """KH-MINE-3: (cell, cost in wood) of every buildable mine place."""
        out = []
        mine = self.mine
        for cell in range(MINE_CELLS):
            if mine[cell] != EMPTY:
                continue
            cost = -1
            if cell in DATA.entrances:
                cost = DATA.entrance_cost
            for near in MINE_SOURCES[cell]:
                tile = mine[near]
                if tile >= 0:
                    cost = max(cost, economy.MINE_TILES[tile].cost)
            if cost >= 0:
                out.append((cell, cost))
        return out

    def _draw_mine_tiles(self, chance: Chance, events: list[Event] | None) -> None:
        """KH-MINE-2: draw as many tiles as the level; an empty deck is rebuilt from the discards."""
        drawn = []
        for _ in range(self.level()):
            while self.layers and not self.layers[0]:
                self.layers.pop(0)
            if not self.layers:
                if not self.discard:
                    break
                self.layers = [sorted(self.discard)]
                self.discard = []
            layer = self.layers[0]
            drawn.append(layer.pop(chance.below(len(layer))))
        self.drawn = drawn
        if events is not None:
            names = ", ".join(DATA.mine_tiles[t].id for t in drawn)
            events.append(Event("draw", f"player {self.current + 1} draws {names or 'nothing'}"))

    def _place_mine(self, cell: int, tile: int, flags: int, chance: Chance, events: list[Event] | None) -> None:
        """KH-MINE-3/4: pay, place with a miner, gain production, advance decks, score."""
        p = self.current
        cost = dict(self.mine_options())[cell]
        if not flags & F_FREE:
            self.money[p] -= cost * self.price(WOOD)
        self._take_miner(p, flags & F_RESERVE != 0)
        self.mine[cell] = tile
        self.mine_owner[cell] = p
        t = DATA.mine_tiles[tile]
        self.points[p] += t.points
        self.ore_mine[p] += t.ore
        if events is not None:
            events.append(Event("mine", f"player {p + 1} opens mine {t.id} at {cell_name(DATA.mine_cols, cell)}"))
        economy.advance(self, 1, t.ore, chance, events)  # tied to the production gain
        if t.pop and self.pop_pos < DATA.deck_len[0] - 1:
            self.tasks.append([T_OPT, OPT_POP, t.pop])  # KH-TURN-4: an icon one may decline

    def _take_miner(self, p: int, reserve_first: bool) -> None:
        if reserve_first and self.reserve[p] > 0:
            self.reserve[p] -= 1
        else:
            self.pool[p] -= 1

    def _place_tech(self, cell: int, tile: int, events: list[Event] | None) -> None:
        p = self.current
        self._take_miner(p, True)
        self.mine[cell] = tile
        self.mine_owner[cell] = p
        if events is not None:
            events.append(Event("tech", f"player {p + 1} places technology at {cell_name(DATA.mine_cols, cell)}"))
