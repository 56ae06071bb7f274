"""The cost of the environments against the raw engine, in the same run (`townhall bench GAME --env`).

Both sides play complete games with random masked moves from the same seeds: the raw side asks the
state for its legal actions and applies one; the environment side runs PettingZoo's AEC loop
(`agent_iter`, `last()` with the observation and mask filled, a uniform pick among the mask's
ones, `step`). The ratio is environment seconds per decision over raw seconds per decision.
Both sides are timed in CPU seconds of this process (`time.process_time`), so that other jobs on a
shared machine do not count; the agent's pick is timed apart (`pick_us_per_decision`).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import numpy as np

from townhall.engine.agent import derive_seed
from townhall.engine.build import build_of
from townhall.engine.chance import Chance
from townhall.engine.options import Options
from townhall.engine.protocol import Game, Json
from townhall.rl.aec import TownhallAEC
from townhall.rl.core import find_game


def _raw_game(game: Game, players: int, options: dict[str, Any], seed: int) -> int:
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(seed).random
    state = game.new_state(players, options, chance)
    decisions = 0
    while movers := state.to_move():
        player = movers[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[int(rng() * len(legal))], chance)
        decisions += 1
    return decisions


def _env_game(env: TownhallAEC, seed: int, picks: list[float]) -> int:
    """Decisions made; appends to `picks` the seconds of each pick of the agent from the mask."""
    env.reset(seed=seed)
    rng = random.Random(seed).random
    clock = time.perf_counter
    decisions = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        started = clock()
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))  # 20x faster than on int8
        action = int(legal[int(rng() * len(legal))])
        picks.append(clock() - started)
        env.step(action)
        decisions += 1
    return decisions


def run_env_bench(
    game: Game | str,
    players: int = 2,
    options: Options | None = None,
    seconds: float = 5.0,
    seed: int = 1,
) -> dict[str, Json]:
    """Raw engine, the AEC environment as a user gets it (observations copied) and the same with
    `copy=False` (the buffers themselves), alternated game by game for about `seconds` (wall time)."""
    found = find_game(game)
    env = TownhallAEC(found, players, options)
    buffers = TownhallAEC(found, players, options, copy=False)
    resolved = env.table.options
    _raw_game(found, players, resolved, seed)
    _env_game(env, seed, [])
    _env_game(buffers, seed, [])
    raw_seconds = env_seconds = buffers_seconds = 0.0
    picks: list[float] = []
    raw_decisions = env_decisions = buffers_decisions = games = 0
    ratios = []
    started = time.perf_counter()
    while games < 2 or time.perf_counter() - started < seconds:
        game_seed = derive_seed(seed, "env-bench", games)
        t0 = time.process_time()
        raw_count = _raw_game(found, players, resolved, game_seed)
        t1 = time.process_time()
        env_count = _env_game(env, game_seed, picks)
        t2 = time.process_time()
        buffers_decisions += _env_game(buffers, game_seed, [])
        buffers_seconds += time.process_time() - t2
        raw_decisions += raw_count
        env_decisions += env_count
        raw_seconds += t1 - t0
        env_seconds += t2 - t1
        ratios.append(((t2 - t1) / max(1, env_count)) / ((t1 - t0) / max(1, raw_count)))
        games += 1
    raw_us = raw_seconds / max(1, raw_decisions) * 1e6
    env_us = env_seconds / max(1, env_decisions) * 1e6
    buffers_us = buffers_seconds / max(1, buffers_decisions) * 1e6
    pick_us = statistics.median(picks) * 1e6 if picks else 0.0  # wall time: the median shuns preemptions
    return {
        "game": found.meta.name,
        "env": env.metadata["name"],
        "players": players,
        "options": resolved,
        # The engine's state and the environment's hot path (observer, watcher, mask) together.
        "build": build_of(env.table.state, env.table.observer, buffers.table.watchers[0]),
        "games": games,
        "observation_size": env.table.observer.size,
        "actions": env.table.num_actions,
        "raw_decisions_per_second": round(raw_decisions / raw_seconds, 1),
        "env_decisions_per_second": round(env_decisions / env_seconds, 1),
        "raw_us_per_decision": round(raw_us, 2),
        # As a user's loop gets observations: copies of the observation and the mask (the default).
        "env_us_per_decision": round(env_us, 2),
        "overhead_ratio": round(env_us / raw_us, 2),
        "overhead_ratio_median": round(statistics.median(ratios), 2),  # over games
        # The agent's own share (median): finding the mask's ones (np.flatnonzero) and picking one.
        "pick_us_per_decision": round(pick_us, 2),
        "overhead_ratio_without_pick": round((env_us - pick_us) / raw_us, 2),
        # `copy=False`: the preallocated buffers themselves (a learner copying into its own storage).
        "buffers_us_per_decision": round(buffers_us, 2),
        "buffers_overhead_ratio": round(buffers_us / raw_us, 2),
        "buffers_overhead_ratio_without_pick": round((buffers_us - pick_us) / raw_us, 2),
        "agents": "random, uniform over the legal actions (raw) / the action mask (env)",
    }
