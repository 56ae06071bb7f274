"""The environments in researchers' libraries with no user wrapper, for every registered game:
PettingZoo's render test, Gymnasium's checker on both observation options (finite bounds),
policies as opponents, TorchRL's PettingZooWrapper and SuperSuit's wrappers."""

from __future__ import annotations

import multiprocessing
import pickle
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("matplotlib")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test

from townhall import games, rl
from townhall.rl.render import FRAME_SIZE, interactive
from townhall.rl.spaces import FLAT_LIMIT

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on Box bounds
GAMES = games.shipped()  # what the package ships (a test toy, interpreted on the compiled State, does not pickle)


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
def test_pettingzoo_flat_observations_carry_the_mask_in_the_info(name: str) -> None:
    """`observation="flat"` on the PettingZoo environments: the flat array in a finite Box, the
    mask in the info's `action_mask` (fixed shape); PettingZoo's API tests pass."""
    env = rl.aec_env(name, 2, observation="flat")
    api_test(env, num_cycles=50)
    env.reset(seed=4)
    rng = random.Random(4)
    plain = rl.aec_env(name, 2)
    plain.reset(seed=4)
    for _ in range(20):
        observation, _reward, terminated, _truncated, info = env.last()
        expected = plain.last()[0]
        if terminated:
            break
        np.testing.assert_array_equal(observation, expected["observation"])
        np.testing.assert_array_equal(info["action_mask"], expected["action_mask"])
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        env.step(action)
        plain.step(action)
    restored = pickle.loads(pickle.dumps(env))  # a snapshot keeps the option
    np.testing.assert_array_equal(restored.observe(restored.agent_selection), env.observe(env.agent_selection))
    if games.get(name).meta.facts.simultaneous:
        parallel_api_test(rl.parallel_env(name, 2, observation="flat"), num_cycles=100)


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


@pytest.fixture
def torchrl_pettingzoo() -> Iterator[Any]:
    """TorchRL's PettingZoo wrapper. Importing TorchRL makes "spawn" the process's start method;
    the rest of the test process keeps the platform's own (the simulations' process pools here
    fork, so their workers know the test games registered at run time)."""
    before = multiprocessing.get_start_method(allow_none=True)
    try:
        yield pytest.importorskip("torchrl.envs.libs.pettingzoo")
    finally:
        multiprocessing.set_start_method(before, force=True)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("observation", ["dict", "flat"])
def test_torchrl_pettingzoo_wrapper_runs(name: str, observation: str, torchrl_pettingzoo: Any) -> None:
    """With the Dict (the mask in the observation) and the flat array (the mask in the info)."""
    torch = pytest.importorskip("torch")
    pettingzoo_lib = torchrl_pettingzoo
    game = games.get(name)
    make = rl.parallel_env if game.meta.facts.simultaneous else rl.aec_env
    env: Any = make(name, 2, observation=observation)
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
    observed = rollout[group, "observation"]
    if observation == "dict":
        observed = observed["observation"]
    assert observed.dtype == torch.float32 and observed.shape[-1] == env.table.observer.size
    assert rollout[group, "action_mask"].shape[-1] == env.table.num_actions


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


@pytest.mark.parametrize("name", GAMES)
def test_supersuit_wrappers_run_on_the_flat_pettingzoo_envs(name: str) -> None:
    supersuit = pytest.importorskip("supersuit")
    wrap = [
        lambda env: supersuit.dtype_v0(env, np.float16),
        supersuit.flatten_v0,
        supersuit.normalize_obs_v0,
        lambda env: supersuit.frame_stack_v1(env, 2),
    ]
    size = rl.aec_env(name, 2).table.observer.size
    for wrapper in wrap:
        env = wrapper(rl.aec_env(name, 2, observation="flat"))
        env.reset(seed=1)
        observation = env.observe(env.agent_selection)
        assert env.observation_space(env.agent_selection).contains(observation)
        assert observation.shape[0] in (size, 2 * size)
    if games.get(name).meta.facts.simultaneous:
        parallel = supersuit.normalize_obs_v0(rl.parallel_env(name, 2, observation="flat"))
        observations, infos = parallel.reset(seed=1)
        assert all(value.min() >= 0 and value.max() <= 1 for value in observations.values())
        assert all("action_mask" in info for info in infos.values())
