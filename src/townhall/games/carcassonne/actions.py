"""The fixed integer action space: place a tile (cell x rotation), deploy on a segment, or not;
the actions' JSON forms and texts.

A place action's id is cell * 4 + rotation (cell as in tiles.cell_of), so sorting ids sorts
placements by row, column and rotation.
"""

from __future__ import annotations

from typing import Final

from townhall.engine.codec import ActionSpace
from townhall.engine.errors import MalformedAction
from townhall.engine.protocol import Json
from townhall.games.carcassonne.tiles import LAYOUTS, MAX_SEGMENTS, OFF, ROLE_NAMES, SIZE, cell_of, xy_of
from townhall.games.carcassonne.words import _, segment_label, term

SPACE = ActionSpace(
    [
        ("place", (("y", SIZE), ("x", SIZE), ("rot", 4))),
        ("deploy", (("segment", MAX_SEGMENTS),)),
        ("skip", ()),
    ]
)
DEPLOY: Final = SPACE.offset("deploy")
SKIP: Final = SPACE.offset("skip")
SIZE_ALL: Final = SPACE.size


def place_id(x: int, y: int, rot: int) -> int:
    return cell_of(x, y) * 4 + rot


def to_json(action: int) -> dict[str, Json]:
    if not 0 <= action < SIZE_ALL:
        raise MalformedAction(f"action id {action} is outside [0, {SIZE_ALL})")
    if action < DEPLOY:
        x, y = xy_of(action >> 2)
        return {"kind": "place", "x": x, "y": y, "rot": action & 3}
    if action < SKIP:
        return {"kind": "deploy", "segment": action - DEPLOY}
    return {"kind": "skip"}


def from_json(data: Json) -> int:
    if not isinstance(data, dict):
        raise MalformedAction(_("not a Carcassonne action: {form!r}").format(form=data))
    kind = data.get("kind")
    if kind == "place":
        values = [data.get(k) for k in ("x", "y", "rot")]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise MalformedAction(_("place needs whole numbers x, y, rot: {form!r}").format(form=data))
        x, y, rot = (int(v) for v in values)  # type: ignore[arg-type]
        if not (-OFF <= x <= OFF and -OFF <= y <= OFF and 0 <= rot < 4):
            raise MalformedAction(
                _("place outside the table window (|x|, |y| <= {limit}, rot 0..3): {form!r}").format(
                    limit=OFF, form=data
                )
            )
        return place_id(x, y, rot)
    if kind == "deploy":
        segment = data.get("segment")
        if not isinstance(segment, int) or isinstance(segment, bool) or not 0 <= segment < MAX_SEGMENTS:
            raise MalformedAction(
                _("deploy needs a segment 0..{last}: {form!r}").format(last=MAX_SEGMENTS - 1, form=data)
            )
        return DEPLOY + segment
    if kind == "skip":
        return SKIP
    raise MalformedAction(_("not a Carcassonne action: {form!r}").format(form=data))


def place_text(action: int) -> str:
    x, y = xy_of(action >> 2)
    return f"{term('action.place')} {x},{y} r{90 * (action & 3)}"


def words(action: int, placed_layout: int) -> str:
    """The action as a player reads it: a place turns the tile in hand by degrees, not `r90`."""
    if 0 <= action < DEPLOY:
        x, y = xy_of(action >> 2)
        return _("place at {x},{y}, turned {degrees}°").format(x=x, y=y, degrees=90 * (action & 3))
    return text(action, placed_layout)


def text(action: int, placed_layout: int) -> str:
    """The words of an action; a deploy names the role and segment when the layout of the tile just
    placed is known (else -1)."""
    if 0 <= action < DEPLOY:
        return place_text(action)
    if action == SKIP:
        return term("action.no-follower")
    return deploy_text(action, placed_layout)


def deploy_text(action: int, placed_layout: int) -> str:
    segment = action - DEPLOY
    if placed_layout >= 0:
        layout = LAYOUTS[placed_layout]
        if segment < len(layout.kinds):
            role = term(ROLE_NAMES[layout.kinds[segment]])
            return _("{role} on {segment}").format(role=role, segment=segment_label(layout.labels[segment]))
    return _("follower on segment {segment}").format(segment=segment)
