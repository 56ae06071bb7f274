"""Speed of a game through the public protocol, with a machine-speed reference from the same run.

Throughput pass: random agents (a uniform pick among the full legal-action list) play complete
games for a time budget. Timing pass: the same kind of games with legal-action generation, apply
and clone timed call by call. The reference is a fixed pure-Python workload, so figures can be
compared across machines as ratios (games/s per reference Mops/s).
"""

from __future__ import annotations

import platform
import random
import resource
import sys
import time
from dataclasses import dataclass
from typing import Any

from townhall.engine.agent import derive_seed
from townhall.engine.build import build_of
from townhall.engine.chance import Chance
from townhall.engine.match import random_playout
from townhall.engine.options import OptionValue
from townhall.engine.protocol import Game, Json
from townhall.sim.stats import RunFigures


def machine_reference(seconds: float = 0.3) -> float:
    """Millions of simple interpreter operations per second (a fixed mix of int, list, dict work)."""
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        table: dict[int, int] = {}
        items: list[int] = []
        total = 0
        for i in range(2000):
            table[i & 255] = i
            items.append(i ^ 0x5A)
            total += table.get(i & 127, 0) + items[i >> 1]
        done += 2000
    return done / (time.perf_counter() - started) / 1e6


def _play(game: Game[Any], num_players: int, options: dict[str, OptionValue], seed: int) -> int:
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(derive_seed(seed, "moves")).random
    state = game.start(num_players, options, chance)
    return random_playout(state, rng, chance)


def _timed_game(
    game: Game[Any], num_players: int, options: dict[str, OptionValue], seed: int, totals: list[float]
) -> None:
    """Adds seconds and call counts of legal / apply / clone to totals[0..5]."""
    clock = time.perf_counter
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(derive_seed(seed, "moves")).random
    state = game.start(num_players, options, chance)
    while movers := state.to_move():
        player = movers[0]
        t0 = clock()
        legal = state.legal_actions(player)
        t1 = clock()
        copy = state.clone()
        t2 = clock()
        copy.apply(player, legal[int(rng() * len(legal))], chance)
        t3 = clock()
        state = copy
        totals[0] += t1 - t0
        totals[1] += t3 - t2
        totals[2] += t2 - t1
        totals[3] += 1


@dataclass(slots=True)
class BenchResult(RunFigures):
    decisions: int
    legal_us: float
    apply_us: float
    clone_us: float
    peak_mb: float
    reference_mops: float
    build: str  # "compiled" (mypyc extensions) or "pure" (see townhall.engine.build)

    def to_json(self) -> dict[str, Json]:
        games_per_s = self.games_per_second
        return {
            "game": self.game,
            "build": self.build,
            "players": self.players,
            "options": self.options,
            "agents": "random (uniform over the full legal-action list)",
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(games_per_s, 2),
            "decisions_per_second": round(self.decisions / self.seconds, 1),
            "mean_decisions_per_game": round(self.decisions / self.games, 1),
            "legal_actions_us": round(self.legal_us, 2),
            "apply_us": round(self.apply_us, 2),
            "clone_us": round(self.clone_us, 2),
            "peak_memory_mb": round(self.peak_mb, 1),
            "machine_reference_mops": round(self.reference_mops, 2),
            "games_per_second_per_reference_mops": round(games_per_s / self.reference_mops, 3),
            "python": platform.python_version(),
            "platform": sys.platform,
        }


def run_bench(
    game: Game[Any],
    num_players: int,
    options: dict[str, OptionValue],
    seconds: float = 5.0,
    seed: int = 1,
    min_games: int = 3,
) -> BenchResult:
    options = game.meta.resolve(options)
    game.meta.check_players(num_players)
    reference = machine_reference()
    _play(game, num_players, options, seed)  # warm caches and imports
    games = decisions = 0
    started = time.perf_counter()
    while games < min_games or time.perf_counter() - started < seconds:
        decisions += _play(game, num_players, options, derive_seed(seed, "bench", games))
        games += 1
    elapsed = time.perf_counter() - started
    totals = [0.0, 0.0, 0.0, 0.0]
    timed_started = time.perf_counter()
    timed_games = 0
    while timed_games < 2 or time.perf_counter() - timed_started < seconds / 4:
        _timed_game(game, num_players, options, derive_seed(seed, "timed", timed_games), totals)
        timed_games += 1
    calls = max(1.0, totals[3])
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return BenchResult(
        game=game.meta.name,
        players=num_players,
        options=options,
        games=games,
        decisions=decisions,
        seconds=elapsed,
        legal_us=totals[0] / calls * 1e6,
        apply_us=totals[1] / calls * 1e6,
        clone_us=totals[2] / calls * 1e6,
        peak_mb=peak_kib / 1024,
        reference_mops=reference,
        build=build_of(game.start(num_players, options, Chance(seed))),
    )
