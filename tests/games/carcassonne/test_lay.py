"""The observer's tile laying (observer.lay): in C in the compiled build (_lay.c), in Python in the
pure one; both store the same items and bytes along random layings, and refuse bad arguments."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from townhall.engine.items import float_items
from townhall.games.carcassonne import observer
from townhall.games.carcassonne.observer import (
    CELLS,
    FOLLOWERS,
    TILE_PLANES,
    WIDTH,
    WINDOW_OFFSET,
    lay_items,
    lay_tiles_items,
)
from townhall.games.carcassonne.tiles import LAYOUTS, SIZE


def test_the_c_lay_stores_as_the_python_one() -> None:
    """The pure build lays tiles in Python (checked instead of skipping the comparison); the
    compiled build in C, storing the same items and bytes along random layings."""
    expected = os.environ.get("TOWNHALL_EXPECT_BUILD")
    if observer.LAY_IN_C is None:
        assert expected != "compiled", "the compiled build has no C lay"
        assert observer.lay is lay_items and observer.lay_tiles is lay_tiles_items
        return
    assert expected != "pure" and observer.lay is observer.LAY_IN_C and observer.lay_tiles is observer.LAY_TILES_IN_C
    in_c, in_python = (np.zeros((FOLLOWERS + 2) * CELLS, dtype=np.float32) for _ in range(2))
    items_c, items_python = float_items(in_c), float_items(in_python)
    occupied_c, occupied_python = bytearray(CELLS), bytearray(CELLS)
    rng = random.Random(11)
    for _ in range(400):  # cells near and beyond the window's edges too
        x, y = rng.randrange(-3, WIDTH + 3), rng.randrange(-3, WIDTH + 3)
        layout, neighbours = rng.randrange(len(LAYOUTS)), rng.random() < 0.8
        observer.LAY_IN_C(items_c, occupied_c, x, y, layout, TILE_PLANES, neighbours)
        lay_items(items_python, occupied_python, x, y, layout, TILE_PLANES, neighbours)
        assert occupied_c == occupied_python
    assert np.array_equal(in_c, in_python) and in_c.any()
    with pytest.raises(ValueError):
        observer.LAY_IN_C(items_c, bytearray(5), 0, 0, 0, TILE_PLANES, True)
    with pytest.raises(IndexError):
        observer.LAY_IN_C(items_c, occupied_c, 0, 0, len(LAYOUTS), TILE_PLANES, True)
    with pytest.raises(TypeError):
        observer.LAY_IN_C(float_items(np.zeros(4, dtype=np.float32)), occupied_c, 0, 0, 0, TILE_PLANES, True)


def test_the_c_lay_tiles_stores_as_the_python_one() -> None:
    """Tiles placed on a board (a table cell -> layout), laid from a start on in one call: in C
    as in Python, whatever the start and whether the cells lie in the window."""
    if observer.LAY_TILES_IN_C is None:
        return  # the pure build's lay_tiles is lay_tiles_items (checked above)
    rng = random.Random(12)
    centre = WINDOW_OFFSET + WIDTH // 2
    for _ in range(60):
        cells = rng.sample(
            [(centre + dy) * SIZE + centre + dx for dx in range(-20, 21) for dy in range(-20, 21)], rng.randint(1, 40)
        )
        board = {cell: (rng.randrange(len(LAYOUTS)), 0) for cell in cells}
        start, neighbours = rng.randrange(len(cells)), rng.random() < 0.8
        buffers = [np.zeros((FOLLOWERS + 2) * CELLS, dtype=np.float32) for _ in range(2)]
        occupied = [bytearray(CELLS), bytearray(CELLS)]
        observer.LAY_TILES_IN_C(
            float_items(buffers[0]), occupied[0], cells, board, start, TILE_PLANES, neighbours, SIZE, WINDOW_OFFSET
        )
        lay_tiles_items(
            float_items(buffers[1]), occupied[1], cells, board, start, TILE_PLANES, neighbours, SIZE, WINDOW_OFFSET
        )
        assert occupied[0] == occupied[1] and np.array_equal(buffers[0], buffers[1])
    items = float_items(np.zeros((FOLLOWERS + 2) * CELLS, dtype=np.float32))
    with pytest.raises(KeyError):
        observer.LAY_TILES_IN_C(items, bytearray(CELLS), [5], {}, 0, TILE_PLANES, True, SIZE, WINDOW_OFFSET)
    with pytest.raises(ValueError):
        observer.LAY_TILES_IN_C(items, bytearray(CELLS), [5], {5: (0, 0)}, -1, TILE_PLANES, True, SIZE, WINDOW_OFFSET)
    with pytest.raises(IndexError):
        observer.LAY_TILES_IN_C(items, bytearray(CELLS), [5], {5: (len(LAYOUTS), 0)}, 0, TILE_PLANES, True, SIZE, 0)
