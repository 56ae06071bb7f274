"""Whole turns: a position valued at the best its player can reach with their own next decisions.

A game's turn can be several decisions in a row by one player (place a tile, then choose a
follower). A position cut between them is valued by the game's evaluation as if the turn ended
there, missing the choices still to come; both bots (greedy's `steps`, mcts's `steps`) instead
value it at the player's best continuation, while that player still decides. At a simultaneous
decision (each player's secret plan, step by step) the player's own next steps are looked through
the same way, the others' choices left open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from townhall.engine.chance import Chance
from townhall.engine.protocol import State

V = TypeVar("V")


def best_of_turn(
    state: State,
    player: int,
    steps: int,
    chance: Callable[[], Chance],
    value: Callable[[State], V],
    worth: Callable[[V], float],
) -> V:
    """`value(state)`, or with steps left and `player` still to move, the value of the continuation
    over their next decision (up to `steps` deep) whose `worth` to them is highest; each candidate is
    applied with a Chance from `chance()`."""
    if steps <= 0 or player not in state.to_move():
        return value(state)
    best: V | None = None
    best_worth = 0.0
    for action in state.legal_actions(player):
        after = state.clone()
        after.apply(player, action, chance())
        candidate = best_of_turn(after, player, steps - 1, chance, value, worth)
        candidate_worth = worth(candidate)
        if best is None or candidate_worth > best_worth:
            best, best_worth = candidate, candidate_worth
    return value(state) if best is None else best
