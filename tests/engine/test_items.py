"""engine.items: an observer's float32 item stores, in C in the compiled build and through
memoryviews in the pure one; both store alike, and refuse what they cannot store."""

from __future__ import annotations

import os
import random
import struct
from typing import Any

import numpy as np
import pytest

from townhall.engine import items
from townhall.engine.items import (
    columns_items,
    copy_items,
    fill_items,
    float_items,
    memory_items,
    rows_items,
    scatter_items,
)

Kind = tuple[str, Any, Any, Any, Any]
Tables = tuple[str, Any, Any, Any]


def kinds() -> list[Kind]:
    """(name, make items, scatter, fill, copy) for each kind this build has."""
    found: list[Kind] = [("memoryview", memory_items, scatter_items, fill_items, copy_items)]
    if items.IN_C:
        from townhall.engine import _items

        found.append(("C", _items.Items, _items.scatter, _items.fill, _items.copy))
    return found


def table_kinds() -> list[Tables]:
    """(name, make items, rows, columns) for each kind this build has."""
    found: list[Tables] = [("memoryview", memory_items, rows_items, columns_items)]
    if items.IN_C:
        from townhall.engine import _items

        found.append(("C", _items.Items, _items.rows, _items.columns))
    return found


def test_the_build_uses_its_own_kind() -> None:
    expected = os.environ.get("TOWNHALL_EXPECT_BUILD")
    if not items.IN_C:
        assert expected != "compiled", "the compiled build has no C items"
        assert (
            items.scatter is scatter_items
            and items.copy is copy_items
            and items.rows is rows_items
            and items.columns is columns_items
            and isinstance(float_items(np.zeros(2, np.float32)), memoryview)
        )
        return
    assert expected != "pure"
    from townhall.engine import _items

    assert (
        items.scatter is _items.scatter
        and items.copy is _items.copy
        and items.rows is _items.rows
        and items.columns is _items.columns
        and type(float_items(np.zeros(2, np.float32))) is _items.Items
    )


@pytest.mark.parametrize("kind", kinds(), ids=lambda kind: kind[0])
def test_items_store_where_numpy_would(kind: Kind) -> None:
    _, make, scatter, fill, copy = kind
    rng = random.Random(5)
    out = np.zeros(200, dtype=np.float32)
    expected = np.zeros(200, dtype=np.float32)
    run = make(out, 50, 100)  # items 50..149
    assert len(run) == 100
    for _ in range(300):
        at, value = rng.randrange(-100, 100), rng.choice([0.0, 1.0, 0.25, 1 / 3, 7, -2])
        run[at] = value
        expected[50 + at % 100] = value
    assert np.array_equal(out, expected) and run[-1] == expected[149]
    offsets = bytes([0, 3, 2, 255, 9])  # the 255 ends the run: offset 9 is not stored
    scatter(run, 4, 10, offsets, 0, 0.5)
    expected[[54, 84, 74]] = 0.5
    scatter(run, 1, 1, offsets, 2, 1.5)  # from the third offset on
    expected[53] = 1.5
    assert np.array_equal(out, expected)
    struct.pack_into("=3f", run, 8, 1.0, 2.0, 3.0)  # a row packed through the buffer protocol
    expected[52:55] = (1.0, 2.0, 3.0)
    assert np.array_equal(out, expected)
    fill(run, 0.0)
    expected[50:150] = 0.0
    assert np.array_equal(out, expected)
    fill(run, 2.0)
    assert (out[50:150] == 2.0).all() and not out[:50].any() and not out[150:].any()
    other = np.arange(100, dtype=np.float32) / 3
    copy(run, make(other))
    assert np.array_equal(out[50:150], other) and not out[:50].any() and not out[150:].any()


@pytest.mark.parametrize("kind", kinds(), ids=lambda kind: kind[0])
def test_items_refuse_what_they_cannot_store(kind: Kind) -> None:
    _, make, scatter, _fill, copy = kind
    with pytest.raises(TypeError, match="float32"):
        make(np.zeros(4))  # float64
    with pytest.raises(ValueError, match="outside"):
        make(np.zeros(4, dtype=np.float32), 2, 3)
    with pytest.raises(TypeError):
        make(np.zeros(4, dtype=np.float32)[::2])  # not contiguous
    with pytest.raises((TypeError, BufferError)):
        make(bytes(16))  # read-only
    run = make(np.zeros(4, dtype=np.float32))
    with pytest.raises(IndexError):
        run[4] = 1.0
    with pytest.raises(IndexError):
        run[-5] = 1.0
    with pytest.raises(TypeError):
        run[1] = "one"
    with pytest.raises(IndexError):
        scatter(run, 1, 2, bytes([0, 2]), 0, 1.0)  # item 5 of 4
    with pytest.raises(ValueError):
        scatter(run, 0, 1, bytes([0]), -1, 1.0)
    with pytest.raises(ValueError):
        copy(run, make(np.zeros(5, dtype=np.float32)))


@pytest.mark.parametrize("kind", table_kinds(), ids=lambda kind: kind[0])
def test_tables_store_what_python_divides_rotated_to_the_observer(kind: Tables) -> None:
    _, make, rows, columns = kind
    rng = random.Random(8)
    for _ in range(50):
        seats, width, stride = rng.randint(1, 5), rng.randint(1, 6), 9
        figures = [[rng.randint(-3, 120) for _ in range(width)] for _ in range(seats)]
        first = rng.randrange(seats)
        divisor = rng.choice([3.0, 10.0, 7, 0.5])
        out = np.full(60, -1.0, dtype=np.float32)
        expected = out.copy()
        rows(make(out, 5, 50), 2, stride, first, figures, divisor)
        for r in range(seats):
            for j in range(width):  # as an observer stores them one by one in Python
                expected[5 + 2 + r * stride + j] = figures[(first + r) % seats][j] / divisor
        assert np.array_equal(out, expected)
        lists = tuple([row[j] for row in figures] for j in range(width))  # per column, per seat
        divisors = tuple(rng.choice([4.0, 50.0, 3, 0.25]) for _ in range(width))
        columns(make(out, 5, 50), 1, stride, first, lists, divisors)
        for c in range(width):
            for r in range(seats):
                expected[5 + 1 + r * stride + c] = lists[c][(first + r) % seats] / divisors[c]
        assert np.array_equal(out, expected)
    out = np.zeros(4, dtype=np.float32)
    rows(make(out), 0, 2, 1, ((1.5, 2), [3, 4.25]), 1.0)  # tuples, lists, floats and ints
    assert out.tolist() == [3.0, 4.25, 1.5, 2.0]
    values = (0.0, 0.25, 0.5, 1.0)  # a value per count instead of a divisor
    columns(make(out), 0, 2, 1, ([3, 1], [7, 5]), (values, 2))
    assert out.tolist() == [0.25, 2.5, 1.0, 3.5]


@pytest.mark.parametrize("kind", table_kinds(), ids=lambda kind: kind[0])
def test_tables_refuse_what_they_cannot_store(kind: Tables) -> None:
    _, make, rows, columns = kind
    run = make(np.zeros(4, dtype=np.float32))
    with pytest.raises(IndexError):
        rows(run, 0, 3, 0, [[1, 2], [3, 4]], 1.0)  # item 4 of 4
    with pytest.raises(IndexError):
        rows(run, -1, 1, 0, [[1]], 1.0)
    with pytest.raises(IndexError):
        columns(run, 2, 2, 0, ([1, 2],), (1.0,))  # item 4 of 4
    with pytest.raises(ValueError):
        columns(run, 0, 1, 0, ([1, 2], [3, 4]), (1.0,))
    with pytest.raises(ZeroDivisionError):
        rows(run, 0, 2, 0, [[1]], 0.0)
    with pytest.raises(ZeroDivisionError):
        columns(run, 0, 1, 0, ([1],), (0,))
    with pytest.raises(TypeError):
        rows(run, 0, 1, 0, [["one"]], 1.0)
    with pytest.raises(TypeError):
        columns(run, 0, 1, 0, (["one"],), (1.0,))
    with pytest.raises(IndexError):
        columns(run, 0, 1, 0, ([2],), ((0.0, 1.0),))  # no value for a count of 2
    with pytest.raises(IndexError):
        columns(run, 0, 1, 0, ([-1],), ((0.0, 1.0),))
