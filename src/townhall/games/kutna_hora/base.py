"""The fields of a Kutná Hora position and the small helpers every rule module uses."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event, State
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.data import DATA

SETUP_SET, SETUP_ORDER, PLAY, TAX, OVER = range(5)
PHASES = ("choose guild sets", "order guild markers", "play", "tax", "over")
EMPTY, ROCK = -1, -2
RED_STACK = 9  # stack ids: 0-5 guild stacks, 6-8 public stacks (by colour), 9-11 red tiles
B = DATA.buildings
LIST_FIELDS = (
    "guilds", "money", "points", "rep", "prod", "ore_mine", "houses", "slots", "plots", "pel_unused",
    "pel_used", "pool", "reserve", "used_cards", "turns_done", "town", "town_owner", "town_plot", "mine",
    "mine_owner", "rock_stars", "layers", "discard", "drawn", "sliders", "hall", "stack_top",
    "stack_hidden", "stack_bottom", "bank", "noble_pool", "council", "ev_left", "tasks", "tax_queue",
    "set_owner", "choosers", "final",
)  # fmt: skip
SCALAR_FIELDS = (
    "num_players", "rounds", "red_after", "events_on", "first_game", "side", "cols", "phase", "round",
    "start", "current", "cards_in_turn", "in_card", "tech_taken", "pop_pos", "ore_pos", "tax", "red_waiting",
    "barbara_next", "setup_card", "ev_current",
)  # fmt: skip


class KHBase(State):
    """Plain lists of ints (cheap to clone and to write as JSON); see state.KHState for the rules."""

    num_players: int
    rounds: int
    red_after: int
    events_on: bool
    first_game: bool
    side: int
    cols: int
    phase: int
    round: int
    start: int
    current: int
    cards_in_turn: int
    in_card: bool
    tech_taken: int
    pop_pos: int
    ore_pos: int
    tax: int
    red_waiting: bool
    barbara_next: int
    setup_card: int
    ev_current: int
    guilds: list[list[int]]
    money: list[int]
    points: list[int]
    rep: list[int]
    prod: list[list[int]]
    ore_mine: list[int]
    houses: list[list[int]]
    slots: list[list[int]]
    plots: list[list[int]]
    pel_unused: list[int]
    pel_used: list[int]
    pool: list[int]
    reserve: list[int]
    used_cards: list[int]
    turns_done: list[int]
    town: list[int]
    town_owner: list[int]
    town_plot: list[int]
    mine: list[int]
    mine_owner: list[int]
    rock_stars: list[int]
    layers: list[list[int]]
    discard: list[int]
    drawn: list[int]
    sliders: list[int]
    hall: list[list[int]]
    stack_top: list[int]
    stack_hidden: list[list[int]]
    stack_bottom: list[int]
    bank: list[int]
    noble_pool: list[int]
    council: list[int]
    ev_left: list[list[int]]
    tasks: list[list[int]]
    tax_queue: list[int]
    set_owner: list[int]
    choosers: list[int]
    final: list[list[int]]

    def price(self, good: int) -> int:
        return economy.price(self, good)

    def income(self, player: int) -> int:
        return economy.income(self, player)

    def reveal_top(self, stack: int, chance: Chance) -> None:
        hidden = self.stack_hidden[stack]
        if hidden:
            self.stack_top[stack] = hidden.pop(chance.below(len(hidden)))
        elif self.stack_bottom[stack] >= 0:
            self.stack_top[stack], self.stack_bottom[stack] = self.stack_bottom[stack], -1
        else:
            self.stack_top[stack] = -1

    def _take_from_stack(self, stack: int, chance: Chance) -> int:
        tile = self.stack_top[stack]
        self.reveal_top(stack, chance)
        self.move_to_row_end(stack)
        return tile

    def move_to_row_end(self, stack: int) -> None:
        """KH-LIC-4 / KH-PRICE-5: the stack moves to the row end, the others slide left."""
        for row in self.hall:
            if stack in row:
                row.remove(stack)
                self.put_at_row_end(row, stack)
                return

    def put_at_row_end(self, row: list[int], stack: int) -> None:
        """Tiles always slide left to fill a vacated place (KH-LIC-4): a row lists the stacks that
        still hold tiles in column order, then the emptied ones (which are no columns); a stack
        with tiles goes behind the last stack with tiles, an emptied one to the very end."""
        if self.stack_top[stack] < 0:
            row.append(stack)
            return
        top = self.stack_top
        k = len(row)
        while k and top[row[k - 1]] < 0:
            k -= 1
        row.insert(k, stack)

    def change_rep(self, player: int, delta: int) -> None:
        """KH-REP-1: steps beyond either end of the track become +/-2 points each."""
        rep = self.rep[player] + delta
        if rep > DATA.rep_max:
            self.points[player] += DATA.rep_beyond * (rep - DATA.rep_max)
            rep = DATA.rep_max
        elif rep < DATA.rep_min:
            self.points[player] -= DATA.rep_beyond * (DATA.rep_min - rep)
            rep = DATA.rep_min
        self.rep[player] = rep

    def no_demand(self) -> frozenset[int]:
        """KH-PRICE-6: goods showing the red X on the current deck cards."""
        return DATA.deck_nodemand[0][self.pop_pos] | DATA.deck_nodemand[1][self.ore_pos]

    def level(self) -> int:
        return DATA.tech_levels[self.tech_taken]

    def _gain(self, p: int, effect: tuple[tuple[str, int], ...]) -> None:
        for kind, amount in effect:
            if kind == "rep":
                self.change_rep(p, amount)
            elif kind == "points":
                self.points[p] += amount
            elif kind == "pelican":
                self.pel_unused[p] += amount

    def turn_barbara(self, events: list[Event] | None) -> None:
        """KH-BUILD-4: the lowest tile turns down unresolved; its tax applies."""
        if self.barbara_next >= len(DATA.barbara_tax):
            return
        tax = DATA.barbara_tax[self.barbara_next]
        self.barbara_next += 1
        self.tax = min(DATA.tax_cap, self.tax + tax)
        if events is not None:
            events.append(Event("barbara", f"St. Barbara tile {self.barbara_next} turned down, tax +{tax}"))
