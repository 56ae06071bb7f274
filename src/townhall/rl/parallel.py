"""The PettingZoo parallel environment of a game whose decisions are simultaneous (its facts say
so: `GameMeta.facts.simultaneous`). At each step every live agent gives an action; the actions
of the players to move are applied (in seat order); an agent not to move takes a no-op: it stays
live (PettingZoo's parallel API wants every live agent at every step), its action is ignored
(whatever it is, or missing) and its mask is empty.

An illegal action of a player to move ends the game (PettingZoo's convention for classic games):
its agent gets the worst reward (-1 by rank; by margin, one less than minus the absolute margin)
and `info["illegal"]` saying why, the others 0; with `illegal="raise"` the engine's
IllegalAction is raised instead (the actions of earlier seats in that step stay applied)."""

from __future__ import annotations

from typing import Any, Unpack

from pettingzoo import ParallelEnv

from townhall.engine.errors import IllegalAction, OptionError
from townhall.engine.options import Options
from townhall.engine.protocol import Game
from townhall.rl.aec import build_state_space, env_metadata, seat_spaces
from townhall.rl.core import check_illegal, final_rewards, worst_reward
from townhall.rl.render import Renderer
from townhall.rl.settings import EnvKeywords, EnvSettings
from townhall.rl.spaces import flat_box, flatten

Observations = dict[str, Any]  # per agent: the Dict, or the flat array


def simultaneous(game: Game[Any]) -> bool:
    """Whether a game declares simultaneous decisions."""
    return game.meta.facts.simultaneous


class TownhallParallel(ParallelEnv[str, dict[str, Any], int]):
    """Every live agent acts at each step (the module's docstring says how). The keywords besides
    `illegal` (render_mode, reward, legal_ids, observation, compact, mask_dtype) are every
    environment's (rl.settings)."""

    def __init__(
        self,
        game: Game[Any] | str,
        players: int = 2,
        options: Options | None = None,
        *,
        illegal: str = "lose",
        **keywords: Unpack[EnvKeywords],
    ) -> None:
        settings = EnvSettings(**keywords)
        self.legal_ids = settings.legal_ids
        self.flat = settings.flat  # the flat array, the mask in the info
        self.renderer = Renderer(settings.render_mode)
        self.illegal = check_illegal(illegal)
        self.table = settings.table(game, players, options)
        if not simultaneous(self.table.game):
            raise OptionError(
                f"{self.table.game.meta.title} declares no simultaneous decisions: use aec_env (turn by turn)"
            )
        self.render_mode = settings.render_mode
        self.metadata = env_metadata(self.table)
        self.possible_agents, self.observation_spaces, self.action_spaces = seat_spaces(self.table, self.flat)
        self.flat_space = flat_box(self.table.observer)
        self.state_space = build_state_space(self.table)
        self.agents = list(self.possible_agents)

    def state(self) -> Any:
        """The global view: every player's observation, player 0's first (see `state_space`)."""
        return self.table.global_state()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _observe_all(self) -> tuple[Observations, dict[str, dict[str, Any]]]:
        """Every live agent's observation, and its info with `legal_actions` (the mask's ones;
        none with `legal_ids=False`; with `observation="flat"`, the flat array and the mask in the
        info's `action_mask`)."""
        observations: Observations = {}
        infos: dict[str, dict[str, Any]] = {}
        for player, agent in enumerate(self.possible_agents):
            if agent in self.agents:
                observation = self.table.observe(player)
                infos[agent] = {"legal_actions": self.table.legal} if self.legal_ids else {}
                if self.flat:
                    infos[agent]["action_mask"] = observation["action_mask"]
                    observation = flatten(observation, self.flat_space)
                observations[agent] = observation
        return observations, infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        if self.render_mode == "human":  # the window follows the game (PettingZoo's way)
            self.render()
        return self._observe_all()

    def step(
        self, actions: dict[str, int]
    ) -> tuple[Observations, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        table = self.table
        state = table.state
        live = list(self.agents)
        for player in state.to_move():
            if player not in state.to_move():
                continue
            agent = self.possible_agents[player]
            if agent not in actions:
                raise ValueError(f"{agent} is to move and must give an action")
            try:
                state.apply(player, table.engine_action(int(actions[agent])), table.chance)
            except IllegalAction as refusal:
                if self.illegal == "raise":
                    raise
                return self._lose(live, player, str(refusal))
        if self.render_mode == "human":
            self.render()
        observations, infos = self._observe_all()
        if state.is_terminal():
            values = final_rewards(state, table.reward)
            rewards = {agent: values[self.possible_agents.index(agent)] for agent in live}
            self.agents = []
            done = True
        else:
            rewards = dict.fromkeys(live, 0.0)
            done = False
        return (
            observations,
            rewards,
            dict.fromkeys(live, done),
            dict.fromkeys(live, False),
            infos,
        )

    def _lose(
        self, live: list[str], player: int, why: str
    ) -> tuple[Observations, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """The step that ends the game on `player`'s illegal action."""
        observations, infos = self._observe_all()
        offender = self.possible_agents[player]
        infos[offender]["illegal"] = why
        rewards = dict.fromkeys(live, 0.0)
        rewards[offender] = worst_reward(self.table.state, self.table.reward, player)
        self.agents = []
        return observations, rewards, dict.fromkeys(live, True), dict.fromkeys(live, False), infos

    def render(self) -> Any:
        """As the AEC environment's: text, a frame, or None after showing it (rl.render)."""
        return self.renderer.render(self.table.game, self.table.state)

    def close(self) -> None:
        self.renderer.close()
