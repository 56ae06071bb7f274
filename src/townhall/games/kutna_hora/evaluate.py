"""The greedy bot's heuristic: points now plus what money, income and the board will bring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine.chance import Chance
from townhall.games.kutna_hora import economy, scoring
from townhall.games.kutna_hora.data import DATA

if TYPE_CHECKING:
    from townhall.games.kutna_hora.state import KHState

PLAY = 2  # state.PLAY (not imported: the state module imports this one's package)


def value(state: KHState, p: int) -> float:
    """Points now plus rough worth of money, income to come, town icons, mines, nobles and stock."""
    if state.final:
        return float(state.points[p]) + state.money[p] / 1000.0
    rounds_left = state.rounds - state.round + 1
    noble_rounds = min(DATA.noble_rounds, rounds_left)
    income = economy.income(state, p)
    town = sum(scoring.building_score(state, c) for c, owner in enumerate(state.town_owner) if owner == p)
    return (
        state.points[p]
        + state.money[p] * (0.02 + 0.12 * rounds_left / state.rounds)
        + income * (rounds_left * 0.5 + 0.1)
        + town
        + scoring.mine_row_points(state)[p]
        + sum(scoring.noble_points(state, p)) * noble_rounds
        + DATA.rep_end[state.rep[p]]
        + 0.3 * state.rep[p]
        + 1.5 * len(state.slots[p])
        + 1.0 * len(state.plots[p])
        + 1.5 * state.pel_unused[p]
    )


def margin(state: KHState, player: int) -> float:
    """Own value minus the best opponent's."""
    mine = value(state, player)
    others = [value(state, q) for q in range(state.num_players) if q != player]
    return mine - max(others)


def evaluate(state: KHState, player: int) -> float:
    """The margin; a pending sub-decision of the player is valued by its best option (one step),
    so that choosing a card is judged by what the action can achieve."""
    if not state.tasks or state.current != player or state.phase != PLAY:
        return margin(state, player)
    best = float("-inf")
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(player, action, Chance(0))
        best = max(best, margin(child, player))
    return best
