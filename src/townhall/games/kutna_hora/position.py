"""The Kutná Hora position as plain data: the fields, copies and the JSON form (no rules)."""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine.fields import LIST, ROWS, SHARED, Field, Fields, load_fields, save_fields
from townhall.engine.protocol import Json, State
from townhall.games.kutna_hora.steps import Step, step_from_json, step_to_json

SETUP_SET: Final = 0
SETUP_ORDER: Final = 1
PLAY: Final = 2
TAX: Final = 3
OVER: Final = 4
PHASES = ("choose guild sets", "order guild markers", "play", "tax", "over")
EMPTY: Final = -1
ROCK: Final = -2
RED_STACK: Final = 9  # stack ids: 0-5 guild stacks, 6-8 public stacks (by colour), 9-11 red tiles
# Every field once, in save-format order (engine/fields.py); the code at the end of this module is
# generated from it.
FIELDS = Fields(
    "KutnaHoraPosition",
    (
        Field("num_players", "num_players"),
        Field("rounds", "rounds"),
        Field("red_after", "red_after"),
        Field("events_enabled", "events_on"),
        Field("first_game", "first_game"),
        Field("side", "side"),
        Field("town_columns", "cols"),
        Field("phase", "phase"),
        Field("round", "round"),
        Field("start", "start"),
        Field("current", "current"),
        Field("cards_in_turn", "cards_in_turn"),
        Field("in_card", "in_card"),
        Field("technology_taken", "tech_taken"),
        Field("population_position", "pop_pos"),
        Field("ore_position", "ore_pos"),
        Field("tax", "tax"),
        Field("red_nobles_waiting", "red_waiting"),
        Field("barbara_next", "barbara_next"),
        Field("setup_card", "setup_card"),
        Field("event_current", "ev_current"),
        Field("guilds", "guilds", ROWS),
        Field("money", "money", LIST),
        Field("points", "points", LIST),
        Field("reputation", "rep", LIST),
        Field("production", "prod", ROWS),
        Field("ore_from_mines", "ore_mine", LIST),
        Field("houses", "houses", ROWS),
        Field("slots", "slots", ROWS),
        Field("plots", "plots", ROWS),
        Field("pelicans_unused", "pel_unused", LIST),
        Field("pelicans_used", "pel_used", LIST),
        Field("pool", "pool", LIST),
        Field("reserve", "reserve", LIST),
        Field("used_cards", "used_cards", LIST),
        Field("turns_done", "turns_done", LIST),
        Field("town", "town", LIST),
        Field("town_owner", "town_owner", LIST),
        Field("town_plot", "town_plot", LIST),
        Field("mine", "mine", LIST),
        Field("mine_owner", "mine_owner", LIST),
        Field("rock_stars", "rock_stars", SHARED, shape=LIST),  # read-only after setup
        Field("layers", "layers", ROWS),
        Field("discard", "discard", LIST),
        Field("drawn", "drawn", LIST),
        Field("sliders", "sliders", LIST),
        Field("hall", "hall", ROWS),
        Field("stack_top", "stack_top", LIST),
        Field("stack_hidden", "stack_hidden", ROWS),
        Field("stack_bottom", "stack_bottom", LIST),
        Field("bank", "bank", LIST),
        Field("noble_pool", "noble_pool", LIST),
        Field("council", "council", LIST),
        Field("events_left", "ev_left", ROWS),
        Field(
            "tasks",
            "tasks",
            LIST,
            save=lambda v: [step_to_json(step) for step in v],
            load=lambda v: [step_from_json(step) for step in v],
        ),
        Field("tax_queue", "tax_queue", LIST),
        Field("set_owner", "set_owner", LIST),
        Field("choosers", "choosers", LIST),
        Field("final", "final", ROWS),
        # Revisions (not saved: a loaded position starts them at 0, see start_revisions).
        Field("town_revision"),
        Field("mine_revision"),
        Field("hall_revision"),
        Field("market_revision"),
        Field("figures_revision", copy=LIST),
    ),
)
_copy_fields: Final = FIELDS.derived_clone(__name__)  # the clone, made from the declaration


class KutnaHoraPosition(State):  # the protocol base here: a compiled class has one base
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
    tasks: list[Step]
    tax_queue: list[int]
    set_owner: list[int]
    choosers: list[int]
    final: list[list[int]]
    # Revisions: counters the rules bump when a part of the position changes, so that the
    # observer's keys are int reads (not saved: a loaded position starts them at 0).
    town_revision: int  # town, town_owner
    mine_revision: int  # mine, mine_owner
    hall_revision: int  # stack_top, stack_hidden, stack_bottom
    market_revision: int  # sliders, bank, noble_pool, council, layers
    # per player: ore_from_mines, pelicans, pool, reserve, houses, guilds, production
    figures_revision: list[int]

    def start_revisions(self) -> None:
        self.town_revision = self.mine_revision = self.hall_revision = self.market_revision = 0
        self.figures_revision = [0] * self.num_players

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        _copy_fields(self, copy)
        return copy

    def to_json(self) -> dict[str, Json]:
        return save_fields(FIELDS, self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        position = cls.__new__(cls)
        load_fields(FIELDS, position, data)
        position.start_revisions()
        return position
