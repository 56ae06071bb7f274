"""Float32 items of an observation buffer, stored one by one from an observer's writer.

`float_items(buffer, start, size)` gives a run of the buffer's items (all by default) that takes
`items[i] = value`, `len(items)` and the buffer protocol (`struct.pack_into` writes a row of them);
`scatter` sets one value at several places of a run, `fill` sets them all, `copy` copies a
run into another as long, and `rows` / `columns` store a table of per-seat figures divided by a
scale (or looked up, a value per count), rotated so that the observer's seat comes first (one
call for what would be tens of stores). The compiled build
has these in C (`_items.c`): a store through a memoryview, what the pure build uses, costs about
200 instructions (it parses the format at every store) and an observer stores tens per look.
Compiled in the compiled build (setup.py), so that an observer reads `scatter` from a static."""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from townhall.engine.build import c_extension


class FloatItems(Protocol):
    """What `float_items` gives, as an observer's writer uses it."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: Any, /) -> None: ...


# The value is any float or int (typed Any: an observer passes a float object made once).
Scatter = Callable[[Any, int, int, bytes, int, Any], None]
Fill = Callable[[Any, Any], None]
Copy = Callable[[Any, Any], None]
Rows = Callable[[Any, int, int, int, Sequence[Sequence[Any]], Any], None]
Columns = Callable[[Any, int, int, int, tuple[Sequence[Any], ...], tuple[Any, ...]], None]


def memory_items(buffer: Any, start: int = 0, size: int = -1) -> memoryview[float]:
    """A run of a float32 buffer's items as a memoryview (the pure build's items)."""
    whole = memoryview(buffer)
    if whole.format not in ("f", "<f", "=f") or not whole.c_contiguous:
        raise TypeError(f"items need a contiguous float32 buffer, not format {whole.format!r}")
    flat = whole.cast("B").cast("f")
    end = len(flat) if size < 0 else start + size
    if start < 0 or end > len(flat) or end < start:
        raise ValueError(f"items {start}..{end} are outside the buffer of {len(flat)}")
    return flat[start:end]


def scatter_items(items: Any, base: int, stride: int, offsets: bytes, start: int, value: Any) -> None:
    """items[base + stride * offsets[k]] = value for k = start, start + 1, ... until an offset of
    255 or the end of `offsets` (the pure build's scatter; tests check it stores as the C one)."""
    if start < 0:
        raise ValueError("scatter's start is not negative")
    size = len(items)
    for k in range(start, len(offsets)):
        offset = offsets[k]
        if offset == 255:
            break
        at = base + stride * offset
        if at < 0 or at >= size:
            raise IndexError(f"item {at} is outside the {size} items")
        items[at] = value


def fill_items(items: Any, value: Any) -> None:
    """Every item set to `value` (the pure build's fill): one copy of the repeated bytes."""
    raw = memoryview(items).cast("B")
    raw[:] = struct.pack("=f", value) * len(items)


def copy_items(target: Any, source: Any) -> None:
    """`target`'s items set to `source`'s, as many (the pure build's copy: a plain byte copy)."""
    if len(target) != len(source):
        raise ValueError(f"{len(source)} items do not fit in {len(target)}")
    target[:] = source


def _store(items: Any, at: int, value: Any) -> None:
    if at < 0 or at >= len(items):  # a memoryview would take a negative index from the end
        raise IndexError(f"item {at} is outside the {len(items)} items")
    items[at] = value


def rows_items(items: Any, start: int, stride: int, first: int, rows: Sequence[Sequence[Any]], divisor: Any) -> None:
    """A table of one row per seat, the seat `first` in row 0 (the observer first):
    items[start + r * stride + j] = rows[(first + r) % n][j] / divisor (the pure build's rows:
    each row's bounds checked once, then its items stored directly)."""
    if divisor == 0:
        raise ZeroDivisionError("a table's divisor is not 0")
    n = len(rows)
    size = len(items)
    for r in range(n):
        row = rows[(first + r) % n]
        at = start + r * stride
        if row and (at < 0 or at + len(row) > size):  # a memoryview would take a negative index from the end
            raise IndexError(f"items {at}..{at + len(row) - 1} are outside the {size} items")
        for j, value in enumerate(row):
            items[at + j] = value / divisor


def columns_items(
    items: Any, start: int, stride: int, first: int, columns: tuple[Sequence[Any], ...], divisors: tuple[Any, ...]
) -> None:
    """A table of one row per seat, the seat `first` in row 0, from per-seat lists: items[start +
    r * stride + c] = columns[c][(first + r) % n] / divisors[c]; where divisors[c] is a tuple,
    divisors[c][count] instead (a value per count). The pure build's columns."""
    if len(divisors) != len(columns):
        raise ValueError(f"{len(columns)} columns with {len(divisors)} divisors")
    for c, column in enumerate(columns):
        how = divisors[c]
        if not isinstance(how, tuple) and how == 0:
            raise ZeroDivisionError("a table's divisor is not 0")
        n = len(column)
        for r in range(n):
            value = column[(first + r) % n]
            if isinstance(how, tuple):
                if not 0 <= value < len(how):
                    raise IndexError(f"no value for a count of {value}")
                _store(items, start + r * stride + c, how[value])
            else:
                _store(items, start + r * stride + c, value / how)


_C: Final[Any] = c_extension("townhall.engine._items")
IN_C: Final = _C is not None
scatter: Final[Scatter] = _C.scatter if IN_C else scatter_items
fill: Final[Fill] = _C.fill if IN_C else fill_items
copy: Final[Copy] = _C.copy if IN_C else copy_items
rows: Final[Rows] = _C.rows if IN_C else rows_items
columns: Final[Columns] = _C.columns if IN_C else columns_items
_ITEMS: Final[Any] = _C.Items if IN_C else memory_items


def float_items(buffer: Any, start: int = 0, size: int = -1) -> Any:
    """Items `start .. start + size` of a contiguous float32 buffer (all from `start` when `size` is
    negative): C items in the compiled build, a memoryview in the pure one."""
    return _ITEMS(buffer, start, size)


__all__ = [
    "IN_C",
    "FloatItems",
    "columns",
    "columns_items",
    "copy",
    "copy_items",
    "fill",
    "fill_items",
    "float_items",
    "memory_items",
    "rows",
    "rows_items",
    "scatter",
    "scatter_items",
]
