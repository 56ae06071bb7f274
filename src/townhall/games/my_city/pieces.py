"""The piece catalogue: shapes, their distinct rotations (never mirrored, MYC-GEN-3), the sets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from townhall.engine.datafile import load_model, validate_model
from townhall.engine.errors import DataError
from townhall.games.my_city.data import DATA_DIR, SIZE, PiecesFile

COLOURS: Final = "YRBCN"  # residential, public, industrial, church, neutral (the chapter 5 investor)
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
    return catalogue_of(validate_model(PiecesFile, data, where), where)


def catalogue_of(model: PiecesFile, where: str) -> Catalogue:
    """The plain catalogue of a validated piece file (shapes checked: connected, fit the board)."""
    shapes: dict[str, Cells] = {}
    for name, spec in model.shapes.items():
        cells = [(r, c) for r, row in enumerate(spec.rows) for c, ch in enumerate(row) if ch == "#"]
        if not cells:
            raise DataError(f"{where}: shapes.{name}.rows: a shape has at least one cell '#'")
        shape = _normalise(cells)
        if not _connected(shape):
            raise DataError(f"{where}: shapes.{name}.rows: the cells must be connected orthogonally")
        if max(max(r, c) for r, c in shape) >= SIZE:
            raise DataError(f"{where}: shapes.{name}.rows: the shape must fit an 11x11 board")
        shapes[name] = shape
    pieces: list[Piece] = []
    by_id: dict[str, int] = {}
    for item in model.pieces:
        shape_cells = shapes[item.shape]
        by_id[item.id] = len(pieces)
        pieces.append(
            Piece(len(pieces), item.id, COLOURS.index(item.colour), item.shape, shape_cells, rotations(shape_cells))
        )
    sets = {
        name: PieceSet(name, tuple(by_id[i] for i in chosen.pieces), chosen.blockade)
        for name, chosen in model.sets.items()
    }
    return Catalogue(tuple(pieces), by_id, sets)


def load_catalogue(path: Path = DATA_DIR / "pieces.json") -> Catalogue:
    return catalogue_of(load_model(PiecesFile, path), path.name)


CATALOGUE = load_catalogue()
