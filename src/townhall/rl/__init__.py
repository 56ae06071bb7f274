"""Environments for reinforcement learning over every Townhall game (the `rl` extra):

- `aec_env(game, players=2, options=None, render_mode=None, reward="rank")`: PettingZoo AEC;
- `parallel_env(...)`: PettingZoo parallel, for games whose facts declare simultaneous decisions;
- `gym_env(game, opponents=("greedy",), seat=0, ...)`: Gymnasium, the other seats played by bots,
  also `gymnasium.make("townhall/<Game>-v<N>")` once this package is imported.

Observations are `{"observation": float32 array, "action_mask": bool array}` (`mask_dtype="int8"`:
int8; bounds from the game's data), in a compact action space where the game has one
(`compact=False`: the engine's ids), or with `observation="flat"` the array alone in a finite Box
(the mask in the info, or `action_masks()`); infos have a fixed shape unless `legal_ids=True`;
`render_mode` is "ansi", "rgb_array" or "human" (rl.render); `gym_env`'s opponents may be policies
(callables); `state()` (AEC and parallel) is every player's observation in one array; see docs/rl.md.
"""

from __future__ import annotations

from townhall.rl.aec import TownhallAEC
from townhall.rl.core import env_name, rank_rewards
from townhall.rl.gym import TownhallGym
from townhall.rl.parallel import TownhallParallel
from townhall.rl.registration import register_envs

register_envs()  # gymnasium.make("townhall/Carcassonne-v2"), ... (rl.registration)

aec_env = TownhallAEC
parallel_env = TownhallParallel
gym_env = TownhallGym

__all__ = [
    "TownhallAEC",
    "TownhallGym",
    "TownhallParallel",
    "aec_env",
    "env_name",
    "gym_env",
    "parallel_env",
    "rank_rewards",
]
