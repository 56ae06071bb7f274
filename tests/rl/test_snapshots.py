"""Snapshots (issue 35): every environment and state survives `pickle` and `copy.deepcopy` at any
point of a game, in both builds, and the copy goes on exactly as the original for the same actions
(observations, masks, rewards, ends)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.rl import aec_env, gym_env, parallel_env
from townhall.rl.parallel import simultaneous

pytest.importorskip("pettingzoo")

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing, protocol=pickle.HIGHEST_PROTOCOL)),
    "deepcopy": copy.deepcopy,
}
SHORT: dict[str, dict[str, Any]] = {"antiquity": {"max_rounds": 2}}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray | memoryview):
        return np.array_equal(np.asarray(a), np.asarray(b))
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _aec_turns(env: Any, rng: random.Random, turns: int) -> list[Any]:
    """`turns` random legal moves; what the env showed along the way."""
    seen = []
    for _ in range(turns):
        if not env.agents:
            break
        agent = env.agent_selection
        observation, reward, terminated, truncated, _info = env.last()
        seen.append((agent, observation, reward, terminated, truncated))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(list(legal))))
    return seen


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("game", games.shipped())
def test_an_aec_env_copied_mid_game_goes_on_identically(game: str, how: str) -> None:
    env = aec_env(game, options=SHORT.get(game))
    env.reset(seed=3)
    _aec_turns(env, random.Random(1), 25)
    twin = COPIES[how](env)
    assert twin.table.state is not env.table.state
    ahead = _aec_turns(env, random.Random(2), 200)
    again = _aec_turns(twin, random.Random(2), 200)
    assert len(ahead) == len(again) and ahead, "no turns were played after the copy"
    assert all(_same(a, b) for a, b in zip(ahead, again, strict=True))
    assert twin.rewards == env.rewards and twin.agents == env.agents


@pytest.mark.parametrize("copy_arrays", [True, False])
@pytest.mark.parametrize("game", games.shipped())
def test_a_copy_after_reset_and_of_a_fresh_env(game: str, copy_arrays: bool) -> None:
    for how in COPIES.values():
        fresh = how(aec_env(game, copy=copy_arrays))
        fresh.reset(seed=5)
        env = aec_env(game, copy=copy_arrays)
        env.reset(seed=5)
        assert _same(fresh.observe(fresh.agent_selection), env.observe(env.agent_selection))
        twin = how(env)
        assert _same(_aec_turns(twin, random.Random(4), 30), _aec_turns(env, random.Random(4), 30))


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("game", games.shipped())
def test_a_gym_env_copied_mid_game_goes_on_identically(game: str, how: str) -> None:
    env = gym_env(game, opponents=("greedy",), options=SHORT.get(game), legal_ids=True)
    observation, info = env.reset(seed=7)
    rng = random.Random(1)
    for _ in range(3):
        observation, reward, done, _, info = env.step(rng.choice(info["legal_actions"]))
        if done:
            observation, info = env.reset(seed=8)
    twin = COPIES[how](env)
    steps: list[list[Any]] = [[], []]
    for index, (which, (obs, inf)) in enumerate(((env, (observation, info)), (twin, (observation, info)))):
        rng = random.Random(9)
        for _ in range(40):
            obs, reward, done, _, inf = which.step(rng.choice(inf["legal_actions"]))
            steps[index].append((obs, reward, done, inf["legal_actions"]))
            if done:
                break
    assert _same(steps[0], steps[1])


@pytest.mark.parametrize("game", [g for g in games.shipped() if simultaneous(games.get(g))])
def test_a_parallel_env_copied_mid_game_goes_on_identically(game: str) -> None:
    env = parallel_env(game, options=SHORT.get(game))
    observations, _infos = env.reset(seed=2)
    rng = random.Random(3)

    def actions(observations: dict[str, Any], rng: random.Random) -> dict[str, int]:
        return {
            a: int(rng.choice(list(np.flatnonzero(o["action_mask"]))))
            for a, o in observations.items()
            if o["action_mask"].any()
        }

    for _ in range(3):
        observations, *_ = env.step(actions(observations, rng))
    for how in COPIES.values():
        twin = how(env)
        trails = []
        for which in (env if how is copy.deepcopy else copy.deepcopy(env), twin):
            rng, obs, trail = random.Random(4), observations, []
            for _ in range(20):
                if not which.agents:
                    break
                obs, rewards, terminations, _truncations, _ = which.step(actions(obs, rng))
                trail.append((obs, rewards, terminations))
            trails.append(trail)
        assert trails[0] and _same(trails[0], trails[1])


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("game", games.shipped())
def test_a_state_and_its_chance_copy_mid_game(game: str, how: str) -> None:
    engine = games.get(game)
    options = engine.meta.resolve(SHORT.get(game))
    chance = Chance(11)
    state = engine.new_state(2, options, chance)
    rng = random.Random(12)
    for _ in range(15):
        if state.is_terminal():
            break
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), chance)
    twin, twin_chance = COPIES[how]((state, chance))
    assert twin is not state and twin.to_json() == state.to_json()
    for one, its_chance in ((state, chance), (twin, twin_chance)):
        rng = random.Random(13)
        while not one.is_terminal():
            player = one.to_move()[0]
            one.apply(player, rng.choice(one.legal_actions(player)), its_chance)
    assert twin.to_json() == state.to_json() and twin.scores() == state.scores()


def _copy_of(env: Any) -> Callable[[], Any]:
    return lambda: copy.deepcopy(env)


def test_spawned_vector_envs_take_envs_copied_mid_game() -> None:
    """AsyncVectorEnv with `spawn` pickles what makes its envs: here envs already mid-game."""
    gymnasium = pytest.importorskip("gymnasium")
    env = gym_env("carcassonne", opponents=("random",), legal_ids=True)
    _, info = env.reset(seed=21)
    for _ in range(4):
        _, _, _, _, info = env.step(info["legal_actions"][0])
    vector = gymnasium.vector.AsyncVectorEnv([_copy_of(env), _copy_of(env)], context="spawn", autoreset_mode="SameStep")
    try:
        here = copy.deepcopy(env)
        action = info["legal_actions"][-1]
        expected = here.step(action)[0]
        stepped = vector.step(np.array([action, action]))[0]
        for key in ("observation", "action_mask"):
            assert np.array_equal(stepped[key][0], expected[key]) and np.array_equal(stepped[key][1], expected[key])
    finally:
        vector.close()
