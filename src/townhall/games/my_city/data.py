"""Loading and validating the data files (boards, piece set, campaign modules).

Every loader raises DataError with a message that names the file and what is wrong with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall.engine.errors import TownhallError

DATA_DIR = Path(__file__).resolve().parent / "data"
SIZE = 11
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJK"
UNBUILDABLE = 26  # public fact: 26 mountain/forest cells
PROVENANCES = ("official", "transcribed", "stand-in")
CELL_CODES = set("MF.otTrRWG")


class DataError(TownhallError):
    """A data file that cannot be used, with the reason."""


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


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DataError(f"cannot read {path}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise DataError(f"{path} is not JSON: {error.msg} at line {error.lineno}") from None


def check_provenance(where: str, value: object) -> str:
    if value not in PROVENANCES:
        raise DataError(f"{where}: provenance must be one of {', '.join(PROVENANCES)}, not {value!r}")
    return str(value)


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


def board_from_json(data: Any, where: str) -> BoardSpec:
    if not isinstance(data, dict):
        raise DataError(f"{where}: a board file is a JSON object with 'rows'")
    if data.get("format") != "my-city-board/1":
        raise DataError(f"{where}: 'format' must be 'my-city-board/1', not {data.get('format')!r}")
    provenance = check_provenance(where, data.get("provenance"))
    for fact, tag in dict(data.get("provenance_detail", {})).items():
        check_provenance(f"{where}: provenance_detail {fact!r}", tag)
    rows = data.get("rows")
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise DataError(
            f"{where}: 'rows' must list {SIZE} rows, found {len(rows) if isinstance(rows, list) else rows!r}"
        )
    cells: list[str] = []
    river: list[int] = []
    for number, row in enumerate(rows, 1):
        if not isinstance(row, str):
            raise DataError(f"{where}: row {number} is not text")
        compact = row.replace(" ", "")
        if compact.count("|") != 1:
            raise DataError(
                f"{where}: row {number} must mark the river exactly once with '|', found {compact.count('|')}"
            )
        position = compact.index("|")
        codes = compact.replace("|", "")
        if len(codes) != SIZE:
            raise DataError(f"{where}: row {number} has {len(codes)} cells, a board row has {SIZE}")
        bad = sorted(set(codes) - CELL_CODES)
        if bad:
            raise DataError(
                f"{where}: row {number} has unknown cell code(s) {''.join(bad)!r} (known: {''.join(sorted(CELL_CODES))})"
            )
        if not 1 <= position <= SIZE - 1:
            raise DataError(f"{where}: row {number}: the river must run between two cells, not at the board edge")
        cells.extend(codes)
        river.append(position)
    text = "".join(cells)
    blocked = text.count("M") + text.count("F")
    if blocked != UNBUILDABLE:
        raise DataError(f"{where}: the board has {blocked} mountain/forest cells; the game's boards have {UNBUILDABLE}")
    for r in range(SIZE):
        west = [text[r * SIZE + c] for c in range(river[r])]
        east = [text[r * SIZE + c] for c in range(river[r], SIZE)]
        if "F" in west or "M" in east:
            raise DataError(f"{where}: row {r + 1}: mountains lie west of the river and forests east of it")
    if text.count("G") not in (0, 2):
        raise DataError(f"{where}: a board has two gold mines or none, found {text.count('G')}")
    name = str(data.get("name", where))
    return BoardSpec(name, text, tuple(river), provenance)


def load_board(path: Path) -> BoardSpec:
    return board_from_json(read_json(path), str(path))


def unwrap(where: str, item: Any) -> Any:
    """A {value, provenance} pair's value (the provenance is checked)."""
    if not isinstance(item, dict) or "value" not in item:
        raise DataError(f"{where}: expected {{'value': ..., 'provenance': ...}}, got {item!r}")
    check_provenance(where, item.get("provenance"))
    return item["value"]


def builtin_files() -> list[Path]:
    return sorted(DATA_DIR.glob("*.json"))
