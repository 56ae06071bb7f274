"""The public observation (what a player or a spectator sees, in full words) and determinize.

Nothing is hidden in Carcassonne: the tile in hand is shown to all (CAR-TURN-2) and the stack is
only counts per tile type, never an order. So every seat and a spectator see the same thing, and
determinize has nothing to guess. `observation` builds plain dicts and lists (no pydantic on the
way); `CarcassonneObservation` (observation_model.py) is the model of that
shape, published as docs/schemas/carcassonne/observation.schema.json.
"""

from __future__ import annotations

import random
from typing import TypeVar

from townhall.engine.protocol import Json
from townhall.games.carcassonne.position import PHASE_NAMES, CarcassonnePosition, tile_counts
from townhall.games.carcassonne.tiles import CODES, LAYOUTS, xy_of

DIRECTIONS = ("north", "east", "south", "west")  # the river's flow, by tiles.DELTA's index
TURNS = (None, "right", None, "left")  # the river's last turn, by quarter turns clockwise
Position = TypeVar("Position", bound=CarcassonnePosition)


def observation(position: CarcassonnePosition, player: int | None) -> dict[str, Json]:
    """The public view of `position` in the shape of CarcassonneObservation; the same for every viewer."""
    tiles: list[Json] = []
    for cell in position.placed_cells:
        layout = position.board[cell][0]
        x, y = xy_of(cell)
        tiles.append({"x": x, "y": y, "tile": CODES[layout >> 2], "rotation": layout & 3})
    followers: list[Json] = []
    for cell, segment, owner in position.followers():
        x, y = xy_of(cell)
        label = LAYOUTS[position.board[cell][0]].labels[segment]
        followers.append({"x": x, "y": y, "segment": segment, "segment_label": label, "player": owner})
    end: Json = None if position.river_end < 0 else list(xy_of(position.river_end))
    return {
        "player_count": position.num_players,
        "options": {
            "river": position.river,
            "small_city": position.small_city,
            "farm_scoring": position.farm_scoring,
        },
        "phase": PHASE_NAMES[position.phase],
        "current_player": position.current,
        "tile_in_hand": None if position.hand < 0 else CODES[position.hand],
        "tiles": tiles,
        "followers": followers,
        "scores": list(position.score),
        "followers_in_supply": list(position.supply),
        "tiles_remaining": tile_counts(position.bag),
        "river_tiles_remaining": tile_counts(position.river_bag),
        "lake_still_to_draw": position.lake_due,
        "river": {
            "open_end": end,
            "flow_direction": DIRECTIONS[position.river_flow],
            "last_turn": TURNS[position.river_turn],
        },
        "tiles_back_in_box": [CODES[tile] for tile in position.discards],
    }


def determinize(position: Position, player: int, rng: random.Random) -> Position:
    """A copy of the position: nothing is hidden (the stack is a multiset of counts, its order is
    drawn by chance when the tile is revealed), so there is nothing to guess."""
    return position.clone()
