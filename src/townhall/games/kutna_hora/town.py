"""The town hall and the town: licences, plots, buildings and their icons (KH-LIC-*, KH-PLOT-*, KH-BUILD-*)."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.actions import (
    OPT_BARBARA,
    OPT_ORE_LEFT,
    OPT_POP,
    OPT_SLIDER,
    T_LIC,
    T_OPT,
    T_TECH,
)
from townhall.games.kutna_hora.base import EMPTY, KHBase
from townhall.games.kutna_hora.data import DATA, ORE, PERMITS, WOOD, cell_name
from townhall.games.kutna_hora.geometry import TOWN_NEIGHBOURS

B = DATA.buildings
GUILD_OF_TILE = tuple(b.guild for b in B)  # -1 for a public building
PLOT_PRICE = tuple(b.plot_price for b in B)
COLUMN_MONEY = tuple(amount if good < 0 else 0 for good, amount in DATA.column_costs)
COLUMN_PERMITS = tuple(0 if good < 0 else amount for good, amount in DATA.column_costs)
PLOT_CELLS = {n: tuple(c for c, ok in enumerate(side.plots) if ok) for n, side in DATA.sides.items()}


class TownRules(KHBase):
    def licence_options(self, p: int, mode: int) -> list[tuple[int, int, int]]:
        """KH-LIC-1/2: (row, column, cost in groschen) of every tile the player may take."""
        if len(self.slots[p]) >= DATA.slots:
            return []
        out = []
        guilds = self.guilds[p]
        top = self.stack_top
        money = self.money[p]
        permit = 0 if mode else self.price(PERMITS)
        for r, row in enumerate(self.hall):
            for c, stack in enumerate(row):
                tile = top[stack]
                if tile < 0:
                    continue
                guild = GUILD_OF_TILE[tile]
                if guild >= 0 and (mode == 2 or guild not in guilds):
                    continue  # public tiles for anyone, guild tiles of one's own guilds only
                cost = 0 if mode else COLUMN_MONEY[c] + COLUMN_PERMITS[c] * permit
                if cost <= money:
                    out.append((r, c, cost))
        return out

    def plot_options(self, p: int, mode: int) -> list[tuple[int, int]]:
        """KH-PLOT-1/2/3: (cell, cost) of every plot the player may buy."""
        if len(self.plots[p]) >= DATA.plot_markers:
            return []
        town, marks = self.town, self.town_plot
        empty = [c for c in PLOT_CELLS[self.side] if town[c] == EMPTY and marks[c] < 0]
        if mode == 1:
            return [(c, 0) for c in empty]
        near = TOWN_NEIGHBOURS[self.side]
        priced = []
        if any(t >= 0 for t in town):
            for c in empty:
                best = -1
                for d in near[c]:
                    if town[d] >= 0 and PLOT_PRICE[town[d]] > best:
                        best = PLOT_PRICE[town[d]]
                if best >= 0:
                    priced.append((c, best))
        if not priced:
            priced = [(c, DATA.plot_default) for c in empty]
        if self.rep[p] >= DATA.rep_cheap_plot:
            priced = [(c, DATA.plot_cheap) for c, _ in priced]
        money = self.money[p]
        return [(c, cost) for c, cost in priced if cost <= money]

    def build_options(self, p: int, mode: int) -> list[tuple[int, int, int]]:
        """KH-BUILD-1/7: (slot, plot cell, cost) of every building the player may build now."""
        out: list[tuple[int, int, int]] = []
        if not self.plots[p]:
            return out
        wood = 0 if mode else self.price(WOOD)
        blocked = self.no_demand()
        for slot, tile in enumerate(self.slots[p]):
            b = B[tile]
            if not b.public:
                if b.guild in blocked:
                    continue
                if self.houses[p][self.guilds[p].index(b.guild)] == 0:
                    continue  # KH-TURN-5: no house left, no effect
            cost = b.wood * wood
            if cost > self.money[p]:
                continue
            out.extend((slot, cell, cost) for cell in self.plots[p])
        return out

    def _take_licence(self, row: int, col: int, mode: int, chance: Chance, events: list[Event] | None) -> None:
        p = self.current
        cost = next(c for r, cc, c in self.licence_options(p, mode) if r == row and cc == col)
        stack = self.hall[row][col]
        tile = self._take_from_stack(stack, chance)
        self.money[p] -= cost
        self.slots[p].append(tile)
        if events is not None:
            events.append(Event("licence", f"player {p + 1} takes {B[tile].id} for {cost}", {"tile": B[tile].id}))

    def _buy_plot(self, cell: int, mode: int, events: list[Event] | None) -> None:
        p = self.current
        cost = dict(self.plot_options(p, mode))[cell]
        self.money[p] -= cost
        self.plots[p].append(cell)
        self.town_plot[cell] = p
        if events is not None:
            events.append(Event("plot", f"player {p + 1} buys plot {cell_name(self.cols, cell)} for {cost}"))

    def _build(self, slot: int, cell: int, mode: int, chance: Chance, events: list[Event] | None) -> None:
        p = self.current
        tile = self.slots[p][slot]
        b = B[tile]
        self.money[p] -= 0 if mode else b.wood * self.price(WOOD)
        self.slots[p].pop(slot)
        self.plots[p].remove(cell)
        self.town_plot[cell] = -1
        self.town[cell] = tile
        if events is not None:
            events.append(Event("build", f"player {p + 1} builds {b.id} at {cell_name(self.cols, cell)}"))
        if b.public:
            # KH-BUILD-6: owned by nobody; its effect; a noble of its colour to the pool.
            self.town_owner[cell] = -1
            self._gain(p, b.effect)
            if self.bank[b.noble] > 0:
                self.bank[b.noble] -= 1
                self.noble_pool[b.noble] += 1
            return
        self.town_owner[cell] = p
        g = b.guild
        self.prod[p][g] += b.production  # KH-BUILD-3
        if g == ORE:
            economy.advance(self, 1, b.production, chance, events)  # KH-BUILD-5, tied to production
        row = self.guilds[p].index(g)
        column = DATA.houses_per_row - self.houses[p][row]
        self.houses[p][row] -= 1
        effect = DATA.house_effects[row][column]
        self._gain(p, tuple(e for e in effect if e[0] != "public"))
        # Pushed in reverse: icons (each declinable, KH-TURN-4), technology, then the house licence.
        push = self.tasks.append
        if any(e[0] == "public" for e in effect):
            push([T_LIC, 2, 0])  # KH-BUILD-2: a free public licence
        if g == ORE and self.tech_taken < len(DATA.tech):
            self.tech_taken += 1
            push([T_TECH, 0, DATA.tech[self.tech_taken - 1].index])
        if b.pop and self.pop_pos < DATA.deck_len[0] - 1:
            push([T_OPT, OPT_POP, b.pop])
        if b.barbara and self.barbara_next < len(DATA.barbara_tax):
            push([T_OPT, OPT_BARBARA, 0])
        if b.ore_slider_left and self.sliders[ORE] > 0:
            push([T_OPT, OPT_ORE_LEFT, ORE])
        if b.slider and self.sliders[g] < DATA.columns - 1:
            push([T_OPT, OPT_SLIDER, g])

    def _optional_icon(self, kind: int, arg: int, chance: Chance, events: list[Event] | None) -> None:
        if kind == OPT_SLIDER:
            self.sliders[arg] = min(DATA.columns - 1, self.sliders[arg] + 1)
        elif kind == OPT_ORE_LEFT:
            self.sliders[arg] = max(0, self.sliders[arg] - 1)
        elif kind == OPT_BARBARA:
            self.turn_barbara(events)
        else:
            economy.advance(self, 0, arg, chance, events)
