"""Tensor observations: a game's Observer writes what one player may see into one preallocated
flat buffer, as named slices of a fixed layout (OpenSpiel's observers do the same).

A layout is built once per game, player count and options: `Layout.add(name, *shape)` appends a
slice; `Layout.views(buffer)` gives each slice of the buffer as an array of its shape, so that
writers write in place with no allocation. An observer's `parts` write the slices, each with a key
saying what it depends on; a `Watcher` keeps one player's view up to date along a game by
rewriting only the parts whose key changed (environments observe at every step, and most of a
view does not change between two steps). The engine does not import numpy: the buffer is the
caller's (a float32 array in `townhall.rl`).
"""

from __future__ import annotations

import math
from abc import ABC
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from townhall.engine.watch import Watcher

StateT = TypeVar("StateT")


@dataclass(frozen=True, slots=True)
class Slice:
    """One named part of the buffer: where it starts, its shape, what it holds, and the bounds
    of its values (environments' observation spaces read them): one bound for every item, or one
    per index of the last axis (a player's row of figures); infinite where the rules set no limit.
    `fields` names the first indices of one axis (`axis`: a board's planes, a player's figures),
    and `each` what every further index holds, `{i}` being its rank among them (the players,
    observer first): docs/rl.md's layout tables are generated from them (townhall.rl.layouts)."""

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str = ""
    low: tuple[float, ...] = (0.0,)
    high: tuple[float, ...] = (1.0,)
    fields: tuple[str, ...] = ()
    axis: int = 0
    each: str = ""

    @property
    def size(self) -> int:
        return math.prod(self.shape)


Bound = float | Sequence[float]


def _bounds(bound: Bound, shape: tuple[int, ...]) -> tuple[float, ...]:
    """A slice's bound as a tuple: one number, or one per index of its last axis."""
    values = (float(bound),) if isinstance(bound, (int, float)) else tuple(float(b) for b in bound)
    if len(values) != 1 and (not shape or len(values) != shape[-1]):
        raise ValueError(f"{len(values)} bounds for a slice of shape {shape}")
    return values


class Layout:
    """Named slices of one flat buffer, in order."""

    __slots__ = ("size", "slices")

    def __init__(self) -> None:
        self.slices: dict[str, Slice] = {}
        self.size = 0

    def add(
        self,
        name: str,
        *shape: int,
        doc: str = "",
        low: Bound = 0.0,
        high: Bound = 1.0,
        fields: Sequence[str] = (),
        axis: int = 0,
        each: str = "",
    ) -> Slice:
        """Append a slice whose values lie in low..high: numbers, or one per index of the last axis
        (the default 0..1 fits one-hots, flags and fractions; a count / its divisor declares the
        most the game's data allows, and math.inf where the rules set no limit). `fields` names
        the first indices of axis `axis` (negative: from the end), `each` the rest (see Slice)."""
        if name in self.slices:
            raise ValueError(f"the layout already has a slice {name!r}")
        if fields or each:
            axis = axis % len(shape) if shape else 0
            if not shape or len(fields) > shape[axis] or (len(fields) < shape[axis] and not each):
                raise ValueError(f"slice {name!r}: {len(fields)} fields for axis {axis} of shape {shape}")
        lows, highs = _bounds(low, shape), _bounds(high, shape)
        width = max(len(lows), len(highs))
        if not all(a <= b for a, b in zip(lows * (width // len(lows)), highs * (width // len(highs)), strict=True)):
            raise ValueError(f"slice {name!r}: bounds {low}..{high} are not in order")
        part = Slice(name, self.size, tuple(shape), doc, lows, highs, tuple(fields), axis, each)
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


@dataclass(frozen=True, slots=True)
class Part(Generic[StateT]):
    """Slices of the layout written together by `write(state, player, views, previous)`.

    `key(state, player)` is what they depend on, cheap to compute and compare (None: no key, the
    part is rewritten at every observation). Along one game a part is rewritten only when its key
    changed: a plain part has its slices zeroed first and `previous` is None; an `incremental` part
    keeps them and gets the key of the last observation as `previous`, so that it writes only the
    change (None still means: the slices are zero, write everything). A `whole` part sets every
    item of its slices, so they need no zeroing first."""

    slices: tuple[str, ...]
    write: Callable[[StateT, int, dict[str, Any], Any], None]
    key: Callable[[StateT, int], Hashable] | None = None
    incremental: bool = False
    whole: bool = False

    def __post_init__(self) -> None:
        if self.incremental and self.key is None:
            raise ValueError(f"an incremental part needs a key: {self.slices}")


class Observer(ABC, Generic[StateT]):
    """Writes a player's view of a state into a flat float32 buffer of `layout.size` items.

    A game's observer lists its `parts`, which together write every slice. `fill` writes a view
    from scratch; a `Watcher` keeps one player's view up to date along a game, rewriting only the
    parts whose key changed (tests check that both give the same array).
    `version` moves whenever the layout or its meaning changes (environment names carry it).
    Parts must read only what `player` may see: `state.observation(player)` is the public source
    of truth, so two determinizations for the player give identical buffers."""

    version: int = 1
    # What a player sees and how it is laid out, for researchers (docs/rl.md's tables print it).
    about: str = ""
    # Whether `make_views` keeps things beside the slices that the writers bring up to date along
    # a game (what a view last showed, counts): a watcher taking over another's view then fills
    # from scratch instead of copying the buffer (engine.watch.Watcher.take_over).
    state_in_views: bool = False
    layout: Layout
    parts: tuple[Part[StateT], ...]
    _views: dict[int, tuple[Any, dict[str, Any]]] | None = None

    def make_views(self, out: Any) -> dict[str, Any]:
        """The named slices of `out` as arrays, made anew (an observer may add views of its own,
        e.g. a board's planes with their cells flat)."""
        return self.layout.views(out)

    def views(self, out: Any) -> dict[str, Any]:
        """`make_views(out)`, cached per buffer (callers reuse their buffers)."""
        if self._views is None:
            self._views = {}
        cached = self._views.get(id(out))
        if cached is None or cached[0] is not out:
            if len(self._views) > 64:  # callers passing fresh buffers: keep none of them alive
                self._views.clear()
            cached = (out, self.make_views(out))
            self._views[id(out)] = cached
        return cached[1]

    @cached_property
    def steps(self) -> list[tuple[Any, Any, bool, tuple[str, ...]]]:
        """The parts as plain tuples (key, write, incremental, slices to zero), for the watchers' loop."""
        return [(part.key, part.write, part.incremental, () if part.whole else part.slices) for part in self.parts]

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def slices(self) -> Mapping[str, Slice]:
        return self.layout.slices

    def fill(self, state: StateT, player: int, out: Any) -> None:
        """Overwrite every item of `out` (a flat array of `size` items) with `player`'s view."""
        views = self.views(out)
        out[:] = 0.0
        for part in self.parts:
            part.write(state, player, views, None)

    def watcher(self, out: Any) -> Watcher[StateT]:
        """A player's view kept in `out` along a game (see engine.watch.Watcher)."""
        return Watcher(self, out)
