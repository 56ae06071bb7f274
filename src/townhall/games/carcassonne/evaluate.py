"""The greedy bot's heuristic: score margin after a virtual final scoring, with open features
weighted by how likely they are to be completed.

It runs once per candidate action, so it is written for speed (3-4x faster than the first
version, same values up to float rounding):
- one pass over the occupied features (one follower each); open features are roads or cities,
  so fields and cloisters are told apart only among the closed ones;
- a road's or city's points (distinct tiles, pennants) are cached in `CarcassonnePosition.points_memo`, keyed by
  the feature and checked against the identity of its node tuple;
- the farms are read through one field node per farm kept beside every completed city when it
  closed (`CarcassonnePosition.completed_city_farms`), only when some farm holds a farmer, and a farm that alone
  supplies several cities is counted once.
tests/games/carcassonne/test_audit.py compares it with the plain recomputation.
"""

from __future__ import annotations

from typing import Final

from townhall.engine.protocol import score_margin
from townhall.games.carcassonne.position import OVER, CarcassonnePosition
from townhall.games.carcassonne.scoring import majority
from townhall.games.carcassonne.tiles import CLOISTER, FIELD, LAYOUTS, NEIGH8, PENNANT_TILE, ROAD, RULES

# An open feature is worth its end-of-game value plus part of the bonus of completing it.
COMPLETION_HOPE: Final = 0.5
IDLE_FOLLOWER: Final = 1.5  # a follower in supply keeps options open

KINDS: Final[tuple[tuple[int, ...], ...]] = tuple(layout.kinds for layout in LAYOUTS)
CLOISTER_DONE: Final = RULES["cloister_complete"]
CLOISTER_BASE: Final = RULES["end_cloister_base"]
ROAD_END: Final = RULES["end_road_per_tile"]
ROAD_DONE: Final = RULES["road_per_tile"]
CITY_END: Final = RULES["end_city_per_tile"]
CITY_END_FLAG: Final = RULES["end_city_per_pennant"]
CITY_DONE: Final = RULES["city_per_tile"]
CITY_DONE_FLAG: Final = RULES["city_per_pennant"]
SMALL_TILES: Final = RULES["small_city_tiles"]
SMALL_DONE: Final = RULES["small_city_per_tile"]
SMALL_DONE_FLAG: Final = RULES["small_city_per_pennant"]
MEMO_LIMIT: Final = 4096  # cached points of roads and cities, see CarcassonnePosition.points_memo
# The eight neighbours of a cloister, one constant each (unrolled in the hot loop).
N1: Final = NEIGH8[0]
N2: Final = NEIGH8[1]
N3: Final = NEIGH8[2]
N4: Final = NEIGH8[3]
N5: Final = NEIGH8[4]
N6: Final = NEIGH8[5]
N7: Final = NEIGH8[6]
N8: Final = NEIGH8[7]
FIRST_PER_CITY: Final = RULES["farm_first_edition_per_city"]
THIRD_PER_CITY: Final = RULES["farm_third_edition_per_city"]


def _points(state: CarcassonnePosition, feature: int, node: int) -> tuple[int, int]:
    """(points if the game ended now, points once completed) of the road or city of `node`,
    cached in `state.points_memo` for features of 2+ nodes."""
    cell_of_node = state.cell_of_node
    board = state.board
    layout_index, base = board[cell_of_node[node]]
    nodes = state.feature_nodes[feature]
    cells = {cell_of_node[n] for n in nodes}
    tiles = len(cells)
    if KINDS[layout_index][node - base] == ROAD:
        now = tiles * ROAD_END
        done = tiles * ROAD_DONE
    else:
        flags = 0
        for c in cells:
            if PENNANT_TILE[board[c][0] >> 2]:
                flags += 1
        now = tiles * CITY_END + flags * CITY_END_FLAG
        if state.small_city and tiles == SMALL_TILES:
            done = tiles * SMALL_DONE + flags * SMALL_DONE_FLAG
        else:
            done = tiles * CITY_DONE + flags * CITY_DONE_FLAG
    if len(nodes) > 1:  # a one-node tuple is shared by every game: never cached
        memo = state.points_memo
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[feature] = (nodes, now, done)
    return now, done


def expected_scores(state: CarcassonnePosition) -> list[float]:
    """Each player's score after a virtual final scoring (a search asks it once per leaf through
    `evaluate_all`)."""
    values = [float(s) for s in state.score]
    follower_at = state.follower_at
    if follower_at:
        feature_of = state.feature_of
        feature_followers = state.feature_followers
        feature_nodes = state.feature_nodes
        feature_open_edges = state.feature_open_edges
        cell_of_node = state.cell_of_node
        board = state.board
        memo = state.points_memo
        farms: set[int] = set()
        # One follower per occupied feature (fields are scored below, through the cities).
        for feature, node in {feature_of[n]: n for n in follower_at}.items():
            open_edges = feature_open_edges[feature]
            if open_edges:  # only roads and cities have open edges
                hit = memo.get(feature)
                if hit is not None and hit[0] is feature_nodes[feature]:
                    now = hit[1]
                    value = now + COMPLETION_HOPE * (hit[2] - now) / (1 + open_edges)
                else:
                    now, done = _points(state, feature, node)
                    value = now + COMPLETION_HOPE * (done - now) / (1 + open_edges)
            else:
                cell = cell_of_node[node]
                layout_index, base = board[cell]
                kind = KINDS[layout_index][node - base]
                if kind == FIELD:
                    farms.add(feature)
                    continue
                if kind == CLOISTER:
                    around = (
                        (cell + N1 in board)
                        + (cell + N2 in board)
                        + (cell + N3 in board)
                        + (cell + N4 in board)
                        + (cell + N5 in board)
                        + (cell + N6 in board)
                        + (cell + N7 in board)
                        + (cell + N8 in board)
                    )
                    if around == 8:  # completed this turn, scored when the turn ends
                        value = float(CLOISTER_DONE)
                    else:
                        now = CLOISTER_BASE + around
                        value = now + COMPLETION_HOPE * (CLOISTER_DONE - now) * around / 8
                else:  # a road or city completed this turn, scored when the turn ends
                    value = float(_points(state, feature, node)[1])
            followers = feature_followers[feature]
            if len(followers) == 1:
                values[follower_at[node]] += value
            else:
                for p in majority(state, followers)[1]:
                    values[p] += value
        if farms and state.completed_cities:
            _add_farms(state, farms, values)
    if state.phase != OVER:
        supply = state.supply
        for p in range(len(values)):
            m = supply[p]
            values[p] += IDLE_FOLLOWER * (m if m < 3 else 3)
    return values


def _add_farms(state: CarcassonnePosition, farms: set[int], values: list[float]) -> None:
    """The farm scoring (CAR-END-4..6, or the third-edition option) as if the game ended now,
    read from the field nodes kept beside every completed city; `farms` holds farmers."""
    feature_of = state.feature_of
    feature_followers = state.feature_followers
    follower_at = state.follower_at
    if state.farm_scoring == "third-edition":
        supplied: dict[int, int] = {}  # farm with farmers -> completed cities it touches
        for fields in state.completed_city_farms:
            for farm in {feature_of[n] for n in fields} & farms:
                supplied[farm] = supplied.get(farm, 0) + 1
        for farm, cities in supplied.items():
            for p in majority(state, feature_followers[farm])[1]:
                values[p] += THIRD_PER_CITY * cities
        return
    # Most cities are supplied by one farm: count such cities per farm, then score each farm once.
    cities_of: dict[int, int] = {}
    shared: list[set[int]] = []  # cities supplied by several farms (their farmers count together)
    for fields in state.completed_city_farms:
        if len(fields) == 1:
            farm = feature_of[fields[0]]
            if farm in farms:
                cities_of[farm] = cities_of.get(farm, 0) + 1
            continue
        supplying = {feature_of[n] for n in fields} & farms
        if len(supplying) == 1:
            farm = supplying.pop()
            cities_of[farm] = cities_of.get(farm, 0) + 1
        elif supplying:
            shared.append(supplying)
    for farm, cities in cities_of.items():
        followers = feature_followers[farm]
        if len(followers) == 1:
            values[follower_at[followers[0]]] += FIRST_PER_CITY * cities
            continue
        for p in majority(state, followers)[1]:
            values[p] += FIRST_PER_CITY * cities
    for supplying in shared:  # the farmers of every supplying farm count together
        for p in majority(state, tuple(man for farm in supplying for man in feature_followers[farm]))[1]:
            values[p] += FIRST_PER_CITY


def evaluate(state: CarcassonnePosition, player: int) -> float:
    return score_margin(expected_scores(state), player)


def evaluate_all(state: CarcassonnePosition) -> list[float]:
    """`evaluate` for every player, the expected scores computed once."""
    values = expected_scores(state)
    return [score_margin(values, p) for p in range(len(values))]
