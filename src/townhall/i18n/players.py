"""Players by name: where a table shows a text, its seats have names ("Ada"); a game's sentences name
a player through `player_name`, which gives the seat's name set by the front door (`naming`) or else
"Player N" in the language in force. Like the language, the names are a context variable: rules
and data never see them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

_NAMES: ContextVar[tuple[str | None, ...]] = ContextVar("townhall_player_names", default=())


@contextmanager
def naming(names: Sequence[str | None]) -> Iterator[None]:
    """Inside the block, player `i` is called `names[i]` (None: by number)."""
    token = _NAMES.set(tuple(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def seat_name(index: int) -> str | None:
    """The name of player `index` (from 0) at the table in force, or None."""
    names = _NAMES.get()
    return names[index] if 0 <= index < len(names) else None
