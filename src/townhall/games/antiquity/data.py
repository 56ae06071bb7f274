"""The pydantic model of antiquity.json (map tiles, layouts, city buildings, house and
countryside costs, supplies), loaded once into plain data. Decisions: RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator

from townhall.engine.datafile import DataFile, DataModel, load_model, validate_model

DATA_DIR = Path(__file__).parent / "data"
DATA_FILE = DATA_DIR / "antiquity.json"

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
SAINTS = ("nicholas", "barbara", "christopher", "george", "maria")  # their numbers in the state
TILE_NAMES = tuple(f"TILE_{index}" for index in range(8))
TILE_ROW_LENGTHS = [5, 6, 7, 8, 9, 8, 7, 6, 5]
COUNTRYSIDE = ("woodcutter", "mine", "fisherman", "farm", "inn", "city")
# The tables of the data file that must name every entry of a fixed list.
REQUIRED_KEYS = {"tiles": TILE_NAMES, "buildings": BUILDINGS[:17], "countryside_costs": COUNTRYSIDE}

Provenance = Literal["official", "transcribed", "stand-in"]
GoodName = Literal["grain", "sheep", "olives", "fish", "gold", "wine", "pearls", "dye", "wood", "stone"]
TileName = Literal["TILE_0", "TILE_1", "TILE_2", "TILE_3", "TILE_4", "TILE_5", "TILE_6", "TILE_7"]
BuildingName = Literal[
    "market", "explorer", "harbor", "university", "biology", "alchemy", "theology", "philosophy",
    "brewery", "hospital", "forced_labour", "stables", "cathedral", "dump", "granary", "cart_shop", "fountain",
]  # fmt: skip
Count = Annotated[int, Field(ge=0, strict=True)]
Positive = Annotated[int, Field(ge=1, strict=True)]
Flag = Annotated[bool, Field(strict=True)]
Hex = tuple[int, int]


def _require_keys(value: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    missing = [key for key in keys if key not in value]
    if missing:
        raise ValueError(f"missing entries {missing} (expected exactly {list(keys)})")
    return value


class Sourced(DataModel):
    """An entry with its provenance (official, transcribed or stand-in)."""

    provenance: Provenance


class TileFace(Sourced):
    cells: str = Field(description="9 rows of 5..9..5 letters F P M W separated by '/'; lowercase = exploration")

    @field_validator("cells")
    @classmethod
    def _face(cls, cells: str) -> str:
        rows = cells.split("/")
        if [len(row) for row in rows] != TILE_ROW_LENGTHS:
            raise ValueError("rows must have 5..9..5 hexes")
        flat = "".join(rows)
        if not set(flat) <= set("FPMWfpmw"):
            raise ValueError("letters must be F, P, M, W (lowercase: exploration)")
        if sum(letter.islower() for letter in flat) != 2:
            raise ValueError("every face has exactly 2 exploration hexes")
        return cells


class TilePairs(Sourced):
    value: list[tuple[TileName, TileName]] = Field(min_length=1)


class Layout(Sourced):
    centres: list[Hex]
    start_tiles: list[Count]


class CostItems(DataModel):
    """A price in goods: exact wood/stone, counts of food and luxuries (or different luxuries)."""

    wood: Count = 0
    stone: Count = 0
    food: Count = 0
    lux: Count = 0
    lux_different: Count | None = None
    seed: Count = 0


class CountrysideCost(CostItems, Sourced):
    pass


class Building(Sourced):
    cells: str = Field(pattern=r"^[#.]+(/[#.]+)*$", description="rows of # and . separated by '/'")
    cost: CostItems
    manned: Flag
    multiple: Flag

    @field_validator("cells")
    @classmethod
    def _shape(cls, cells: str) -> str:
        if "#" not in cells:
            raise ValueError("cells must be rows of # and . with at least one #")
        return cells


class SizeList(Sourced):
    value: list[tuple[Positive, Positive]] = Field(min_length=1)


class HouseCost(Sourced):
    food: Count
    lux: Count
    different: Flag = False


class GoodKinds(Sourced):
    food: list[GoodName]
    luxury: list[GoodName]
    building: list[GoodName]


class Supply(Sourced):
    cart_shop: Positive
    storage: Positive
    fountain: Positive
    fisherman: Positive
    inns_per_player: Positive
    cities_per_player: Positive
    goods_each: Positive


class GoodList(Sourced):
    value: list[GoodName] = Field(min_length=1)


class Start(Sourced):
    wood: Count
    famine: Count
    free_houses: list[Positive]
    first_city_grid: tuple[Positive, Positive]
    later_city_grid: tuple[Positive, Positive]


class AntiquityFile(DataFile):
    """antiquity.json: every component fact of the game, each entry with its provenance."""

    about: str = Field(alias="_about")
    source: str = Field(alias="_source")
    tile_encoding: str
    tiles: dict[TileName, TileFace]
    tile_pairs: TilePairs
    layouts: dict[Literal["2", "3", "4"], Layout]
    buildings: dict[BuildingName, Building]
    storage_sizes: SizeList
    house_costs: dict[str, HouseCost]
    countryside_costs: dict[Literal["woodcutter", "mine", "fisherman", "farm", "inn", "city"], CountrysideCost]
    goods: GoodKinds
    supply: Supply
    exploration_per_player: GoodList
    start: Start

    @field_validator(*REQUIRED_KEYS)
    @classmethod
    def _all_entries(cls, entries: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        return _require_keys(entries, REQUIRED_KEYS[info.field_name or ""])

    @field_validator("layouts")
    @classmethod
    def _layouts(cls, layouts: dict[str, Layout]) -> dict[str, Layout]:
        _require_keys(layouts, ("2", "3", "4"))
        for players, layout in layouts.items():
            count = int(players)
            if len(layout.centres) != 2 * count:
                raise ValueError(f"{players}: needs {2 * count} tiles")
            starts = layout.start_tiles
            if len(starts) != count or not all(s < len(layout.centres) for s in starts):
                raise ValueError(f"{players}: bad start tiles ({count} tiles among the centres)")
        return layouts

    @field_validator("house_costs")
    @classmethod
    def _houses(cls, houses: dict[str, HouseCost]) -> dict[str, HouseCost]:
        numbers = tuple(str(number) for number in range(1, 21))
        unknown = sorted(set(houses) - set(numbers))
        if unknown:
            raise ValueError(f"unknown houses {unknown} (expected 1..20)")
        _require_keys(houses, numbers)
        if any(houses[str(n)].food or houses[str(n)].lux for n in range(1, 5)):
            raise ValueError("houses 1-4 are free (seed)")
        last = houses["20"]
        if (last.food, last.lux, last.different) != (3, 3, True):
            raise ValueError("house 20 costs 3D food + 3D lux (seed)")
        return houses


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


def _cost(items: CostItems) -> Cost:
    exact = tuple(
        (GOOD_INDEX[name], amount) for name, amount in (("wood", items.wood), ("stone", items.stone)) if amount
    )
    if items.lux_different is not None:
        return Cost(exact, items.food, False, items.lux_different, True)
    return Cost(exact, items.food, False, items.lux, False)


def _shape(cells: str) -> tuple[tuple[int, int], ...]:
    """The (x, y) squares marked # in rows separated by '/'."""
    return tuple((x, y) for y, row in enumerate(cells.split("/")) for x, letter in enumerate(row) if letter == "#")


def build(file: AntiquityFile) -> AntiquityData:
    """Turn the validated file into the plain data the rules read (once, at import)."""
    houses = [file.house_costs[str(number)] for number in range(1, 21)]
    buildings: dict[str, Building] = {str(name): entry for name, entry in file.buildings.items()}
    country: dict[str, CountrysideCost] = {str(name): entry for name, entry in file.countryside_costs.items()}
    tiles: dict[str, TileFace] = {str(name): entry for name, entry in file.tiles.items()}
    supply = file.supply.model_dump(exclude={"provenance"})
    return AntiquityData(
        tiles=tuple("".join(tiles[name].cells.split("/")) for name in TILE_NAMES),
        tile_pairs=tuple((int(a[-1]), int(b[-1])) for a, b in file.tile_pairs.value),
        layouts={
            int(players): (tuple(layout.centres), tuple(layout.start_tiles))
            for players, layout in sorted(file.layouts.items())
        },
        buildings={
            name: BuildingSpec(name, _shape(entry.cells), _cost(entry.cost), entry.manned)
            for name in BUILDINGS[:17]
            for entry in (buildings[name],)
        },
        storage_sizes=tuple(file.storage_sizes.value),
        house_costs=tuple(Cost((), house.food, house.different, house.lux, house.different) for house in houses),
        country_costs={name: _cost(country[name]) for name in COUNTRYSIDE},
        supply={key: int(value) for key, value in supply.items()},
        exploration=tuple(GOOD_INDEX[good] for good in file.exploration_per_player.value),
        start_wood=file.start.wood,
    )


def parse(raw: Any, source: str = DATA_FILE.name) -> AntiquityData:
    """Validate already-parsed JSON; DataError names `source`, the field and what was expected."""
    return build(validate_model(AntiquityFile, raw, source))


def load(path: Path = DATA_FILE) -> AntiquityData:
    return build(load_model(AntiquityFile, path))


DATA = load()
