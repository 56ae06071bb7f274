"""How fast the search agent thinks: MCTS iterations per second on a game.

`measure(game, players, options, seconds=5.0, agent="mcts", seed=0, positions=4)` plays one
seeded random game, takes `positions` decision points spread over it (where the player to move
has a real choice), lets the agent search each for `seconds / positions` and returns a JSON-ready
dict: `iterations_per_second` over all positions, the build that ran (compiled or pure), plus the
setup used (game, players, options, agent spec, seed, positions with their decision index,
legal-action count, iterations, seconds).
An agent spec with its own `iterations=` or `seconds=` keeps them (the time slice then does not
apply). This backs `townhall bench GAME --agent mcts --json`.
"""

from __future__ import annotations

import platform
import random
from typing import Any

from townhall.agents import make_agent
from townhall.agents.mcts import MctsAgent
from townhall.engine.agent import Budget, PlayerView, derive_seed
from townhall.engine.build import build_of
from townhall.engine.chance import Chance
from townhall.engine.errors import OptionError
from townhall.engine.options import Options
from townhall.engine.protocol import Game, Json, State


def sample_positions(
    game: Game[Any], players: int, options: Options | None, seed: int, count: int
) -> list[tuple[int, State, int]]:
    """`count` (decision index, state, player) triples spread over one seeded random game."""
    chance = Chance(derive_seed(seed, "bench-chance"))
    rng = random.Random(derive_seed(seed, "bench-moves"))
    state = game.start(players, options, chance)
    choices: list[tuple[int, State, int]] = []
    decision = 0
    while movers := state.to_move():
        player = movers[0]
        legal = state.legal_actions(player)
        if len(legal) > 1:
            choices.append((decision, state.clone(), player))
        state.apply(player, legal[int(rng.random() * len(legal))], chance)
        decision += 1
    if not choices:
        return []
    if len(choices) <= count:
        return choices
    step = len(choices) / count
    return [choices[int(i * step)] for i in range(count)]


def measure(
    game: Game[Any],
    players: int,
    options: Options | None = None,
    *,
    seconds: float = 5.0,
    agent: str = "mcts",
    seed: int = 0,
    positions: int = 4,
) -> dict[str, Json]:
    """Search speed of `agent` (an mcts spec) on `game`; see the module docstring."""
    if seconds <= 0:
        raise OptionError(f"the benchmark needs a positive number of seconds, not {seconds}")
    if positions < 1:
        raise OptionError(f"the benchmark needs at least one position, not {positions}")
    probe = make_agent(agent, game, seed)
    if not isinstance(probe, MctsAgent):
        raise OptionError(f"the search benchmark measures the mcts agent, not {agent!r}")
    resolved = game.meta.resolve(options)
    game.meta.check_players(players)
    chosen = sample_positions(game, players, resolved, seed, positions)
    if not chosen:
        raise OptionError(f"{game.meta.title}: a random game offered no decision with a choice to search")
    budget = Budget(seconds=seconds / len(chosen))
    rows: list[Json] = []
    total_iterations = 0
    total_seconds = 0.0
    for decision, state, player in chosen:
        searcher = make_agent(agent, game, derive_seed(seed, "bench-agent", decision))
        assert isinstance(searcher, MctsAgent)
        view = PlayerView(game, state, player)
        legal = view.legal_actions()
        searcher.act(view, legal, budget)
        stats = searcher.last
        assert stats is not None
        total_iterations += stats.iterations
        total_seconds += stats.seconds
        rows.append(
            {
                "decision": decision,
                "player": player,
                "legal_actions": len(legal),
                "iterations": stats.iterations,
                "seconds": round(stats.seconds, 4),
                "tree_nodes": stats.nodes,
                "iterations_per_second": round(stats.iterations / stats.seconds, 1) if stats.seconds > 0 else None,
            }
        )
    return {
        "game": game.meta.name,
        "build": build_of(chosen[0][1]),
        "players": players,
        "options": dict(resolved),
        "agent": agent,
        "seed": seed,
        "seconds": round(total_seconds, 3),
        "iterations": total_iterations,
        "iterations_per_second": round(total_iterations / total_seconds, 1) if total_seconds > 0 else None,
        "positions": rows,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
