"""Static tables built once at import: every tile type in every rotation ("layout"), and which
rotations of which tile fit an empty cell given the edges around it.

Coordinates: x grows east, y grows south. A cell is one integer (y + OFF) * SIZE + (x + OFF), so
the neighbour to the north is cell - SIZE. Rotations are clockwise quarter turns (r90 turns the
printed north edge to the east).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from townhall.games.carcassonne.data import EDGE_NAMES, HALF_NAMES, TileData, TileSpec, load

DATA: Final[TileData] = load()
TILE_SPECS: Final[tuple[TileSpec, ...]] = DATA.tiles
CODES: Final[tuple[str, ...]] = tuple(t.code for t in TILE_SPECS)
CODE_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(CODES)}
NUM_TYPES: Final = len(TILE_SPECS)
START: Final = CODE_INDEX[DATA.start]
SPRING: Final = CODE_INDEX[DATA.spring]
LAKE: Final = CODE_INDEX[DATA.lake]
IS_RIVER: Final[tuple[bool, ...]] = tuple(spec.river for spec in TILE_SPECS)
RULES: Final[dict[str, int]] = DATA.rules

# The window holds every reachable cell: at most 11 river steps plus 71 land tiles in a line.
OFF: Final = 84
SIZE: Final = 2 * OFF + 1
DELTA: Final[tuple[int, ...]] = (-SIZE, 1, SIZE, -1)  # N, E, S, W
NEIGH8: Final[tuple[int, ...]] = (-SIZE - 1, -SIZE, -SIZE + 1, -1, 1, SIZE - 1, SIZE, SIZE + 1)

# Segment kinds and edge codes.
CITY: Final = 0
ROAD: Final = 1
FIELD: Final = 2
CLOISTER: Final = 3
KIND_NAMES: Final[tuple[str, ...]] = ("city", "road", "field", "cloister")
ROLE_NAMES: Final[tuple[str, ...]] = ("knight", "thief", "farmer", "monk")
EDGE_CODE = {"F": 1, "R": 2, "C": 3, "I": 4}
RIVER_EDGE: Final = 4
POW5: Final[tuple[int, ...]] = (1, 5, 25, 125)
NUM_KEYS: Final = 625


def cell_of(x: int, y: int) -> int:
    return (y + OFF) * SIZE + (x + OFF)


def xy_of(cell: int) -> tuple[int, int]:
    y, x = divmod(cell, SIZE)
    return x - OFF, y - OFF


def _opposite_half(h: int) -> int:
    # Nw<->Sw, Ne<->Se across N/S edges; En<->Wn, Es<->Ws across E/W edges.
    return 5 - h if (h // 2) % 2 == 0 else 9 - h


@dataclass(frozen=True, slots=True)
class Layout:
    """A tile type turned by `rot` quarter turns: its segments and how they meet its edges."""

    tile: int
    rot: int
    edges: tuple[int, ...]  # edge code per direction N, E, S, W
    kinds: tuple[int, ...]  # kind per local segment (cities, roads, fields, cloister)
    ports: tuple[int, ...]  # 0..3: city/road segment on that edge, 4..11: field segment on that half
    open_edges: tuple[int, ...]  # edges per segment (open edges of a new city/road)
    face_key: tuple[int, ...]  # per direction: this tile's contribution to that neighbour's key
    edge_links: tuple[tuple[tuple[int, int], ...], ...]  # per direction: (my segment, their port)
    field_links: tuple[tuple[tuple[int, int], ...], ...]
    scorable: tuple[int, ...]  # local city and road segments
    cloister: int  # local cloister segment or -1
    pennant_segment: int  # local city segment holding the pennant or -1
    field_cities: tuple[tuple[int, ...], ...]  # per local segment: bordering local city segments
    city_fields: tuple[tuple[int, ...], ...]  # per local segment: bordering local field segments
    river_edges: tuple[int, ...]
    labels: tuple[str, ...]  # per local segment: "city N+W", "field En+Es", "cloister"
    anchors: tuple[tuple[int, int], ...]  # per local segment: (row, col) in a 3x3 drawing
    sides: tuple[tuple[int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], ...]
    # per direction: (cell step, face key, edge links, field links), for the hot loop


def _anchor(kind: int, ports: tuple[int, ...]) -> tuple[int, int]:
    """Where a follower on this segment is drawn in the tile's 3x3 block."""
    if kind == CLOISTER:
        return (1, 1)
    if kind == FIELD:
        corner = {0: (0, 0), 7: (0, 0), 1: (0, 2), 2: (0, 2), 3: (2, 2), 4: (2, 2), 5: (2, 0), 6: (2, 0)}
        return corner[min(ports)]
    if len(ports) == 1:
        return ((0, 1), (1, 2), (2, 1), (1, 0))[ports[0]]
    if kind == CITY:
        corners = {(0, 1): (0, 2), (1, 2): (2, 2), (2, 3): (2, 0), (0, 3): (0, 0)}
        for pair, spot in corners.items():
            if pair[0] in ports and pair[1] in ports:
                return spot
    return (1, 1)


def _layout(tile: int, spec: TileSpec, rot: int) -> Layout:
    edges = tuple(EDGE_CODE[spec.edges[(d - rot) % 4]] for d in range(4))
    kinds: list[int] = []
    seg_ports: list[tuple[int, ...]] = []
    for city in spec.cities:
        kinds.append(CITY)
        seg_ports.append(tuple(sorted((e + rot) % 4 for e in city)))
    for road in spec.roads:
        kinds.append(ROAD)
        seg_ports.append(tuple(sorted((e + rot) % 4 for e in road)))
    first_field = len(kinds)
    for field in spec.fields:
        kinds.append(FIELD)
        seg_ports.append(tuple(sorted((h + 2 * rot) % 8 for h in field.halves)))
    cloister = -1
    if spec.cloister:
        cloister = len(kinds)
        kinds.append(CLOISTER)
        seg_ports.append(())
    ports = [-1] * 12
    for index, (kind, sp) in enumerate(zip(kinds, seg_ports, strict=True)):
        for p in sp:
            ports[p if kind != FIELD else 4 + p] = index
    edge_links: list[tuple[tuple[int, int], ...]] = []
    field_links: list[tuple[tuple[int, int], ...]] = []
    for d in range(4):
        el: list[tuple[int, int]] = []
        if ports[d] >= 0:
            el.append((ports[d], (d + 2) % 4))
        fl: list[tuple[int, int]] = []
        for h in (2 * d, 2 * d + 1):
            if ports[4 + h] >= 0:
                fl.append((ports[4 + h], 4 + _opposite_half(h)))
        edge_links.append(tuple(el))
        field_links.append(tuple(fl))
    field_cities: list[tuple[int, ...]] = [()] * len(kinds)
    for offset, field in enumerate(spec.fields):
        field_cities[first_field + offset] = tuple(field.cities)
    labels: list[str] = []
    for kind, sp in zip(kinds, seg_ports, strict=True):
        if kind == CLOISTER:
            labels.append("cloister")
        elif kind == FIELD:
            labels.append("field " + "+".join(HALF_NAMES[h] for h in sp))
        else:
            labels.append(f"{KIND_NAMES[kind]} " + "+".join(EDGE_NAMES[e] for e in sp))
    rivers = tuple(sorted((e + rot) % 4 for river in spec.rivers for e in river))
    return Layout(
        tile=tile,
        rot=rot,
        edges=edges,
        kinds=tuple(kinds),
        ports=tuple(ports),
        open_edges=tuple(len(sp) if k in (CITY, ROAD) else 0 for k, sp in zip(kinds, seg_ports, strict=True)),
        face_key=tuple(edges[d] * POW5[(d + 2) % 4] for d in range(4)),
        edge_links=tuple(edge_links),
        field_links=tuple(field_links),
        scorable=tuple(i for i, k in enumerate(kinds) if k in (CITY, ROAD)),
        cloister=cloister,
        pennant_segment=0 if spec.pennant and spec.cities else -1,
        field_cities=tuple(field_cities),
        city_fields=tuple(
            tuple(f for f, cities in enumerate(field_cities) if i in cities) if k == CITY else ()
            for i, k in enumerate(kinds)
        ),
        river_edges=rivers,
        labels=tuple(labels),
        anchors=tuple(_anchor(k, sp) for k, sp in zip(kinds, seg_ports, strict=True)),
        sides=tuple(
            (DELTA[d], edges[d] * POW5[(d + 2) % 4], tuple(edge_links[d]), tuple(field_links[d])) for d in range(4)
        ),
    )


def _signature(layout: Layout) -> tuple[object, ...]:
    return (layout.edges, layout.river_edges, frozenset(zip(layout.kinds, layout.labels, strict=True)))


LAYOUTS: Final[tuple[Layout, ...]] = tuple(_layout(t, spec, r) for t, spec in enumerate(TILE_SPECS) for r in range(4))


def _canonical() -> tuple[tuple[int, ...], ...]:
    """Per tile: the rotations that look different (a symmetric tile is offered once per look)."""
    out = []
    for t in range(NUM_TYPES):
        seen: set[tuple[object, ...]] = set()
        rots = []
        for r in range(4):
            sig = _signature(LAYOUTS[4 * t + r])
            if sig not in seen:
                seen.add(sig)
                rots.append(r)
        out.append(tuple(rots))
    return tuple(out)


CANONICAL: Final[tuple[tuple[int, ...], ...]] = _canonical()
SAME_AS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        next(c for c in CANONICAL[t] if _signature(LAYOUTS[4 * t + c]) == _signature(LAYOUTS[4 * t + r]))
        for r in range(4)
    )
    for t in range(NUM_TYPES)
)


def _fits() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """FITS[tile][key]: the canonical rotations of `tile` that match the edges encoded in `key`
    (base-5 digit per side N, E, S, W: 0 empty, else the neighbour's facing edge code)."""
    table = []
    for t in range(NUM_TYPES):
        row: list[list[int]] = [[] for _ in range(NUM_KEYS)]
        for r in CANONICAL[t]:
            edges = LAYOUTS[4 * t + r].edges
            for subset in range(1, 16):  # which sides have a neighbour
                key = sum(edges[s] * POW5[s] for s in range(4) if subset >> s & 1)
                row[key].append(r)
        table.append(tuple(tuple(rots) for rots in row))
    return tuple(table)


FITS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = _fits()
BASE_TYPES: Final[tuple[int, ...]] = tuple(i for i, s in enumerate(TILE_SPECS) if not s.river)
RIVER_MIDDLE: Final[tuple[int, ...]] = tuple(i for i, s in enumerate(TILE_SPECS) if s.river and i not in (SPRING, LAKE))
PENNANT_TILE: Final[tuple[bool, ...]] = tuple(s.pennant for s in TILE_SPECS)
MAX_SEGMENTS: Final = 12
