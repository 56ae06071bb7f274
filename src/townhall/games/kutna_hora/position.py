"""The Kutná Hora position as plain data: the fields, copies and the JSON form (no rules)."""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine.protocol import Json, State

# Re-exported for the modules that imported the steps from here before they moved.
from townhall.games.kutna_hora.steps import Step as Step
from townhall.games.kutna_hora.steps import TurnBarbaraTileDown as TurnBarbaraTileDown
from townhall.games.kutna_hora.steps import step_from_json
from townhall.games.kutna_hora.steps import step_to_json as step_to_json

SETUP_SET: Final = 0
SETUP_ORDER: Final = 1
PLAY: Final = 2
TAX: Final = 3
OVER: Final = 4
PHASES = ("choose guild sets", "order guild markers", "play", "tax", "over")
EMPTY: Final = -1
ROCK: Final = -2
RED_STACK: Final = 9  # stack ids: 0-5 guild stacks, 6-8 public stacks (by colour), 9-11 red tiles
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
        c = type(self).__new__(type(self))
        c.num_players = self.num_players
        c.rounds = self.rounds
        c.red_after = self.red_after
        c.events_enabled = self.events_enabled
        c.first_game = self.first_game
        c.side = self.side
        c.town_columns = self.town_columns
        c.phase = self.phase
        c.round = self.round
        c.start = self.start
        c.current = self.current
        c.cards_in_turn = self.cards_in_turn
        c.in_card = self.in_card
        c.technology_taken = self.technology_taken
        c.population_position = self.population_position
        c.ore_position = self.ore_position
        c.tax = self.tax
        c.red_nobles_waiting = self.red_nobles_waiting
        c.barbara_next = self.barbara_next
        c.setup_card = self.setup_card
        c.event_current = self.event_current
        c.rock_stars = self.rock_stars  # read-only after setup: shared
        c.town_revision = self.town_revision
        c.mine_revision = self.mine_revision
        c.hall_revision = self.hall_revision
        c.market_revision = self.market_revision
        c.figures_revision = self.figures_revision.copy()
        c.money = self.money.copy()
        c.points = self.points.copy()
        c.reputation = self.reputation.copy()
        c.ore_from_mines = self.ore_from_mines.copy()
        c.pelicans_unused = self.pelicans_unused.copy()
        c.pelicans_used = self.pelicans_used.copy()
        c.pool = self.pool.copy()
        c.reserve = self.reserve.copy()
        c.used_cards = self.used_cards.copy()
        c.turns_done = self.turns_done.copy()
        c.town = self.town.copy()
        c.town_owner = self.town_owner.copy()
        c.town_plot = self.town_plot.copy()
        c.mine = self.mine.copy()
        c.mine_owner = self.mine_owner.copy()
        c.discard = self.discard.copy()
        c.drawn = self.drawn.copy()
        c.sliders = self.sliders.copy()
        c.stack_top = self.stack_top.copy()
        c.stack_bottom = self.stack_bottom.copy()
        c.bank = self.bank.copy()
        c.noble_pool = self.noble_pool.copy()
        c.council = self.council.copy()
        c.tax_queue = self.tax_queue.copy()
        c.set_owner = self.set_owner.copy()
        c.choosers = self.choosers.copy()
        c.tasks = self.tasks.copy()
        c.guilds = [row.copy() for row in self.guilds]
        c.production = [row.copy() for row in self.production]
        c.houses = [row.copy() for row in self.houses]
        c.slots = [row.copy() for row in self.slots]
        c.plots = [row.copy() for row in self.plots]
        c.layers = [row.copy() for row in self.layers]
        c.hall = [row.copy() for row in self.hall]
        c.stack_hidden = [row.copy() for row in self.stack_hidden]
        c.events_left = [row.copy() for row in self.events_left]
        c.final = [row.copy() for row in self.final]
        return c

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {key: getattr(self, name) for name, key in SCALAR_FIELDS}
        for name, key in LIST_FIELDS:
            if name == "tasks":
                out[key] = [step_to_json(step) for step in self.tasks]
                continue
            value = getattr(self, name)
            out[key] = [list(x) if isinstance(x, list) else x for x in value]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        s = cls.__new__(cls)
        for name, key in SCALAR_FIELDS:
            setattr(s, name, data[key])
        for name, key in LIST_FIELDS:
            setattr(s, name, [list(x) if isinstance(x, list) else x for x in data[key]])
        s.tasks = [step_from_json(step) for step in data["tasks"]]
        s.start_revisions()
        return s
