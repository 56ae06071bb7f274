"""The pydantic models of My City's data files (boards, the piece set, the campaign chapters) and
the board's plain form; every problem is a DataError naming the file, the field and what was
expected (engine.datafile)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Generic, Literal, TypeVar

from pydantic import AfterValidator, BeforeValidator, Field, StrictBool, StrictInt, field_validator, model_validator

from townhall.engine.datafile import DataFile, DataModel, load_model, validate_model

DATA_DIR = Path(__file__).resolve().parent / "data"
SIZE: Final = 11
CELLS: Final = SIZE * SIZE
COLUMNS = "ABCDEFGHIJK"
UNBUILDABLE = 26  # public fact: 26 mountain/forest cells
MAX_PIECES: Final = 32  # fixed size of the action space's piece field
CELL_CODES = set("MF.otTrRWG")
COLOUR_NAMES = ("yellow", "red", "blue")
STICKER_KINDS = ("tree", "rock", "well")

PROVENANCES = ("official", "transcribed", "stand-in")


def _provenance(value: Any) -> Any:
    if value not in PROVENANCES:
        raise ValueError(f"provenance must be one of {', '.join(PROVENANCES)}, not {value!r}")
    return value


Provenance = Annotated[Literal["official", "transcribed", "stand-in"], BeforeValidator(_provenance)]
StickerKind = Literal["tree", "rock", "well"]


def cell_name(cell: int) -> str:
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


def parse_cell(text: str) -> int:
    """'C4' -> cell index (column letter, row number from the top); raises ValueError."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a cell like C4")
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        raise ValueError(f"row {row} is outside 1..{SIZE}")
    return (row - 1) * SIZE + COLUMNS.index(text[0])


def _cell(text: str) -> str:
    parse_cell(text)
    return text


CellName = Annotated[str, AfterValidator(_cell)]

# ---------------------------------------------------------------------------------- boards


def _row_count(rows: Any) -> Any:
    if isinstance(rows, list) and len(rows) != SIZE:
        raise ValueError(f"must list {SIZE} rows, found {len(rows)}")
    return rows


def check_row(row: str) -> str:
    """One row: 11 cell codes, the river marked once with '|' between two cells (ValueError)."""
    compact = row.replace(" ", "")
    if compact.count("|") != 1:
        raise ValueError(f"a row must mark the river exactly once with '|', found {compact.count('|')}")
    codes = compact.replace("|", "")
    if len(codes) != SIZE:
        raise ValueError(f"the row has {len(codes)} cells, a board row has {SIZE}")
    bad = sorted(set(codes) - CELL_CODES)
    if bad:
        raise ValueError(f"unknown cell code(s) {''.join(bad)!r} (known: {''.join(sorted(CELL_CODES))})")
    if not 1 <= compact.index("|") <= SIZE - 1:
        raise ValueError("the river must run between two cells, not at the board edge")
    return row


def check_rows(rows: list[str]) -> list[str]:
    """The whole board: 26 mountain/forest cells in their bands, two gold mines or none (ValueError)."""
    compact = [row.replace(" ", "") for row in rows]
    text = "".join(row.replace("|", "") for row in compact)
    blocked = text.count("M") + text.count("F")
    if blocked != UNBUILDABLE:
        raise ValueError(f"the board has {blocked} mountain/forest cells; the game's boards have {UNBUILDABLE}")
    for number, row in enumerate(compact, 1):
        west, east = row.split("|")
        if "F" in west or "M" in east:
            raise ValueError(f"row {number}: mountains lie west of the river and forests east of it")
    if text.count("G") not in (0, 2):
        raise ValueError(f"a board has two gold mines or none, found {text.count('G')}")
    return rows


Row = Annotated[str, AfterValidator(check_row)]


class BoardFile(DataFile):
    """A board file (`board-*.json`, a user's `board=FILE`): 11 rows of cell codes with the river."""

    format: Literal["my-city-board/1"]
    name: str | None = None
    provenance: Provenance
    notes: str = ""
    legend: dict[str, str] = Field(default_factory=dict)
    provenance_detail: dict[str, Provenance] = Field(default_factory=dict)
    rows: Annotated[list[Row], Field(min_length=SIZE, max_length=SIZE), BeforeValidator(_row_count)]

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: list[str]) -> list[str]:
        return check_rows(rows)


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """A board as text: 11 rows of cell codes and, per row, the river's column (first cell east)."""

    name: str
    cells: str  # 121 codes, row by row
    river: tuple[int, ...]
    provenance: str

    def rows_text(self) -> list[str]:
        out = []
        for r in range(SIZE):
            codes = list(self.cells[r * SIZE : (r + 1) * SIZE])
            codes.insert(self.river[r], "|")
            out.append(" ".join(codes).replace(" | ", "|"))
        return out


def board_spec(model: BoardFile, where: str) -> BoardSpec:
    compact = [row.replace(" ", "") for row in model.rows]
    river = tuple(row.index("|") for row in compact)
    name = where if model.name is None else model.name
    return BoardSpec(name, "".join(row.replace("|", "") for row in compact), river, model.provenance)


def board_from_json(data: Any, where: str) -> BoardSpec:
    return board_spec(validate_model(BoardFile, data, where), where)


def load_board(path: Path) -> BoardSpec:
    return board_spec(load_model(BoardFile, path), str(path))


# ---------------------------------------------------------------------------------- pieces


class ShapeModel(DataModel):
    rows: Annotated[list[Annotated[str, Field(pattern=r"^[#.]+$")]], Field(min_length=1, max_length=SIZE)]
    provenance: Provenance


class PieceModel(DataModel):
    id: Annotated[str, Field(min_length=1)]
    colour: Literal["Y", "R", "B", "C", "N"]
    shape: str
    provenance: Provenance
    notes: str = ""


class PieceSetModel(DataModel):
    pieces: list[str]
    blockade: StrictBool = False
    provenance: Provenance
    notes: str = ""


class ColourModel(DataModel):
    name: str
    colour: str
    provenance: Provenance


class PiecesFile(DataFile):
    """The piece catalogue (`pieces.json`): shapes, pieces (at most 32) and the sets."""

    format: Literal["my-city-pieces/1"]
    name: str = ""
    notes: str = ""
    colours: dict[str, ColourModel] = Field(default_factory=dict)
    shapes: dict[str, ShapeModel]
    pieces: Annotated[list[PieceModel], Field(max_length=MAX_PIECES)]
    sets: dict[str, PieceSetModel]

    @model_validator(mode="after")
    def _names(self) -> PiecesFile:
        ids = [piece.id for piece in self.pieces]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"pieces: piece id(s) {', '.join(repeated)} repeated")
        for piece in self.pieces:
            if piece.shape not in self.shapes:
                raise ValueError(f"pieces: piece {piece.id} names unknown shape {piece.shape!r}")
        for name, chosen in self.sets.items():
            unknown = [i for i in chosen.pieces if i not in ids]
            if unknown:
                raise ValueError(f"sets.{name}: names unknown pieces {', '.join(unknown)}")
        for required in ("evergreen", "legacy"):
            if required not in self.sets:
                raise ValueError(f"sets: the piece file needs a set named {required!r}")
        return self


# ---------------------------------------------------------------------------------- campaign

T = TypeVar("T")


class Value(DataModel, Generic[T]):
    """A {value, provenance} pair (note: why a stand-in value was chosen)."""

    value: T
    provenance: Provenance
    note: str = ""


class MineShaft(DataModel):
    colour: Literal["yellow", "red", "blue"]
    cells: Annotated[list[CellName], Field(min_length=1)]

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("colour") not in COLOUR_NAMES:
            raise ValueError(f"a shaft is {{'colour': yellow|red|blue, 'cells': [...]}}, not {data!r}")
        if not isinstance(data.get("cells"), list) or not data["cells"]:
            raise ValueError(f"a shaft lists its cells, entrance first: {data!r}")
        return data


Count = Annotated[StrictInt, Field(ge=0)]


class RuleValues(DataModel):
    """Rule values of the base, a chapter or an episode (each optional: the later ones override)."""

    start_score: Value[StrictInt] | None = None
    pass_allowed: Value[StrictBool] | None = None
    no_pass_episodes: Value[list[StrictInt]] | None = None
    churches: Value[StrictBool] | None = None
    blockade: Value[StrictBool] | None = None
    wells: Value[StrictBool] | None = None
    well_points: Value[StrictInt] | None = None
    gold_mines: Value[StrictBool] | None = None
    gold_points: Value[StrictInt] | None = None
    colour_groups: Value[StrictBool] | None = None
    church_bonus: Value[StrictInt] | None = None
    east_only: Value[StrictBool] | None = None
    railroad_points: Value[StrictInt] | None = None
    palace: Value[CellName | Literal[""]] | None = None
    well_cells_plain: Value[StrictBool] | None = None
    investor_points: Value[StrictInt] | None = None
    # Chapter mechanics added later: optional in a chapter file (the defaults switch them off).
    church4_shapes: Value[list[str]] | None = None
    church4_from: Value[StrictInt] | None = None
    extra_land: Value[list[CellName]] | None = None
    mine_shafts: Value[list[MineShaft]] | None = None
    mine_rewards: Value[list[StrictInt]] | None = None
    factory_marks: Value[list[str]] | None = None
    remove_unmarked_blue: Value[StrictBool] | None = None
    park_points: Value[StrictInt] | None = None
    park_min_cells: Value[Count] | None = None

    @model_validator(mode="before")
    @classmethod
    def _known(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key in data:
                if key not in cls.model_fields:
                    raise ValueError(f"unknown rule {key!r} (known: {', '.join(cls.model_fields)})")
        return data

    def values(self) -> dict[str, Any]:
        """The rules given here as plain values (mine shafts as {colour, cells} objects)."""
        out: dict[str, Any] = {}
        for key in type(self).model_fields:
            item = getattr(self, key)
            if item is not None:
                value = item.value
                if key == "mine_shafts":
                    value = [{"colour": shaft.colour, "cells": list(shaft.cells)} for shaft in value]
                out[key] = value
        return out


OPTIONAL_RULES = (
    "church4_shapes",
    "church4_from",
    "extra_land",
    "mine_shafts",
    "mine_rewards",
    "factory_marks",
    "remove_unmarked_blue",
    "park_points",
    "park_min_cells",
)
Stickers = Value[list[StickerKind]]


class Awards(DataModel):
    first: Stickers
    second: Stickers
    other: Stickers


class ChapterModel(DataModel):
    chapter: Annotated[StrictInt, Field(ge=1)]
    episodes: list[StrictInt] = Field(default_factory=list)
    title: str = ""
    rules: RuleValues = RuleValues()
    episode_rules: dict[str, RuleValues] = Field(default_factory=dict)
    awards: Awards
    start_stickers: dict[str, Stickers] = Field(default_factory=dict)
    notes: str = ""


class Progress(DataModel):
    three_or_four: Value[list[Count]] = Field(alias="3-4")
    two: Value[list[Count]] = Field(alias="2")
    reach_50: Value[Count]


class CampaignFile(DataFile):
    """The campaign's chapter modules (`campaign.json`, a user's `chapters=FILE`)."""

    format: Literal["my-city-campaign/1"]
    name: str = ""
    notes: str = ""
    episodes: Value[Annotated[StrictInt, Field(ge=1)]]
    episodes_per_chapter: Value[Annotated[StrictInt, Field(ge=1)]]
    marks_per_row: Value[Annotated[StrictInt, Field(ge=1)]]
    progress: Progress
    cap: Value[Count]
    base_rules: RuleValues
    chapters: list[ChapterModel] = Field(default_factory=list)

    @model_validator(mode="after")
    def _whole(self) -> CampaignFile:
        given = self.base_rules.values()
        missing = [key for key in RuleValues.model_fields if key not in given and key not in OPTIONAL_RULES]
        if missing:
            raise ValueError(f"base_rules lacks {', '.join(missing)}")
        for number, chapter in enumerate(self.chapters, 1):
            if chapter.chapter != number:
                raise ValueError(f"chapter {number}: chapters must be numbered 1, 2, ... in order")
        per_chapter, episodes = self.episodes_per_chapter.value, self.episodes.value
        if len(self.chapters) * per_chapter != episodes:
            raise ValueError(f"{len(self.chapters)} chapters of {per_chapter} do not make {episodes} episodes")
        return self


def builtin_files() -> list[Path]:
    return sorted(DATA_DIR.glob("*.json"))
