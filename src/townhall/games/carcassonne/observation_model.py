"""The public observation's model: the shape `observation.observation` builds, in full words
(pydantic), published as docs/schemas/carcassonne/observation.schema.json and checked by the tests.

Apart from observation.py so that the rules' hot modules stay compiled (mypyc cannot compile
pydantic models); nothing in play builds these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from townhall.engine.observation_model import PublicModel


class Options(PublicModel):
    river: bool = Field(description="played with the River: the spring first, then the river tiles, then the lake")
    small_city: bool = Field(description="a completed city of 2 tiles scores 2 (1 per pennant)")
    farm_scoring: Literal["first-edition", "third-edition"] = Field(
        description="how farmers score at the end: first-edition (all farms touching a city) or third-edition "
        "(farm by farm)"
    )


class PlacedTile(PublicModel):
    x: int = Field(description="column of the tile; the start tile is at 0,0, east is +x")
    y: int = Field(description="row of the tile; south is +y")
    tile: str = Field(description="the tile type's code (docs/board-carcassonne.md)")
    rotation: int = Field(ge=0, le=3, description="quarter turns clockwise from the printed orientation")


class Follower(PublicModel):
    x: int = Field(description="column of the tile the follower stands on")
    y: int = Field(description="row of the tile the follower stands on")
    segment: int = Field(ge=0, description="index of the segment (city, road, field or cloister) on that tile")
    segment_label: str = Field(description="the segment by the edges it touches, e.g. 'road E+W' or 'field Nw+Ne'")
    player: int = Field(ge=0, description="the follower's owner (seat, from 0)")


class River(PublicModel):
    open_end: tuple[int, int] | None = Field(
        description="x, y of the empty cell the river flows into; none before the River or once the lake closes it"
    )
    flow_direction: Literal["north", "east", "south", "west"] = Field(
        description="the way the river flows into its open end"
    )
    last_turn: Literal["right", "left"] | None = Field(
        description="the river's last bend (two bends the same way in a row are a U-turn); none before the first"
    )


class CarcassonneObservation(PublicModel):
    """What every player and a spectator see of a Carcassonne game (nothing is hidden)."""

    player_count: int = Field(ge=2, le=5, description="number of players")
    options: Options = Field(description="the table's rule options")
    phase: Literal["place", "deploy", "over"] = Field(
        description="place the tile in hand, deploy a follower on it (or not), or the game is over"
    )
    current_player: int = Field(ge=0, description="the seat (from 0) whose turn it is")
    tile_in_hand: str | None = Field(description="the code of the tile drawn and still to place; none otherwise")
    tiles: list[PlacedTile] = Field(description="the tiles on the table, in the order they were placed")
    followers: list[Follower] = Field(description="the followers on the table")
    scores: list[int] = Field(description="points per seat")
    followers_in_supply: list[int] = Field(description="followers each seat still has in hand to deploy")
    tiles_remaining: dict[str, int] = Field(
        description="land tiles still in the stack, count per tile code (the order is unknown)"
    )
    river_tiles_remaining: dict[str, int] = Field(
        description="river tiles still to draw before the lake, count per tile code"
    )
    lake_still_to_draw: bool = Field(description="the lake, the River's last tile, is still to draw")
    river: River = Field(description="where the River continues")
    tiles_back_in_box: list[str] = Field(description="codes of drawn tiles that fitted nowhere and left the game")
