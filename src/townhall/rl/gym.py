"""A Gymnasium single-agent environment: one seat is the learner, the others are the project's
bots (`townhall.agents.make_agent`), which see only their PlayerView, or any policy: a callable
given its seat's observation (in the learner's format) and bool mask, returning an action."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, Unpack

import gymnasium
import numpy as np

from townhall.agents import make_agent
from townhall.engine.agent import Agent, Budget, PlayerView, derive_seed
from townhall.engine.errors import IllegalAction, OptionError
from townhall.engine.options import Options
from townhall.engine.protocol import Game
from townhall.rl.aec import build_spaces, env_metadata
from townhall.rl.core import check_illegal, final_rewards, worst_reward
from townhall.rl.render import Renderer
from townhall.rl.settings import EnvKeywords, EnvSettings
from townhall.rl.spaces import flat_box, flatten

# An opponent that is a policy: its seat's observation (as the learner's: the Dict or the flat
# array) and its mask (a bool array) in, an action id out.
Policy = Callable[[Any, Any], SupportsIndex]


class TownhallGym(gymnasium.Env[dict[str, Any], int]):
    """The learner plays `seat`; `opponents` (agent specs or policies, one per other seat, the
    last one repeated) play the rest. The reward is 0 until the end, then the seat's final reward.

    `observation="dict"` (default): `{"observation", "action_mask"}`; `"flat"`: the observation
    array alone in a Box with finite bounds (rl.spaces: items with no limit clipped at +-FLAT_LIMIT),
    the mask from `action_masks()`. `legal_ids=True` adds the variable-length `info["legal_actions"]`.

    An illegal action (outside the mask) ends the episode with the worst reward (-1 by rank; by margin,
    one less than minus the absolute current margin) and `info["illegal"]` saying why, unless
    `illegal="raise"`, which raises the engine's IllegalAction instead. The other keywords
    (render_mode, reward, legal_ids, observation, compact, mask_dtype) are every environment's
    (rl.settings)."""

    def __init__(
        self,
        game: Game[Any] | str,
        opponents: Sequence[str | Policy] = ("greedy",),
        seat: int = 0,
        players: int = 2,
        options: Options | None = None,
        *,
        budget: Budget | None = None,
        illegal: str = "lose",
        **keywords: Unpack[EnvKeywords],
    ) -> None:
        settings = EnvSettings(**keywords)
        self.legal_ids = settings.legal_ids
        self.illegal = check_illegal(illegal)
        self.renderer = Renderer(settings.render_mode)
        if not 0 <= seat < players:
            raise OptionError(f"seat {seat} is not one of the {players} seats")
        if not opponents:
            raise OptionError("give at least one opponent agent")
        self.table = settings.table(game, players, options)
        self.seat = seat
        self.render_mode = settings.render_mode
        others = [p for p in range(players) if p != seat]
        self.specs = {p: opponents[min(i, len(opponents) - 1)] for i, p in enumerate(others)}
        self.budget = budget or Budget(iterations=1)
        self.agents: dict[int, Agent] = {}
        self.observation_space, self.action_space = build_spaces(self.table)
        self.flat = settings.flat
        self.flat_space = flat_box(self.table.observer)
        if self.flat:
            self.observation_space = self.flat_space  # type: ignore[assignment]  # (the base class types it as a Dict's)
        self.metadata = env_metadata(self.table)

    def _play_others(self) -> None:
        table = self.table
        state = table.state
        while (movers := state.to_move()) and movers[0] != self.seat:
            player = movers[0]
            spec = self.specs[player]
            if isinstance(spec, str):
                legal = state.legal_actions(player)
                action = self.agents[player].act(PlayerView(table.game, state, player), legal, self.budget)
            else:  # a policy sees what the learner would see in its seat (an illegal action raises)
                seen = self._format(table.observe(player))
                action = int(spec(seen, self.action_masks()))
            state.apply(player, action, table.chance)

    def _format(self, observation: dict[str, Any]) -> Any:
        """An observation in this environment's format: the Dict, or the clipped flat array."""
        if self.flat:
            return flatten(observation, self.flat_space)
        return observation

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self.table.reset(seed)
        self.agents = {
            p: make_agent(spec, self.table.game, derive_seed(seed, "seat", p))
            for p, spec in self.specs.items()
            if isinstance(spec, str)
        }
        self._play_others()
        observed = self._observe({})
        self._show()
        return observed

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        try:
            table.state.apply(self.seat, table.engine_action(int(action)), table.chance)
        except IllegalAction as refusal:
            if self.illegal == "raise":
                raise
            worst = worst_reward(table.state, table.reward, self.seat)
            observation, info = self._observe({"illegal": str(refusal)})
            return observation, worst, True, False, info
        self._play_others()
        self._show()
        if table.state.is_terminal():
            reward = final_rewards(table.state, table.reward)[self.seat]
            observation, info = self._observe({})
            return observation, reward, True, False, info
        observation, info = self._observe({})
        return observation, 0.0, False, False, info

    def _show(self) -> None:
        """In `human` mode the window follows the game at each reset and step (Gymnasium's way)."""
        if self.render_mode == "human":
            self.render()

    def _observe(self, info: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The seat's observation, and `info` with `legal_actions` (the mask's ones; none with
        `legal_ids=False`)."""
        observation = self._format(self.table.observe(self.seat))
        if self.legal_ids:
            info["legal_actions"] = self.table.legal
        return observation, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's legal actions now, as a bool array of the action space's size (what
        sb3-contrib's MaskablePPO asks the env for); all false once the episode is over."""
        mask = np.zeros(self.table.num_actions, dtype=np.bool_)
        mask[list(self.table.legal)] = True
        return mask

    def render(self) -> Any:
        """The game's text (`ansi`), an HxWx3 uint8 frame of its board view (`rgb_array`), or None
        after showing the frame in a window (`human`; nothing shown with no display)."""
        return self.renderer.render(self.table.game, self.table.state)

    def close(self) -> None:
        self.renderer.close()
