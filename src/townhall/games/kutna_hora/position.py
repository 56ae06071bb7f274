"""The Kutná Hora position as plain data: the fields, copies and the JSON form (no rules)."""

from __future__ import annotations

from typing import Any, Self

from townhall.engine.protocol import Json

SETUP_SET, SETUP_ORDER, PLAY, TAX, OVER = range(5)
PHASES = ("choose guild sets", "order guild markers", "play", "tax", "over")
EMPTY, ROCK = -1, -2
RED_STACK = 9  # stack ids: 0-5 guild stacks, 6-8 public stacks (by colour), 9-11 red tiles
LIST_FIELDS = (
    ("guilds", "guilds"),
    ("money", "money"),
    ("points", "points"),
    ("reputation", "rep"),
    ("production", "prod"),
    ("ore_from_mines", "ore_mine"),
    ("houses", "houses"),
    ("slots", "slots"),
    ("plots", "plots"),
    ("pelicans_unused", "pel_unused"),
    ("pelicans_used", "pel_used"),
    ("pool", "pool"),
    ("reserve", "reserve"),
    ("used_cards", "used_cards"),
    ("turns_done", "turns_done"),
    ("town", "town"),
    ("town_owner", "town_owner"),
    ("town_plot", "town_plot"),
    ("mine", "mine"),
    ("mine_owner", "mine_owner"),
    ("rock_stars", "rock_stars"),
    ("layers", "layers"),
    ("discard", "discard"),
    ("drawn", "drawn"),
    ("sliders", "sliders"),
    ("hall", "hall"),
    ("stack_top", "stack_top"),
    ("stack_hidden", "stack_hidden"),
    ("stack_bottom", "stack_bottom"),
    ("bank", "bank"),
    ("noble_pool", "noble_pool"),
    ("council", "council"),
    ("events_left", "ev_left"),
    ("tasks", "tasks"),
    ("tax_queue", "tax_queue"),
    ("set_owner", "set_owner"),
    ("choosers", "choosers"),
    ("final", "final"),
)  # (attribute, JSON key): the JSON keys are the saved format
SCALAR_FIELDS = (
    ("num_players", "num_players"),
    ("rounds", "rounds"),
    ("red_after", "red_after"),
    ("events_enabled", "events_on"),
    ("first_game", "first_game"),
    ("side", "side"),
    ("town_columns", "cols"),
    ("phase", "phase"),
    ("round", "round"),
    ("start", "start"),
    ("current", "current"),
    ("cards_in_turn", "cards_in_turn"),
    ("in_card", "in_card"),
    ("technology_taken", "tech_taken"),
    ("population_position", "pop_pos"),
    ("ore_position", "ore_pos"),
    ("tax", "tax"),
    ("red_nobles_waiting", "red_waiting"),
    ("barbara_next", "barbara_next"),
    ("setup_card", "setup_card"),
    ("event_current", "ev_current"),
)  # (attribute, JSON key): the JSON keys are the saved format
FLAT_LISTS = ("money", "points", "reputation", "ore_from_mines", "pelicans_unused", "pelicans_used", "pool", "reserve", "used_cards", "turns_done", "town", "town_owner", "town_plot", "mine", "mine_owner", "discard", "drawn", "sliders", "stack_top", "stack_bottom", "bank", "noble_pool", "council", "tax_queue", "set_owner", "choosers",)  # fmt: skip
NESTED_LISTS = ("guilds", "production", "houses", "slots", "plots", "layers", "hall", "stack_hidden", "events_left", "tasks", "final",)  # fmt: skip


class KutnaHoraPosition:
    """Plain lists of ints (cheap to clone and to write as JSON); the rules are in the phase modules."""

    num_players: int
    rounds: int
    red_after: int
    events_enabled: bool
    first_game: bool
    side: int
    town_columns: int
    phase: int
    round: int
    start: int
    current: int
    cards_in_turn: int
    in_card: bool
    technology_taken: int
    population_position: int
    ore_position: int
    tax: int
    red_nobles_waiting: bool
    barbara_next: int
    setup_card: int
    event_current: int
    guilds: list[list[int]]
    money: list[int]
    points: list[int]
    reputation: list[int]
    production: list[list[int]]
    ore_from_mines: list[int]
    houses: list[list[int]]
    slots: list[list[int]]
    plots: list[list[int]]
    pelicans_unused: list[int]
    pelicans_used: list[int]
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
    events_left: list[list[int]]
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
        out: dict[str, Json] = {key: getattr(self, name) for name, key in SCALAR_FIELDS}
        for name, key in LIST_FIELDS:
            value = getattr(self, name)
            out[key] = [list(x) if isinstance(x, list) else x for x in value]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        s = object.__new__(cls)
        for name, key in SCALAR_FIELDS:
            setattr(s, name, data[key])
        for name, key in LIST_FIELDS:
            setattr(s, name, [list(x) if isinstance(x, list) else x for x in data[key]])
        return s
