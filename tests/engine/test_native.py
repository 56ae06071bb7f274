"""Every C extension of the compiled build (townhall/native.py, its one list) has a Python twin that
the pure build runs, and both store alike: one parametrized test over the list, so a new `.c` file
cannot go without its twin or its comparison."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from townhall.native import NATIVE, Native

ROOT = Path(__file__).resolve().parents[2]
FUNCTIONS = [(native, name) for native in NATIVE for name in native.functions]


def _extension(native: Native) -> Any:
    """The built extension, or None in the pure build (where the compiled one must not be expected)."""
    try:
        return importlib.import_module(native.extension)
    except ImportError:
        assert os.environ.get("TOWNHALL_EXPECT_BUILD") != "compiled", f"the compiled build lacks {native.extension}"
        return None


def test_every_c_file_is_listed_once() -> None:
    sources = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "src").rglob("_*.c"))
    listed = [native.source for native in NATIVE]
    assert sorted(listed) == sources and len(set(listed)) == len(listed)


@pytest.mark.parametrize(("native", "name"), FUNCTIONS, ids=[f"{n.extension}.{f}" for n, f in FUNCTIONS])
def test_each_function_has_its_twin(native: Native, name: str) -> None:
    twin = importlib.import_module(native.twin)
    assert callable(getattr(twin, native.functions[name], None)), f"{native.twin} has no {native.functions[name]}"
    extension = _extension(native)
    if extension is not None:
        assert callable(getattr(extension, name, None)), f"{native.extension} has no {name}"
    # where the twin's module publishes the function under its C name, it is the one this build runs
    if hasattr(twin, name):
        runs = getattr(extension, name) if extension is not None else getattr(twin, native.functions[name])
        assert getattr(twin, name) is runs, f"{native.twin}.{name} is not this build's {name}"


def _floats(size: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    return np.zeros(size, dtype=np.float32)


def _items_alike(c: Any, python: Any) -> None:
    """Random stores of every kind, through the C items and through memoryviews, leave equal buffers."""
    rng = random.Random(5)
    one, other = _floats(64), _floats(64)
    items_c, items_python = c.Items(one, 0, -1), python.memory_items(other, 0, -1)
    for _ in range(200):
        kind = rng.randrange(5)
        if kind == 0:
            at, value = rng.randrange(64), rng.random()
            items_c[at] = items_python[at] = value
        elif kind == 1:
            offsets = bytes(rng.randrange(8) for _ in range(6)) + b"\xff"
            base, value = rng.randrange(16), rng.random()
            c.scatter(items_c, base, 4, offsets, 0, value)
            python.scatter_items(items_python, base, 4, offsets, 0, value)
        elif kind == 2:
            rows = [[rng.randrange(9) for _ in range(3)] for _ in range(4)]
            first, divisor = rng.randrange(4), rng.choice([1.0, 2.0, 7.0])
            c.rows(items_c, 8, 5, first, rows, divisor)
            python.rows_items(items_python, 8, 5, first, rows, divisor)
        elif kind == 3:
            columns = tuple([rng.randrange(4) for _ in range(3)] for _ in range(2))
            divisors: tuple[Any, ...] = (3.0, (0.0, 0.25, 0.5, 1.0))
            first = rng.randrange(3)
            c.columns(items_c, 30, 4, first, columns, divisors)
            python.columns_items(items_python, 30, 4, first, columns, divisors)
        else:
            value = rng.random()
            c.fill(c.Items(one, 50, 10), value)
            python.fill_items(python.memory_items(other, 50, 10), value)
        assert np.array_equal(one, other)
    c.copy(c.Items(one, 0, 8), c.Items(one, 8, 8))
    python.copy_items(python.memory_items(other, 0, 8), python.memory_items(other, 8, 8))
    assert np.array_equal(one, other)


def _mask_alike(c: Any, python: Any) -> None:
    """The mask's ones cleared and set along random legal sets give the same bytes and ids."""
    rng = random.Random(3)
    in_c, in_python = bytearray(300), bytearray(300)
    kept_c: tuple[int, ...] = ()
    kept_python: tuple[int, ...] = ()
    for _ in range(200):
        legal = sorted(rng.sample(range(300), rng.randrange(0, 40)))
        kept_c = c.refresh(in_c, kept_c, legal)
        kept_python = python.refresh_items(in_python, kept_python, legal)
        assert kept_c == kept_python == tuple(legal) and in_c == in_python
    for refresh in (c.refresh, python.refresh_items):
        with pytest.raises(IndexError):
            refresh(bytearray(4), (), [1, 4])


def _lay_alike(c: Any, python: Any) -> None:
    """Tiles laid at random cells, near and beyond the window's edges, store the same items and bytes."""
    from townhall.engine.items import float_items

    size = (python.FOLLOWERS + 2) * python.CELLS
    in_c, in_python = _floats(size), _floats(size)
    items_c, items_python = float_items(in_c), float_items(in_python)
    occupied_c, occupied_python = bytearray(python.CELLS), bytearray(python.CELLS)
    rng = random.Random(11)
    layouts = len(python.LAYOUTS)
    for _ in range(400):
        x, y = rng.randrange(-3, python.WIDTH + 3), rng.randrange(-3, python.WIDTH + 3)
        layout, neighbours = rng.randrange(layouts), rng.random() < 0.8
        c.lay(items_c, occupied_c, x, y, layout, python.TILE_PLANES, neighbours)
        python.lay_items(items_python, occupied_python, x, y, layout, python.TILE_PLANES, neighbours)
        assert occupied_c == occupied_python
    assert np.array_equal(in_c, in_python) and in_c.any()
    with pytest.raises(ValueError):
        c.lay(items_c, bytearray(5), 0, 0, 0, python.TILE_PLANES, True)
    with pytest.raises(IndexError):
        c.lay(items_c, occupied_c, 0, 0, layouts, python.TILE_PLANES, True)
    with pytest.raises(TypeError):
        c.lay(float_items(_floats(4)), occupied_c, 0, 0, 0, python.TILE_PLANES, True)


# How each extension is compared with its twin: an extension added to native.py needs its entry here.
ALIKE: dict[str, Callable[[Any, Any], None]] = {
    "townhall.engine._items": _items_alike,
    "townhall.rl._mask": _mask_alike,
    "townhall.games.carcassonne._lay": _lay_alike,
}


@pytest.mark.parametrize("native", NATIVE, ids=[native.extension for native in NATIVE])
def test_the_c_extension_stores_as_its_twin(native: Native) -> None:
    """In the compiled build both run side by side and must agree; in the pure build the twin is
    what runs (the module's public names are bound to it)."""
    assert native.extension in ALIKE, f"no comparison of {native.extension} with its twin in ALIKE"
    twin = importlib.import_module(native.twin)
    extension = _extension(native)
    if extension is None:
        return
    assert os.environ.get("TOWNHALL_EXPECT_BUILD") != "pure", f"the pure build has {native.extension}"
    ALIKE[native.extension](extension, twin)
