"""With `copy=True` (the default) an array an environment handed out never changes later, whatever
the caller keeps of it (rl.handout reuses only buffers that no caller holds any more); and a loop
that drops last step's observation gets no copies at all."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from townhall import games, rl

try:  # the `train` extra (make test installs it)
    import torch
except ImportError:  # pragma: no cover
    torch = None
from townhall.rl.handout import LIMIT
from townhall.rl.mask import full

GAMES = games.shipped()


def _keep(observation: dict[str, Any], how: int) -> tuple[Any, Any]:
    """Something a caller might keep of an observation, and what it must stay equal to."""
    array, mask = observation["observation"], observation["action_mask"]
    if how == 0:
        return observation, {key: value.copy() for key, value in observation.items()}
    if how == 1:
        return array[3:40], array[3:40].copy()  # a NumPy view keeps its base alive
    if how == 2:
        return memoryview(mask), mask.copy()
    if how == 3 and torch is not None:  # a tensor sharing the array's memory
        return torch.from_numpy(array), array.copy()
    return [mask.view(np.bool_)], mask.copy()


def _same(kept: Any, expected: Any) -> bool:
    if isinstance(kept, dict):
        return all(np.array_equal(kept[key], expected[key]) for key in expected)
    if isinstance(kept, list):
        return bool(np.array_equal(kept[0].view(np.int8), expected))
    if torch is not None and isinstance(kept, torch.Tensor):
        return bool(np.array_equal(kept.numpy(), expected))
    return bool(np.array_equal(np.asarray(kept), expected))


# torch.from_numpy warns once that a read-only array makes a tensor it must not write into.
@pytest.mark.filterwarnings("ignore:The given NumPy array is not writable")
@pytest.mark.parametrize("name", GAMES)
def test_handed_arrays_never_change_while_held(name: str) -> None:
    env = rl.aec_env(name, 2, legal_ids=True)
    table = env.table
    scratch = np.empty(table.observer.size, dtype=np.float32)
    rng = random.Random(7)
    kept: list[tuple[Any, Any]] = []
    for seed in (1, 2):
        env.reset(seed=seed)
        for decision, agent in enumerate(env.agent_iter(max_iter=300)):
            observation, _reward, terminated, truncated, info = env.last()
            player = env._index[agent]
            # What is handed out is right now: the view from scratch and the player's legal actions.
            table.observer.fill(table.state, player, scratch)
            np.testing.assert_array_equal(observation["observation"], scratch, err_msg=f"{name} {decision}")
            legal = table.state.legal_actions(player)
            if table.actions is not None:  # the environment's ids: compact
                legal = table.actions.encode_all(table.state, legal)
            assert observation["action_mask"].tobytes() == bytes(full(table.num_actions, legal))
            assert list(info["legal_actions"]) == legal
            if rng.random() < 0.3:
                kept.append(_keep(observation, rng.randrange(5)))
            if rng.random() < 0.2 and kept:
                kept.pop(rng.randrange(len(kept)))  # some are let go again: their buffers come back
            for held, expected in kept:
                assert _same(held, expected), f"{name}: a held array changed at decision {decision}"
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(legal))
    assert kept


@pytest.mark.parametrize("name", GAMES)
def test_a_loop_that_drops_observations_gets_no_copies(name: str) -> None:
    """The usual loop keeps last step's observation until `last()` returns the next one: two
    buffers per player and two masks serve a whole game, made once."""
    env = rl.aec_env(name, 2, legal_ids=True)
    for seed in (3, 4):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[len(legal) // 2]))
    assert all(len(handout.buffers) <= 2 for handout in env.table.handouts)
    assert len(env.table.masks.arrays) <= 2


@pytest.mark.parametrize("name", GAMES)
def test_a_caller_keeping_everything_keeps_its_own_arrays(name: str) -> None:
    """Every look then needs a new buffer, carried on from the latest view (a copy, or a fill
    from scratch where the observer keeps state beside its slices): each is right when handed."""
    env = rl.aec_env(name, 2, legal_ids=True)
    table = env.table
    scratch = np.empty(table.observer.size, dtype=np.float32)
    env.reset(seed=5)
    kept = []
    for agent in env.agent_iter(max_iter=60):
        observation, _reward, terminated, truncated, _info = env.last()
        table.observer.fill(table.state, env._index[agent], scratch)
        np.testing.assert_array_equal(observation["observation"], scratch)
        kept.append((observation, observation["observation"].copy(), observation["action_mask"].copy()))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(legal[len(legal) // 3]))
    ids = {id(observation["observation"]) for observation, _, _ in kept}
    assert len(ids) == len(kept)  # every array it holds is its own
    for observation, array, mask in kept:
        np.testing.assert_array_equal(observation["observation"], array)
        np.testing.assert_array_equal(observation["action_mask"], mask)
    assert all(len(handout.buffers) <= LIMIT for handout in table.handouts)


def test_gym_and_parallel_infos_name_the_legal_actions() -> None:
    gym = rl.gym_env("kutna-hora", opponents=("random",), legal_ids=True)
    observation, info = gym.reset(seed=2)
    assert list(info["legal_actions"]) == list(np.flatnonzero(observation["action_mask"]))
    observation, _reward, _terminated, _truncated, info = gym.step(info["legal_actions"][0])
    assert list(info["legal_actions"]) == list(np.flatnonzero(observation["action_mask"]))
    parallel = rl.parallel_env("my-city", 2, legal_ids=True)
    observations, infos = parallel.reset(seed=2)
    for agent, observed in observations.items():
        assert list(infos[agent]["legal_actions"]) == list(np.flatnonzero(observed["action_mask"]))
    actions = {agent: int(info["legal_actions"][0]) for agent, info in infos.items() if info["legal_actions"]}
    observations, _rewards, _terminations, _truncations, infos = parallel.step(actions)
    for agent, observed in observations.items():
        assert list(infos[agent]["legal_actions"]) == list(np.flatnonzero(observed["action_mask"]))


def test_a_parallel_loop_gets_no_copies_either() -> None:
    """A parallel step hands out every player's view and mask while the caller still holds the
    last step's: the masks kept (2 x players + 1) serve the whole game, and each array is right."""
    players = 3
    env = rl.parallel_env("my-city", players, legal_ids=True)
    table = env.table
    scratch = np.empty(table.observer.size, dtype=np.float32)
    observations, infos = env.reset(seed=4)
    made = None
    for step in range(200):
        for agent, observed in observations.items():
            player = int(agent.split("_")[1])
            table.observer.fill(table.state, player, scratch)
            np.testing.assert_array_equal(observed["observation"], scratch)
            assert list(infos[agent]["legal_actions"]) == list(np.flatnonzero(observed["action_mask"]))
        if not env.agents:
            break
        actions = {
            agent: int(info["legal_actions"][0]) if info["legal_actions"] else 0 for agent, info in infos.items()
        }
        observations, _rewards, _terminations, _truncations, infos = env.step(actions)
        if step == 2:
            made = [id(array) for array in table.masks.arrays]
    assert made is not None and [id(array) for array in table.masks.arrays] == made
    assert len(made) <= 2 * players + 1


@pytest.mark.parametrize("copy", [True, False])
@pytest.mark.parametrize("name", GAMES)
def test_handed_arrays_are_read_only_so_later_views_stay_right(name: str, copy: bool) -> None:
    """A caller normalizing an observation in place would corrupt the buffer that later views
    are written into (only what changed is rewritten): the arrays handed out refuse writes, and
    a caller changing its own copies leaves every later view equal to one from scratch."""
    env = rl.aec_env(name, 2, copy=copy, legal_ids=True)
    table = env.table
    scratch = np.empty(table.observer.size, dtype=np.float32)
    env.reset(seed=4)
    rng = random.Random(4)
    for _agent in env.agent_iter(max_iter=120):
        observation, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        with pytest.raises(ValueError, match="read-only"):
            observation["observation"] *= 0.5
        with pytest.raises(ValueError, match="read-only"):
            observation["action_mask"][0] = 1
        with pytest.raises(ValueError, match="read-only"):
            observation["observation"][2:9][0] = 1.0  # a view of a read-only array is read-only
        own = observation["observation"].copy()
        own *= 0.5  # the caller's own copy
        table.observer.fill(table.state, env._index[env.agent_selection], scratch)
        np.testing.assert_array_equal(observation["observation"], scratch)
        np.testing.assert_array_equal(np.flatnonzero(observation["action_mask"]), info["legal_actions"])
        env.step(rng.choice(info["legal_actions"]))
