"""Kutná Hora's component data (data/*.json): one pydantic model per kind of file, loaded once
into immutable plain tables.

Every record carries a provenance (`official`, `transcribed`, `stand-in`); the models check the
official numbers of kutna-hora-data.md and the clauses' structural requirements, and a bad file
raises the engine's DataError naming the file, the field and what was expected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Generic, Literal, TypeVar

from pydantic import AfterValidator, BeforeValidator, ConfigDict, Field, model_validator

from townhall.engine.datafile import DataFile, DataModel, read_json, validate_model
from townhall.engine.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
FILES = (
    "barbara.json",
    "buildings.json",
    "cards.json",
    "decks.json",
    "events.json",
    "mine.json",
    "prices.json",
    "reputation.json",
    "rounds.json",
    "setup.json",
    "town.json",
    "town_hall.json",
)
PROVENANCES = {"official", "transcribed", "stand-in"}
GOODS = ("wood", "permits", "food", "beer", "ore", "silver")
GUILD_OF_GOOD = ("builders", "scribes", "grocers", "innkeepers", "miners", "metallurgists")
WOOD: Final = 0
PERMITS: Final = 1
FOOD: Final = 2
BEER: Final = 3
ORE: Final = 4
SILVER: Final = 5
COLOURS = ("green", "silver", "yellow", "red")
ACTIONS = ("mine", "licence", "plot", "build", "income", "barbara", "joker")
MINE: Final = 0
LICENCE: Final = 1
PLOT: Final = 2
BUILD: Final = 3
INCOME: Final = 4
BARBARA: Final = 5
JOKER: Final = 6
EFFECT_KINDS = {"rep", "points", "pelican", "public"}
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Building:
    index: int  # 0..23 guild buildings, 24..35 public buildings
    id: str
    guild: int  # index of the good/guild, -1 for a public building
    noble: int  # colour index for a public building, -1 for a guild building
    marked: bool
    wood: int
    production: int
    plot_price: int
    scores: frozenset[int]
    shows: tuple[int, ...]
    slider: bool
    barbara: bool
    pop: int
    ore_slider_left: bool
    effect: tuple[tuple[str, int], ...]

    @property
    def public(self) -> bool:
        return self.guild < 0


@dataclass(frozen=True, slots=True)
class MineTile:
    index: int
    id: str
    group: int  # 0, 1, 2 for I, II, III; 3 technology
    cost: int
    ore: int
    pop: int
    points: int
    stars: int


@dataclass(frozen=True, slots=True)
class EventCard:
    index: int
    id: str
    deck: int  # 0 A, 1 B
    tax: int
    population: int
    ore: int


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    rows: int
    cols: int
    plots: tuple[bool, ...]
    edges: tuple[tuple[int, ...], ...]  # edge icons beside each cell


@dataclass(frozen=True, slots=True)
class Track:
    rounds: int
    red_after: int
    penalties: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Data:
    columns: int
    prices: tuple[tuple[tuple[int, ...], ...], ...]  # good -> deck position -> column
    good_deck: tuple[int, ...]  # 0 population, 1 ore
    deck_len: tuple[int, int]
    deck_flip: tuple[int, int]
    deck_builds: tuple[tuple[int, ...], tuple[int, ...]]  # deck -> position -> good or -1
    deck_nodemand: tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]
    icons: tuple[str, ...]
    buildings: tuple[Building, ...]
    hall_rows: int
    column_costs: tuple[tuple[int, int], ...]  # (good or -1 for groschen, amount)
    public_rows: tuple[int, ...]
    plot_default: int
    plot_cheap: int
    sides: dict[int, Side]  # by player count
    mine_rows: int
    mine_cols: int
    entrances: frozenset[int]
    entrance_cost: int
    pool_capacity: int
    row_values: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    mine_tiles: tuple[MineTile, ...]
    tech: tuple[MineTile, ...]
    tech_levels: tuple[int, ...]
    rocks: tuple[int, ...]
    mine_setups: tuple[tuple[int, ...], ...]
    start_money: tuple[int, ...]
    houses_per_row: int
    miners: int
    miners_pool: int
    plot_markers: int
    slots: int
    nobles_per_colour: int
    council_cost: int
    land_tax: dict[int, int]
    tax_cap: int
    house_effects: tuple[tuple[tuple[tuple[str, int], ...], ...], ...]
    guild_sets: tuple[dict[int, tuple[tuple[int, ...], ...]], ...]
    tracks: dict[int, Track]
    noble_rounds: int
    rep_min: int
    rep_max: int
    rep_start: int
    rep_beyond: int
    rep_cheap_plot: int
    rep_free_joker: int
    rep_end: dict[int, int]
    barbara_tax: tuple[int, ...]
    barbara_after_all: int
    cards: tuple[tuple[int, int], ...]
    events: tuple[EventCard, ...]


def cell_name(cols: int, index: int) -> str:
    return f"{chr(65 + index // cols)}{index % cols + 1}"


# ---------------------------------------------------------------------------- field types

Provenance = Literal["official", "transcribed", "stand-in"]
Good = Literal["wood", "permits", "food", "beer", "ore", "silver"]
Guild = Literal["builders", "scribes", "grocers", "innkeepers", "miners", "metallurgists"]
Colour = Literal["green", "silver", "yellow", "red"]
Action = Literal["mine", "licence", "plot", "build", "income", "barbara", "joker"]
EffectKind = Literal["rep", "points", "pelican", "public"]
Digit = Annotated[int, Field(ge=0, le=9)]
TaxStep = Annotated[int, Field(ge=0, le=25)]
Cell = Annotated[str, Field(pattern=r"^[A-Z][0-9]+$", description="a cell like 'B3': row letter, column number")]
GOOD_DECK = (0, 1, 0, 0, 1, 1)  # KH-PRICE-1 (official): wood, food, beer on the population deck; the rest on ore
DECK_NAMES = ("population", "ore")
DECK_LENGTHS = (40, 30)  # KH-SETUP-7: population 0-39, ore 0-29


def _check_provenance(value: Any) -> Any:
    values = list(value.values()) if isinstance(value, dict) else [value]
    if not values or any(v not in PROVENANCES for v in values):
        raise ValueError(f"provenance must be one of {sorted(PROVENANCES)}, not {value!r}")
    return value


def _check_effect(value: Any) -> Any:
    if not isinstance(value, dict) or not value:
        raise ValueError("an effect is a non-empty object")
    for kind, amount in value.items():
        if kind not in EFFECT_KINDS or isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ValueError(f"effect {kind}={amount!r}: kinds are {sorted(EFFECT_KINDS)} with positive amounts")
    return value


def _check_group(value: Any) -> Any:
    if value not in ("I", "II", "III"):
        raise ValueError(f"group must be I, II or III, not {value!r}")
    return value


def _check_guild_set(value: Any) -> Any:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or len(set(value)) != 3
        or any(x not in GUILD_OF_GOOD for x in value)
    ):
        raise ValueError(f"a guild set is 3 different guilds, not {value!r}")
    return value


Prov = Annotated[Provenance | dict[str, Provenance], BeforeValidator(_check_provenance)]
Effect = Annotated[dict[EffectKind, Annotated[int, Field(ge=1)]], BeforeValidator(_check_effect)]
MineGroup = Annotated[Literal["I", "II", "III"], BeforeValidator(_check_group)]
GuildSet = Annotated[list[Guild], BeforeValidator(_check_guild_set)]


def exactly(count: int) -> Any:
    """A list of exactly `count` entries (the schema says so too)."""

    def check(value: list[Any]) -> list[Any]:
        if len(value) != count:
            raise ValueError(f"must have {count} entries, not {len(value)}")
        return value

    return AfterValidator(check)


def sized(count: int) -> Any:
    return Field(json_schema_extra={"minItems": count, "maxItems": count})


def official(expected: Any) -> Any:
    """A {"value", "prov"} entry whose value the rulebook prints: the file must keep it."""

    def check(entry: Entry[Any]) -> Entry[Any]:
        if entry.value != expected:
            raise ValueError(f"the rulebook states {expected!r}, the file says {entry.value!r}")
        return entry

    return AfterValidator(check)


def printed(rule: str, **expected: int) -> Any:
    """A part holding several numbers the rulebook prints (`rule` says which): the file must keep them."""

    def check(part: Part) -> Part:
        if any(getattr(part, name) != value for name, value in expected.items()):
            raise ValueError(rule)
        return part

    return AfterValidator(check)


def cell_index(text: str, rows: int, cols: int) -> int:
    """'B3' -> the cell index on a rows x cols grid (ValueError outside it)."""
    r, c = ord(text[0]) - 65, int(text[1:]) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"cell {text} is outside the {rows}x{cols} grid")
    return r * cols + c


STRICT = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, strict=True)


class Part(DataModel):
    """A part of a Kutná Hora file; strict: "1" is no number and 1 is no text."""

    model_config = STRICT


class Entry(Part, Generic[T]):
    """A top-level number or table with its provenance."""

    value: T
    prov: Prov


class About(DataFile):
    """Every Kutná Hora file opens with a line saying what it holds."""

    model_config = STRICT

    about: str | None = Field(default=None, alias="_about")


# ---------------------------------------------------------------------------- prices.json


class GoodPrices(Part):
    good: Good
    guild: Guild
    deck: Literal["population", "ore"]
    prov: Prov
    table: list[list[Annotated[int, Field(ge=1)]]] = Field(description="price by [deck position][slider column]")


class PricesFile(About):
    """prices.json: the price table of each good (KH-PRICE-1, KH-PRICE-4)."""

    columns: Entry[Annotated[int, Field(ge=2)]]
    goods: Annotated[list[GoodPrices], exactly(6), sized(6)]

    @model_validator(mode="after")
    def _check(self) -> PricesFile:
        columns = self.columns.value
        for g, entry in enumerate(self.goods):
            where = f"goods[{g}]"
            if entry.good != GOODS[g] or entry.guild != GUILD_OF_GOOD[g]:
                raise ValueError(f"{where}: good {g} must be {GOODS[g]} of the {GUILD_OF_GOOD[g]}")
            deck = GOOD_DECK[g]
            if entry.deck != DECK_NAMES[deck]:
                raise ValueError(f"{where}: {GOODS[g]} is read from the {DECK_NAMES[deck]} deck")
            rows = entry.table
            if len(rows) != DECK_LENGTHS[deck]:
                raise ValueError(f"{where}.table must have {DECK_LENGTHS[deck]} entries, not {len(rows)}")
            for p, row in enumerate(rows):
                if len(row) != columns:
                    raise ValueError(f"{where}.table[{p}]: needs {columns} prices of at least 1")
                if any(row[c] < row[c + 1] for c in range(columns - 1)):
                    raise ValueError(
                        f"{where}.table[{p}]: a price may never rise as the slider moves right (KH-PRICE-4)"
                    )
                if p and any(
                    (row[c] > rows[p - 1][c]) if g == ORE else (row[c] < rows[p - 1][c]) for c in range(columns)
                ):
                    raise ValueError(
                        f"{where}.table[{p}]: ore gets cheaper and every other good dearer as its deck advances (KH-PRICE-4)"
                    )
        return self


# ---------------------------------------------------------------------------- decks.json


class DeckCard(Part):
    index: int = Field(ge=0)
    prov: Prov
    flip: bool = False
    builds: Good | None = None
    no_demand: list[Good] = Field(default_factory=list)


class DecksFile(About):
    """decks.json: the population and ore decks' economic icons (KH-SETUP-7, KH-PRICE-5/6/7)."""

    population: list[DeckCard]
    ore: list[DeckCard]

    @model_validator(mode="after")
    def _check(self) -> DecksFile:
        lengths = (len(self.population), len(self.ore))
        if lengths != DECK_LENGTHS:
            raise ValueError(f"the population deck has 40 cards (0-39) and the ore deck 30 (0-29), not {lengths}")
        for d, cards in enumerate((self.population, self.ore)):
            key = DECK_NAMES[d]
            for i, card in enumerate(cards):
                where = f"{key}[{i}]"
                if card.index != i:
                    raise ValueError(f"{where}: cards are listed in deck order with index = position")
                if card.builds is not None and GOOD_DECK[GOODS.index(card.builds)] != d:
                    raise ValueError(f"{where}: town-builds icon {card.builds!r} is not a good of the {key} deck")
                if any(GOOD_DECK[GOODS.index(x)] != d for x in card.no_demand):
                    raise ValueError(f"{where}: no-demand icons {card.no_demand!r} must be goods of the {key} deck")
            flips = [i for i, card in enumerate(cards) if card.flip]
            half = DECK_LENGTHS[d] // 2 - 1
            if flips != [half]:
                raise ValueError(
                    f"{key}: the flip icon sits on card {half} (the deck turns {half}->{half + 1}), not {flips}"
                )
        return self


# ---------------------------------------------------------------------------- buildings.json


class GuildBuildingRecord(Part):
    id: str
    guild: Guild
    marked: bool
    wood: Digit
    production: Annotated[int, Field(ge=1, le=9)]
    plot_price: Digit
    scores: list[str] = Field(min_length=1, description="icons this building scores at the end")
    shows: list[str]
    slider: bool
    barbara: bool
    pop: Digit
    ore_slider_left: bool = False
    prov: Prov

    @model_validator(mode="after")
    def _check(self) -> GuildBuildingRecord:
        if self.slider != (self.guild != "miners"):
            raise ValueError("slider: every guild building moves its slider except the miners' (KH-BUILD-3)")
        return self


class PublicBuildingRecord(Part):
    id: str
    noble: Colour
    wood: Digit
    plot_price: Digit
    shows: list[str]
    effect: Effect
    prov: Prov

    @model_validator(mode="after")
    def _check(self) -> PublicBuildingRecord:
        if "public" in self.effect:
            raise ValueError("effect: a public building gives reputation, pelicans or points")
        return self


class BuildingsFile(About):
    """buildings.json: the 24 guild and 12 public buildings (KH-SETUP-4, KH-BUILD-*)."""

    icons: Entry[list[str]]
    guilds: Annotated[Entry[list[Guild]], official(list(GUILD_OF_GOOD))]
    guild_buildings: Annotated[list[GuildBuildingRecord], exactly(24), sized(24)]
    public_buildings: Annotated[list[PublicBuildingRecord], exactly(12), sized(12)]

    @model_validator(mode="after")
    def _check(self) -> BuildingsFile:
        for guild in GUILD_OF_GOOD:
            own = [b for b in self.guild_buildings if b.guild == guild]
            if len(own) != 4 or sum(b.marked for b in own) != 1:
                raise ValueError(f"guild_buildings: the {guild} have 4 buildings, exactly one marked")
            if guild == "metallurgists" and not all(b.ore_slider_left for b in own):
                raise ValueError("guild_buildings: metallurgist buildings raise the ore price (KH-PRICE-4)")
        for colour in COLOURS:
            if sum(b.noble == colour for b in self.public_buildings) != 3:
                raise ValueError(f"public_buildings: 3 public buildings carry a {colour} noble")
        ids = [b.id for b in self.guild_buildings] + [b.id for b in self.public_buildings]
        for i, name in enumerate(ids):
            if name in ids[:i]:
                raise ValueError(f"buildings: building id {name} used twice")
        known = set(self.icons.value)
        named = [(f"guild_buildings[{i}]", [*b.scores, *b.shows]) for i, b in enumerate(self.guild_buildings)]
        named += [(f"public_buildings[{i}]", list(b.shows)) for i, b in enumerate(self.public_buildings)]
        for where, names in named:
            if any(n not in known for n in names):
                raise ValueError(f"{where}: unknown icons {names!r} (known: {self.icons.value})")
        return self


# ---------------------------------------------------------------------------- town_hall.json, town.json


class TownHallFile(About):
    """town_hall.json: rows, licence cost per column and the public stack of each row (KH-LIC-2)."""

    rows: Annotated[Entry[int], official(3)]
    column_costs: Annotated[
        Entry[list[dict[Literal["money", "permits"], int]]],
        official([{"money": 1}, {"permits": 1}, {"permits": 2}, {"permits": 3}]),
    ]
    public_rows: Entry[list[Colour]]

    @model_validator(mode="after")
    def _check(self) -> TownHallFile:
        if sorted(self.public_rows.value) != ["green", "silver", "yellow"]:
            raise ValueError("public_rows: one green, one silver and one yellow public stack, one per row")
        return self


class PlotPriceReputation(Part):
    value: int
    reputation: int
    prov: Prov


class BoardSide(Part):
    layout: list[str] = Field(min_length=1, description="rows of '.' (a plot) and 'x' (no plot)")
    edges: dict[Cell, list[str]] = Field(description="edge icons beside a border cell")
    prov: Prov
    players: list[Annotated[int, Field(ge=2, le=4)]]

    @model_validator(mode="after")
    def _check(self) -> BoardSide:
        width = len(self.layout[0])
        if any(len(row) != width for row in self.layout):
            raise ValueError("layout: rows are strings of equal length")
        rows = len(self.layout)
        for key in self.edges:
            r, c = divmod(cell_index(key, rows, width), width)
            if r not in (0, rows - 1) and c not in (0, width - 1):
                raise ValueError(f"edges: edge icons at {key}, which is not on the border")
        return self


class TownFile(About):
    """town.json: the two sides of the town board and the plot prices (KH-SETUP-5, KH-PLOT-*)."""

    plot_price_default: Annotated[Entry[int], official(5)]
    plot_price_reputation: Annotated[
        PlotPriceReputation, printed("a plot costs 1 with reputation 3 or more (KH-PLOT-2)", value=1, reputation=3)
    ]
    sides: dict[str, BoardSide]

    @model_validator(mode="after")
    def _check(self) -> TownFile:
        by_players = {n: side for side in self.sides.values() for n in side.players}
        if sorted(by_players) != [2, 3, 4]:
            raise ValueError("sides: one side for 2 players and one for 3-4 players")
        if sum(row.count(".") for row in by_players[2].layout) >= sum(row.count(".") for row in by_players[4].layout):
            raise ValueError("sides: the 2-player side has fewer plots (KH-SETUP-5)")
        return self


# ---------------------------------------------------------------------------- mine.json


class Tier(Part):
    stars: int = Field(ge=0)
    points: list[int]

    @model_validator(mode="after")
    def _check(self) -> Tier:
        if any(a < b for a, b in zip(self.points, self.points[1:], strict=False)):
            raise ValueError("points: a better rank never scores less")
        return self


class RowValue(Part):
    row: str
    tiers: list[Tier]
    prov: Prov


class MineTileRecord(Part):
    id: str
    group: MineGroup
    cost: Digit
    ore: Digit
    pop: Digit
    points: Digit
    stars: Digit
    prov: Prov


class TechnologyRecord(Part):
    id: str
    cost: Digit
    stars: Digit
    level_after: int = Field(ge=2)
    prov: Prov


class RockRecord(Part):
    id: str
    stars: Digit
    prov: Prov


class MineSetupCard(Part):
    rocks: Annotated[list[Cell], exactly(4), sized(4)]
    prov: Prov


class MineFile(About):
    """mine.json: the mine area, its row values, 27 mine tiles, technology, rocks, setup cards."""

    rows: Entry[Annotated[int, Field(ge=1, le=26)]]
    columns: Entry[Annotated[int, Field(ge=1)]]
    entrances: Entry[list[Cell]]
    entrance_cost: Annotated[Entry[int], official(2)]
    pool_capacity: Annotated[Entry[int], official(2)]
    row_values: list[RowValue]
    tiles: Annotated[list[MineTileRecord], exactly(27), sized(27)]
    technology: Annotated[list[TechnologyRecord], exactly(4), sized(4)]
    rocks: Annotated[list[RockRecord], exactly(4), sized(4)]
    setup_cards: Annotated[list[MineSetupCard], exactly(15), sized(15)]

    @model_validator(mode="after")
    def _check(self) -> MineFile:
        rows, cols = self.rows.value, self.columns.value
        if len(self.entrances.value) != 2:
            raise ValueError("entrances: the board prints two entrances")
        entrances = {cell_index(e, rows, cols) for e in self.entrances.value}
        if len(self.row_values) != rows:
            raise ValueError(f"row_values must have {rows} entries, not {len(self.row_values)}")
        for i, tech in enumerate(self.technology):
            if tech.level_after != i + 2:
                raise ValueError(f"technology[{i}]: level_after={tech.level_after}, each tile raises the level by 1")
        for i, card in enumerate(self.setup_cards):
            cells = {cell_index(c, rows, cols) for c in card.rocks}
            if len(cells) != 4 or cells & entrances:
                raise ValueError(f"setup_cards[{i}]: 4 different rock places, none on an entrance")
        return self


# ---------------------------------------------------------------------------- setup.json


class Miners(Part):
    value: int
    pool: int
    prov: Prov


class GuildSetupCard(Part):
    card: int = Field(ge=1)
    two: Annotated[list[GuildSet], exactly(2), sized(2)] = Field(alias="2")
    three: Annotated[list[GuildSet], exactly(3), sized(3)] = Field(alias="3")
    four: Annotated[list[GuildSet], exactly(4), sized(4)] = Field(alias="4")
    prov: Prov


class SetupFile(About):
    """setup.json: the players' components, house rows and the guild setup cards (KH-SETUP-*)."""

    start_money: Annotated[Entry[list[int]], official([40, 41, 42, 43])]
    houses_per_row: Annotated[Entry[int], official(4)]
    miners: Annotated[Miners, printed("9 miners, 1 of them in the pool (KH-SETUP-14)", value=9, pool=1)]
    plot_markers: Annotated[Entry[int], official(3)]
    slots: Annotated[Entry[int], official(3)]
    nobles_per_colour: Annotated[Entry[int], official(3)]
    noble_council_cost: Annotated[Entry[int], official(10)]
    land_tax: Annotated[Entry[dict[str, int]], official({"2": 3, "3": 8})]
    tax_cap: Annotated[Entry[int], official(25)]
    house_effects: Entry[list[list[Effect]]]
    guild_setup_cards: Annotated[list[GuildSetupCard], exactly(9), sized(9)]

    @model_validator(mode="after")
    def _check(self) -> SetupFile:
        per_row = self.houses_per_row.value
        if len(self.house_effects.value) != 3 or any(len(row) != per_row for row in self.house_effects.value):
            raise ValueError(f"house_effects: 3 guild rows of {per_row} houses")
        return self


# ---------------------------------------------------------------------------- rounds, reputation, barbara, cards, events


class RoundTrack(Part):
    players: list[Annotated[int, Field(ge=2, le=4)]]
    rounds: int = Field(ge=1)
    red_nobles_after: int = Field(ge=1)
    penalties: list[int]
    prov: Prov

    @model_validator(mode="after")
    def _check(self) -> RoundTrack:
        for n in self.players:
            printed = (5, 2) if n == 4 else (6, 3)
            if (self.rounds, self.red_nobles_after) != printed:
                raise ValueError(f"{n} players play {printed[0]} rounds, red nobles after round {printed[1]}")
        if len(self.penalties) != self.rounds:
            raise ValueError(f"penalties must have {self.rounds} entries, not {len(self.penalties)}")
        return self


class RoundsFile(About):
    """rounds.json: the round tracks and the tax penalties (KH-SETUP-1/3, KH-END-1, KH-NOBLE-1)."""

    tracks: Annotated[list[RoundTrack], exactly(2), sized(2)]
    noble_rounds: Annotated[Entry[int], official(3)]

    @model_validator(mode="after")
    def _check(self) -> RoundsFile:
        if sorted(n for track in self.tracks for n in track.players) != [2, 3, 4]:
            raise ValueError("tracks: a track for 2-3 and one for 4 players")
        return self


class ReputationFile(About):
    """reputation.json: the reputation track (KH-REP-*, KH-PLOT-2, KH-JOKER-1)."""

    min: Entry[int]
    max: Entry[int]
    start: Entry[int]
    beyond_points: Annotated[Entry[int], official(2)]
    cheap_plot: Annotated[Entry[int], official(3)]
    free_joker: Annotated[Entry[int], official(6)]
    end_values: Entry[dict[str, int]] = Field(description="end-of-game points by track space")

    @model_validator(mode="after")
    def _check(self) -> ReputationFile:
        low, high = self.min.value, self.max.value
        if not low < self.start.value < self.free_joker.value <= high:
            raise ValueError("min/max: the track must hold the start and the joker threshold 6")
        if sorted(self.end_values.value, key=int) != [str(k) for k in range(low, high + 1)]:
            raise ValueError(f"end_values: one value per track space {low}..{high}")
        return self


class BarbaraTile(Part):
    number: int
    tax: TaxStep
    prov: Prov


class AfterAll(Part):
    rep: int
    prov: Prov


class BarbaraFile(About):
    """barbara.json: the 11 St. Barbara tiles' tax numbers (KH-SETUP-8, KH-BAR-*)."""

    tiles: Annotated[list[BarbaraTile], exactly(11), sized(11)]
    after_all: Annotated[AfterAll, printed("after tile 11 a St. Barbara action gives 2 reputation", rep=2)]

    @model_validator(mode="after")
    def _check(self) -> BarbaraFile:
        for i, tile in enumerate(self.tiles):
            if tile.number != i + 1:
                raise ValueError(f"tiles[{i}]: tiles are numbered 1-11 in order")
        return self


class ActionCard(Part):
    actions: Annotated[list[Action], exactly(2), sized(2)]
    prov: Prov

    @model_validator(mode="after")
    def _check(self) -> ActionCard:
        if self.actions[0] == self.actions[1]:
            raise ValueError(f"actions: two different actions of {ACTIONS}, not {self.actions!r}")
        return self


class CardsFile(About):
    """cards.json: the six action cards, two actions each (KH-TURN-2, KH-JOKER-1)."""

    cards: Annotated[list[ActionCard], exactly(6), sized(6)]

    @model_validator(mode="after")
    def _check(self) -> CardsFile:
        flat = [a for card in self.cards for a in card.actions]
        if flat.count("joker") != 1 or any(a not in flat for a in ACTIONS[:6]):
            raise ValueError("cards: the joker is on exactly one card and every action is on some card")
        return self


class EventRecord(Part):
    id: str
    deck: Literal["A", "B"]
    tax: TaxStep
    population: Digit
    ore: Digit
    prov: Prov


class EventsFile(About):
    """events.json: the 10 event cards of decks A and B (KH-SETUP-13, KH-END-3)."""

    cards: Annotated[list[EventRecord], exactly(10), sized(10)]

    @model_validator(mode="after")
    def _check(self) -> EventsFile:
        for deck, need in (("A", 3), ("B", 2)):
            if sum(e.deck == deck for e in self.cards) < need:
                raise ValueError(f"cards: deck {deck} needs at least {need} cards")
        return self


MODELS: dict[str, type[About]] = {
    "barbara": BarbaraFile,
    "buildings": BuildingsFile,
    "cards": CardsFile,
    "decks": DecksFile,
    "events": EventsFile,
    "mine": MineFile,
    "prices": PricesFile,
    "reputation": ReputationFile,
    "rounds": RoundsFile,
    "setup": SetupFile,
    "town": TownFile,
    "town_hall": TownHallFile,
}


# ---------------------------------------------------------------------------- loading


def load(files: dict[str, Any] | None = None) -> Data:
    """Validate and build the tables. `files` maps file names to parsed JSON (tests swap one)."""
    raw: dict[str, Any] = {}
    for name in FILES:
        if files is not None and name in files:
            raw[name] = files[name]
            continue
        try:
            raw[name] = read_json(DATA_DIR / name)
        except DataError as error:
            raise DataError(f"bad data file {name}: cannot read it: {error}") from None
    models = {
        kind: validate_model(model, raw[f"{kind}.json"], f"bad data file {kind}.json") for kind, model in MODELS.items()
    }
    return _build(models)


def raw_files() -> dict[str, Any]:
    return {name: json.loads((DATA_DIR / name).read_text(encoding="utf-8")) for name in FILES}


def _effect(effect: dict[EffectKind, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(effect.items()))


def _build(models: dict[str, About]) -> Data:
    """Turn the validated models into the game's plain tables (once, at import)."""
    prices = models["prices"]
    decks = models["decks"]
    buildings_file = models["buildings"]
    hall = models["town_hall"]
    town = models["town"]
    mine = models["mine"]
    setup = models["setup"]
    rounds = models["rounds"]
    reputation = models["reputation"]
    barbara = models["barbara"]
    cards_file = models["cards"]
    events_file = models["events"]
    assert isinstance(prices, PricesFile) and isinstance(decks, DecksFile) and isinstance(buildings_file, BuildingsFile)
    assert isinstance(hall, TownHallFile) and isinstance(town, TownFile) and isinstance(mine, MineFile)
    assert isinstance(setup, SetupFile) and isinstance(rounds, RoundsFile) and isinstance(reputation, ReputationFile)
    assert (
        isinstance(barbara, BarbaraFile) and isinstance(cards_file, CardsFile) and isinstance(events_file, EventsFile)
    )

    deck_cards = (decks.population, decks.ore)
    icons = tuple(buildings_file.icons.value)
    icon_index = {name: i for i, name in enumerate(icons)}
    buildings = [
        Building(
            index=i,
            id=e.id,
            guild=GUILD_OF_GOOD.index(e.guild),
            noble=-1,
            marked=e.marked,
            wood=e.wood,
            production=e.production,
            plot_price=e.plot_price,
            scores=frozenset(icon_index[n] for n in e.scores),
            shows=tuple(icon_index[n] for n in e.shows),
            slider=e.slider,
            barbara=e.barbara,
            pop=e.pop,
            ore_slider_left=e.ore_slider_left,
            effect=(),
        )
        for i, e in enumerate(buildings_file.guild_buildings)
    ]
    buildings += [
        Building(
            index=24 + i,
            id=p.id,
            guild=-1,
            noble=COLOURS.index(p.noble),
            marked=False,
            wood=p.wood,
            production=0,
            plot_price=p.plot_price,
            scores=frozenset(),
            shows=tuple(icon_index[n] for n in p.shows),
            slider=False,
            barbara=False,
            pop=0,
            ore_slider_left=False,
            effect=_effect(p.effect),
        )
        for i, p in enumerate(buildings_file.public_buildings)
    ]

    sides: dict[int, Side] = {}
    for name, side in town.sides.items():
        n_rows, cols = len(side.layout), len(side.layout[0])
        plots = tuple(ch == "." for line in side.layout for ch in line)
        edges: list[tuple[int, ...]] = [() for _ in plots]
        for key, names in side.edges.items():
            if any(n not in icon_index for n in names):  # a cross-file check: the icons are in buildings.json
                raise DataError(
                    f"bad data file town.json: sides.{name}.edges.{key}: unknown edge icon in {names!r} "
                    f"(known in buildings.json: {list(icons)})"
                )
            edges[cell_index(key, n_rows, cols)] = tuple(icon_index[n] for n in names)
        for n in side.players:
            sides[n] = Side(name, n_rows, cols, plots, tuple(edges))

    rows, cols = mine.rows.value, mine.columns.value
    groups = {"I": 0, "II": 1, "III": 2}
    tracks = {n: Track(t.rounds, t.red_nobles_after, tuple(t.penalties)) for t in rounds.tracks for n in t.players}
    cards = tuple((ACTIONS.index(c.actions[0]), ACTIONS.index(c.actions[1])) for c in cards_file.cards)
    return Data(
        columns=prices.columns.value,
        prices=tuple(tuple(tuple(row) for row in good.table) for good in prices.goods),
        good_deck=GOOD_DECK,
        deck_len=DECK_LENGTHS,
        deck_flip=(DECK_LENGTHS[0] // 2 - 1, DECK_LENGTHS[1] // 2 - 1),
        deck_builds=(
            tuple(-1 if c.builds is None else GOODS.index(c.builds) for c in deck_cards[0]),
            tuple(-1 if c.builds is None else GOODS.index(c.builds) for c in deck_cards[1]),
        ),
        deck_nodemand=(
            tuple(frozenset(GOODS.index(x) for x in c.no_demand) for c in deck_cards[0]),
            tuple(frozenset(GOODS.index(x) for x in c.no_demand) for c in deck_cards[1]),
        ),
        icons=icons,
        buildings=tuple(buildings),
        hall_rows=hall.rows.value,
        column_costs=tuple(
            (-1 if kind == "money" else PERMITS, amount)
            for cost in hall.column_costs.value
            for kind, amount in cost.items()
        ),
        public_rows=tuple(COLOURS.index(c) for c in hall.public_rows.value),
        plot_default=town.plot_price_default.value,
        plot_cheap=town.plot_price_reputation.value,
        sides=sides,
        mine_rows=rows,
        mine_cols=cols,
        entrances=frozenset(cell_index(e, rows, cols) for e in mine.entrances.value),
        entrance_cost=mine.entrance_cost.value,
        pool_capacity=mine.pool_capacity.value,
        row_values=tuple(tuple(sorted((t.stars, tuple(t.points)) for t in row.tiers)) for row in mine.row_values),
        mine_tiles=tuple(
            MineTile(i, t.id, groups[t.group], t.cost, t.ore, t.pop, t.points, t.stars)
            for i, t in enumerate(mine.tiles)
        ),
        tech=tuple(MineTile(27 + i, t.id, 3, t.cost, 0, 0, 0, t.stars) for i, t in enumerate(mine.technology)),
        tech_levels=(1, *(t.level_after for t in mine.technology)),
        rocks=tuple(r.stars for r in mine.rocks),
        mine_setups=tuple(tuple(cell_index(c, rows, cols) for c in card.rocks) for card in mine.setup_cards),
        start_money=tuple(setup.start_money.value),
        houses_per_row=setup.houses_per_row.value,
        miners=setup.miners.value,
        miners_pool=setup.miners.pool,
        plot_markers=setup.plot_markers.value,
        slots=setup.slots.value,
        nobles_per_colour=setup.nobles_per_colour.value,
        council_cost=setup.noble_council_cost.value,
        land_tax={int(k): v for k, v in setup.land_tax.value.items()},
        tax_cap=setup.tax_cap.value,
        house_effects=tuple(tuple(_effect(e) for e in row) for row in setup.house_effects.value),
        guild_sets=tuple(
            {
                n: tuple(tuple(GUILD_OF_GOOD.index(g) for g in s) for s in sets)
                for n, sets in ((2, card.two), (3, card.three), (4, card.four))
            }
            for card in setup.guild_setup_cards
        ),
        tracks=tracks,
        noble_rounds=rounds.noble_rounds.value,
        rep_min=reputation.min.value,
        rep_max=reputation.max.value,
        rep_start=reputation.start.value,
        rep_beyond=reputation.beyond_points.value,
        rep_cheap_plot=reputation.cheap_plot.value,
        rep_free_joker=reputation.free_joker.value,
        rep_end={int(k): v for k, v in reputation.end_values.value.items()},
        barbara_tax=tuple(t.tax for t in barbara.tiles),
        barbara_after_all=barbara.after_all.rep,
        cards=cards,
        events=tuple(
            EventCard(i, e.id, 0 if e.deck == "A" else 1, e.tax, e.population, e.ore)
            for i, e in enumerate(events_file.cards)
        ),
    )


DATA = load()
