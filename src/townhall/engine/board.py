"""The board view: a position as data that a client draws without knowing any rule.

A game returns a `BoardView` (as JSON) from `Game.board_view(state, viewer)`, filtered like the
observation, and for each legal action a `Target` (`Game.action_target`): the area, cell and part
the action acts on, or None when the action has no place on the board (pass, choose a good...).
A client draws areas of cells, pieces on them, tracks and supplies, and offers a click on each
target: it never re-implements a rule. docs/board-view.md describes the format; its JSON Schema is
docs/schemas/board-view.schema.json.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BOARD_FORMAT = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Piece(_Strict):
    """Something on a cell: a follower, a building, a worker, a good, a marker."""

    kind: str
    owner: int | None = None  # seat, None for neutral pieces
    part: str | None = None  # which part of the cell it stands on (a tile segment...)
    label: str | None = None
    count: int = 1


class Part(_Strict):
    """A drawable part of a cell: a feature of a tile (city, road, field) with the edges it
    touches (N, E, S, W and the half-edges Nw, Ne, En, Es, Se, Sw, Ws, Wn), or a slot."""

    id: str
    kind: str
    edges: list[str] = Field(default_factory=list)
    label: str | None = None


class Cell(_Strict):
    """One square or hex of an area. On a hex area `col`/`row` are axial coordinates q/r."""

    id: str
    col: int
    row: int
    terrain: str | None = None
    label: str | None = None
    rotation: int = 0  # quarter turns clockwise of what is drawn on it (tiles)
    parts: list[Part] = Field(default_factory=list)
    pieces: list[Piece] = Field(default_factory=list)
    marks: list[str] = Field(default_factory=list)  # e.g. "polluted", "sticker", "last-move"


class Track(_Strict):
    """A number on a track or counter: score, money, reputation, a price."""

    id: str
    label: str
    value: float
    owner: int | None = None
    maximum: float | None = None


class Item(_Strict):
    """A thing in a supply or hand that is not on a grid: tiles left, cards, goods."""

    id: str
    kind: str
    label: str
    owner: int | None = None
    count: int = 1
    hidden: bool = False  # its face is not shown to this viewer


class Area(_Strict):
    """A drawable region: the shared map, one player's board, a market, a card row."""

    id: str
    label: str
    layout: Literal["square", "hex", "row"]
    owner: int | None = None
    cells: list[Cell] = Field(default_factory=list)
    tracks: list[Track] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)


class BoardView(_Strict):
    format: Literal[1] = 1
    game: str
    viewer: int | None
    areas: list[Area]
    tracks: list[Track] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)
    prompt: str | None = None  # the current step in words (e.g. "place the tile")


class Target(_Strict):
    """Where an action goes on the board. `part` names a cell's part (a tile segment);
    `rotation` tells a placement's orientation (quarter turns)."""

    area: str
    cell: str | None = None
    part: str | None = None
    rotation: int | None = None
    flipped: bool | None = None
