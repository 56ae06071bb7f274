"""Scoring: features completed by a turn (CAR-SCORE-*) and the final scoring (CAR-END-*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from townhall.engine.protocol import Event, Json
from townhall.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    FIELD,
    KIND_NAMES,
    LAYOUTS,
    NEIGH8,
    PENNANT_TILE,
    ROAD,
    RULES,
    xy_of,
)

if TYPE_CHECKING:
    from townhall.games.carcassonne.state import CarcState

NEAR9 = frozenset((0, *NEIGH8))


def kind_of(state: CarcState, node: int) -> int:
    cell = state.node_cell[node]
    lay, base = state.board[cell]
    return LAYOUTS[lay].kinds[node - base]


def feature_cells(state: CarcState, feature: int) -> list[int]:
    """The distinct tiles of a feature (a tile counts once however many segments it holds)."""
    node_cell = state.node_cell
    return sorted({node_cell[n] for n in state.f_nodes[feature]})


def pennants(state: CarcState, cells: list[int]) -> int:
    board = state.board
    return sum(PENNANT_TILE[board[c][0] >> 2] for c in cells)


def cloister_neighbours(state: CarcState, cell: int) -> int:
    board = state.board
    return sum(1 for d in NEIGH8 if cell + d in board)


def _points(state: CarcState, kind: int, tiles: int, flags: int, complete: bool) -> int:
    if kind == ROAD:
        return tiles * RULES["road_per_tile" if complete else "end_road_per_tile"]
    if not complete:
        return tiles * RULES["end_city_per_tile"] + flags * RULES["end_city_per_pennant"]
    if state.small_city and tiles == RULES["small_city_tiles"]:
        return tiles * RULES["small_city_per_tile"] + flags * RULES["small_city_per_pennant"]
    return tiles * RULES["city_per_tile"] + flags * RULES["city_per_pennant"]


def feature_points(state: CarcState, feature: int, complete: bool) -> tuple[int, int, int]:
    """(points, tiles, pennants) a road or city feature is worth now."""
    kind = kind_of(state, state.f_nodes[feature][0])
    cells = feature_cells(state, feature)
    flags = pennants(state, cells) if kind == CITY else 0
    return _points(state, kind, len(cells), flags, complete), len(cells), flags


def feature_values(state: CarcState, feature: int) -> tuple[int, int]:
    """(points if the game ended now, points once completed) of a road or city."""
    kind = kind_of(state, state.f_nodes[feature][0])
    node_cell = state.node_cell
    cells = {node_cell[n] for n in state.f_nodes[feature]}
    flags = 0
    if kind == CITY:
        board = state.board
        flags = sum(PENNANT_TILE[board[c][0] >> 2] for c in cells)
    return _points(state, kind, len(cells), flags, False), _points(state, kind, len(cells), flags, True)


def majority(state: CarcState, men: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """(followers per player, the players with the most) — CAR-SCORE-6."""
    counts = [0] * state.num_players
    for node in men:
        counts[state.follower_at[node]] += 1
    best = max(counts)
    return counts, [p for p, c in enumerate(counts) if c == best and c > 0]


def _return_followers(state: CarcState, men: tuple[int, ...]) -> list[Json]:
    """CAR-SCORE-7: followers of a scored feature go back to their owners' supplies."""
    returned: list[Json] = []
    for node in men:
        player = state.follower_at.pop(node)
        state.supply[player] += 1
        cell = state.node_cell[node]
        if state.monks.get(cell) == node:
            del state.monks[cell]
        x, y = xy_of(cell)
        returned.append({"x": x, "y": y, "player": player})
    return returned


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _award(
    state: CarcState,
    feature: int,
    kind: int,
    points: int,
    tiles: list[int],
    flags: int,
    complete: bool,
    events: list[Event] | None,
) -> None:
    men = state.f_men[feature]
    counts, winners = majority(state, men)
    for p in winners:
        state.score[p] += points
    state.f_men[feature] = ()
    returned = _return_followers(state, men)
    if events is not None:
        who = " and ".join(f"player {p + 1}" for p in winners)
        state_word = "completed" if complete else "incomplete"
        events.append(
            Event(
                "score",
                f"{who} score{'s' if len(winners) == 1 else ''} {points} for the {state_word} {KIND_NAMES[kind]} of {_plural(len(tiles), 'tile')}"
                + (f" and {_plural(flags, 'pennant')}" if flags else ""),
                {
                    "feature": KIND_NAMES[kind],
                    "complete": complete,
                    "tiles": [list(xy_of(c)) for c in tiles],
                    "pennants": flags,
                    "points": points,
                    "followers": counts,
                    "scorers": winners,
                    "returned": returned,
                },
            )
        )


def score_feature(state: CarcState, feature: int, complete: bool, events: list[Event] | None) -> None:
    if not state.f_men[feature]:
        return
    kind = kind_of(state, state.f_nodes[feature][0])
    points, _, flags = feature_points(state, feature, complete)
    _award(state, feature, kind, points, feature_cells(state, feature), flags, complete, events)


def score_cloister(state: CarcState, cell: int, node: int, complete: bool, events: list[Event] | None) -> None:
    feature = state.feat_of[node]
    if not state.f_men[feature]:
        return
    around = cloister_neighbours(state, cell)
    points = RULES["cloister_complete"] if complete else RULES["end_cloister_base"] + around
    tiles = sorted([cell] + [cell + d for d in NEIGH8 if cell + d in state.board])
    _award(state, feature, CLOISTER, points, tiles, 0, complete, events)


def score_turn(state: CarcState, events: list[Event] | None) -> None:
    """CAR-TURN-1 (3): score every road, city and cloister the last placement completed."""
    cell = state.last_cell
    lay, base = state.board[cell]
    layout = LAYOUTS[lay]
    feat_of = state.feat_of
    f_open = state.f_open
    done: list[int] = []
    for local in layout.scorable:
        feature = feat_of[base + local]
        if f_open[feature] == 0 and feature not in done:
            done.append(feature)
            if state.f_men[feature]:
                score_feature(state, feature, True, events)
    if state.monks:
        board = state.board
        for monk_cell, node in list(state.monks.items()):
            if monk_cell - cell in NEAR9 and all(monk_cell + d in board for d in NEIGH8):
                score_cloister(state, monk_cell, node, True, events)


def completed_cities(state: CarcState) -> list[int]:
    """Every completed city (CAR-SCORE-2: no open edge), in order of completion."""
    return state.closed


def farms_of_city(state: CarcState, city: int) -> set[int]:
    """CAR-END-4: the farms touching a city, through any of its tiles."""
    feat_of = state.feat_of
    node_cell = state.node_cell
    board = state.board
    farms: set[int] = set()
    for node in state.f_nodes[city]:
        lay, base = board[node_cell[node]]
        for local_field in LAYOUTS[lay].city_fields[node - base]:
            farms.add(feat_of[base + local_field])
    return farms


def farmer_counts(state: CarcState) -> dict[int, list[int]]:
    """Farm (field feature) -> farmers per player, for every farm holding a farmer."""
    farms: dict[int, list[int]] = {}
    feat_of = state.feat_of
    node_cell = state.node_cell
    board = state.board
    for node, player in sorted(state.follower_at.items()):
        lay, base = board[node_cell[node]]
        if LAYOUTS[lay].kinds[node - base] == FIELD:
            feature = feat_of[node]
            row = farms.get(feature)
            if row is None:
                row = farms[feature] = [0] * state.num_players
            row[player] += 1
    return farms


def farm_awards(
    state: CarcState, farms: dict[int, list[int]] | None = None
) -> list[tuple[list[int], list[int], list[int], int]]:
    """The farm scoring as a list of (city features, farmers per player, winners, points each).
    `farms` (farm -> farmers per player) is computed when not given."""
    if farms is None:
        farms = farmer_counts(state)
    if not farms:
        return []
    feat_of = state.feat_of
    out: list[tuple[list[int], list[int], list[int], int]] = []
    if state.farm_scoring == "third-edition":
        supplied: dict[int, list[int]] = {}  # farm with farmers -> completed cities it touches
        for city, fields in zip(state.closed, state.closed_fields, strict=True):
            for farm in {feat_of[n] for n in fields}:
                if farm in farms:
                    supplied.setdefault(farm, []).append(city)
        per_city = RULES["farm_third_edition_per_city"]
        for farm, cities in sorted(supplied.items()):
            counts = farms[farm]
            best = max(counts)
            out.append((cities, counts, [p for p, c in enumerate(counts) if c == best], per_city * len(cities)))
        return out
    # CAR-END-5/6: per completed city, the farmers of every farm supplying it count together.
    per_city = RULES["farm_first_edition_per_city"]
    tally: list[tuple[int, list[int]]] = []
    for city, fields in zip(state.closed, state.closed_fields, strict=True):
        supplying = [farm for farm in {feat_of[n] for n in fields} if farm in farms]
        if supplying:
            row = [0] * state.num_players
            for farm in supplying:
                for p, c in enumerate(farms[farm]):
                    row[p] += c
            tally.append((city, row))
    tally.sort()
    for city, counts in tally:
        best = max(counts)
        out.append(([city], counts, [p for p, c in enumerate(counts) if c == best], per_city))
    return out


def final_scoring(state: CarcState, events: list[Event] | None) -> None:
    """CAR-END-1..6: incomplete roads, cities and cloisters, then the farms; the game is over."""
    from townhall.games.carcassonne.state import OVER

    state.phase = OVER
    state.hand = -1
    state.placements = []
    state.deploy_opts = []
    seen: set[int] = set()
    for node in sorted(state.follower_at):
        if node not in state.follower_at:
            continue  # returned with a feature scored a moment ago
        feature = state.feat_of[node]
        kind = kind_of(state, node)
        if kind == FIELD or feature in seen:
            continue
        seen.add(feature)
        if kind == CLOISTER:
            score_cloister(state, state.node_cell[node], node, False, events)
        else:
            score_feature(state, feature, False, events)
    for cities, counts, winners, points in farm_awards(state):
        for p in winners:
            state.score[p] += points
        if events is not None:
            who = " and ".join(f"player {p + 1}" for p in winners)
            tiles = sorted({c for city in cities for c in feature_cells(state, city)})
            events.append(
                Event(
                    "farm",
                    f"{who} score{'s' if len(winners) == 1 else ''} {points} for farmers supplying {len(cities)} completed cit{'y' if len(cities) == 1 else 'ies'}",
                    {
                        "feature": "farm",
                        "cities": [[list(xy_of(c)) for c in feature_cells(state, city)] for city in cities],
                        "tiles": [list(xy_of(c)) for c in tiles],
                        "followers": counts,
                        "scorers": winners,
                        "points": points,
                    },
                )
            )
    if events is not None:
        events.append(
            Event("end", "final scores " + ", ".join(str(s) for s in state.score), {"scores": list(state.score)})
        )
