"""The board view: a position as data that a client draws without knowing any rule.

A game returns a `BoardView` (as JSON) from `Game.board_view(state, viewer)`, filtered like the
observation, and for each legal action a `Target` (`Game.action_target`): the area, cell and part
the action acts on, or None when the action has no place on the board (pass, choose a good...).
A client draws areas of cells, pieces on them, tracks and supplies, and offers a click on each
target: it never re-implements a rule. docs/board-view.md describes the format; its JSON Schema is
docs/schemas/board-view.schema.json.

A cell's marks are typed (`Mark`: a kind and a value) so that a client reads them without parsing
strings; each game declares the kinds it uses (`MarkKind`, in its board_view module's `MARKS`) and
`make schemas` publishes them as docs/schemas/<game>/board-marks.schema.json.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BOARD_FORMAT = 2  # 2: typed marks ({kind, value}) instead of strings


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Mark(_Strict):
    """Something shown on a cell that is not a piece: a flag ("polluted": no value), a number
    ("ore", 2) or a name from a closed set ("guild", "miners")."""

    kind: str
    value: str | int | None = None


class MarkKind(_Strict):
    """One kind of mark a game uses: its values when they form a closed set (`values`), else
    the type of its value (`value_type`; "none" for a flag)."""

    kind: str
    meaning: str
    value_type: Literal["none", "int", "str"] = "none"
    values: list[str] | list[int] | None = None


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
    marks: list[Mark] = Field(default_factory=list)  # e.g. {"kind": "polluted"}, {"kind": "ore", "value": 2}


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
    format: Literal[2] = 2
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


def mark_schema(kinds: list[MarkKind], title: str) -> dict[str, object]:
    """The JSON Schema of a game's marks: one alternative per declared kind, its value typed (or
    one of its closed set)."""
    alternatives: list[dict[str, object]] = []
    for declared in kinds:
        value: dict[str, object]
        if declared.values is not None:
            value = {"enum": list(declared.values)}
        elif declared.value_type == "none":
            value = {"type": "null"}
        else:
            value = {"type": "integer" if declared.value_type == "int" else "string"}
        alternatives.append(
            {
                "type": "object",
                "description": declared.meaning,
                "properties": {"kind": {"const": declared.kind}, "value": value},
                "required": ["kind"] if declared.value_type == "none" else ["kind", "value"],
                "additionalProperties": False,
            }
        )
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, "oneOf": alternatives}


def check_marks(view: BoardView, kinds: list[MarkKind]) -> list[str]:
    """The marks of a board view that its game's vocabulary does not declare (empty: all are)."""
    declared = {kind.kind: kind for kind in kinds}
    wrong: list[str] = []
    for area in view.areas:
        for cell in area.cells:
            for mark in cell.marks:
                if not _fits(mark, declared.get(mark.kind)):
                    wrong.append(f"{area.id}/{cell.id}: {mark.kind}={mark.value!r}")
    return wrong


def _fits(mark: Mark, declared: MarkKind | None) -> bool:
    if declared is None:
        return False
    if declared.values is not None:
        return mark.value in declared.values
    if declared.value_type == "none":
        return mark.value is None
    if declared.value_type == "int":
        return isinstance(mark.value, int)
    return isinstance(mark.value, str)
