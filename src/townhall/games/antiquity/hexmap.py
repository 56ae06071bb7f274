"""The countryside: hex topology of each layout (static) and the random tile faces (setup)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from townhall.engine.chance import Chance
from townhall.games.antiquity.data import DATA

FOREST: Final = "F"
GRASS: Final = "P"
MOUNTAIN: Final = "M"
WATER: Final = "W"
DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Local cells of a 61-hex tile, in the data encoding order.
TILE_CELLS: Final[tuple[tuple[int, int], ...]] = tuple(
    (q, r) for q in range(-4, 5) for r in range(max(-4, -q - 4), min(4, -q + 4) + 1)
)


@dataclass(frozen=True, slots=True)
class Topology:
    """Hex ids of one layout: coordinates, neighbours, tiles, display labels."""

    coords: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]
    neighbours: tuple[tuple[int, ...], ...]
    tile_of: tuple[int, ...]
    tile_hexes: tuple[tuple[int, ...], ...]  # per tile: global ids of its cells in TILE_CELLS order
    centres: tuple[int, ...]
    start_tiles: tuple[int, ...]
    labels: tuple[str, ...]
    rows: tuple[int, ...]  # display row of each hex
    cols: tuple[int, ...]  # display (doubled) column of each hex

    def __reduce__(self) -> tuple[object, ...]:
        # One per player count, shared: a copy is the same one (compiled frozen classes cannot
        # be filled field by field).
        return (topology, (next(players for players, shared in TOPOLOGIES.items() if shared is self),))


def _build(players: int) -> Topology:
    centres, starts = DATA.layouts[players]
    cells: dict[tuple[int, int], int] = {}
    for tile, (cq, cr) in enumerate(centres):
        for q, r in TILE_CELLS:
            key = (cq + q, cr + r)
            if key in cells:
                raise ValueError(f"layout {players}: tiles overlap at {key}")
            cells[key] = tile
    coords = tuple(sorted(cells, key=lambda c: (c[1], c[0])))
    index = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index) for q, r in coords
    )
    tile_hexes = tuple(tuple(index[(cq + q, cr + r)] for q, r in TILE_CELLS) for cq, cr in centres)
    rmin = min(r for _, r in coords)
    cmin = min(2 * q + r for q, r in coords)
    rows = tuple(r - rmin for _, r in coords)
    cols = tuple(2 * q + r - cmin for q, r in coords)
    labels = tuple(f"{row},{col}" for row, col in zip(rows, cols, strict=True))
    return Topology(
        coords,
        index,
        neighbours,
        tuple(cells[c] for c in coords),
        tile_hexes,
        tuple(index[c] for c in centres),
        starts,
        labels,
        rows,
        cols,
    )


TOPOLOGIES: Final[dict[int, Topology]] = {players: _build(players) for players in (2, 3, 4)}


def topology(players: int) -> Topology:
    return TOPOLOGIES[players]


MAX_HEXES: Final = max(len(t.coords) for t in TOPOLOGIES.values())


def transform(q: int, r: int, mirror: int, rotation: int) -> tuple[int, int]:
    """A tile cell after mirroring (swap axes) and rotating by 60° steps."""
    if mirror:
        q, r = r, q
    for _ in range(rotation):
        q, r = -r, q + r
    return q, r


# The tile cells after each mirror (0/1) and rotation (0-5), at index mirror * 6 + rotation.
TURNED_CELLS: Final = tuple(
    tuple(transform(q, r, mirror, rotation) for q, r in TILE_CELLS) for mirror in (0, 1) for rotation in range(6)
)
# Per tile face of the data: the terrain letter and the exploration mark of each cell.
FACE_TERRAIN: Final = tuple(tuple(letter.upper() for letter in face) for face in DATA.tiles)
FACE_MARKS: Final = tuple(tuple(letter.islower() for letter in face) for face in DATA.tiles)
assert all(len(face) == len(TILE_CELLS) for face in DATA.tiles)


def lay_tiles(topo: Topology, chance: Chance) -> tuple[list[str], list[bool], list[list[int]]]:
    """Draw a face, mirror and rotation for each tile: terrain per hex, exploration marks, draws made."""
    terrain = [""] * len(topo.coords)
    marks = [False] * len(topo.coords)
    pairs = DATA.tile_pairs
    bag = [design for design in range(len(pairs)) for _ in (0, 1)]
    drawn: list[list[int]] = []
    index = topo.index
    for tile, centre in enumerate(topo.centres):
        cq, cr = topo.coords[centre]
        design = bag.pop(chance.below(len(bag)))
        side, mirror, rotation = chance.below(2), chance.below(2), chance.below(6)
        face = pairs[design][side]
        letters, face_marks = FACE_TERRAIN[face], FACE_MARKS[face]
        for k, (tq, tr) in enumerate(TURNED_CELLS[mirror * 6 + rotation]):
            h = index[(cq + tq, cr + tr)]
            terrain[h] = letters[k]
            marks[h] = face_marks[k]
        drawn.append([tile, face, mirror, rotation])
    return terrain, marks, drawn


def mountain_ranges(topo: Topology, terrain: list[str]) -> list[int]:
    """Range id of each mountain hex (-1 elsewhere): connected mountains at setup."""
    ranges = [-1] * len(terrain)
    count = 0
    for start, kind in enumerate(terrain):
        if kind != MOUNTAIN or ranges[start] >= 0:
            continue
        stack = [start]
        ranges[start] = count
        while stack:
            h = stack.pop()
            for n in topo.neighbours[h]:
                if terrain[n] == MOUNTAIN and ranges[n] < 0:
                    ranges[n] = count
                    stack.append(n)
        count += 1
    return ranges


def disc(topo: Topology, centre: int) -> tuple[int, ...]:
    """A hex and its neighbours (the 7 hexes of a city, or an alchemy cleaning)."""
    return (centre, *topo.neighbours[centre])
