"""The greedy bot's heuristic: points now plus what money, income and the board will bring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine.chance import Chance
from townhall.games.kutna_hora import economy, scoring
from townhall.games.kutna_hora.actions import F_FREE, T_KEEP, T_PLACE
from townhall.games.kutna_hora.data import DATA, ORE, WOOD

if TYPE_CHECKING:
    from townhall.games.kutna_hora.state import KHState

PLAY = 2  # state.PLAY (not imported: the state module imports this one's package)
STAR_WORTH = 0.5  # a star's rough share of the final mine-row points


def pending_mine_worth(state: KHState, prices: list[int], money_weight: float, income_weight: float) -> float:
    """Worth of a drawn mine tile not yet placed (keep / place steps), as if put on the cheapest place.

    Without it a one-step lookahead sees a mine action only up to "keep which tile?", where nothing
    has been gained yet, and never mines."""
    kind, flags, tile = state.tasks[-1]
    tiles = state.drawn if kind == T_KEEP else [tile]
    costs = [cost for _, cost in state.mine_options()]
    if not tiles or not costs:
        return 0.0
    wood = 0 if flags & F_FREE else min(costs) * prices[WOOD]
    if wood > state.money[state.current]:
        return 0.0
    best = max(
        t.points + STAR_WORTH * t.stars + t.ore * prices[ORE] * income_weight
        for t in (economy.MINE_TILES[i] for i in tiles)
    )
    return max(0.0, best - wood * money_weight)


def values(state: KHState) -> list[float]:
    """Every player's `value` at once: the shared parts (mine rows, town scores) are computed once."""
    n = state.num_players
    if state.final:
        return [float(state.points[p]) + state.money[p] / 1000.0 for p in range(n)]
    rounds_left = state.rounds - state.round + 1
    noble_rounds = min(DATA.noble_rounds, rounds_left)
    money_weight = 0.02 + 0.12 * rounds_left / state.rounds
    # income arrives only with an Income action (about 1.5 a round), then counts as money
    income_weight = 0.1 + 1.5 * money_weight * rounds_left
    mines = scoring.mine_row_points(state)
    town = [0] * n
    for cell, owner in enumerate(state.town_owner):
        if owner >= 0:
            town[owner] += scoring.building_score(state, cell)
    prices = [economy.price(state, g) for g in range(6)]
    seated = any(state.council)
    rep_end = DATA.rep_end
    pending = -1
    if state.phase == PLAY and state.tasks and state.tasks[-1][0] in (T_KEEP, T_PLACE):
        pending = state.current
    out = []
    for p in range(n):
        prod = state.prod[p]
        income = sum(prod[g] * prices[g] for g in range(6)) + state.ore_mine[p] * prices[4]  # economy.income
        out.append(
            state.points[p]
            + state.money[p] * money_weight
            + income * income_weight
            + town[p]
            + mines[p]
            + (sum(scoring.noble_points(state, p)) * noble_rounds if seated else 0)
            + rep_end[state.rep[p]]
            + 0.3 * state.rep[p]
            + 1.5 * len(state.slots[p])
            + 1.0 * len(state.plots[p])
            + 1.5 * state.pel_unused[p]
            + (pending_mine_worth(state, prices, money_weight, income_weight) if p == pending else 0.0)
        )
    return out


def value(state: KHState, p: int) -> float:
    """Points now plus rough worth of money, income to come, town icons, mines, nobles and stock."""
    return values(state)[p]


def margin(state: KHState, player: int) -> float:
    """Own value minus the best opponent's."""
    all_values = values(state)
    mine = all_values[player]
    return mine - max(v for q, v in enumerate(all_values) if q != player)


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
