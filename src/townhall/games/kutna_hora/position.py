"""The Kutná Hora position as plain data: the fields, copies and the JSON form (no rules)."""

from __future__ import annotations

from typing import Any, Self

from townhall.engine.protocol import Json

SETUP_SET, SETUP_ORDER, PLAY, TAX, OVER = range(5)
PHASES = ("choose guild sets", "order guild markers", "play", "tax", "over")
EMPTY, ROCK = -1, -2
RED_STACK = 9  # stack ids: 0-5 guild stacks, 6-8 public stacks (by colour), 9-11 red tiles
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
FLAT_LISTS = (
    "money", "points", "rep", "ore_mine", "pel_unused", "pel_used", "pool", "reserve", "used_cards",
    "turns_done", "town", "town_owner", "town_plot", "mine", "mine_owner", "discard", "drawn", "sliders",
    "stack_top", "stack_bottom", "bank", "noble_pool", "council", "tax_queue", "set_owner", "choosers",
)  # fmt: skip
NESTED_LISTS = (
    "guilds", "prod", "houses", "slots", "plots", "layers", "hall", "stack_hidden", "ev_left", "tasks", "final",
)  # fmt: skip


class KutnaHoraPosition:
    """Plain lists of ints (cheap to clone and to write as JSON); the rules are in the phase modules."""

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

    def clone(self) -> Self:
        c = object.__new__(type(self))
        d = c.__dict__
        d.update(self.__dict__)
        for name in FLAT_LISTS:
            d[name] = list(d[name])
        for name in NESTED_LISTS:
            d[name] = [list(x) for x in d[name]]
        return c

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {name: getattr(self, name) for name in SCALAR_FIELDS}
        for name in LIST_FIELDS:
            value = getattr(self, name)
            out[name] = [list(x) if isinstance(x, list) else x for x in value]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        s = object.__new__(cls)
        for name in SCALAR_FIELDS:
            setattr(s, name, data[name])
        for name in LIST_FIELDS:
            setattr(s, name, [list(x) if isinstance(x, list) else x for x in data[name]])
        return s
