"""City maps: square grids holding polyomino buildings (rotations allowed), precomputed placements."""

from __future__ import annotations

from typing import Final

from townhall.engine.grid import orthogonal_neighbours
from townhall.games.antiquity.data import BUILDINGS, DATA

FIRST_SIZE: Final = 7
LATER_SIZE: Final = 6
MAX_SIZE: Final = 7
COLUMNS: Final = "abcdefg"

Shape = tuple[tuple[int, int], ...]


def _normal(cells: Shape) -> Shape:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def orientations(cells: Shape) -> tuple[tuple[int, Shape], ...]:
    """The distinct quarter-turn rotations of a shape as (rotation index, normalised cells)."""
    seen: dict[Shape, int] = {}
    current = cells
    for rot in range(4):
        norm = _normal(current)
        seen.setdefault(norm, rot)
        current = tuple((-y, x) for x, y in current)
    return tuple((rot, shape) for shape, rot in seen.items())


def rectangle(w: int, h: int) -> Shape:
    return tuple((x, y) for y in range(h) for x in range(w))


# Build choices of phase 2: the 17 single/public building types, then one per storage size.
CHOICE_TYPES: Final[tuple[int, ...]] = tuple(range(17)) + (17,) * len(DATA.storage_sizes)
CHOICE_SHAPES: Final[tuple[Shape, ...]] = tuple(DATA.buildings[BUILDINGS[t]].cells for t in range(17)) + tuple(
    rectangle(w, h) for w, h in DATA.storage_sizes
)
CHOICE_NAMES: Final[tuple[str, ...]] = tuple(BUILDINGS[:17]) + tuple(f"storage {w}x{h}" for w, h in DATA.storage_sizes)
CHOICE_ORIENTS: Final[tuple[tuple[tuple[int, Shape], ...], ...]] = tuple(orientations(s) for s in CHOICE_SHAPES)
NUM_CHOICES: Final = len(CHOICE_TYPES)
HOUSE: Final = BUILDINGS.index("house")
STORAGE: Final = BUILDINGS.index("storage")
ONE_SQUARE: Final = BUILDINGS.index("fountain")  # the 1x1 shape, also used to move a house (St. Barbara)


def size_of(city: int) -> int:
    return FIRST_SIZE if city == 0 else LATER_SIZE


def placements(size: int, shape: Shape) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every (x, y, cell indexes) where the normalised shape fits a size×size grid; x, y name the
    building's first square (top row first, then left), the square the placed building is named by
    (so "at c1 d1" builds what is then manned as "man c1 d1"). For one orientation the first square
    fixes the placement, so (rotation, first square) is unique."""
    w = max(x for x, _ in shape) + 1
    h = max(y for _, y in shape) + 1
    out = []
    for y in range(size - h + 1):
        for x in range(size - w + 1):
            cells = tuple(sorted((y + dy) * size + x + dx for dx, dy in shape))
            out.append((cells[0] % size, cells[0] // size, cells))
    return out


# (choice, size) -> list of (rot, x, y, cells); x, y: the first square of the placed building
PLACEMENTS: Final[dict[tuple[int, int], tuple[tuple[int, int, int, tuple[int, ...]], ...]]] = {}
for _choice, _orients in enumerate(CHOICE_ORIENTS):
    for _size in (FIRST_SIZE, LATER_SIZE):
        PLACEMENTS[(_choice, _size)] = tuple(
            (rot, x, y, cells) for rot, shape in _orients for x, y, cells in placements(_size, shape)
        )


# (choice, size) -> the placements as bit masks of their cells (a fast "does it fit anywhere")
PLACEMENT_MASKS: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    key: tuple(sorted({sum(1 << i for i in cells) for _, _, _, cells in places})) for key, places in PLACEMENTS.items()
}


# (choice, size) -> each placement's cell mask, in the order of PLACEMENTS
PLACEMENT_CELL_MASKS: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    key: tuple(sum(1 << i for i in cells) for _, _, _, cells in places) for key, places in PLACEMENTS.items()
}
# (size is 7, choice) -> the placements as bit masks, for the fit test below
_MASKS_BY_SIZE: Final = tuple(
    tuple(PLACEMENT_MASKS[(choice, size)] for choice in range(NUM_CHOICES)) for size in (6, 7)
)
# city map (taken squares, size) -> [choices tested, choices that fit], both bit sets over the choices
_FITS: dict[int, list[int]] = {}


def fit_row(size: int, taken: int) -> list[int]:
    """The remembered fit tests of one city map: a pure function of static data, kept (bounded)
    because city maps repeat; filled in by fits_in."""
    key = taken << 1 | (size == FIRST_SIZE)
    row = _FITS.get(key)
    if row is None:
        if len(_FITS) >= 50_000:
            _FITS.clear()
        row = _FITS[key] = [0, 0]
    return row


def fits_in(row: list[int], choice: int, size: int, taken: int) -> bool:
    """Does the build choice fit somewhere on the map of this fit_row(size, taken)?"""
    bit = 1 << choice
    if row[0] & bit:
        return row[1] & bit != 0
    found = False
    for m in _MASKS_BY_SIZE[size == FIRST_SIZE][choice]:
        if not m & taken:
            found = True
            break
    row[0] |= bit
    if found:
        row[1] |= bit
    return found


def fits(choice: int, size: int, taken: int) -> bool:
    """Does the build choice fit somewhere on a size×size map whose taken squares are `taken`?"""
    return fits_in(fit_row(size, taken), choice, size, taken)


def first_square(cells: tuple[int, ...]) -> int:
    """The lowest square of a building (the square its actions name); min() without a generic call."""
    low = cells[0]
    for i in cells:
        if i < low:
            low = i
    return low


def taken_mask(grid: list[int], graves: list[bool]) -> int:
    """Bit mask of the squares of one city map that hold a building or a grave."""
    mask = 0
    for i in range(len(grid)):
        if grid[i] >= 0 or graves[i]:
            mask |= 1 << i
    return mask


def cell_name(city: int, cell: int) -> str:
    size = size_of(city)
    return f"c{city + 1} {COLUMNS[cell % size]}{cell // size + 1}"


EDGE_NEIGHBOURS: Final = {
    size: tuple(orthogonal_neighbours(size, size, c) for c in range(size * size)) for size in (6, 7)
}


def edge_neighbours(size: int, cell: int) -> tuple[int, ...]:
    """The squares sharing an edge with this one (precomputed)."""
    return EDGE_NEIGHBOURS[size][cell]


def choice_of_shape(btype: int, ncells: int, cells: tuple[int, ...], size: int) -> int:
    """The build choice a placed building came from (storages by size and proportions)."""
    if btype == HOUSE:
        return ONE_SQUARE
    if btype != STORAGE:
        return btype
    xs = {c % size for c in cells}
    ys = {c // size for c in cells}
    dims = sorted((len(xs), len(ys)))
    for index, (w, h) in enumerate(DATA.storage_sizes):
        if sorted((w, h)) == dims:
            return 17 + index
    raise ValueError(f"storage of {ncells} squares has no allowed size")
