"""The environments in researchers' libraries with no user wrapper, for every registered game:
PettingZoo's render test, Gymnasium's checker on both observation options (finite bounds),
policies as opponents, TorchRL's PettingZooWrapper and SuperSuit's wrappers."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("matplotlib")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from townhall import games, rl
from townhall.rl.render import FRAME_SIZE, interactive
from townhall.rl.spaces import FLAT_LIMIT

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on Box bounds
GAMES = games.names()  # every registered game


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_render_test_passes(name: str) -> None:
    """ansi, rgb_array (HxWx3 uint8 frames of one size) and human (headless: None, no failure)."""
    render_test(lambda render_mode=None: rl.aec_env(name, 2, render_mode=render_mode))
    env = rl.aec_env(name, 2, render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert frame.shape == (FRAME_SIZE[1], FRAME_SIZE[0], 3) and frame.dtype == np.uint8
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 3  # a picture, not a blank
    if games.get(name).meta.facts.simultaneous:
        parallel = rl.parallel_env(name, 2, render_mode="rgb_array")
        parallel.reset(seed=1)
        assert parallel.render().shape == frame.shape


def test_human_mode_without_a_display_shows_nothing_and_does_not_fail() -> None:
    import matplotlib

    assert not interactive(matplotlib.get_backend())  # tests run with no display (Agg)
    env = rl.gym_env("kutna-hora", opponents=("random",), render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    env.close()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_gym_check_env_on_both_observations(name: str, observation: str) -> None:
    env = rl.gym_env(name, opponents=("random",), observation=observation, render_mode="rgb_array")
    check_env(env)
    if observation == "flat":
        space = env.observation_space
        assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
        assert space.shape == (env.table.observer.size,)


@pytest.mark.parametrize("name", GAMES)
def test_observations_stay_within_the_declared_bounds(name: str) -> None:
    """Along a random game every observation is in its space, `state()` in its own, and no item
    comes near the flat option's clip (so clipping changes nothing in real games)."""
    env = rl.aec_env(name, 2)
    space = env.observation_space("player_0")
    env.reset(seed=3)
    rng = random.Random(3)
    largest = 0.0
    for agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        assert space.contains(observation), f"{agent}: outside {space}"
        largest = max(largest, float(np.abs(observation["observation"]).max()))
        if terminated or truncated:
            env.step(None)
            continue
        assert env.state_space.contains(env.state())
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert largest < FLAT_LIMIT / 2


@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_opponents_may_be_policies(observation: str) -> None:
    """A callable opponent gets its seat's observation in the learner's format and a bool mask."""
    seen: list[Any] = []

    def first_legal(seen_observation: Any, mask: Any) -> int:
        seen.append(seen_observation)
        assert mask.dtype == np.bool_ and mask.any()
        return int(np.flatnonzero(mask)[0])

    env = rl.gym_env("kutna-hora", opponents=(first_legal, "random"), players=3, observation=observation)
    env.reset(seed=5)
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(env.action_masks())[-1])
        _observation, _reward, terminated, _truncated, _info = env.step(action)
    assert seen
    assert all(env.observation_space.contains(item) for item in seen)


@pytest.mark.parametrize("name", GAMES)
def test_torchrl_pettingzoo_wrapper_runs(name: str) -> None:
    torch = pytest.importorskip("torch")
    pettingzoo_lib = pytest.importorskip("torchrl.envs.libs.pettingzoo")
    game = games.get(name)
    env: Any = rl.parallel_env(name, 2) if game.meta.facts.simultaneous else rl.aec_env(name, 2)
    wrapped = pettingzoo_lib.PettingZooWrapper(env, use_mask=True, categorical_actions=True, seed=1)

    def policy(tensordict: Any) -> Any:  # a uniform pick among each agent's legal actions
        for group in wrapped.group_map:
            mask = tensordict[group, "action_mask"]
            weights = mask.float() + (~mask.any(-1, keepdim=True)).float()  # an idle agent: any
            tensordict[group, "action"] = torch.multinomial(weights, 1).squeeze(-1)
        return tensordict

    rollout = wrapped.rollout(8, policy=policy)
    assert rollout.batch_size[0] >= 1
    group = next(iter(wrapped.group_map))
    assert rollout[group, "observation", "observation"].dtype == torch.float32


@pytest.mark.parametrize("name", GAMES)
def test_supersuit_wrappers_run_on_the_flat_gym_env(name: str) -> None:
    """SuperSuit's observation wrappers need a Box: the flat option is one, with finite bounds
    (normalize_obs_v0 refuses infinite ones)."""
    supersuit = pytest.importorskip("supersuit")
    env = rl.gym_env(name, opponents=("random",), observation="flat")
    wrapped = supersuit.frame_stack_v1(supersuit.dtype_v0(supersuit.normalize_obs_v0(env), np.float16), 2)
    observation, _info = wrapped.reset(seed=2)
    assert observation.dtype == np.float16 and observation.shape == (2 * env.table.observer.size,)
    observation, *_ = wrapped.step(int(np.flatnonzero(env.action_masks())[0]))
    assert np.isfinite(observation).all() and observation.min() >= 0 and observation.max() <= 1


def test_the_self_play_example_runs() -> None:
    pytest.importorskip("sb3_contrib")
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "self_play.py"
    spec = importlib.util.spec_from_file_location("self_play", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--steps", "64", "--rounds", "2", "--games", "2"])
    assert set(result) == {"wins", "draws", "losses"} and sum(result.values()) == 2
