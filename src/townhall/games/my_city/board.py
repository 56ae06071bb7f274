"""Boards as bitmasks (bit r*11+c) and, per terrain, every piece's legal-shaped placements.

A Terrain holds what never changes during a game (buildable cells, banks, river edges) and the
precomputed placement candidates; Features holds one player's printed/stickered cells (trees,
rocks, wells, gold mines, sticker squares), which differ between players only in the campaign.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from townhall.engine.build import is_compiled
from townhall.games.my_city.actions import place_action
from townhall.games.my_city.data import CELLS, SIZE, BoardSpec
from townhall.games.my_city.pieces import CATALOGUE

FULL: Final = (1 << CELLS) - 1
COL0: Final = sum(1 << (r * SIZE) for r in range(SIZE))
COL_LAST: Final = COL0 << (SIZE - 1)
NOT_COL0: Final = FULL & ~COL0
NOT_COL_LAST: Final = FULL & ~COL_LAST
ROW_MASKS: Final = tuple(((1 << SIZE) - 1) << (r * SIZE) for r in range(SIZE))
# Bits of a window of the legal-move search in the compiled build: its masks stay machine-size ints.
WORD: Final = 62

Turn = tuple[int, tuple[int, ...], int]
"""One distinct rotation of a piece: (id of its placement at the first cell, cell offsets, anchors)."""
Window = tuple[int, int, tuple[Turn, ...]]
"""(first cell, mask of the cells its shifts read, the turns with their anchors from that cell on)."""


def neighbours(mask: int) -> int:
    """Cells orthogonally next to `mask` (may include cells of `mask` itself)."""
    return ((mask << 1) & NOT_COL0) | ((mask >> 1) & NOT_COL_LAST) | ((mask << SIZE) & FULL) | (mask >> SIZE)


def next_to(terrain: Terrain, mask: int) -> int:
    """The neighbours of a piece's cells, looked up for a placement of the terrain."""
    found = terrain.next_to.get(mask)
    return neighbours(mask) if found is None else found


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def shape_mask(piece: int, cell: int, rotation: int) -> int | None:
    """The cells of a placement, or None if it leaves the board (or repeats a rotation)."""
    turn = CATALOGUE.pieces[piece].turns[rotation]
    if turn is None:
        return None
    r0, c0 = divmod(cell, SIZE)
    mask = 0
    for dr, dc in turn:
        r, c = r0 + dr, c0 + dc
        if r >= SIZE or c >= SIZE:
            return None
        mask |= 1 << (r * SIZE + c)
    return mask


class Terrain:
    """Static geometry of a board and the legal-shaped placements of every piece on it."""

    __slots__ = (
        "buildable",
        "candidate_ids",
        "candidate_masks",
        "east",
        "east_only",
        "land",
        "made_from",
        "mask_of",
        "next_to",
        "openings",
        "river_cells",
        "turns",
        "west",
        "windows",
    )

    def __reduce__(self) -> tuple[object, ...]:
        # Static geometry shared by every game on this board: a copy shares the same one.
        return (terrain_for, self.made_from)

    def __init__(self, spec: BoardSpec, east_only: bool, land: int = 0) -> None:
        self.made_from: tuple[BoardSpec, bool, int] = (spec, east_only, land)  # for copies
        # `land`: mountain/forest cells that are light green in this episode (chapter 4's receding flood).
        self.land = land & ~sum(1 << i for i, code in enumerate(spec.cells) if code not in "MF")
        self.buildable = sum(1 << i for i, code in enumerate(spec.cells) if code not in "MF") | self.land
        self.west = sum(1 << (r * SIZE + c) for r in range(SIZE) for c in range(spec.river[r]))
        self.east = FULL & ~self.west
        self.east_only = east_only
        # A cell is at the river when an orthogonal neighbour lies on the other bank.
        self.river_cells = self.buildable & ((neighbours(self.west) & self.east) | (neighbours(self.east) & self.west))
        allowed = self.buildable & self.east if east_only else self.buildable
        self.candidate_masks: list[tuple[int, ...]] = []
        self.candidate_ids: list[tuple[int, ...]] = []
        self.mask_of: dict[int, int] = {}
        self.next_to: dict[int, int] = {}  # placement mask -> the cells next to it (its neighbours)
        # Per piece and distinct rotation: (id of the placement at cell 0, cell offsets, anchors
        # whose placement lies on allowed cells of one bank). Legal anchors are then found for all
        # cells at once with shifts: anchor a is free if every (free >> offset) has bit a.
        self.turns: list[tuple[Turn, ...]] = []
        # (card, cells built before the first card) -> the first placements, filled as games ask.
        self.openings: dict[tuple[int, int], tuple[int, ...]] = {}
        # Interpreted, one big int costs less than several small ones: one window for the board.
        split = is_compiled(__name__)
        self.windows: list[tuple[Window, ...]] = []  # the same cut into windows (windows_of)
        for piece in range(len(CATALOGUE.pieces)):
            masks: list[int] = []
            ids: list[int] = []
            for cell in range(CELLS):
                for rotation in range(4):
                    mask = shape_mask(piece, cell, rotation)
                    if mask is None or mask & ~allowed or (mask & self.west and mask & self.east):
                        continue
                    action = place_action(piece, cell, rotation)
                    masks.append(mask)
                    ids.append(action)
                    self.mask_of[action] = mask
                    self.next_to[mask] = neighbours(mask)
            self.candidate_masks.append(tuple(masks))
            self.candidate_ids.append(tuple(ids))
            turns = []
            for rotation, turn in enumerate(CATALOGUE.pieces[piece].turns):
                if turn is None:
                    continue
                anchors = sum(1 << ((a - rotation) // 4 % CELLS) for a in ids if a % 4 == rotation)
                offsets = tuple(dr * SIZE + dc for dr, dc in turn)
                turns.append((place_action(piece, 0, rotation), offsets, anchors))
            self.turns.append(tuple(turns))
            self.windows.append(windows_of(self.turns[-1], split))


def windows_of(turns: tuple[Turn, ...], split: bool) -> tuple[Window, ...]:
    """The turns cut into windows of consecutive anchor cells (with `split`, so narrow that an
    anchor's cells lie within WORD bits of the window's first cell, else one window for the board);
    windows without anchors left out."""
    reach = max((max(offsets) for _, offsets, _ in turns), default=0)
    width = max(WORD - reach, SIZE) if split else CELLS
    keep = (1 << width) - 1
    out: list[Window] = []
    for start in range(0, CELLS, width):
        cut = tuple((base + 4 * start, offsets, anchors >> start & keep) for base, offsets, anchors in turns)
        if any(anchors for _, _, anchors in cut):
            out.append((start, (1 << (width + reach)) - 1, cut))
    return tuple(out)


_TERRAINS: dict[tuple[str, tuple[int, ...], bool, int], Terrain] = {}


def terrain_for(spec: BoardSpec, east_only: bool = False, land: int = 0) -> Terrain:
    key = (spec.cells, spec.river, east_only, land)
    terrain = _TERRAINS.get(key)
    if terrain is None:
        terrain = _TERRAINS[key] = Terrain(spec, east_only, land)
    return terrain


STICKER_CODES = {"tree": "t", "rock": "r", "well": "W"}


@dataclass(frozen=True, slots=True)
class Features:
    """One player's cell features as masks (after stickers)."""

    cells: str  # 121 codes
    double_trees: int
    single_trees: int
    double_rocks: int
    single_rocks: int
    well_cells: int
    gold_cells: int
    sticker_squares: int

    def __reduce__(self) -> tuple[object, ...]:
        # Derived from the codes alone; compiled frozen classes cannot be filled field by field.
        return (_features_of, (self.cells,))

    @staticmethod
    def of(cells: str) -> Features:
        return _features_of(cells)

    def with_sticker(self, cell: int, kind: str) -> Features:
        codes = list(self.cells)
        codes[cell] = STICKER_CODES[kind]
        return Features.of("".join(codes))


@lru_cache(maxsize=256)
def _features_of(cells: str) -> Features:
    def mask(code: str) -> int:
        return sum(1 << i for i, c in enumerate(cells) if c == code)

    return Features(cells, mask("T"), mask("t"), mask("R"), mask("r"), mask("W"), mask("G"), mask("o"))
