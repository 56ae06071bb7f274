"""Generated from FIELDS in position.py by `python -m townhall.cli.fields`: edit the declaration, not this."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .position import CarcassonnePosition


def copy_fields(source: CarcassonnePosition, copy: CarcassonnePosition) -> None:
    """The clone: every field of `source` onto the blank `copy`."""
    copy.num_players = source.num_players
    copy.river = source.river
    copy.small_city = source.small_city
    copy.farm_scoring = source.farm_scoring
    copy.board = source.board.copy()
    copy.placed_cells = source.placed_cells.copy()
    copy.frontier = source.frontier.copy()
    copy.frontier_keys = source.frontier_keys.copy()
    copy.feature_of = source.feature_of.copy()
    copy.feature_nodes = source.feature_nodes.copy()
    copy.feature_open_edges = source.feature_open_edges.copy()
    copy.feature_followers = source.feature_followers.copy()
    copy.cell_of_node = source.cell_of_node.copy()
    copy.follower_at = source.follower_at.copy()
    copy.follower_moves = source.follower_moves
    copy.monk_nodes = source.monk_nodes.copy()
    copy.completed_cities = source.completed_cities.copy()
    copy.completed_city_farms = source.completed_city_farms.copy()
    copy.supply = source.supply.copy()
    copy.score = source.score.copy()
    copy.kind_points = source.kind_points.copy()
    copy.bag = source.bag.copy()
    copy.river_bag = source.river_bag.copy()
    copy.lake_due = source.lake_due
    copy.river_end = source.river_end
    copy.river_flow = source.river_flow
    copy.river_turn = source.river_turn
    copy.hand = source.hand
    copy.placements = source.placements
    copy.deploy_options = source.deploy_options
    copy.phase = source.phase
    copy.current = source.current
    copy.last_cell = source.last_cell
    copy.discards = source.discards.copy()
    copy.points_memo = source.points_memo
