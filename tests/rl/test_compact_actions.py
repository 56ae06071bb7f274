"""Compact action spaces (issue 35): every game's environment has at most 5,000 action ids;
where a game's own space is larger (Carcassonne, My City) the environment speaks a compact one,
complete and one to one in every state (bench/compact_actions.py runs 10,000 games)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from townhall import games, rl
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.games.carcassonne.compact import COMPACT_SIZE, OUTSIDE_AT, outside_cells
from townhall.games.carcassonne.tiles import xy_of
from townhall.rl.compact import checked_ids

BOUND = 5_000  # issue 35: a policy's output layer over at most this many ids
COMPACT = [name for name in games.shipped() if games.get(name).compact_actions(2, games.get(name).meta.resolve({}))]


def _random_game(name: str, players: int, options: dict[str, Any], seed: int, east: bool = False) -> tuple[int, int]:
    """A random game (`east`: Carcassonne's tile always as far east as it fits, to leave the
    window) with every decision's legal actions checked; the decisions and the actions placed
    outside Carcassonne's window."""
    game = games.get(name)
    resolved = game.meta.resolve(options)
    space = game.compact_actions(players, resolved)
    assert space is not None
    chance = Chance(seed)
    state = game.new_state(players, resolved, chance)
    rng = random.Random(seed)
    decisions = outside = 0
    while movers := state.to_move():
        for player in movers:  # a simultaneous decision: each mover in turn
            legal = state.legal_actions(player)
            ids = checked_ids(space, state, legal)
            decisions += 1
            outside += sum(1 for compact in ids if compact >= OUTSIDE_AT) if name == "carcassonne" else 0
            if east and name == "carcassonne":
                places = [a for a in legal if a < 114_244]
                action = max(places, key=lambda a: xy_of(a >> 2)[0]) if places else rng.choice(legal)
            else:
                action = legal[int(rng.random() * len(legal))]
            state.apply(player, action, chance)
    return decisions, outside


@pytest.mark.parametrize("name", games.shipped())
def test_every_environment_has_at_most_5000_action_ids(name: str) -> None:
    game = games.get(name)
    for players in range(game.meta.min_players, game.meta.max_players + 1):
        env = rl.aec_env(name, players)
        assert env.action_space("player_0").n <= BOUND
        assert env.observation_space("player_0")["action_mask"].shape == (env.action_space("player_0").n,)


@pytest.mark.parametrize("name", COMPACT)
def test_compact_ids_are_complete_and_one_to_one_along_random_games(name: str) -> None:
    """A few hundred random games (the bench plays 10,000): every legal action of every decision
    has a compact id, distinct actions distinct ids, and each id decodes back to its action."""
    decisions = 0
    for seed in range(300 if name == "carcassonne" else 100):
        players = 2 + (seed // 2) % (4 if name == "carcassonne" else 3)
        options = {"river": True} if name == "carcassonne" and seed % 2 else {}
        decisions += _random_game(name, players, options, seed)[0]
    assert decisions > 1000


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), river=st.booleans())
def test_carcassonne_compact_ids_property(seed: int, players: int, river: bool) -> None:
    _random_game("carcassonne", players, {"river": river}, seed)


def test_placements_outside_the_window_get_their_own_slots() -> None:
    """A board pushed east past the window (x > 15): those placements take the slots after the
    window, by rank among the cells outside where the tile fits, and still decode back."""
    outside = sum(_random_game("carcassonne", 2, {}, seed, east=True)[1] for seed in range(3))
    assert outside > 0
    game = games.get("carcassonne")
    space = game.compact_actions(2, game.meta.resolve({}))
    assert space is not None and space.size == COMPACT_SIZE <= BOUND
    state = game.new_state(2, game.meta.resolve({}), Chance(1))
    assert outside_cells(state) == []
    with pytest.raises(IllegalAction):
        space.decode(state, OUTSIDE_AT)  # no cell outside the window now
    with pytest.raises(IllegalAction):
        space.decode(state, COMPACT_SIZE)


def test_an_env_speaks_compact_ids_and_the_engine_ids_on_request() -> None:
    """The mask, legal ids and actions of `carcassonne_v2` are compact ids; `compact=False` gives
    `carcassonne_v1` over the engine's 114,257 ids, the same game for the same choices."""
    compact = rl.aec_env("carcassonne", 2, legal_ids=True)
    full = rl.aec_env("carcassonne", 2, compact=False, legal_ids=True)
    assert compact.metadata["name"] == "carcassonne_v2" and full.metadata["name"] == "carcassonne_v1"
    assert compact.action_space("player_0").n == COMPACT_SIZE and full.action_space("player_0").n == 114_257
    space = compact.table.actions
    assert space is not None and full.table.actions is None
    compact.reset(seed=5)
    full.reset(seed=5)
    rng = random.Random(5)
    for _ in range(80):
        observation, _reward, terminated, _truncated, info = compact.last()
        full_observation, *_rest, full_info = full.last()
        if terminated:
            break
        legal = info["legal_actions"]
        assert list(np.flatnonzero(observation["action_mask"])) == list(legal)
        state = compact.table.state
        assert [space.decode(state, c) for c in legal] == list(full_info["legal_actions"])
        np.testing.assert_array_equal(observation["observation"], full_observation["observation"])
        pick = int(rng.random() * len(legal))
        compact.step(legal[pick])
        full.step(full_info["legal_actions"][pick])
    assert compact.table.state.to_json() == full.table.state.to_json()


@pytest.mark.parametrize("mask_dtype", ["bool", "int8"])
@pytest.mark.parametrize("name", COMPACT)
def test_masks_are_bool_or_int8_and_the_checkers_pass(name: str, mask_dtype: str) -> None:
    env = rl.aec_env(name, 2, mask_dtype=mask_dtype)
    api_test(env, num_cycles=100)
    env.reset(seed=1)
    mask = env.last()[0]["action_mask"]
    assert mask.dtype == np.dtype(mask_dtype) and env.observation_space("player_0")["action_mask"].contains(mask)
    sampled = env.action_space("player_0").sample(mask=mask)  # Gymnasium's own takes int8 only
    assert mask[sampled]
    twin = pickle.loads(pickle.dumps(env))
    assert twin.last()[0]["action_mask"].dtype == mask.dtype and twin.table.actions is not None
    gym = rl.gym_env(name, opponents=("random",), mask_dtype=mask_dtype, legal_ids=True)
    observation, info = gym.reset(seed=2)
    assert observation["action_mask"].dtype == np.dtype(mask_dtype)
    assert list(np.flatnonzero(gym.action_masks())) == list(info["legal_actions"])
    with pytest.raises(Exception, match="mask_dtype"):
        rl.aec_env(name, 2, mask_dtype="float32")


def test_an_illegal_compact_id_loses_in_gym_and_raises_in_aec() -> None:
    gym = rl.gym_env("carcassonne", opponents=("random",), legal_ids=True)
    _observation, info = gym.reset(seed=3)
    wrong = next(c for c in range(COMPACT_SIZE) if c not in info["legal_actions"])
    _observation, reward, terminated, _truncated, info = gym.step(wrong)
    assert terminated and reward == -1.0 and info["illegal"]
    aec = rl.aec_env("carcassonne", 2)
    aec.reset(seed=3)
    with pytest.raises(IllegalAction):
        aec.step(COMPACT_SIZE - 1)


@pytest.mark.filterwarnings("ignore:.*is out of date")  # Gymnasium's word on an id with a later version
def test_gymnasium_ids_of_the_compact_and_the_engine_ids() -> None:
    """`townhall/Carcassonne-v2` and `townhall/MyCity-v3` speak compact ids; the former ids
    (`-v1`, `-v2`) still make the environments over the engine's ids."""
    gymnasium = pytest.importorskip("gymnasium")
    for ident, size, name in (
        ("townhall/Carcassonne-v2", COMPACT_SIZE, "carcassonne_v2"),
        ("townhall/Carcassonne-v1", 114_257, "carcassonne_v1"),
        ("townhall/MyCity-v3", 486, "my_city_v3"),
        ("townhall/MyCity-v2", 15_490, "my_city_v2"),
    ):
        made = gymnasium.make(ident, opponents=("random",))
        assert made.action_space.n == size and made.unwrapped.metadata["name"] == name
        observation, _info = made.reset(seed=1)
        assert observation["action_mask"].shape == (size,) and observation["action_mask"].dtype == np.bool_
