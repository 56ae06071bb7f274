"""The greedy bot's heuristic: the final score the board would get now, own pending choice included."""

from __future__ import annotations

from townhall.engine.protocol import score_margin
from townhall.games.my_city import scoring
from townhall.games.my_city.actions import EXIT_ACTION, PASS_ACTION
from townhall.games.my_city.board import neighbours
from townhall.games.my_city.state import MyCityState


def provisional(state: MyCityState, player: int) -> float:
    occ = state.occupied[player]
    placed = state.placed[player]
    track = state.score[player]
    action = state.pending[player]
    if state.over:
        return float(track)
    if action == PASS_ACTION:
        track -= 1
    elif 0 <= action < PASS_ACTION:
        mask = state.terrain.mask_of[action]
        occ |= mask
        placed = [*placed, (state.card, mask)]
    items = scoring.breakdown(state.rules, state.terrain, state.features[player], placed, occ)
    # Empty cells still to be filled are not lost yet: while the player is still building, count
    # half of their penalty, except for single cells walled in (no piece is one cell).
    if state.active[player] and action != EXIT_ACTION:
        features = state.features[player]
        empty = scoring.empty_cells(state.rules, state.terrain, features, occ)
        free = scoring.scored_region(state.rules, state.terrain) & ~occ
        stuck = (empty & ~neighbours(free)).bit_count()  # no piece has one cell: lost for sure
        return track + sum(items.values()) - items["empty"] - stuck - (empty.bit_count() - stuck) / 2
    return float(track + sum(items.values()))


def evaluate(state: MyCityState, player: int) -> float:
    return score_margin([provisional(state, q) for q in range(state.num_players)], player)


def evaluate_all(state: MyCityState) -> list[float]:
    """`evaluate` for every player, each player's provisional score computed once."""
    values = [provisional(state, q) for q in range(state.num_players)]
    return [score_margin(values, p) for p in range(len(values))]
