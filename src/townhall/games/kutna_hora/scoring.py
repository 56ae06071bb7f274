"""Noble scoring (KH-NOBLE-1) and final scoring (KH-FIN-*)."""

from __future__ import annotations

from typing import Final

from townhall.engine.protocol import Event, ranks_from_keys
from townhall.games.kutna_hora.data import DATA
from townhall.games.kutna_hora.economy import income
from townhall.games.kutna_hora.geometry import TOWN_NEIGHBOURS
from townhall.games.kutna_hora.position import KutnaHoraPosition
from townhall.games.kutna_hora.tables import BUILDINGS, MINE_COLUMNS, MINE_ROWS, MINE_TILES

FINAL_PARTS: Final = ("town", "mines", "income", "reputation", "leftovers")


def building_score(position: KutnaHoraPosition, cell: int) -> int:
    """KH-FIN-1: matching icons on adjacent tiles and on the adjacent board edge."""
    tile = position.town[cell]
    if tile < 0 or BUILDINGS[tile].public:
        return 0
    wanted = BUILDINGS[tile].scores
    total = sum(1 for icon in DATA.sides[position.side].edges[cell] if icon in wanted)
    for near in TOWN_NEIGHBOURS[position.side][cell]:
        other = position.town[near]
        if other >= 0:
            total += sum(1 for icon in BUILDINGS[other].shows if icon in wanted)
    return total


def public_neighbours(position: KutnaHoraPosition, player: int) -> int:
    """Public buildings adjacent to each own building, counted per own building (green, tile 7)."""
    total = 0
    town = position.town
    for cell, owner in enumerate(position.town_owner):
        if owner == player:
            total += sum(
                1 for near in TOWN_NEIGHBOURS[position.side][cell] if town[near] >= 0 and BUILDINGS[town[near]].public
            )
    return total


def mines_per_row(position: KutnaHoraPosition, player: int) -> list[int]:
    return [
        sum(1 for c in range(MINE_COLUMNS) if position.mine_owner[r * MINE_COLUMNS + c] == player)
        for r in range(MINE_ROWS)
    ]


def emptied_columns(position: KutnaHoraPosition, player: int) -> int:
    removed = min(DATA.houses_per_row - left for left in position.houses[player])
    return removed


def noble_points(position: KutnaHoraPosition, player: int) -> list[int]:
    """KH-NOBLE-1: [green, silver, yellow, red] points for one player."""
    green, silver, yellow, red = position.council
    rows = mines_per_row(position, player)
    mines = 4 if min(rows) >= 2 else 2 if min(rows) >= 1 else 0
    return [
        public_neighbours(position, player) * green,
        3 * (position.pelicans_used[player] // 2) * silver,
        mines * yellow,
        3 * emptied_columns(position, player) * red,
    ]


def score_nobles(position: KutnaHoraPosition, events: list[Event] | None) -> None:
    for p in range(position.num_players):
        parts = noble_points(position, p)
        position.points[p] += sum(parts)
        if events is not None:
            events.append(Event("nobles", data={"player": p, "points": sum(parts), "parts": parts}))


def mine_row_points(position: KutnaHoraPosition) -> list[int]:
    """KH-FIN-2: per row the stars (rocks too) pick the value table; ranks share, next skipped."""
    out = [0] * position.num_players
    for r in range(MINE_ROWS):
        total = 0
        stars = [0] * position.num_players
        for c in range(MINE_COLUMNS):
            cell = r * MINE_COLUMNS + c
            tile = position.mine[cell]
            if tile == -2:
                total += position.rock_stars[cell]
            elif tile >= 0:
                total += MINE_TILES[tile].stars
                stars[position.mine_owner[cell]] += MINE_TILES[tile].stars
        table: tuple[int, ...] = ()
        for need, points in DATA.row_values[r]:
            if total >= need:
                table = points
        for p in range(position.num_players):
            if stars[p] == 0:
                continue
            rank = sum(1 for q in range(position.num_players) if stars[q] > stars[p])
            if rank < len(table):
                out[p] += table[rank]
    return out


def final_parts(position: KutnaHoraPosition) -> list[list[int]]:
    """Each player's [town, mines, income, reputation, leftovers] final points."""
    mines = mine_row_points(position)
    out = []
    for p in range(position.num_players):
        town = sum(building_score(position, cell) for cell, owner in enumerate(position.town_owner) if owner == p)
        leftovers = len(position.slots[p]) + len(position.plots[p]) + position.pelicans_unused[p]  # KH-FIN-5
        out.append([town, mines[p], income(position, p) // 10, DATA.rep_end[position.reputation[p]], leftovers])
    return out


def final_scoring(position: KutnaHoraPosition, events: list[Event] | None) -> None:
    position.final = final_parts(position)
    for p, parts in enumerate(position.final):
        position.points[p] += sum(parts)
        if events is not None:
            events.append(Event("final", data={"player": p, "points": sum(parts), "parts": list(parts)}))


def ranks(position: KutnaHoraPosition) -> list[int]:
    """KH-FIN-6: by points, then money."""
    return ranks_from_keys([[position.points[p], position.money[p]] for p in range(position.num_players)])


def end_reason(position: KutnaHoraPosition) -> tuple[str, tuple[str, ...]]:
    """KH-FIN-6: the game ends after the last round; money separates players tied on points."""
    n = position.num_players
    used = any(
        position.points[p] == position.points[q] and position.money[p] != position.money[q]
        for p in range(n)
        for q in range(p + 1, n)
    )
    return ("rounds", ("money",) if used else ())
