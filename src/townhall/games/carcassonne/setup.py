"""Setting up: the start tile (or the spring), the bags and the first draw (CAR-SETUP-*), and
rebuilding a position from its saved JSON form."""

from __future__ import annotations

from typing import Any

from townhall.engine.chance import Chance
from townhall.games.carcassonne.drawing import draw
from townhall.games.carcassonne.features import add_follower, lay_tile
from townhall.games.carcassonne.legality import deploy_options, enumerate_placements
from townhall.games.carcassonne.position import DEPLOY, CarcassonnePosition
from townhall.games.carcassonne.tiles import CODE_INDEX, DELTA, LAKE, LAYOUTS, SPRING, START, TILE_SPECS, cell_of


def set_up(position: CarcassonnePosition, chance: Chance) -> None:
    """CAR-SETUP-1..4: the start tile (or the spring) face up at 0,0; seat 0 draws first."""
    bag = []
    for index, spec in enumerate(TILE_SPECS):
        if not spec.river:
            bag += [index] * spec.count
    bag.remove(START)  # the start tile is placed (base game) or removed from the game (River)
    position.bag = bag
    if position.river:
        lay_tile(position, cell_of(0, 0), 4 * SPRING)
        position.river_flow = LAYOUTS[4 * SPRING].river_edges[0]
        position.river_end = cell_of(0, 0) + DELTA[position.river_flow]
        position.river_bag = [
            i for i, spec in enumerate(TILE_SPECS) if spec.river and i not in (SPRING, LAKE) for _ in range(spec.count)
        ]
        position.lake_due = True
    else:
        lay_tile(position, cell_of(0, 0), 4 * START)
    draw(position, chance, None)


def restore(position: CarcassonnePosition, data: dict[str, Any]) -> None:
    """Rebuild a position from its JSON form by laying its tiles again in the same order."""
    for tile in data["tiles"]:
        lay_tile(position, cell_of(tile["x"], tile["y"]), 4 * CODE_INDEX[tile["tile"]] + tile["rot"])
    for follower in data["followers"]:
        add_follower(position, cell_of(follower["x"], follower["y"]), follower["segment"], follower["player"])
    position.restore_fields(data)
    if position.hand >= 0:
        position.placements = enumerate_placements(position, position.hand)
    if position.phase == DEPLOY:
        position.deploy_options = deploy_options(position)


def max_decisions(river: bool) -> int:
    """At most one turn per tile in the box: a placement and a follower decision."""
    return 2 * sum(spec.count for spec in TILE_SPECS if river or not spec.river)
