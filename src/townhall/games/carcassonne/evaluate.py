"""The greedy bot's heuristic: score margin after a virtual final scoring, with open features
weighted by how likely they are to be completed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.games.carcassonne import scoring
from townhall.games.carcassonne.tiles import CLOISTER, FIELD, RULES

if TYPE_CHECKING:
    from townhall.games.carcassonne.state import CarcState

# An open feature is worth its end-of-game value plus part of the bonus of completing it.
COMPLETION_HOPE = 0.5
IDLE_FOLLOWER = 1.5  # a follower in supply keeps options open


def expected_scores(state: CarcState) -> list[float]:
    values = [float(s) for s in state.score]
    seen: set[int] = set()
    for node in sorted(state.follower_at):
        feature = state.feat_of[node]
        if feature in seen:
            continue
        seen.add(feature)
        kind = scoring.kind_of(state, node)
        men = state.f_men[feature]
        _, winners = scoring.majority(state, men)
        if kind == FIELD:
            continue
        if kind == CLOISTER:
            cell = state.node_cell[node]
            around = scoring.cloister_neighbours(state, cell)
            now = RULES["end_cloister_base"] + around
            value = now + COMPLETION_HOPE * (RULES["cloister_complete"] - now) * around / 8
            if around == 8:  # completed this turn, scored when the turn ends
                value = RULES["cloister_complete"]
        else:
            now, done = scoring.feature_values(state, feature)
            open_edges = state.f_open[feature]
            value = done if open_edges == 0 else now + COMPLETION_HOPE * (done - now) / (1 + open_edges)
        for p in winners:
            values[p] += value
    for _, _, winners, points in scoring.farm_awards(state):
        for p in winners:
            values[p] += points
    if state.phase != 2:
        for p in range(state.num_players):
            values[p] += IDLE_FOLLOWER * min(state.supply[p], 3)
    return values


def evaluate(state: CarcState, player: int) -> float:
    values = expected_scores(state)
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - (max(others) if others else 0.0)
