"""Feature bookkeeping: laying a tile joins its segments to the neighbours' features (no scoring).

Joining two features relabels the smaller one (its nodes point to the survivor).
"""

from __future__ import annotations

from typing import Final

from townhall.games.carcassonne.position import CarcassonnePosition, sorted_index
from townhall.games.carcassonne.tiles import CITY, LAYOUTS

PORTS: Final[tuple[tuple[int, ...], ...]] = tuple(layout.ports for layout in LAYOUTS)
# One node per segment: at most 84 tiles x 9 segments.
SINGLETONS: Final[list[tuple[int, ...]]] = [(i,) for i in range(1200)]


def lay_tile(position: CarcassonnePosition, cell: int, layout_index: int) -> None:
    """Lay a tile and join its segments to the neighbours' features (no scoring)."""
    layout = LAYOUTS[layout_index]
    feature_of = position.feature_of
    open_edges = position.feature_open_edges
    base = len(feature_of)
    count = len(layout.kinds)
    board = position.board
    board[cell] = (layout_index, base)
    position.placed_cells.append(cell)
    feature_nodes = position.feature_nodes
    feature_followers = position.feature_followers
    cell_of_node = position.cell_of_node
    new_edges = layout.open_edges
    for i in range(count):  # each segment a feature of its own (appends: no temporary lists)
        node = base + i
        feature_of.append(node)
        feature_nodes.append(SINGLETONS[node])
        open_edges.append(new_edges[i])
        feature_followers.append(())
        cell_of_node.append(cell)
    frontier = position.frontier
    frontier_keys = position.frontier_keys
    at = sorted_index(frontier, cell)  # from here on, frontier[:at] < cell < frontier[at:]
    if at < len(frontier) and frontier[at] == cell:  # every tile but the first
        frontier.pop(at)
        frontier_keys.pop(at)
    kinds = layout.kinds
    for step, face, edge_links, field_links in layout.sides:
        near = cell + step
        other = board.get(near)
        if other is None:
            if step == 1:  # east and west sit right beside the cell's place: no search
                i = at
            elif step == -1:
                i = at - 1 if at and frontier[at - 1] == near else at
            else:
                i = sorted_index(frontier, near)
            if i < len(frontier) and frontier[i] == near:
                frontier_keys[i] += face
            else:
                frontier.insert(i, near)
                frontier_keys.insert(i, face)
                if near < cell:
                    at += 1
            continue
        other_ports = PORTS[other[0]]
        other_base = other[1]
        for mine, port in edge_links:
            a = feature_of[base + mine]
            b = feature_of[other_base + other_ports[port]]
            if a == b:
                open_edges[a] -= 2
            else:
                a = join_features(position, a, b, -2)
            if not open_edges[a] and kinds[mine] == CITY:
                position.completed_cities.append(a)
                position.completed_city_farms.append(farm_nodes_beside(position, a))
        for mine, port in field_links:
            a = feature_of[base + mine]
            b = feature_of[other_base + other_ports[port]]
            if a != b:
                join_features(position, a, b, 0)


def farm_nodes_beside(position: CarcassonnePosition, city: int) -> tuple[int, ...]:
    """One field node per farm bordering a city on its own tiles (the farms supplying it,
    CAR-END-4, are these nodes' features at scoring time: farms only ever merge). Called
    once, when the city is completed."""
    board = position.board
    cell_of_node = position.cell_of_node
    feature_of = position.feature_of
    out: dict[int, int] = {}
    for node in position.feature_nodes[city]:
        layout_index, base = board[cell_of_node[node]]
        for local in LAYOUTS[layout_index].city_fields[node - base]:
            out.setdefault(feature_of[base + local], base + local)
    return tuple(out.values())


def join_features(position: CarcassonnePosition, a: int, b: int, open_delta: int) -> int:
    """Merge features a and b; returns the surviving one."""
    feature_nodes = position.feature_nodes
    nodes_a = feature_nodes[a]
    nodes_b = feature_nodes[b]
    if len(nodes_a) < len(nodes_b):
        a, b, nodes_a, nodes_b = b, a, nodes_b, nodes_a
    feature_of = position.feature_of
    for node in nodes_b:
        feature_of[node] = a
    feature_nodes[a] = nodes_a + nodes_b
    open_edges = position.feature_open_edges
    open_edges[a] += open_edges[b] + open_delta
    followers = position.feature_followers
    if followers[b]:
        followers[a] += followers[b]
    return a


def add_follower(position: CarcassonnePosition, cell: int, segment: int, player: int) -> int:
    """Stand a follower of `player` on a segment of the tile at `cell` (no supply change); its node."""
    layout_index, base = position.board[cell]
    node = base + segment
    position.follower_at[node] = player
    position.follower_moves += 1
    position.feature_followers[position.feature_of[node]] += (node,)
    if segment == LAYOUTS[layout_index].cloister:
        position.monk_nodes[cell] = node
    return node
