"""Observation spaces from an observer's layout: each slice declares the bounds of its values
(`engine.observer.Layout.add`: from the game's data, infinite where the rules set no limit), so
the Dict observation's Box is finite wherever the values are bounded, and the flat observation
(`gym_env(..., observation="flat")`) is finite everywhere: there the unbounded items are clipped
to +-FLAT_LIMIT."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces

from townhall.engine.errors import OptionError
from townhall.engine.observer import Observer

# Observers scale their counts to about 0..1 (a divisor per slice): the flat observation clips an
# item with no limit in the rules at ten times that scale (random games stay below 2.5: tests/rl).
FLAT_LIMIT: Final = 10.0


def observation_bounds(observer: Observer[Any]) -> tuple[Any, Any]:
    """The low and high of every item of the observation (float32 arrays; +-inf where unbounded)."""
    low = np.empty(observer.size, dtype=np.float32)
    high = np.empty(observer.size, dtype=np.float32)
    for part in observer.slices.values():
        end = part.offset + part.size
        low[part.offset : end] = np.broadcast_to(np.asarray(part.low, dtype=np.float32), part.shape).ravel()
        high[part.offset : end] = np.broadcast_to(np.asarray(part.high, dtype=np.float32), part.shape).ravel()
    return low, high


def observation_box(observer: Observer[Any], repeat: int = 1) -> spaces.Box:
    """The Box of the observation array (`repeat` of them one after another: `state()`)."""
    low, high = observation_bounds(observer)
    return spaces.Box(np.tile(low, repeat), np.tile(high, repeat), dtype=np.float32)


OBSERVATIONS: Final = ("dict", "flat")


def check_observation(observation: str) -> bool:
    """Whether an environment's `observation` option asks for the flat array (else the Dict)."""
    if observation not in OBSERVATIONS:
        raise OptionError(f"observation is 'dict' or 'flat', not {observation!r}")
    return observation == "flat"


def flatten(observation: dict[str, Any], box: spaces.Box) -> Any:
    """The flat observation: the observation array clipped to the flat Box (a new array)."""
    return np.clip(observation["observation"], box.low, box.high)


def flat_box(observer: Observer[Any]) -> spaces.Box:
    """The flat observation's Box: the same bounds, +-FLAT_LIMIT where they are infinite."""
    low, high = observation_bounds(observer)
    return spaces.Box(np.maximum(low, -FLAT_LIMIT), np.minimum(high, FLAT_LIMIT), dtype=np.float32)


__all__ = [
    "FLAT_LIMIT",
    "OBSERVATIONS",
    "check_observation",
    "flat_box",
    "flatten",
    "observation_bounds",
    "observation_box",
]
