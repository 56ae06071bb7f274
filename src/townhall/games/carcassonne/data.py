"""Loads and checks the game's data files (tile types and scoring numbers).

A bad file is rejected with a DataError that says which file, which entry and what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall.engine.errors import TownhallError

DATA_DIR = Path(__file__).parent / "data"
TILES_FILE = DATA_DIR / "tiles.json"
RULES_FILE = DATA_DIR / "rules.json"
DATA_FILES = (TILES_FILE, RULES_FILE)

PROVENANCES = ("official", "transcribed", "stand-in")
EDGE_NAMES = ("N", "E", "S", "W")
HALF_NAMES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
EDGE_LETTERS = "FRCI"  # field, road, city, river

RULE_KEYS = (
    "followers_per_player",
    "score_markers_per_player",
    "road_per_tile",
    "city_per_tile",
    "city_per_pennant",
    "small_city_tiles",
    "small_city_per_tile",
    "small_city_per_pennant",
    "cloister_complete",
    "end_road_per_tile",
    "end_city_per_tile",
    "end_city_per_pennant",
    "end_cloister_base",
    "farm_first_edition_per_city",
    "farm_third_edition_per_city",
    "river_tiles_before_lake",
)


class DataError(TownhallError):
    """A data file that the game cannot use."""


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


def _fail(where: str, message: str) -> DataError:
    return DataError(f"bad Carcassonne data in {where}: {message}")


def _edges_of(text: object, where: str) -> tuple[int, ...]:
    if not isinstance(text, str) or not text:
        raise _fail(where, f"a segment must name edges like 'N+W', not {text!r}")
    parts = text.split("+")
    if any(p not in EDGE_NAMES for p in parts) or len(set(parts)) != len(parts):
        raise _fail(where, f"unknown or repeated edge in {text!r} (edges are N, E, S, W)")
    return tuple(EDGE_NAMES.index(p) for p in parts)


def _check_provenance(record: dict[str, Any], where: str) -> None:
    if record.get("provenance") not in PROVENANCES:
        raise _fail(where, f"provenance must be one of {', '.join(PROVENANCES)}, not {record.get('provenance')!r}")


def _tile(code: str, raw: object, river: bool, where: str) -> TileSpec:
    if not isinstance(raw, dict):
        raise _fail(where, "a tile must be an object")
    _check_provenance(raw, where)
    edges = raw.get("edges")
    if not isinstance(edges, str) or len(edges) != 4 or any(c not in EDGE_LETTERS for c in edges):
        raise _fail(where, f"edges must be 4 letters of {EDGE_LETTERS} (N, E, S, W), not {edges!r}")
    count = raw.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise _fail(where, f"count must be a positive whole number, not {count!r}")
    for key in ("cloister", "pennant"):
        if not isinstance(raw.get(key), bool):
            raise _fail(where, f"{key} must be true or false")
    cities = tuple(_edges_of(c, f"{where} cities") for c in raw.get("cities", []))
    roads = tuple(_edges_of(c, f"{where} roads") for c in raw.get("roads", []))
    rivers = tuple(_edges_of(c, f"{where} river") for c in raw.get("river", []))
    for letter, segments, label in (("C", cities, "city"), ("R", roads, "road"), ("I", rivers, "river")):
        covered = sorted(e for seg in segments for e in seg)
        wanted = [e for e in range(4) if edges[e] == letter]
        if covered != wanted:
            raise _fail(where, f"{label} segments cover edges {covered} but the {label} edges are {wanted}")
    fields: list[FieldSpec] = []
    seen: list[int] = []
    for index, f in enumerate(raw.get("fields", [])):
        fw = f"{where} field {index}"
        if not isinstance(f, dict) or not isinstance(f.get("halves"), str):
            raise _fail(fw, "a field needs 'halves' like 'Nw+Ne'")
        parts = f["halves"].split("+")
        if any(p not in HALF_NAMES for p in parts):
            raise _fail(fw, f"unknown half-edge in {f['halves']!r} (halves are {' '.join(HALF_NAMES)})")
        halves = tuple(HALF_NAMES.index(p) for p in parts)
        adjacent = tuple(_edges_of(c, fw) for c in f.get("cities", []))
        indices: list[int] = []
        for city in adjacent:
            if city not in cities:
                raise _fail(fw, f"borders a city {city} that the tile does not have")
            indices.append(cities.index(city))
        fields.append(FieldSpec(halves, tuple(indices)))
        seen += halves
    wanted_halves = sorted(h for h in range(8) if edges[h // 2] != "C")
    if sorted(seen) != wanted_halves:
        raise _fail(where, f"field half-edges {sorted(seen)} must cover exactly the non-city halves {wanted_halves}")
    name = raw.get("name")
    return TileSpec(
        code=code,
        name=name if isinstance(name, str) else code,
        count=count,
        edges=edges,
        cloister=raw["cloister"],
        pennant=raw["pennant"],
        cities=cities,
        roads=roads,
        rivers=rivers,
        fields=tuple(fields),
        river=river,
    )


def _value(raw: dict[str, Any], key: str, where: str) -> Any:
    entry = raw.get(key)
    if not isinstance(entry, dict) or "value" not in entry:
        raise _fail(where, f"{key} must be an object with a value and its provenance")
    _check_provenance(entry, f"{where} {key}")
    return entry["value"]


def parse(tiles_raw: object, rules_raw: object) -> TileData:
    """Check and convert the two data files' contents."""
    if not isinstance(tiles_raw, dict) or not isinstance(tiles_raw.get("base"), dict):
        raise _fail(TILES_FILE.name, "the file needs a 'base' object of tile types")
    tiles: list[TileSpec] = []
    for group, river in (("base", False), ("river", True)):
        for code, raw in dict(tiles_raw.get(group, {})).items():
            tiles.append(_tile(code, raw, river, f"{TILES_FILE.name} {group} {code}"))
    codes = [t.code for t in tiles]
    if len(set(codes)) != len(codes):
        raise _fail(TILES_FILE.name, "two tile types share a code")
    start = _value(tiles_raw, "start_tile", TILES_FILE.name)
    spring = _value(tiles_raw, "spring", TILES_FILE.name)
    lake = _value(tiles_raw, "lake", TILES_FILE.name)
    for label, code, river in (("start_tile", start, False), ("spring", spring, True), ("lake", lake, True)):
        if code not in codes or tiles[codes.index(code)].river != river:
            raise _fail(TILES_FILE.name, f"{label} {code!r} is not a {'river' if river else 'base'} tile type")
    if not isinstance(rules_raw, dict):
        raise _fail(RULES_FILE.name, "the file must be an object")
    rules: dict[str, int] = {}
    for key in RULE_KEYS:
        value = _value(rules_raw, key, RULES_FILE.name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail(RULES_FILE.name, f"{key} must be a whole number >= 0, not {value!r}")
        rules[key] = value
    river_middle = sum(t.count for t in tiles if t.river and t.code not in (spring, lake))
    if tiles and any(t.river for t in tiles) and river_middle != rules["river_tiles_before_lake"]:
        raise _fail(
            TILES_FILE.name,
            f"{river_middle} river tiles besides spring and lake, rules say {rules['river_tiles_before_lake']}",
        )
    return TileData(tuple(tiles), start, spring, lake, rules)


def load() -> TileData:
    try:
        tiles_raw = json.loads(TILES_FILE.read_text(encoding="utf-8"))
        rules_raw = json.loads(RULES_FILE.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"cannot read Carcassonne data: {error}") from None
    return parse(tiles_raw, rules_raw)
