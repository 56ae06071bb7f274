"""The environments of townhall.rl against PettingZoo's and Gymnasium's own checkers, for every game."""

from __future__ import annotations

import copy
import dataclasses
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from townhall import games, rl
from townhall.engine.chance import Chance
from townhall.engine.protocol import Game
from townhall.rl.core import Table
from townhall.rl.layouts import section

GAMES = games.shipped()

# The environment version of each game and the rules data it was made for: when a game's data
# (`meta.data_version`) or its observer's layout changes, bump the observer's `version` and
# this table together; when its compact action space changes, that space's `version` (0: the game
# has none). The env names carry their sum (`carcassonne_v2`; `carcassonne_v1` with compact=False).
ENV_VERSIONS: dict[str, tuple[int, int, str]] = {
    "antiquity": (2, 0, "c94c3312a5784794"),
    "carcassonne": (1, 1, "0cd405f6f022278f"),
    "kutna-hora": (2, 0, "304d3895b802bd7f"),
    "my-city": (2, 1, "969d43cbe61552d6"),
}


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", category=UserWarning)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_api_and_seeds(name: str, players: int) -> None:
    game = games.get(name)
    if not game.meta.min_players <= players <= game.meta.max_players:
        pytest.skip(f"{name} is not for {players} players")
    api_test(rl.aec_env(name, players), num_cycles=300)
    seed_test(lambda: rl.aec_env(name, players), num_cycles=300)


def _simultaneous(game: Game[Any]) -> Game[Any]:
    """The game as if its facts declared simultaneous decisions (until every game declares its own)."""
    if game.meta.facts.simultaneous:
        return game
    declared = copy.copy(game)
    declared.meta = dataclasses.replace(game.meta, facts=dataclasses.replace(game.meta.facts, simultaneous=True))
    return declared


SIMULTANEOUS = [name for name in GAMES if games.get(name).meta.facts.simultaneous]


@pytest.mark.parametrize("name", SIMULTANEOUS)
@pytest.mark.parametrize("players", [2, 3])
def test_parallel_api(name: str, players: int) -> None:
    """Every game that declares simultaneous decisions passes PettingZoo's parallel API test."""
    parallel_api_test(rl.parallel_env(_simultaneous(games.get(name)), players), num_cycles=3000)


def test_parallel_needs_declared_simultaneous_decisions() -> None:
    game = games.get("carcassonne")
    if game.meta.facts.simultaneous:
        pytest.skip("carcassonne declares simultaneous decisions")
    with pytest.raises(Exception, match="no simultaneous decisions"):
        rl.parallel_env(game, 2)


@pytest.mark.parametrize("name", GAMES)
def test_gym_check_env(name: str) -> None:
    check_env(rl.gym_env(name, opponents=("random",)), skip_render_check=True)


def _play_out(env: rl.TownhallAEC, seed: int) -> list[float]:
    """Random masked play to the end; the final reward of each agent."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return [final[agent] for agent in env.possible_agents]


def test_a_whole_game_ends_with_rank_rewards_and_renders() -> None:
    env = rl.aec_env("kutna-hora", 2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and text
    rewards: dict[str, float] = {}
    rng = random.Random(3)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_rank_rewards_are_linear_and_ties_share() -> None:
    assert rl.rank_rewards([1, 2]) == [1.0, -1.0]
    assert rl.rank_rewards([2, 1, 3]) == [0.0, 1.0, -1.0]
    assert rl.rank_rewards([1, 1, 3]) == [0.5, 0.5, -1.0]
    assert rl.rank_rewards([1, 1]) == [0.0, 0.0]


@pytest.mark.parametrize("name", GAMES)
def test_env_names_move_with_the_data_and_the_layout(name: str) -> None:
    game = games.get(name)
    observer = game.observer(2, game.meta.resolve({}))
    assert observer is not None, f"{name} has no observer of its own"
    assert name in ENV_VERSIONS, f"record {name}'s environment version in ENV_VERSIONS"
    compact = game.compact_actions(2, game.meta.resolve({}))
    assert (observer.version, 0 if compact is None else compact.version, game.meta.data_version) == ENV_VERSIONS[name]
    base = name.replace("-", "_")
    version = observer.version + (0 if compact is None else compact.version)
    assert rl.aec_env(name, 2).metadata["name"] == f"{base}_v{version}"
    assert rl.aec_env(name, 2, compact=False).metadata["name"] == f"{base}_v{observer.version}"


def _documented_layout(game: Game[Any]) -> str:
    """The game's layout table in docs/rl.md (generated from the observers and checked against
    them by tests/rl/test_layout_docs.py)."""
    text = section((Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8"))
    start = text.index(f"### {game.meta.title} (`{game.meta.name}`")
    end = text.find("\n### ", start + 1)
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_have_a_fixed_shape_and_a_documented_layout(name: str, players: int) -> None:
    game = games.get(name)
    if not game.meta.min_players <= players <= game.meta.max_players:
        pytest.skip(f"{name} is not for {players} players")
    env = rl.aec_env(name, players)
    size = env.observation_space("player_0")["observation"].shape[0]
    observer = env.table.observer
    assert sum(part.size for part in observer.slices.values()) == size
    documented = _documented_layout(game)
    for slice_name, part in observer.slices.items():
        assert part.doc, f"{slice_name} says nothing of what it holds"
        assert f"`{slice_name}`" in documented, f"{slice_name} is not in the layout table"
    env.reset(seed=1)
    for _ in range(30):
        agent = env.agent_selection
        observation, _reward, terminated, _truncated, _info = env.last()
        assert observation["observation"].shape == (size,)
        if terminated:
            break
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert agent in env.possible_agents


@pytest.mark.parametrize("name", GAMES)
def test_spaces_are_built_once(name: str) -> None:
    env = rl.aec_env(name, 2)
    assert env.observation_space("player_1") is env.observation_space("player_1")
    assert env.action_space("player_0") is env.action_space("player_0")
    assert env.metadata["name"].startswith(name.replace("-", "_") + "_v")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_observations_hold_nothing_hidden(name: str, players: int) -> None:
    """For a player, two determinizations of a position give identical arrays."""
    table = Table(name, players, None, "rank")
    table.reset(seed=5)
    rng = random.Random(5)
    chance = Chance(7)
    for _ in range(200):
        movers = table.state.to_move()
        if not movers:
            break
        for player in range(players):
            original = table.state
            arrays = []
            for sample in range(2):
                table.state = original.determinize(player, random.Random(sample))
                arrays.append(table.observe(player)["observation"])
            table.state = original
            np.testing.assert_array_equal(arrays[0], arrays[1])
            np.testing.assert_array_equal(arrays[0], table.observe(player)["observation"])
        legal = table.state.legal_actions(movers[0])
        table.state.apply(movers[0], rng.choice(legal), chance)


def test_margin_rewards_are_the_final_score_margins() -> None:
    env = rl.aec_env("my-city", 2, reward="margin")
    rewards = _play_out(env, 4)
    scores = env.table.state.scores()
    assert rewards == [scores[0] - scores[1], scores[1] - scores[0]]


def test_the_buffers_themselves_with_copy_false() -> None:
    """Each player's observation lives in its own buffer (kept up to date along the game); the
    mask is one buffer."""
    env = rl.aec_env("kutna-hora", 2, copy=False)
    env.reset(seed=2)
    first = env.observe("player_0")
    assert env.observe("player_0")["observation"] is first["observation"]
    assert env.observe("player_1")["observation"] is not first["observation"]
    assert env.observe("player_1")["action_mask"] is first["action_mask"]


def test_gym_against_greedy_plays_to_the_end() -> None:
    env = rl.gym_env("kutna-hora", opponents=("greedy",), seat=1)
    observation, _info = env.reset(seed=9)
    rng = random.Random(9)
    terminated = False
    reward = 0.0
    while not terminated:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, _truncated, _info = env.step(action)
    assert reward in (-1.0, 0.0, 1.0)


def test_numpy_integers_are_accepted_where_ints_are() -> None:
    """What a NumPy-based agent passes (an action sampled from a space, a seed, a player count)
    works alike on both builds (the compiled one checks argument types)."""
    plain = rl.aec_env("kutna-hora", 2)
    numpy_env = rl.aec_env("kutna-hora", np.int64(2), legal_ids=True)
    plain.reset(seed=9)
    numpy_env.reset(seed=np.int64(9))
    for _ in range(40):
        observation, _reward, terminated, _truncated, info = numpy_env.last()
        if terminated:
            break
        action = np.flatnonzero(observation["action_mask"])[-1]  # a NumPy integer
        assert action == info["legal_actions"][-1]
        numpy_env.step(action)
        plain.step(int(action))
    assert plain.table.state.observation(0) == numpy_env.table.state.observation(0)
    with pytest.raises(TypeError):
        numpy_env.step(1.5)  # type: ignore[arg-type]


def test_agent_iter_and_last_follow_pettingzoo() -> None:
    """The environment's own `agent_iter` and `last` behave as PettingZoo's: at most `max_iter`
    agents, None for the observation when not observing, the agent's own info."""
    env = rl.aec_env("carcassonne", 2, legal_ids=True)
    env.reset(seed=2)
    assert len(list(env.agent_iter(max_iter=0))) == 0
    seen = []
    for agent in env.agent_iter(max_iter=5):
        seen.append(agent)
        observation, reward, terminated, truncated, info = env.last(observe=False)
        assert observation is None and reward == 0.0 and not terminated and not truncated
        assert info is env.infos[agent]
        env.step(env.last()[4]["legal_actions"][0])
    assert len(seen) == 5 and seen[0] == "player_0"
