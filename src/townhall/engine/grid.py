"""Rectangular grids of cells numbered row by row, as several games lay out their boards."""

from __future__ import annotations


def orthogonal_neighbours(columns: int, rows: int, cell: int) -> tuple[int, ...]:
    """The cells beside a cell that are on the grid, in the order left, right, above, below."""
    row, column = divmod(cell, columns)
    out = []
    if column > 0:
        out.append(cell - 1)
    if column < columns - 1:
        out.append(cell + 1)
    if row > 0:
        out.append(cell - columns)
    if row < rows - 1:
        out.append(cell + columns)
    return tuple(out)
