"""The action mask kept up to date in place: a mask is long (114,257 actions in Carcassonne) and
its ones are few (tens), so only the previous ones are cleared and the new ones set, item by item
on the mask's bytes. Compiled in the compiled build (setup.py): it runs at every observation, and
the compiled build also has the stores in C (`_mask.c`, the same function)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from townhall.engine.build import c_extension

Refresh = Callable[[bytearray, tuple[int, ...], list[int]], tuple[int, ...]]


def _in_c() -> Refresh | None:
    """The C refresh where the compiled build made it, else None."""
    in_c = c_extension("townhall.rl._mask")
    if in_c is None:
        return None
    stores: Refresh = in_c.refresh
    return stores


def refresh_items(mask: bytearray, previous: tuple[int, ...], legal: list[int]) -> tuple[int, ...]:
    """Clear the ones of `previous` in `mask`, set those of `legal`; return them (the next
    `previous`), item by item in Python (the pure build; tests check it stores as the C one)."""
    # The ids as the int objects they are: typed int, the compiled build would unbox each and box
    # it again (a new object above 256) for the store.
    stale: tuple[Any, ...] = previous
    for action in stale:
        mask[action] = 0
    now = tuple(legal)  # the state may reuse its list: keep our own
    fresh: tuple[Any, ...] = now  # (a declared type: an assignment to `stale` would narrow it to int)
    for action in fresh:
        mask[action] = 1
    return now


# What environments call: the C stores where the compiled build made them, else the Python ones.
IN_C: Final = _in_c()
refresh: Final[Refresh] = IN_C or refresh_items


def full(num_actions: int, legal: list[int]) -> bytearray:
    """The mask of `legal` from scratch (what `refresh` must keep equal to)."""
    mask = bytearray(num_actions)
    for action in legal:
        mask[action] = 1
    return mask
