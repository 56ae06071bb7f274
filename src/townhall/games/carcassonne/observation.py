"""The public observation (what a player or a spectator sees, in full words) and determinize.

Nothing is hidden in Carcassonne: the tile in hand is shown to all (CAR-TURN-2) and the stack is
only counts per tile type, never an order. So every seat and a spectator see the same thing, and
determinize has nothing to guess. `observation` builds plain dicts and lists (no pydantic on the
way); `CarcassonneObservation` (observation_model.py) is the model of that
shape, published as docs/schemas/carcassonne/observation.schema.json.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from townhall.engine.protocol import Json
from townhall.games.carcassonne.position import CarcassonnePosition

DIRECTIONS = ("north", "east", "south", "west")  # the river's flow, by tiles.DELTA's index
TURNS = (None, "right", None, "left")  # the river's last turn, by quarter turns clockwise
Position = TypeVar("Position", bound=CarcassonnePosition)


# Nothing is hidden, so the observation is the save form (CarcassonnePosition.to_json) in full words:
# the save form's short keys renamed, in the same order.
WORDS: Final = {"players": "player_count", "current": "current_player", "hand": "tile_in_hand",
                "supply": "followers_in_supply", "remaining": "tiles_remaining",
                "river_remaining": "river_tiles_remaining", "lake_due": "lake_still_to_draw",
                "discards": "tiles_back_in_box", "rot": "rotation", "on": "segment_label"}  # fmt: skip


def observation(position: CarcassonnePosition, player: int | None) -> dict[str, Json]:
    """The public view of `position` in the shape of CarcassonneObservation; the same for every viewer."""
    saved = position.to_json()
    seen = _in_words(saved)
    river = saved["river"]
    assert isinstance(river, dict)
    seen["river"] = {
        "open_end": river["end"],
        "flow_direction": DIRECTIONS[position.river_flow],
        "last_turn": TURNS[position.river_turn],
    }
    seen["tiles"] = [_in_words(tile) for tile in _records(saved["tiles"])]
    seen["followers"] = [_in_words(follower) for follower in _records(saved["followers"])]
    return seen


def _in_words(record: dict[str, Json]) -> dict[str, Json]:
    return {WORDS.get(key, key): value for key, value in record.items()}


def _records(value: Json) -> list[dict[str, Json]]:
    assert isinstance(value, list)
    return [item for item in value if isinstance(item, dict)]


def determinize(position: Position, player: int, rng: random.Random) -> Position:
    """A copy of the position: nothing is hidden (the stack is a multiset of counts, its order is
    drawn by chance when the tile is revealed), so there is nothing to guess."""
    return position.clone()
