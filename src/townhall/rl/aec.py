"""The PettingZoo AEC environment of any Townhall game (see docs/rl.md).

Compiled in the compiled build (setup.py): an AEC loop calls `agent_iter`'s next, `last` and
`step` at every decision, so these are this class's own (PettingZoo's `last` and iterator are
interpreted Python with the same behaviour)."""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Any, Final, SupportsIndex, Unpack

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from townhall.engine.options import Options
from townhall.engine.protocol import Game
from townhall.rl.action_space import MaskedDiscrete
from townhall.rl.core import Table, env_name, final_rewards
from townhall.rl.render import RENDER_MODES, Renderer
from townhall.rl.settings import EnvKeywords, EnvSettings
from townhall.rl.spaces import flat_box, flatten, observation_box

UNLIMITED: Final = 2**62 - 1  # more agent turns than any game has (a machine int when compiled)


def agent_name(player: int) -> str:
    return f"player_{player}"


def build_spaces(table: Table) -> tuple[spaces.Space[Any], spaces.Space[Any]]:
    observation = spaces.Dict(
        {
            "observation": observation_box(table.observer),
            "action_mask": spaces.Box(0, 1, (table.num_actions,), dtype=mask_dtype(table)),
        }
    )
    return observation, MaskedDiscrete(table.num_actions)


def mask_dtype(table: Table) -> Any:
    """The NumPy dtype of the table's masks (bool, or int8 as asked)."""
    return np.bool_ if table.mask_dtype == "bool" else np.int8


def table_name(table: Table) -> str:
    """The versioned name of the table's environments (`carcassonne_v2`; `_v1` with the engine's ids)."""
    return env_name(table.game, table.observer, table.actions)


def env_metadata(table: Table, **more: Any) -> dict[str, Any]:
    """What every environment's `metadata` says (its render modes and versioned name), then `more`."""
    return {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": table_name(table), **more}


def build_state_space(table: Table) -> spaces.Box:
    """The space of `state()`: every player's observation, one after another."""
    return observation_box(table.observer, table.players)


Spaces = dict[str, spaces.Space[Any]]


def seat_spaces(table: Table, flat: bool = False) -> tuple[list[str], Spaces, Spaces]:
    """The agents' names, and each one's observation and action space (the same for every seat;
    with `flat`, the observation is the flat array's Box)."""
    agents = [agent_name(player) for player in range(table.players)]
    observation, action = build_spaces(table)
    if flat:
        observation = flat_box(table.observer)
    return agents, dict.fromkeys(agents, observation), dict.fromkeys(agents, action)


class TownhallAEC(AECEnv[str, dict[str, Any], int]):
    """Agents `player_0 .. player_{n-1}` take turns in the game's order; at a simultaneous
    decision the players to move act one after another (the state hides pending choices).
    Rewards come at the end: by rank (+1 first ... -1 last) or by score margin. With
    `copy=False`, `observe` returns the preallocated buffers themselves (valid until the next call).
    The other keywords (render_mode, reward, legal_ids, observation, compact, mask_dtype) are every
    environment's (rl.settings)."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: SupportsIndex = 2,
        options: Options | None = None,
        *,
        copy: bool = True,
        **keywords: Unpack[EnvKeywords],
    ) -> None:
        super().__init__()
        settings = EnvSettings(**keywords)
        # Copied out of the settings: observe reads them at every decision.
        self.legal_ids = settings.legal_ids
        self.flat = settings.flat  # the flat array, the mask in the info
        self.renderer = Renderer(settings.render_mode)
        self.table = settings.table(game, players, options, copy)
        self.render_mode = settings.render_mode
        self.human = settings.render_mode == "human"  # (a bool: step reads it at every decision)
        self.metadata = env_metadata(
            self.table,
            is_parallelizable=False,  # turns alternate with simultaneous decisions: see parallel_env
            data_version=self.table.game.meta.data_version,
        )
        self.possible_agents, self.observation_spaces, self.action_spaces = seat_spaces(self.table, self.flat)
        self.flat_space = flat_box(self.table.observer)
        self.state_space = build_state_space(self.table)
        self._index = {name: p for p, name in enumerate(self.possible_agents)}
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        movers = self.table.state.to_move()
        if movers:
            self.agent_selection = self.possible_agents[movers[0]]

    def reset(self, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self._start()
        if self.human:
            self.render()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, until no agent is left or after `max_iter` of them."""
        return Turns(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation (None when `observe` is false), cumulative reward, terminated, truncated
        and info of the agent to act."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        """The agent's observation and mask; its info's `legal_actions` becomes the mask's ones (a
        tuple of ids: an agent may sample from it instead of scanning a long mask), unless
        `legal_ids=False` (a fixed-shape info, for libraries that stack infos). With
        `observation="flat"`, the flat array, and the mask in the info's `action_mask`."""
        table = self.table
        observation = table.observe(self._index[agent])
        info = self.infos.get(agent)  # none once the agent is gone (after the end)
        if info is not None and self.legal_ids:
            info["legal_actions"] = table.legal
        if self.flat:
            if info is not None:
                info["action_mask"] = observation["action_mask"]
            return flatten(observation, self.flat_space)
        return observation

    def step(self, action: SupportsIndex | None) -> None:
        """Apply the agent's action (an int or a NumPy integer); None for an agent that is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action")
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        state = table.state
        engine = action if isinstance(action, int) else operator.index(action)
        compact = table.actions  # the environment's ids are compact: the engine's action (Table.engine_action)
        state.apply(self._index[agent], engine if compact is None else compact.decode(state, engine), table.chance)
        movers = state.to_move()  # empty: the game is over (the protocol's is_terminal)
        if not movers:
            self._clear_rewards()
            for name, value in zip(self.agents, final_rewards(state, table.reward), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
            self._accumulate_rewards()
        else:  # rewards stay 0 until the end: nothing to clear or accumulate
            self.agent_selection = self.possible_agents[movers[0]]
        if self.human:  # the window follows the game (PettingZoo's way)
            self.render()

    def state(self) -> Any:
        """The global view: every player's observation, player 0's first (see `state_space`)."""
        return self.table.global_state()

    def render(self) -> Any:
        """The game's text (`ansi`), an HxWx3 uint8 frame of its board view (`rgb_array`), or None
        after showing the frame in a window (`human`; nothing shown with no display)."""
        return self.renderer.render(self.table.game, self.table.state)

    def close(self) -> None:
        self.renderer.close()

    def __reduce__(self) -> tuple[Any, ...]:
        # A snapshot: the table (game, state, chance) and where the turns stand; spaces and the
        # rest are remade from the table's set-up.
        progress = {name: getattr(self, name) for name in PROGRESS if hasattr(self, name)}
        observation = "flat" if self.flat else "dict"
        return (_restore, (type(self), self.table, self.render_mode, progress, self.legal_ids, observation))


# What a game under way has besides its table (PettingZoo's bookkeeping of agents and rewards).
PROGRESS: Final = (
    "agents",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
    "agent_selection",
)


def _restore(
    kind: type[TownhallAEC],
    table: Table,
    render_mode: str | None,
    progress: dict[str, Any],
    legal_ids: bool = False,
    observation: str = "dict",
) -> TownhallAEC:
    env = kind(
        table.game,
        table.players,
        table.options,
        copy=table.copy,
        render_mode=render_mode,
        reward=table.reward,
        legal_ids=legal_ids,
        observation=observation,
        compact=table.actions is not None,
        mask_dtype=table.mask_dtype,
    )
    env.table = table
    for name, value in progress.items():
        setattr(env, name, value)
    return env


class Turns(Iterator[str]):
    """What `agent_iter` gives: the agent to act next while agents are left, at most `max_iter`
    times (PettingZoo's AEC iterator)."""

    def __init__(self, env: TownhallAEC, max_iter: int) -> None:
        self.env = env
        self.left = min(max_iter, UNLIMITED)

    def __iter__(self) -> Turns:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return env.agent_selection
