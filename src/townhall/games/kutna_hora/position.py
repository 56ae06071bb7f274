"""The Kutná Hora position as plain data: the fields, copies and the JSON form (no rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from townhall.engine.protocol import Json
from townhall.games.kutna_hora.actions import (
    T_BARB,
    T_BARB_END,
    T_BUILD,
    T_BUY,
    T_DRAW,
    T_HOUSE,
    T_INCOME,
    T_KEEP,
    T_LIC,
    T_MINE,
    T_NOBLE,
    T_OPT,
    T_PLACE,
    T_PLOT,
    T_SCORE,
    T_TECH,
)

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
FLAT_LISTS = (
    "money", "points", "reputation", "ore_from_mines", "pelicans_unused", "pelicans_used", "pool", "reserve",
    "used_cards", "turns_done", "town", "town_owner", "town_plot", "mine", "mine_owner", "discard", "drawn",
    "sliders", "stack_top", "stack_bottom", "bank", "noble_pool", "council", "tax_queue", "set_owner", "choosers",
    "tasks",
)  # fmt: skip
NESTED_LISTS = (
    "guilds", "production", "houses", "slots", "plots", "layers", "hall", "stack_hidden", "events_left", "final",
)  # fmt: skip


# ---------------------------------------------------------------------------- pending steps
# Pending work is a stack of steps; the top one is the current small decision (or an automatic
# step run at once). Each step's JSON form is [kind, a, b] (the saved format, STEP_FORMS).


@dataclass(frozen=True, slots=True)
class StartMine:
    """Automatic: start a mine action (flags: F_FREE, F_RESERVE)."""

    KIND: ClassVar[int] = T_MINE
    flags: int


@dataclass(frozen=True, slots=True)
class BuyMiners:
    """Buy miners for one permit? (KH-MINE-1)"""

    KIND: ClassVar[int] = T_BUY
    flags: int


@dataclass(frozen=True, slots=True)
class DrawMineTiles:
    """Automatic: draw as many mine tiles as the technology level (KH-MINE-2)."""

    KIND: ClassVar[int] = T_DRAW
    flags: int


@dataclass(frozen=True, slots=True)
class KeepMineTile:
    """Keep which drawn tile? (KH-MINE-2)"""

    KIND: ClassVar[int] = T_KEEP
    flags: int


@dataclass(frozen=True, slots=True)
class PlaceMine:
    """Where does the kept tile go? (KH-MINE-3)"""

    KIND: ClassVar[int] = T_PLACE
    flags: int
    tile: int


@dataclass(frozen=True, slots=True)
class PlaceTechnology:
    """Where does the technology tile go (declining removes it)? (KH-BUILD-5)"""

    KIND: ClassVar[int] = T_TECH
    tile: int


@dataclass(frozen=True, slots=True)
class TakeLicence:
    """Take a licence (mode 0 paid, 1 free, 2 free and public only; KH-LIC-1)."""

    KIND: ClassVar[int] = T_LIC
    mode: int


@dataclass(frozen=True, slots=True)
class BuyPlot:
    """Buy a plot (mode 0 paid, 1 free anywhere; KH-PLOT-1)."""

    KIND: ClassVar[int] = T_PLOT
    mode: int


@dataclass(frozen=True, slots=True)
class BuildBuilding:
    """Build (mode 0 paying wood, 1 without wood cost; KH-BUILD-1)."""

    KIND: ClassVar[int] = T_BUILD
    mode: int


@dataclass(frozen=True, slots=True)
class TakeIncome:
    """Automatic: take income, then offer a noble (KH-INC-1)."""

    KIND: ClassVar[int] = T_INCOME


@dataclass(frozen=True, slots=True)
class SeatNoble:
    """Seat a noble in the council (mode 0 from the pool for money, 1 from the bank free; KH-INC-2)."""

    KIND: ClassVar[int] = T_NOBLE
    mode: int


@dataclass(frozen=True, slots=True)
class ResolveBarbaraTile:
    """Resolve St. Barbara tile `tile` or ignore it (KH-BAR-2)."""

    KIND: ClassVar[int] = T_BARB
    tile: int


@dataclass(frozen=True, slots=True)
class RemoveHouse:
    """St. Barbara tile 3: remove a house for +2 production?"""

    KIND: ClassVar[int] = T_HOUSE


@dataclass(frozen=True, slots=True)
class ScoreBuilding:
    """St. Barbara tile 10: score one own building."""

    KIND: ClassVar[int] = T_SCORE


@dataclass(frozen=True, slots=True)
class OptionalIcon:
    """An impersonal icon the player may decline (icon: OPT_*, argument: a good or an amount)."""

    KIND: ClassVar[int] = T_OPT
    icon: int
    argument: int


@dataclass(frozen=True, slots=True)
class TurnBarbaraTileDown:
    """Automatic: St. Barbara tile `tile` turns face down after its steps (KH-BAR-1)."""

    KIND: ClassVar[int] = T_BARB_END
    tile: int


Step = (
    StartMine | BuyMiners | DrawMineTiles | KeepMineTile | PlaceMine | PlaceTechnology | TakeLicence | BuyPlot
    | BuildBuilding | TakeIncome | SeatNoble | ResolveBarbaraTile | RemoveHouse | ScoreBuilding | OptionalIcon
    | TurnBarbaraTileDown
)  # fmt: skip
AUTOMATIC_STEPS = frozenset({StartMine, DrawMineTiles, TakeIncome, TurnBarbaraTileDown})


# The JSON form of each kind: [kind, a, b] with the fields named here as a and b (0 where none).
STEP_FORMS: dict[int, tuple[type[Step], str | None, str | None]] = {
    T_MINE: (StartMine, "flags", None),
    T_BUY: (BuyMiners, "flags", None),
    T_DRAW: (DrawMineTiles, "flags", None),
    T_KEEP: (KeepMineTile, "flags", None),
    T_PLACE: (PlaceMine, "flags", "tile"),
    T_TECH: (PlaceTechnology, None, "tile"),
    T_LIC: (TakeLicence, "mode", None),
    T_PLOT: (BuyPlot, "mode", None),
    T_BUILD: (BuildBuilding, "mode", None),
    T_INCOME: (TakeIncome, None, None),
    T_NOBLE: (SeatNoble, "mode", None),
    T_BARB: (ResolveBarbaraTile, "tile", None),
    T_HOUSE: (RemoveHouse, None, None),
    T_SCORE: (ScoreBuilding, None, None),
    T_OPT: (OptionalIcon, "icon", "argument"),
    T_BARB_END: (TurnBarbaraTileDown, "tile", None),
}


def step_to_json(step: Step) -> list[int]:
    _, a, b = STEP_FORMS[step.KIND]
    return [step.KIND, getattr(step, a) if a else 0, getattr(step, b) if b else 0]


def step_from_json(data: list[int]) -> Step:
    kind, a, b = data
    cls, a_name, b_name = STEP_FORMS[kind]
    fields = {name: value for name, value in ((a_name, a), (b_name, b)) if name}
    return cls(**fields)


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
    tasks: list[Step]
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
            if name == "tasks":
                out[key] = [step_to_json(step) for step in self.tasks]
                continue
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
        s.tasks = [step_from_json(step) for step in data["tasks"]]
        return s
