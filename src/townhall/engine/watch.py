"""A player's tensor view kept up to date along a game (engine.observer's Watcher): its own
module so that the compiled build compiles it (setup.py): it runs at every observation of an
environment, while the observers' layouts and parts stay plain Python."""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from townhall.engine.items import copy, fill, float_items

StateT = TypeVar("StateT")


class Watched(Protocol):
    """What a watcher reads of its engine.observer.Observer (named here: observer imports this
    module, and the package has no import cycle)."""

    @property
    def parts(self) -> tuple[Any, ...]: ...

    @property
    def steps(self) -> list[tuple[Any, Any, bool, tuple[str, ...]]]: ...

    @property
    def state_in_views(self) -> bool: ...

    def make_views(self, out: Any) -> dict[str, Any]: ...


def _items(buffer: Any) -> Any:
    """The buffer's items (engine.items) if it is a flat float32 one, else None."""
    try:
        return float_items(buffer)
    except (TypeError, ValueError):
        return None


class Watcher(Generic[StateT]):
    """One player's view of a game, kept up to date in its own buffer.

    `observe(state, player)` fills the buffer from scratch the first time, and whenever `state` is
    another object or `player` another seat than last time (a new game, a determinization);
    otherwise the state is taken to have moved on only by `apply` since the last call, and only
    the parts whose key changed are rewritten."""

    def __init__(self, observer: Watched, out: Any) -> None:
        self.observer = observer
        self.buffer = out
        self.views = observer.make_views(out)  # its own: no cache elsewhere holds the buffer
        # Zeroed at a fill from scratch (a memset, where NumPy loops) and copied at a catch-up.
        self.items = _items(out)
        # Read at every look or catch-up (attributes of a Python object otherwise, a lookup each).
        self.steps = observer.steps
        self.parts = observer.parts
        self.state_in_views = observer.state_in_views
        self.keys: list[Any] = []
        self.state: StateT | None = None
        self.player = -1

    def fork(self, out: Any) -> Watcher[StateT]:
        """A watcher of the same view in `out`, carrying on from where this one is."""
        twin: Watcher[StateT] = Watcher(self.observer, out)
        twin.take_over(self)
        return twin

    def take_over(self, other: Watcher[StateT]) -> None:
        """Copy `other`'s buffer and where it is: the next observation rewrites only what changed
        since `other`'s last one. An observer keeping state beside its slices fills from scratch
        instead (that state is each watcher's own)."""
        if self.state_in_views:
            self.state = None
            return
        if self.items is not None and other.items is not None:
            copy(self.items, other.items)  # a plain copy of the bytes: a third of NumPy's slice copy
        else:
            self.buffer[:] = other.buffer
        self.keys = list(other.keys)
        self.state = other.state
        self.player = other.player

    def forget(self) -> None:
        """The next observation fills the buffer from scratch."""
        self.state = None

    def observe(self, state: StateT, player: int) -> Any:
        views = self.views
        parts = self.parts
        if state is not self.state or player != self.player:
            if self.items is not None:
                fill(self.items, 0.0)
            else:
                self.buffer[:] = 0.0
            self.keys = [None if part.key is None else part.key(state, player) for part in parts]
            for part in parts:
                part.write(state, player, views, None)
            self.state = state
            self.player = player
            return self.buffer
        keys = self.keys
        index = 0
        for key_of, write, incremental, slices in self.steps:
            previous: Any = None
            if key_of is not None:
                key = key_of(state, player)
                previous = keys[index]
                if key == previous:
                    index += 1
                    continue
                keys[index] = key
            if not incremental:
                previous = None
                for name in slices:
                    views[name].fill(0.0)
            write(state, player, views, previous)
            index += 1
        return self.buffer
