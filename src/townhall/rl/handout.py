"""Observation and mask arrays handed out to callers and never written again while one holds them.

An environment's default (`copy=True`) promises that an array it returned never changes later.
Copying every observation keeps that promise at the price of a copy per look (Carcassonne's view
and mask are 200 KB). Instead each player's view lives in a few buffers kept up to date along the
game: a look writes into one that nobody outside holds any more (its reference count is back to
what the environment's own references make), so a loop that drops or overwrites last step's
observation gets no copy at all. Only when a caller still holds every buffer (a rollout stored as
arrays) is a new one made, from a copy of the latest; the caller keeps the old one.

A reference count sees every holder: a NumPy view or slice keeps its base alive, as do a
`memoryview`, `torch.from_numpy` and a dict or list. The count of the environment's own references
is measured (after a buffer's first write), never assumed, so the same code holds in the compiled
build (setup.py compiles this module: it runs at every look) and in the pure one.

What a caller gets is read-only (a view of the buffer, made once, and the mask arrays): a buffer is
kept up to date by rewriting only what changed, so a caller writing into one (normalizing an
observation in place, say) would corrupt every later view written into it. Writing raises NumPy's
"assignment destination is read-only"; a caller who wants to change an array copies it.
"""

from __future__ import annotations

import sys
from typing import Any, Final

import numpy as np

from townhall.engine.observer import Observer
from townhall.engine.watch import Watcher
from townhall.rl.mask import refresh

LIMIT = 3  # buffers kept per player; beyond, the caller keeps the least recently used one
# A free buffer that is behind the latest view catches up by a copy of it when the copy is cheap
# (up to this many bytes, about 0.5 µs); a larger one catches up by rewriting what changed since.
COPY_BYTES = 32_768


# A module constant: read from a static, where `sys.getrefcount` is an attribute lookup per call.
_GETREFCOUNT: Final = sys.getrefcount


def _references(arrays: list[Any], index: int) -> int:
    """The references to `arrays[index]`: measured and checked through this one function, with no
    local name bound to the array at either place, so that both count the same own references."""
    return _GETREFCOUNT(arrays[index])


class ViewHandout:
    """One player's observation buffers, each kept up to date by its own watcher."""

    __slots__ = ("buffers", "copy_to_catch_up", "handed", "latest", "observer", "own", "own_handed", "used", "watchers")

    def __init__(self, observer: Observer[Any]) -> None:
        self.observer = observer
        self.watchers: list[Watcher[Any]] = []
        self.buffers: list[Any] = []  # each watcher's buffer
        self.handed: list[Any] = []  # per buffer: the read-only view of it that callers get
        self.own: list[int] = []  # per buffer: the references the environment holds (-1: not measured yet)
        self.own_handed: list[int] = []  # ... and to its read-only view
        self.used: list[int] = []  # per buffer: when it was last written (a count of looks)
        self.latest = -1
        self.copy_to_catch_up = observer.size * 4 <= COPY_BYTES

    def _free(self) -> int:
        """The index of a buffer that no caller holds: the latest if it is free, else the most
        recently used free one, brought up to the latest view (a new one when none is free)."""
        latest = self.latest
        if latest >= 0 and self._unheld(latest):
            return latest
        chosen = -1
        for index in range(len(self.buffers)):
            if index != latest and self._unheld(index) and (chosen < 0 or self.used[index] > self.used[chosen]):
                chosen = index
        if chosen >= 0:
            if self.copy_to_catch_up and latest >= 0:
                self.watchers[chosen].take_over(self.watchers[latest])
            return chosen
        size = self.observer.size
        if latest >= 0:  # carry on from the latest view: a copy, then only what changed since
            made = self.watchers[latest].fork(np.empty(size, dtype=np.float32))
        else:
            made = self.observer.watcher(np.zeros(size, dtype=np.float32))
        handed = read_only(made.buffer)
        index = len(self.watchers)
        if index < LIMIT:
            self.watchers.append(made)
            self.buffers.append(made.buffer)
            self.handed.append(handed)
            self.own.append(-1)
            self.own_handed.append(-1)
            self.used.append(0)
        else:  # every buffer is held: the caller keeps the least recently used one
            index = self.used.index(min(self.used))
            self.watchers[index] = made
            self.buffers[index] = made.buffer
            self.handed[index] = handed
            self.own[index] = -1
        return index

    def _unheld(self, index: int) -> bool:
        """Whether no caller holds the buffer or its read-only view (more references than the
        environment's own; fewer would also mean held: a count not measured yet is -1)."""
        return (
            _references(self.buffers, index) == self.own[index]
            and _references(self.handed, index) == self.own_handed[index]
        )

    def observe(self, state: Any, player: int) -> Any:
        index = self._free()
        self.watchers[index].observe(state, player)
        if self.own[index] < 0:  # after the first write: an observer may make views lazily
            self.own[index] = _references(self.buffers, index)
            self.own_handed[index] = _references(self.handed, index)
        self.used[index] = self.used[self.latest] + 1 if self.latest >= 0 else 1
        self.latest = index
        return self.handed[index]


class MaskHandout:
    """Action-mask buffers, each with the legal ids it holds now (cleared and set item by item)."""

    __slots__ = ("arrays", "dtype", "latest", "limit", "num_actions", "ones", "own", "raw")

    def __init__(self, num_actions: int, limit: int = LIMIT, dtype: str = "bool") -> None:
        self.num_actions = num_actions
        self.dtype = dtype  # "bool" or "int8": the same bytes, 0 or 1
        self.limit = limit  # masks kept; beyond, the caller keeps the one after the latest
        self.raw: list[bytearray] = []  # each mask's bytes (the array is a view of them)
        self.arrays: list[Any] = []
        self.ones: list[tuple[int, ...]] = []  # the legal ids each mask holds now
        self.own: list[int] = []
        self.latest = -1

    def free(self) -> int:
        """The index of a mask that no caller holds (a new, empty one when there is none)."""
        for index in range(len(self.arrays)):
            if _references(self.arrays, index) == self.own[index]:
                return index
        raw = bytearray(self.num_actions)
        index = len(self.arrays)
        if index < self.limit:
            self.raw.append(raw)
            self.arrays.append(read_only_mask(raw, self.dtype))
            self.ones.append(())
            self.own.append(0)
        else:
            index = (self.latest + 1) % self.limit
            self.raw[index] = raw
            self.arrays[index] = read_only_mask(raw, self.dtype)
            self.ones[index] = ()
        self.own[index] = _references(self.arrays, index)
        return index

    def refresh(self, legal: list[int]) -> int:
        """A free mask set to `legal` (its previous ones cleared); its index."""
        index = self.free()
        self.ones[index] = refresh(self.raw[index], self.ones[index], legal)
        self.latest = index
        return index


def read_only(buffer: Any) -> Any:
    """A read-only view of an observation buffer: what callers get (the buffer stays writable)."""
    view = buffer.view()
    view.flags.writeable = False
    return view


def read_only_mask(raw: bytearray, dtype: str = "bool") -> Any:
    """The array over a mask's bytes that callers get, NumPy bool (or int8: the bytes are 0 or
    1 either way): read-only (the bytes are written directly, only where the legal ids changed)."""
    array = np.frombuffer(raw, dtype=np.bool_ if dtype == "bool" else np.int8)
    array.flags.writeable = False
    return array


def hand_out(
    views: ViewHandout, masks: MaskHandout, state: Any, player: int, legal: list[int]
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """`player`'s observation of `state` and the mask of its `legal` ids in arrays no later call
    changes, and the legal ids as kept."""
    index = masks.refresh(legal)
    return {"observation": views.observe(state, player), "action_mask": masks.arrays[index]}, masks.ones[index]


__all__ = ["COPY_BYTES", "LIMIT", "MaskHandout", "ViewHandout", "hand_out", "read_only", "read_only_mask"]
