"""The ecosystem's conventions: Gymnasium ids, `action_masks()` for MaskablePPO, PettingZoo's
parallel seed test, `state()`, fixed-shape infos."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test

from townhall import games, rl
from townhall.engine.errors import IllegalAction, OptionError
from townhall.rl.core import find_game
from townhall.rl.registration import env_id

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on Box bounds


def _legal(env: Any, player: int) -> list[int]:
    """The player's legal action ids in the environment's action space (compact where the game has one)."""
    table = env.table
    legal = table.state.legal_actions(player)
    return legal if table.actions is None else table.actions.encode_all(table.state, legal)


@pytest.mark.parametrize("name", games.shipped())
def test_every_game_has_a_gymnasium_id_carrying_its_env_version(name: str) -> None:
    env = rl.gym_env(name, opponents=("random",))
    version = env.metadata["name"].rsplit("_v", 1)[1]
    ident = env_id(name)
    assert ident.startswith("townhall/") and ident.endswith(f"-v{version}")
    assert ident in gymnasium.registry
    made = gymnasium.make(ident, opponents=("random",), seat=1)
    assert isinstance(made.unwrapped, rl.TownhallGym)
    assert made.unwrapped.seat == 1 and made.unwrapped.table.game is find_game(name)
    observation, _info = made.reset(seed=3)
    assert observation["observation"].shape == made.observation_space["observation"].shape


def test_the_ids_are_named_from_the_game() -> None:
    assert env_id("kutna-hora").startswith("townhall/KutnaHora-v")
    assert env_id("carcassonne").startswith("townhall/Carcassonne-v")


def test_importing_townhall_alone_imports_no_rl() -> None:
    code = "import sys, townhall; print('townhall.rl' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.parametrize("name", games.shipped())
def test_action_masks_are_the_legal_actions_as_bools(name: str) -> None:
    env = rl.gym_env(name, opponents=("random",), legal_ids=True)
    observation, info = env.reset(seed=4)
    rng = random.Random(4)
    terminated = False
    for _ in range(60):
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
        np.testing.assert_array_equal(masks, observation["action_mask"].astype(bool))
        assert list(np.flatnonzero(masks)) == list(info["legal_actions"])
        if terminated:
            assert not masks.any()
            break
        observation, _reward, terminated, _truncated, info = env.step(int(rng.choice(np.flatnonzero(masks))))


def test_maskable_ppo_runs_with_no_wrapper() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = rl.gym_env("kutna-hora", opponents=("random",))
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=32, batch_size=16, n_epochs=1, seed=0)
    model.learn(64)


def test_maskable_ppo_over_carcassonnes_compact_ids() -> None:
    """Issue 35: the policy's output layer has a logit per compact id (4,537), not per engine id."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = rl.gym_env("carcassonne", opponents=("random",))
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=16, batch_size=16, n_epochs=1, seed=0)
    assert model.policy.action_net.out_features == env.action_space.n == 4537
    model.learn(16)


SIMULTANEOUS = [name for name in games.shipped() if games.get(name).meta.facts.simultaneous]


@pytest.mark.parametrize("name", SIMULTANEOUS)
@pytest.mark.parametrize("players", [2, 3])
def test_parallel_seed_test_passes(name: str, players: int) -> None:
    """PettingZoo's own seed test, which samples every agent's action without the mask."""
    parallel_seed_test(lambda: rl.parallel_env(name, players), num_cycles=300)


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_an_agent_not_to_move_takes_a_no_op(name: str) -> None:
    """It stays live with an empty mask; its action, whatever it is or missing, changes nothing."""
    rng = random.Random(6)
    plain, noisy = rl.parallel_env(name, 3), rl.parallel_env(name, 3)
    observations, _infos = plain.reset(seed=6)
    noisy.reset(seed=6)
    idle_seen = 0
    while plain.agents:
        state = plain.table.state
        movers = state.to_move()
        idle = [p for p in range(3) if p not in movers]
        assert set(observations) == set(plain.agents) == set(plain.possible_agents)
        for p in idle:
            assert not observations[f"player_{p}"]["action_mask"].any()
        idle_seen += len(idle)
        actions = {f"player_{p}": rng.choice(_legal(plain, p)) for p in movers}
        noise = {f"player_{p}": rng.randrange(plain.table.num_actions) for p in idle}
        observations, rewards, _terminations, _truncations, _infos = plain.step(actions)
        noisy_observations, noisy_rewards, _terminations, _truncations, _infos = noisy.step(actions | noise)
        assert rewards == noisy_rewards and plain.agents == noisy.agents
        for agent, observed in observations.items():
            np.testing.assert_array_equal(observed["observation"], noisy_observations[agent]["observation"])
    assert idle_seen > 0


@pytest.mark.parametrize("name", SIMULTANEOUS)
@pytest.mark.parametrize("reward", ["rank", "margin"])
def test_an_illegal_action_of_a_mover_ends_the_game_on_its_agent(name: str, reward: str) -> None:
    env = rl.parallel_env(name, 2, reward=reward)
    env.reset(seed=8)
    mover = env.table.state.to_move()[0]
    legal = set(_legal(env, mover))
    wrong = next(a for a in range(env.table.num_actions) if a not in legal)
    before = env.table.state.observation(mover)
    agent = f"player_{mover}"
    _observations, rewards, terminations, truncations, infos = env.step({agent: wrong})
    assert env.agents == [] and all(terminations.values()) and not any(truncations.values())
    assert infos[agent]["illegal"]
    assert rewards[agent] < 0 and all(value == 0.0 for other, value in rewards.items() if other != agent)
    if reward == "rank":
        assert rewards[agent] == -1.0
    assert env.table.state.observation(mover) == before  # the engine left the state unchanged


def test_illegal_raise_raises() -> None:
    env = rl.parallel_env("my-city", 2, illegal="raise")
    env.reset(seed=8)
    mover = env.table.state.to_move()[0]
    legal = set(_legal(env, mover))
    wrong = next(a for a in range(env.table.num_actions) if a not in legal)
    with pytest.raises(IllegalAction):
        env.step({f"player_{mover}": wrong})
    with pytest.raises(OptionError):
        rl.parallel_env("my-city", 2, illegal="ignore")


@pytest.mark.parametrize("name", games.shipped())
def test_state_is_every_players_observation(name: str) -> None:
    """`state()` of the AEC and parallel envs: the players' observations one after another, in
    `state_space`; taking it changes neither the mask nor the legal ids handed out."""
    envs: list[Any] = [rl.aec_env(name, 3 if games.get(name).meta.max_players >= 3 else 2, legal_ids=True)]
    if games.get(name).meta.facts.simultaneous:
        envs.append(rl.parallel_env(name, 2, legal_ids=True))
    for env in envs:
        env.reset(seed=5)
        rng = random.Random(5)
        for _ in range(40):
            movers = env.table.state.to_move()
            if not movers:
                break
            if isinstance(env, rl.TownhallAEC):
                observation, _reward, _terminated, _truncated, info = env.last()
                legal, mask = tuple(info["legal_actions"]), observation["action_mask"].copy()
            legal_before = env.table.legal
            state = env.state()
            assert env.table.legal == legal_before
            assert env.state_space.contains(state)
            size = env.table.observer.size
            for player in range(env.table.players):
                own = env.table.observe(player)["observation"]
                np.testing.assert_array_equal(state[player * size : (player + 1) * size], own)
            if isinstance(env, rl.TownhallAEC):
                observation, _reward, _terminated, _truncated, info = env.last()
                assert tuple(info["legal_actions"]) == legal
                np.testing.assert_array_equal(observation["action_mask"], mask)
                env.step(rng.choice(_legal(env, movers[0])))
            else:
                env.step({f"player_{p}": rng.choice(_legal(env, p)) for p in movers})


@pytest.mark.parametrize("name", games.shipped())
def test_infos_have_a_fixed_shape_by_default(name: str) -> None:
    """By default (`legal_ids=False`) no info holds the variable-length legal ids (the mask still
    does), the libraries' checkers still pass, and a snapshot keeps the choice."""
    aec = rl.aec_env(name, 2)
    api_test(aec, num_cycles=50)
    aec.reset(seed=2)
    rng = random.Random(2)
    for _ in range(30):
        observation, _reward, terminated, _truncated, info = aec.last()
        assert "legal_actions" not in info
        if terminated:
            break
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    restored = pickle.loads(pickle.dumps(aec))
    assert "legal_actions" not in restored.last()[4]
    gym = rl.gym_env(name, opponents=("random",))
    check_env(gym, skip_render_check=True)
    _observation, info = gym.reset(seed=2)
    assert info == {} and gym.action_masks().any()
    if games.get(name).meta.facts.simultaneous:
        parallel = rl.parallel_env(name, 2)
        parallel_api_test(parallel, num_cycles=300)
        _observations, infos = parallel.reset(seed=2)
        assert all(value == {} for value in infos.values())
    assert "legal_actions" in rl.aec_env(name, 2, legal_ids=True).last()[4]  # on request
