"""A Gymnasium single-agent environment: one seat is the learner, the others are the project's
bots (`townhall.agents.make_agent`), which see only their PlayerView."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from townhall.agents import make_agent
from townhall.engine.agent import Agent, Budget, PlayerView, derive_seed
from townhall.engine.errors import IllegalAction, OptionError
from townhall.engine.options import Options
from townhall.engine.protocol import Game
from townhall.rl.aec import build_spaces, table_name
from townhall.rl.core import Table, final_rewards, worst_reward


class TownhallGym(gymnasium.Env[dict[str, Any], int]):
    """The learner plays `seat`; `opponents` (agent specs, one per other seat, the last one
    repeated) play the rest. The reward is 0 until the end, then the seat's final reward.

    An illegal action (outside the mask) ends the episode with the worst reward (-1 by rank; by margin,
    one less than minus the absolute current margin) and `info["illegal"]` saying why, unless
    `illegal="raise"`, which raises the engine's IllegalAction instead."""

    def __init__(
        self,
        game: Game[Any] | str,
        opponents: Sequence[str] = ("greedy",),
        seat: int = 0,
        players: int = 2,
        options: Options | None = None,
        render_mode: str | None = None,
        reward: str = "rank",
        budget: Budget | None = None,
        illegal: str = "lose",
        legal_ids: bool = True,
        compact: bool = True,
        mask_dtype: str = "bool",
    ) -> None:
        self.legal_ids = legal_ids
        if illegal not in ("lose", "raise"):
            raise OptionError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if not 0 <= seat < players:
            raise OptionError(f"seat {seat} is not one of the {players} seats")
        if not opponents:
            raise OptionError("give at least one opponent agent")
        self.table = Table(game, players, options, reward, compact=compact, mask_dtype=mask_dtype)
        self.seat = seat
        self.render_mode = render_mode
        others = [p for p in range(players) if p != seat]
        self.specs = {p: opponents[min(i, len(opponents) - 1)] for i, p in enumerate(others)}
        self.budget = budget or Budget(iterations=1)
        self.agents: dict[int, Agent] = {}
        self.observation_space, self.action_space = build_spaces(self.table)
        self.metadata = {"render_modes": ["ansi"], "name": table_name(self.table)}

    def _play_others(self) -> None:
        table = self.table
        state = table.state
        while (movers := state.to_move()) and movers[0] != self.seat:
            player = movers[0]
            legal = state.legal_actions(player)
            action = self.agents[player].act(PlayerView(table.game, state, player), legal, self.budget)
            state.apply(player, action, table.chance)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self.table.reset(seed)
        self.agents = {
            p: make_agent(spec, self.table.game, derive_seed(seed, "seat", p)) for p, spec in self.specs.items()
        }
        self._play_others()
        return self._observe({})

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
        if table.state.is_terminal():
            reward = final_rewards(table.state, table.reward)[self.seat]
            observation, info = self._observe({})
            return observation, reward, True, False, info
        observation, info = self._observe({})
        return observation, 0.0, False, False, info

    def _observe(self, info: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The seat's observation, and `info` with `legal_actions` (the mask's ones; none with
        `legal_ids=False`)."""
        observation = self.table.observe(self.seat)
        if self.legal_ids:
            info["legal_actions"] = self.table.legal
        return observation, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's legal actions now, as a bool array of the action space's size (what
        sb3-contrib's MaskablePPO asks the env for); all false once the episode is over."""
        mask = np.zeros(self.table.num_actions, dtype=np.bool_)
        mask[list(self.table.legal)] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.render()
