"""The piece catalogue: shapes, their distinct rotations (never mirrored, MYC-GEN-3), the sets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from townhall.games.my_city.data import DATA_DIR, DataError, check_provenance, read_json

MAX_PIECES = 32  # fixed size of the action space's piece field
COLOURS = "YRBCN"  # residential, public, industrial, church, neutral (the chapter 5 investor)
ROTATIONS = (0, 90, 180, 270)

Cells = tuple[tuple[int, int], ...]


def _normalise(cells: list[tuple[int, int]]) -> Cells:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def rotations(cells: Cells) -> tuple[Cells | None, ...]:
    """Cells of each clockwise rotation (0, 90, 180, 270), None where it repeats an earlier one."""
    out: list[Cells | None] = []
    seen: set[Cells] = set()
    current = list(cells)
    for _ in ROTATIONS:
        shape = _normalise(current)
        out.append(None if shape in seen else shape)
        seen.add(shape)
        current = [(c, -r) for r, c in current]  # clockwise quarter turn
    return tuple(out)


def _connected(cells: Cells) -> bool:
    todo = [cells[0]]
    seen = {cells[0]}
    while todo:
        r, c = todo.pop()
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


@dataclass(frozen=True, slots=True)
class Piece:
    index: int
    id: str
    colour: int  # index into COLOURS
    shape: str
    cells: Cells
    turns: tuple[Cells | None, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True, slots=True)
class PieceSet:
    name: str
    pieces: tuple[int, ...]
    blockade: bool


@dataclass(frozen=True, slots=True)
class Catalogue:
    pieces: tuple[Piece, ...]
    by_id: dict[str, int]
    sets: dict[str, PieceSet]


def catalogue_from_json(data: Any, where: str) -> Catalogue:
    if not isinstance(data, dict) or data.get("format") != "my-city-pieces/1":
        raise DataError(f"{where}: 'format' must be 'my-city-pieces/1'")
    shapes: dict[str, Cells] = {}
    for name, spec in dict(data.get("shapes", {})).items():
        check_provenance(f"{where}: shape {name}", spec.get("provenance"))
        rows = spec.get("rows")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise DataError(f"{where}: shape {name} needs 'rows' of text")
        if any(ch not in "#." for row in rows for ch in row):
            raise DataError(f"{where}: shape {name} uses only '#' and '.'")
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]
        if not cells:
            raise DataError(f"{where}: shape {name} has no cell")
        shape = _normalise(cells)
        if not _connected(shape):
            raise DataError(f"{where}: shape {name} is not connected orthogonally")
        if max(max(r, c) for r, c in shape) >= 11:
            raise DataError(f"{where}: shape {name} does not fit an 11x11 board")
        shapes[name] = shape
    pieces: list[Piece] = []
    by_id: dict[str, int] = {}
    for spec in data.get("pieces", []):
        pid = spec.get("id")
        check_provenance(f"{where}: piece {pid}", spec.get("provenance"))
        if not isinstance(pid, str) or pid in by_id:
            raise DataError(f"{where}: piece id {pid!r} is missing or repeated")
        colour = spec.get("colour")
        if not isinstance(colour, str) or colour not in COLOURS:
            raise DataError(f"{where}: piece {pid} has colour {colour!r}; colours are {', '.join(COLOURS)}")
        shape_name = spec.get("shape")
        if shape_name not in shapes:
            raise DataError(f"{where}: piece {pid} names unknown shape {shape_name!r}")
        shape_cells = shapes[shape_name]
        by_id[pid] = len(pieces)
        pieces.append(Piece(len(pieces), pid, COLOURS.index(colour), shape_name, shape_cells, rotations(shape_cells)))
    if len(pieces) > MAX_PIECES:
        raise DataError(f"{where}: at most {MAX_PIECES} pieces, found {len(pieces)}")
    sets: dict[str, PieceSet] = {}
    for name, spec in dict(data.get("sets", {})).items():
        check_provenance(f"{where}: set {name}", spec.get("provenance"))
        ids = spec.get("pieces", [])
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            raise DataError(f"{where}: set {name} names unknown pieces {', '.join(map(str, unknown))}")
        sets[name] = PieceSet(name, tuple(by_id[i] for i in ids), bool(spec.get("blockade", False)))
    for required in ("evergreen", "legacy"):
        if required not in sets:
            raise DataError(f"{where}: the piece file needs a set named {required!r}")
    return Catalogue(tuple(pieces), by_id, sets)


def load_catalogue(path: Path = DATA_DIR / "pieces.json") -> Catalogue:
    return catalogue_from_json(read_json(path), str(path))


CATALOGUE = load_catalogue()
