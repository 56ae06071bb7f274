"""Grids numbered row by row: the orthogonal neighbours of a cell, left, right, above, below."""

from __future__ import annotations

from townhall.engine.grid import orthogonal_neighbours


def test_corner_edge_and_middle_cells() -> None:
    assert orthogonal_neighbours(3, 2, 0) == (1, 3)
    assert orthogonal_neighbours(3, 2, 1) == (0, 2, 4)
    assert orthogonal_neighbours(3, 2, 5) == (4, 2)
    assert orthogonal_neighbours(3, 3, 4) == (3, 5, 1, 7)


def test_a_single_row_or_column_has_no_cells_above_or_beside() -> None:
    assert orthogonal_neighbours(4, 1, 2) == (1, 3)
    assert orthogonal_neighbours(1, 4, 2) == (1, 3)
