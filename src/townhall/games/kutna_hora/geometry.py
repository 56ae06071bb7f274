"""Static neighbourhoods of the town board sides and the mine area, computed once at import."""

from __future__ import annotations

from typing import Final

from townhall.engine.grid import orthogonal_neighbours
from townhall.games.kutna_hora.data import DATA, Side
from townhall.games.kutna_hora.tables import MINE_COLUMNS, MINE_ROWS

Neighbours = tuple[tuple[int, ...], ...]


def town_neighbours(side: Side) -> Neighbours:
    """Orthogonal neighbour cells of each plot (only cells that are plots)."""
    out = []
    for cell in range(side.rows * side.cols):
        r, c = divmod(cell, side.cols)
        near = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < side.rows and 0 <= cc < side.cols and side.plots[rr * side.cols + cc]:
                near.append(rr * side.cols + cc)
        out.append(tuple(near))
    return tuple(out)


TOWN_NEIGHBOURS: Final[dict[int, Neighbours]] = {n: town_neighbours(side) for n, side in DATA.sides.items()}


def _mine_sources() -> tuple[tuple[int, ...], ...]:
    """Cells whose mine makes a cell buildable and sets its cost: left, right, above (KH-MINE-3)."""
    cells = range(MINE_ROWS * MINE_COLUMNS)
    return tuple(
        tuple(near for near in orthogonal_neighbours(MINE_COLUMNS, MINE_ROWS, cell) if near != cell + MINE_COLUMNS)
        for cell in cells
    )


MINE_SOURCES: Final = _mine_sources()
