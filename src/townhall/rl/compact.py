"""The check that a game's compact action space (engine.protocol.CompactActions) is complete and
one to one in a state: what tests/rl/test_compact_actions.py and bench/compact_actions.py run
along random games."""

from __future__ import annotations

from typing import Any

from townhall.engine.protocol import CompactActions, State


def checked_ids(space: CompactActions[Any], state: State, legal: list[int]) -> list[int]:
    """The compact ids of the legal actions `legal` of `state`, after checking that every one has
    an id in [0, size), that distinct actions have distinct ids, that each id decodes back to its
    action and that `encode_all` gives the same ids in increasing order; AssertionError otherwise."""
    ids = [space.encode(state, action) for action in legal]
    for action, compact in zip(legal, ids, strict=True):
        if not 0 <= compact < space.size:
            raise AssertionError(f"legal action {action} has no compact id (got {compact})")
        back = space.decode(state, compact)
        if back != action:
            raise AssertionError(f"compact id {compact} of action {action} decodes to {back}")
    if len(set(ids)) != len(ids):
        raise AssertionError(f"distinct legal actions share compact ids: {legal} -> {ids}")
    together = space.encode_all(state, list(legal))
    if together != sorted(ids):
        raise AssertionError(f"encode_all gives {together}, not the ids {sorted(ids)} in order")
    return ids


__all__ = ["checked_ids"]
