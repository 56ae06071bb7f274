"""The cost of the environments against the raw engine, in the same run (`townhall bench GAME --env`).

Both sides play complete games with random masked moves from the same seeds: the raw side asks the
state for its legal actions and applies one; the environment side runs PettingZoo's AEC loop
(`agent_iter`, `last()` with the observation and mask filled, a uniform pick among the mask's
ones, `step`). The ratio is environment seconds per decision over raw seconds per decision.

The agent is the same on both sides: a uniform pick from the legal ids, which the environment
gives in `info["legal_actions"]` (the mask's ones, in the order `legal_actions` gives them), so
that the difference is the environment's own work (observation, mask, hand-outs, the AEC loop).
A second run of the environment has an agent that finds the mask's ones itself with NumPy
(`masked_agent_*`): its scan of the mask is timed apart, and taken off as an estimate only (a
median of wall time, without the clock's own cost or the caches the scan evicts).
Every side is timed in CPU seconds of this process (`time.process_time`), so that other jobs on a
shared machine do not count.
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
from townhall.engine.match import random_playout
from townhall.engine.options import Options
from townhall.engine.protocol import Game, Json
from townhall.rl.aec import TownhallAEC
from townhall.rl.core import find_game


def _raw_game(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> int:
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(seed).random
    state = game.new_state(players, options, chance)
    return random_playout(state, rng, chance)


def _env_game(env: TownhallAEC, seed: int, picks: list[float] | None = None) -> int:
    """Decisions made by agents picking uniformly from the legal ids: those the environment gives
    (`picks` None), or the mask's ones found with NumPy, each such pick's seconds appended to `picks`."""
    env.reset(seed=seed)
    rng = random.Random(seed).random
    clock = time.perf_counter
    decisions = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if picks is None:
            legal = info["legal_actions"]
            env.step(legal[int(rng() * len(legal))])
        else:
            started = clock()
            ones = np.flatnonzero(observation["action_mask"].view(np.bool_))  # 20x faster than on int8
            action = int(ones[int(rng() * len(ones))])
            picks.append(clock() - started)
            env.step(action)
        decisions += 1
    return decisions


class _Side:
    """CPU seconds and decisions of one side of the run."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0

    def add(self, started: float, decisions: int) -> float:
        """Counts a game begun at CPU time `started`; its seconds per decision."""
        spent = time.process_time() - started
        self.seconds += spent
        self.decisions += decisions
        return spent / max(1, decisions)

    def us(self) -> float:
        return self.seconds / max(1, self.decisions) * 1e6


def run_env_bench(
    game: Game[Any] | str,
    players: int = 2,
    options: Options | None = None,
    seconds: float = 5.0,
    seed: int = 1,
    compact: bool = True,
) -> dict[str, Json]:
    """Raw engine, the AEC environment as a user gets it (observations copied), the same with
    `copy=False` (the buffers themselves) and with an agent scanning the mask, alternated game by
    game for about `seconds` (wall time). `compact=False`: the engine's action ids, where the game
    has a compact action space."""
    found = find_game(game)
    env = TownhallAEC(found, players, options, compact=compact, legal_ids=True)
    buffers = TownhallAEC(found, players, options, copy=False, compact=compact, legal_ids=True)
    resolved = env.table.options
    _raw_game(found, players, resolved, seed)  # warm-up: imports, caches, first buffers
    _env_game(env, seed)
    _env_game(buffers, seed)
    _env_game(env, seed, [])
    raw, copied, kept, masked = _Side(), _Side(), _Side(), _Side()
    picks: list[float] = []
    ratios = []
    games = 0
    started = time.perf_counter()
    while games < 2 or time.perf_counter() - started < seconds:
        game_seed = derive_seed(seed, "env-bench", games)
        raw_us = raw.add(time.process_time(), _raw_game(found, players, resolved, game_seed))
        env_us = copied.add(time.process_time(), _env_game(env, game_seed))
        kept.add(time.process_time(), _env_game(buffers, game_seed))
        masked.add(time.process_time(), _env_game(env, game_seed, picks))
        ratios.append(env_us / raw_us)
        games += 1
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
        "raw_decisions_per_second": round(raw.decisions / raw.seconds, 1),
        "env_decisions_per_second": round(copied.decisions / copied.seconds, 1),
        "raw_us_per_decision": round(raw.us(), 2),
        # As a user's loop gets observations: copies of the observation and the mask (the default).
        "env_us_per_decision": round(copied.us(), 2),
        "overhead_ratio": round(copied.us() / raw.us(), 2),
        "overhead_ratio_median": round(statistics.median(ratios), 2),  # over games
        # `copy=False`: the preallocated buffers themselves (a learner copying into its own storage).
        "buffers_us_per_decision": round(kept.us(), 2),
        "buffers_overhead_ratio": round(kept.us() / raw.us(), 2),
        # An agent finding the mask's ones itself (np.flatnonzero), copy=True: its pick (median of
        # wall time) and the ratio with and without it.
        "masked_agent_us_per_decision": round(masked.us(), 2),
        "masked_agent_overhead_ratio": round(masked.us() / raw.us(), 2),
        "masked_agent_pick_us_per_decision": round(pick_us, 2),
        "masked_agent_overhead_ratio_without_pick": round((masked.us() - pick_us) / raw.us(), 2),
        "agents": "random: uniform over the legal ids (raw: legal_actions; env: info['legal_actions'], "
        "the mask's ones; masked_agent: the mask's ones found with NumPy)",
    }
