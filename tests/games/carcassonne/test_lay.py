"""The observer's tile laying (observer.lay): in C in the compiled build (_lay.c), in Python in the
pure one; both store the same items and bytes along random layings, and refuse bad arguments."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from townhall.engine.items import float_items
from townhall.games.carcassonne import observer
from townhall.games.carcassonne.observer import CELLS, FOLLOWERS, TILE_PLANES, WIDTH, lay_items
from townhall.games.carcassonne.tiles import LAYOUTS


def test_the_c_lay_stores_as_the_python_one() -> None:
    """The pure build lays tiles in Python (checked instead of skipping the comparison); the
    compiled build in C, storing the same items and bytes along random layings."""
    expected = os.environ.get("TOWNHALL_EXPECT_BUILD")
    if observer.LAY_IN_C is None:
        assert expected != "compiled", "the compiled build has no C lay"
        assert observer.lay is lay_items
        return
    assert expected != "pure" and observer.lay is observer.LAY_IN_C
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
