"""Tensor observations: a game's Observer writes what one player may see into one preallocated
flat buffer, as named slices of a fixed layout (OpenSpiel's observers do the same).

A layout is built once per game, player count and options: `Layout.add(name, *shape)` appends a
slice; `Layout.views(buffer)` gives each slice of the buffer as an array of its shape, so that
`fill` writes in place with no allocation. The engine does not import numpy: the buffer is the
caller's (a float32 array in `townhall.rl`).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class Slice:
    """One named part of the buffer: where it starts, its shape, and what it holds."""

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str = ""

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Layout:
    """Named slices of one flat buffer, in order."""

    __slots__ = ("size", "slices")

    def __init__(self) -> None:
        self.slices: dict[str, Slice] = {}
        self.size = 0

    def add(self, name: str, *shape: int, doc: str = "") -> Slice:
        if name in self.slices:
            raise ValueError(f"the layout already has a slice {name!r}")
        part = Slice(name, self.size, tuple(shape), doc)
        self.slices[name] = part
        self.size += part.size
        return part

    def views(self, buffer: Any) -> dict[str, Any]:
        """Each slice of `buffer` (a flat array of `size` items) as a view of its shape."""
        return {
            name: buffer[part.offset : part.offset + part.size].reshape(part.shape)
            for name, part in self.slices.items()
        }

    def table(self) -> str:
        """The layout as a Markdown table (offset, name, shape, what it holds)."""
        rows = ["| offset | name | shape | holds |", "|---|---|---|---|"]
        rows += [f"| {p.offset} | {p.name} | {p.shape} | {p.doc} |" for p in self.slices.values()]
        return "\n".join(rows)


class Observer(ABC, Generic[StateT]):
    """Writes a player's view of a state into a flat float32 buffer of `layout.size` items.

    `version` moves whenever the layout or its meaning changes (environment names carry it).
    `fill` must read only what `player` may see: `state.observation(player)` is the public
    source of truth, so two determinizations for the player give identical buffers."""

    version: int = 1
    layout: Layout
    _buffer: Any = None
    _views: dict[str, Any] | None = None

    def cleared_views(self, out: Any) -> dict[str, Any]:
        """`out` zeroed and its named slices as arrays; the views are cached per buffer, since
        environments fill the same buffer on every step."""
        if out is not self._buffer or self._views is None:
            self._buffer = out
            self._views = self.layout.views(out)
        out[:] = 0.0
        return self._views

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def slices(self) -> Mapping[str, Slice]:
        return self.layout.slices

    @abstractmethod
    def fill(self, state: StateT, player: int, out: Any) -> None:
        """Overwrite every item of `out` (a flat array of `size` items) with `player`'s view."""
