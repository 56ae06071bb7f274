"""The pydantic models of the data files (tile types, scoring numbers), loaded once into plain data."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, StrictBool, StrictInt, StrictStr, field_validator, model_validator

from townhall.engine.datafile import DataFile, DataModel, load_model
from townhall.engine.errors import DataError

DATA_DIR = Path(__file__).parent / "data"
TILES_FILE = DATA_DIR / "tiles.json"
RULES_FILE = DATA_DIR / "rules.json"
DATA_FILES = (TILES_FILE, RULES_FILE)

EDGE_NAMES = ("N", "E", "S", "W")
HALF_NAMES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
EDGE_PATTERN = r"^[NESW](\+[NESW])*$"
HALF_PATTERN = r"^(Nw|Ne|En|Es|Se|Sw|Ws|Wn)(\+(Nw|Ne|En|Es|Se|Sw|Ws|Wn))*$"

Provenance = Literal["official", "transcribed", "stand-in"]


def edges_of(text: str) -> tuple[int, ...]:
    """'N+W' -> (0, 3)."""
    return tuple(EDGE_NAMES.index(part) for part in text.split("+"))


def halves_of(text: str) -> tuple[int, ...]:
    """'Nw+Ne' -> (0, 1)."""
    return tuple(HALF_NAMES.index(part) for part in text.split("+"))


def _no_repeats(text: str) -> str:
    parts = text.split("+")
    if len(set(parts)) != len(parts):
        raise ValueError(f"a segment names each edge once, not {text!r}")
    return text


class FieldModel(DataModel):
    """A field segment: the half-edges it touches and the city segments of the tile it borders."""

    halves: StrictStr = Field(pattern=HALF_PATTERN, description="half-edges like 'Nw+Ne'")
    cities: list[StrictStr] = Field(default_factory=list, description="city segments like 'N+W'")

    @field_validator("halves")
    @classmethod
    def _halves_once(cls, halves: str) -> str:
        return _no_repeats(halves)

    @field_validator("cities")
    @classmethod
    def _city_names(cls, cities: list[str]) -> list[str]:
        for city in cities:
            _check_segment(city)
        return cities


def _check_segment(text: str) -> str:
    if not re.match(EDGE_PATTERN, text):
        raise ValueError(f"a segment names edges like 'N+W' (edges are N, E, S, W), not {text!r}")
    return _no_repeats(text)


class TileModel(DataModel):
    """One tile type in its printed orientation; the provenance applies to every value in it."""

    name: StrictStr
    count: StrictInt = Field(ge=1)
    edges: StrictStr = Field(pattern=r"^[FRCI]{4}$", description="N, E, S, W: F field, R road, C city, I river")
    cloister: StrictBool
    pennant: StrictBool
    cities: list[StrictStr] = Field(default_factory=list)
    roads: list[StrictStr] = Field(default_factory=list)
    river: list[StrictStr] = Field(default_factory=list)
    fields: list[FieldModel] = Field(default_factory=list)
    provenance: Provenance
    source: StrictStr | None = None

    @field_validator("cities", "roads", "river")
    @classmethod
    def _segment_names(cls, segments: list[str]) -> list[str]:
        for segment in segments:
            _check_segment(segment)
        return segments

    @model_validator(mode="after")
    def _segments_cover_edges(self) -> Self:
        for letter, segments, label in (
            ("C", self.cities, "cities"),
            ("R", self.roads, "roads"),
            ("I", self.river, "river"),
        ):
            covered = sorted(e for segment in segments for e in edges_of(segment))
            wanted = [e for e in range(4) if self.edges[e] == letter]
            if covered != wanted:
                raise ValueError(f"{label}: segments cover edges {covered} but the '{letter}' edges are {wanted}")
        cities = [edges_of(city) for city in self.cities]
        seen: list[int] = []
        for index, field in enumerate(self.fields):
            for city in field.cities:
                if edges_of(city) not in cities:
                    raise ValueError(f"fields.{index}.cities: borders a city {city!r} that the tile does not have")
            seen += halves_of(field.halves)
        wanted_halves = sorted(h for h in range(8) if self.edges[h // 2] != "C")
        if sorted(seen) != wanted_halves:
            raise ValueError(
                f"fields: half-edges {sorted(seen)} must cover exactly the non-city halves {wanted_halves}"
            )
        return self


class TextValue(DataModel):
    value: StrictStr
    provenance: Provenance
    source: StrictStr | None = None


class NumberValue(DataModel):
    value: StrictInt = Field(ge=0)
    provenance: Provenance
    source: StrictStr | None = None


class TilesFile(DataFile):
    """tiles.json: the tile types of the base game and of the River."""

    about: StrictStr | None = Field(default=None, alias="_about")
    provenance_values: dict[Provenance, StrictStr] | None = None
    start_tile: TextValue
    base: dict[str, TileModel] = Field(min_length=1)
    river: dict[str, TileModel] = Field(default_factory=dict)
    spring: TextValue
    lake: TextValue

    @model_validator(mode="after")
    def _special_tiles(self) -> Self:
        if set(self.base) & set(self.river):
            raise ValueError(f"river: codes {sorted(set(self.base) & set(self.river))} are also base tile types")
        for label, entry, group, name in (
            ("start_tile", self.start_tile, self.base, "base"),
            ("spring", self.spring, self.river, "river"),
            ("lake", self.lake, self.river, "river"),
        ):
            if entry.value not in group:
                raise ValueError(f"{label}.value: {entry.value!r} is not a {name} tile type")
        return self


class RulesFile(DataFile):
    """rules.json: the numbers of the scoring rules, each with its provenance."""

    about: StrictStr | None = Field(default=None, alias="_about")
    followers_per_player: NumberValue
    score_markers_per_player: NumberValue
    road_per_tile: NumberValue
    city_per_tile: NumberValue
    city_per_pennant: NumberValue
    small_city_tiles: NumberValue
    small_city_per_tile: NumberValue
    small_city_per_pennant: NumberValue
    cloister_complete: NumberValue
    end_road_per_tile: NumberValue
    end_city_per_tile: NumberValue
    end_city_per_pennant: NumberValue
    end_cloister_base: NumberValue
    farm_first_edition_per_city: NumberValue
    farm_third_edition_per_city: NumberValue
    river_tiles_before_lake: NumberValue


@dataclass(frozen=True, slots=True)
class FieldSpec:
    halves: tuple[int, ...]  # half-edge indices 0..7 (Nw Ne En Es Se Sw Ws Wn)
    cities: tuple[int, ...]  # indices into the tile's city list


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One tile type in its printed orientation."""

    code: str
    name: str
    count: int
    edges: str  # four letters N, E, S, W
    cloister: bool
    pennant: bool
    cities: tuple[tuple[int, ...], ...]  # edges of each city segment
    roads: tuple[tuple[int, ...], ...]
    rivers: tuple[tuple[int, ...], ...]
    fields: tuple[FieldSpec, ...]
    river: bool  # part of the River expansion


@dataclass(frozen=True, slots=True)
class TileData:
    tiles: tuple[TileSpec, ...]  # base types first, then river types
    start: str
    spring: str
    lake: str
    rules: dict[str, int]


def tile_spec(code: str, model: TileModel, river: bool) -> TileSpec:
    cities = tuple(edges_of(city) for city in model.cities)
    return TileSpec(
        code=code,
        name=model.name,
        count=model.count,
        edges=model.edges,
        cloister=model.cloister,
        pennant=model.pennant,
        cities=cities,
        roads=tuple(edges_of(road) for road in model.roads),
        rivers=tuple(edges_of(segment) for segment in model.river),
        fields=tuple(
            FieldSpec(halves_of(field.halves), tuple(cities.index(edges_of(city)) for city in field.cities))
            for field in model.fields
        ),
        river=river,
    )


def tile_data(tiles: TilesFile, rules: RulesFile, tiles_source: str = TILES_FILE.name) -> TileData:
    """The validated models as the game's plain data; checks what spans both files."""
    specs = [tile_spec(code, model, False) for code, model in tiles.base.items()]
    specs += [tile_spec(code, model, True) for code, model in tiles.river.items()]
    numbers = {
        key: entry.value
        for key, entry in ((key, getattr(rules, key)) for key in RulesFile.model_fields)
        if isinstance(entry, NumberValue)
    }
    special = (tiles.spring.value, tiles.lake.value)
    river_middle = sum(spec.count for spec in specs if spec.river and spec.code not in special)
    if tiles.river and river_middle != numbers["river_tiles_before_lake"]:
        raise DataError(
            f"{tiles_source}: river: {river_middle} river tiles besides spring and lake, "
            f"but {RULES_FILE.name} river_tiles_before_lake says {numbers['river_tiles_before_lake']}"
        )
    return TileData(tuple(specs), tiles.start_tile.value, tiles.spring.value, tiles.lake.value, numbers)


def load(tiles_path: Path = TILES_FILE, rules_path: Path = RULES_FILE) -> TileData:
    """Read, validate and convert the two data files."""
    return tile_data(load_model(TilesFile, tiles_path), load_model(RulesFile, rules_path), tiles_path.name)
