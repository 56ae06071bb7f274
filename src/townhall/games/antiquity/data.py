"""Loads and validates antiquity.json: map tiles, layouts, city buildings, house costs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
DATA_FILE = DATA_DIR / "antiquity.json"
PROVENANCES = ("official", "transcribed", "stand-in")

GOODS = ("grain", "sheep", "olives", "fish", "gold", "wine", "pearls", "dye", "wood", "stone")
FOOD = (0, 1, 2, 3)
LUX = (4, 5, 6, 7)
WOOD, STONE = 8, 9
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}

# The building types of a player's set (and the public ones), in a fixed order.
BUILDINGS = (
    "market", "explorer", "harbor", "university", "biology", "alchemy", "theology", "philosophy",
    "brewery", "hospital", "forced_labour", "stables", "cathedral", "dump", "granary",
    "cart_shop", "fountain", "storage", "house",
)  # fmt: skip
FACULTIES = ("biology", "alchemy", "theology", "philosophy")


class DataError(ValueError):
    """A data file that breaks the expected layout; the message says what and where."""


@dataclass(frozen=True, slots=True)
class Cost:
    """A price: exact goods plus counts of food / luxury (optionally all different)."""

    exact: tuple[tuple[int, int], ...] = ()
    food: int = 0
    food_different: bool = False
    lux: int = 0
    lux_different: bool = False


@dataclass(frozen=True, slots=True)
class BuildingSpec:
    name: str
    cells: tuple[tuple[int, int], ...]  # (x, y) squares of the unrotated shape
    cost: Cost
    manned: bool


@dataclass(frozen=True, slots=True)
class AntiquityData:
    tiles: tuple[str, ...]  # 8 faces, 61 letters each in the encoding order
    tile_pairs: tuple[tuple[int, int], ...]
    layouts: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]]
    buildings: dict[str, BuildingSpec]
    storage_sizes: tuple[tuple[int, int], ...]
    house_costs: tuple[Cost, ...]  # index 0 = house 1
    country_costs: dict[str, Cost]
    supply: dict[str, int]
    exploration: tuple[int, ...]
    start_wood: int


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise DataError(f"{DATA_FILE.name}: {where}: {what}")


def _prov(entry: Any, where: str) -> None:
    _need(isinstance(entry, dict), where, "must be an object")
    _need(entry.get("provenance") in PROVENANCES, where, f"provenance must be one of {PROVENANCES}")


def _cost(raw: dict[str, Any], where: str) -> Cost:
    exact: list[tuple[int, int]] = []
    food = lux = 0
    food_d = lux_d = False
    for key, value in raw.items():
        if key == "provenance":
            continue
        _need(isinstance(value, int) and value >= 0, where, f"cost {key} must be a whole number")
        if key in ("wood", "stone"):
            exact.append((GOOD_INDEX[key], value))
        elif key == "food":
            food = value
        elif key == "lux":
            lux = value
        elif key == "lux_different":
            lux, lux_d = value, True
        elif key == "seed":
            continue
        else:
            raise DataError(f"{DATA_FILE.name}: {where}: unknown cost item {key!r}")
    return Cost(tuple(exact), food, food_d, lux, lux_d)


def parse(raw: Any) -> AntiquityData:
    _need(isinstance(raw, dict), "top", "must be an object")
    tiles = []
    for index in range(8):
        key = f"TILE_{index}"
        entry = raw.get("tiles", {}).get(key)
        _prov(entry, f"tiles.{key}")
        text = entry["cells"]
        rows = text.split("/")
        _need([len(r) for r in rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5], f"tiles.{key}", "rows must have 5..9..5 hexes")
        flat = "".join(rows)
        _need(set(flat) <= set("FPMWfpmw"), f"tiles.{key}", "letters must be F, P, M, W (lowercase: exploration)")
        _need(sum(c.islower() for c in flat) == 2, f"tiles.{key}", "every face has exactly 2 exploration hexes")
        tiles.append(flat)
    pairs_entry = raw.get("tile_pairs")
    _prov(pairs_entry, "tile_pairs")
    pairs = tuple((int(a[-1]), int(b[-1])) for a, b in pairs_entry["value"])
    layouts: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}
    for players in (2, 3, 4):
        entry = raw.get("layouts", {}).get(str(players))
        _prov(entry, f"layouts.{players}")
        centres = tuple((int(q), int(r)) for q, r in entry["centres"])
        starts = tuple(int(s) for s in entry["start_tiles"])
        _need(len(centres) == 2 * players, f"layouts.{players}", f"needs {2 * players} tiles")
        _need(
            len(starts) == players and all(0 <= s < len(centres) for s in starts),
            f"layouts.{players}",
            "bad start tiles",
        )
        layouts[players] = (centres, starts)
    buildings: dict[str, BuildingSpec] = {}
    for name in BUILDINGS[:17]:
        entry = raw.get("buildings", {}).get(name)
        _prov(entry, f"buildings.{name}")
        rows = entry["cells"].split("/")
        cells = tuple((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")
        _need(
            bool(cells) and all(set(r) <= {"#", "."} for r in rows),
            f"buildings.{name}",
            "cells must be rows of # and .",
        )
        _need(isinstance(entry.get("manned"), bool), f"buildings.{name}", "manned must be true or false")
        buildings[name] = BuildingSpec(name, cells, _cost(entry["cost"], f"buildings.{name}.cost"), entry["manned"])
    sizes_entry = raw.get("storage_sizes")
    _prov(sizes_entry, "storage_sizes")
    sizes = tuple((int(w), int(h)) for w, h in sizes_entry["value"])
    houses = []
    for number in range(1, 21):
        entry = raw.get("house_costs", {}).get(str(number))
        _prov(entry, f"house_costs.{number}")
        d = bool(entry.get("different", False))
        houses.append(Cost((), int(entry["food"]), d, int(entry["lux"]), d))
    _need(all(houses[i] == Cost() for i in range(4)), "house_costs", "houses 1-4 are free (seed)")
    _need(houses[19] == Cost((), 3, True, 3, True), "house_costs.20", "house 20 costs 3D food + 3D lux (seed)")
    country: dict[str, Cost] = {}
    for name in ("woodcutter", "mine", "fisherman", "farm", "inn", "city"):
        entry = raw.get("countryside_costs", {}).get(name)
        _prov(entry, f"countryside_costs.{name}")
        country[name] = _cost(entry, f"countryside_costs.{name}")
    supply_entry = raw.get("supply")
    _prov(supply_entry, "supply")
    supply = {k: int(v) for k, v in supply_entry.items() if k != "provenance"}
    explo = raw.get("exploration_per_player")
    _prov(explo, "exploration_per_player")
    start = raw.get("start")
    _prov(start, "start")
    return AntiquityData(
        tiles=tuple(tiles),
        tile_pairs=pairs,
        layouts=layouts,
        buildings=buildings,
        storage_sizes=sizes,
        house_costs=tuple(houses),
        country_costs=country,
        supply=supply,
        exploration=tuple(GOOD_INDEX[g] for g in explo["value"]),
        start_wood=int(start["wood"]),
    )


def load(path: Path = DATA_FILE) -> AntiquityData:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"cannot read {path}: {error}") from None
    try:
        return parse(raw)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        if isinstance(error, DataError):
            raise
        raise DataError(f"{path.name}: malformed entry ({error!r})") from None


DATA = load()
