"""Scoring: features completed by a turn (CAR-SCORE-*) and the final scoring (CAR-END-*)."""

from __future__ import annotations

from typing import Final

from townhall.engine.protocol import Event, Json
from townhall.games.carcassonne.position import OVER, CarcassonnePosition
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

NEAR9: Final[frozenset[int]] = frozenset((0, *NEIGH8))


def kind_of(position: CarcassonnePosition, node: int) -> int:
    cell = position.cell_of_node[node]
    layout_index, base = position.board[cell]
    return LAYOUTS[layout_index].kinds[node - base]


def feature_cells(position: CarcassonnePosition, feature: int) -> list[int]:
    """The distinct tiles of a feature (a tile counts once however many segments it holds)."""
    cell_of_node = position.cell_of_node
    return sorted({cell_of_node[n] for n in position.feature_nodes[feature]})


def cloister_neighbours(position: CarcassonnePosition, cell: int) -> int:
    board = position.board
    return sum(1 for d in NEIGH8 if cell + d in board)


def kind_points(position: CarcassonnePosition, kind: int, tiles: int, flags: int, complete: bool) -> int:
    if kind == ROAD:
        return tiles * RULES["road_per_tile" if complete else "end_road_per_tile"]
    if not complete:
        return tiles * RULES["end_city_per_tile"] + flags * RULES["end_city_per_pennant"]
    if position.small_city and tiles == RULES["small_city_tiles"]:
        return tiles * RULES["small_city_per_tile"] + flags * RULES["small_city_per_pennant"]
    return tiles * RULES["city_per_tile"] + flags * RULES["city_per_pennant"]


def feature_values(position: CarcassonnePosition, feature: int) -> tuple[int, int]:
    """(points if the game ended now, points once completed) of a road or city."""
    kind = kind_of(position, position.feature_nodes[feature][0])
    cell_of_node = position.cell_of_node
    cells = {cell_of_node[n] for n in position.feature_nodes[feature]}
    flags = 0
    if kind == CITY:
        board = position.board
        flags = sum(PENNANT_TILE[board[c][0] >> 2] for c in cells)
    return kind_points(position, kind, len(cells), flags, False), kind_points(position, kind, len(cells), flags, True)


def majority(position: CarcassonnePosition, followers: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """(followers per player, the players with the most) — CAR-SCORE-6."""
    counts = [0] * position.num_players
    for node in followers:
        counts[position.follower_at[node]] += 1
    best = max(counts)
    return counts, [p for p, c in enumerate(counts) if c == best and c > 0]


def return_followers(position: CarcassonnePosition, followers: tuple[int, ...]) -> list[Json]:
    """CAR-SCORE-7: followers of a scored feature go back to their owners' supplies."""
    returned: list[Json] = []
    for node in followers:
        player = position.follower_at.pop(node)
        position.follower_moves += 1
        position.supply[player] += 1
        cell = position.cell_of_node[node]
        if position.monk_nodes.get(cell) == node:
            del position.monk_nodes[cell]
        x, y = xy_of(cell)
        returned.append({"x": x, "y": y, "player": player})
    return returned


def award(
    position: CarcassonnePosition,
    feature: int,
    kind: int,
    points: int,
    tiles: list[int],
    flags: int,
    complete: bool,
    events: list[Event] | None,
) -> None:
    followers = position.feature_followers[feature]
    counts, winners = majority(position, followers)
    for p in winners:
        position.score[p] += points
        position.kind_points[4 * p + kind] += points
    position.feature_followers[feature] = ()
    returned = return_followers(position, followers)
    if events is not None:
        events.append(
            Event(
                "score",
                data={
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


def score_feature(position: CarcassonnePosition, feature: int, complete: bool, events: list[Event] | None) -> None:
    if not position.feature_followers[feature]:
        return
    nodes = position.feature_nodes[feature]
    kind = kind_of(position, nodes[0])
    cell_of_node = position.cell_of_node
    cells = {cell_of_node[n] for n in nodes}
    flags = 0
    if kind == CITY:
        board = position.board
        for c in cells:
            flags += PENNANT_TILE[board[c][0] >> 2]
    points = kind_points(position, kind, len(cells), flags, complete)
    tiles = sorted(cells) if events is not None else []  # named only in the event
    award(position, feature, kind, points, tiles, flags, complete, events)


def score_cloister(
    position: CarcassonnePosition, cell: int, node: int, complete: bool, events: list[Event] | None
) -> None:
    feature = position.feature_of[node]
    if not position.feature_followers[feature]:
        return
    around = cloister_neighbours(position, cell)
    points = RULES["cloister_complete"] if complete else RULES["end_cloister_base"] + around
    tiles = sorted([cell] + [cell + d for d in NEIGH8 if cell + d in position.board])
    award(position, feature, CLOISTER, points, tiles, 0, complete, events)


def score_turn(position: CarcassonnePosition, events: list[Event] | None) -> None:
    """CAR-TURN-1 (3): score every road, city and cloister the last placement completed."""
    cell = position.last_cell
    layout_index, base = position.board[cell]
    layout = LAYOUTS[layout_index]
    feature_of = position.feature_of
    feature_open_edges = position.feature_open_edges
    done: list[int] = []
    for local in layout.scorable:
        feature = feature_of[base + local]
        if feature_open_edges[feature] == 0 and feature not in done:
            done.append(feature)
            if position.feature_followers[feature]:
                score_feature(position, feature, True, events)
    if position.monk_nodes:
        board = position.board
        for monk_cell, node in list(position.monk_nodes.items()):
            if monk_cell - cell in NEAR9 and all(monk_cell + d in board for d in NEIGH8):
                score_cloister(position, monk_cell, node, True, events)


def completed_cities(position: CarcassonnePosition) -> list[int]:
    """Every completed city (CAR-SCORE-2: no open edge), in order of completion."""
    return position.completed_cities


def farms_of_city(position: CarcassonnePosition, city: int) -> set[int]:
    """CAR-END-4: the farms touching a city, through any of its tiles."""
    feature_of = position.feature_of
    cell_of_node = position.cell_of_node
    board = position.board
    farms: set[int] = set()
    for node in position.feature_nodes[city]:
        layout_index, base = board[cell_of_node[node]]
        for local_field in LAYOUTS[layout_index].city_fields[node - base]:
            farms.add(feature_of[base + local_field])
    return farms


def farmer_counts(position: CarcassonnePosition) -> dict[int, list[int]]:
    """Farm (field feature) -> farmers per player, for every farm holding a farmer."""
    farms: dict[int, list[int]] = {}
    feature_of = position.feature_of
    cell_of_node = position.cell_of_node
    board = position.board
    for node, player in sorted(position.follower_at.items()):
        layout_index, base = board[cell_of_node[node]]
        if LAYOUTS[layout_index].kinds[node - base] == FIELD:
            feature = feature_of[node]
            row = farms.get(feature)
            if row is None:
                row = farms[feature] = [0] * position.num_players
            row[player] += 1
    return farms


def farm_awards(
    position: CarcassonnePosition, farms: dict[int, list[int]] | None = None
) -> list[tuple[list[int], list[int], list[int], int]]:
    """The farm scoring as a list of (city features, farmers per player, winners, points each).
    `farms` (farm -> farmers per player) is computed when not given."""
    if farms is None:
        farms = farmer_counts(position)
    if not farms:
        return []
    feature_of = position.feature_of
    out: list[tuple[list[int], list[int], list[int], int]] = []
    if position.farm_scoring == "third-edition":
        supplied: dict[int, list[int]] = {}  # farm with farmers -> completed cities it touches
        for city, fields in zip(position.completed_cities, position.completed_city_farms, strict=True):
            for farm in {feature_of[n] for n in fields}:
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
    for city, fields in zip(position.completed_cities, position.completed_city_farms, strict=True):
        supplying = [farm for farm in {feature_of[n] for n in fields} if farm in farms]
        if supplying:
            row = [0] * position.num_players
            for farm in supplying:
                for p, c in enumerate(farms[farm]):
                    row[p] += c
            tally.append((city, row))
    tally.sort()
    for city, counts in tally:
        best = max(counts)
        out.append(([city], counts, [p for p, c in enumerate(counts) if c == best], per_city))
    return out


def final_scoring(position: CarcassonnePosition, events: list[Event] | None) -> None:
    """CAR-END-1..6: incomplete roads, cities and cloisters, then the farms; the game is over."""
    position.phase = OVER
    position.hand = -1
    position.placements = []
    position.deploy_options = []
    seen: set[int] = set()
    for node in sorted(position.follower_at):
        if node not in position.follower_at:
            continue  # returned with a feature scored a moment ago
        feature = position.feature_of[node]
        kind = kind_of(position, node)
        if kind == FIELD or feature in seen:
            continue
        seen.add(feature)
        if kind == CLOISTER:
            score_cloister(position, position.cell_of_node[node], node, False, events)
        else:
            score_feature(position, feature, False, events)
    for cities, counts, winners, points in farm_awards(position):
        for p in winners:
            position.score[p] += points
            position.kind_points[4 * p + FIELD] += points
        if events is not None:
            tiles = sorted({c for city in cities for c in feature_cells(position, city)})
            events.append(
                Event(
                    "farm",
                    data={
                        "feature": "farm",
                        "cities": [[list(xy_of(c)) for c in feature_cells(position, city)] for city in cities],
                        "tiles": [list(xy_of(c)) for c in tiles],
                        "followers": counts,
                        "scorers": winners,
                        "points": points,
                    },
                )
            )
    if events is not None:
        events.append(Event("end", data={"scores": list(position.score)}))
