"""The ecosystem's conventions: Gymnasium ids, `action_masks()` for MaskablePPO."""

from __future__ import annotations

import random
import subprocess
import sys

import gymnasium
import numpy as np
import pytest

from townhall import games, rl
from townhall.rl.core import find_game
from townhall.rl.registration import env_id


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
    env = rl.gym_env(name, opponents=("random",))
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
