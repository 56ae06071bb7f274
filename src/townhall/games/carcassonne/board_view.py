"""The board view of Carcassonne (townhall.engine.board.BoardView as JSON) and the targets of
actions on it; docs/board-carcassonne.md describes it. Nothing is hidden: every viewer sees the
same view (the stack is public as a multiset of tile codes)."""

from __future__ import annotations

from townhall.engine.board import BOARD_FORMAT, MarkKind
from townhall.engine.protocol import Json
from townhall.games.carcassonne.actions import DEPLOY, SKIP
from townhall.games.carcassonne.position import DEPLOY as DEPLOY_PHASE
from townhall.games.carcassonne.position import OVER, PLACE, CarcassonnePosition, tile_counts
from townhall.games.carcassonne.tiles import (
    CODES,
    KIND_NAMES,
    LAYOUTS,
    ROLE_NAMES,
    RULES,
    SIZE,
    TILE_SPECS,
    cell_of,
    xy_of,
)
from townhall.games.carcassonne.words import _, segment_label, term, tile_name
from townhall.games.carcassonne.words import player as player_name

AREA = "table"
HAND_AREA = "hand"
DIRECTIONS = ("N", "E", "S", "W")
# The marks a cell may carry (docs/board-carcassonne.md; published in docs/schemas/carcassonne/board-marks.schema.json).
MARKS = [
    MarkKind(kind="last-move", meaning="the tile laid last"),
    MarkKind(kind="open", meaning="an empty cell where the tile in hand fits"),
    MarkKind(kind="closed", meaning="an empty cell beside the landscape where the tile in hand fits in no way"),
]


def cell_id(cell: int) -> str:
    x, y = xy_of(cell)
    return f"{x},{y}"


def part_id(segment: int) -> str:
    return f"s{segment}"


def _parts(layout_index: int) -> list[Json]:
    layout = LAYOUTS[layout_index]
    parts: list[Json] = []
    for segment, kind in enumerate(layout.kinds):
        label = layout.labels[segment]
        edges = label.split(" ", 1)[1].split("+") if " " in label else []
        shown = segment_label(label)
        if segment == layout.pennant_segment:
            shown = _("{segment} (pennant)").format(segment=shown)
        part: dict[str, Json] = {"id": part_id(segment), "kind": KIND_NAMES[kind], "edges": edges, "label": shown}
        parts.append(part)
    if layout.river_edges:
        parts.append({"id": "river", "kind": "river", "edges": [DIRECTIONS[d] for d in layout.river_edges]})
    return parts


def board_view(state: CarcassonnePosition, viewer: int | None) -> dict[str, Json]:
    """Tiles laid (code, rotation, segments as parts, followers as pieces), the empty cells where
    the tile in hand fits, scores and supplies as tracks, the hand and the stack as items."""
    pieces: dict[int, list[Json]] = {}
    for cell, segment, player in state.followers():
        kind = ROLE_NAMES[LAYOUTS[state.board[cell][0]].kinds[segment]]
        pieces.setdefault(cell, []).append({"kind": kind, "owner": player, "part": part_id(segment)})
    cells: list[Json] = []
    for cell in state.placed_cells:
        layout_index = state.board[cell][0]
        x, y = xy_of(cell)
        spec = TILE_SPECS[layout_index >> 2]
        marks: list[Json] = [{"kind": "last-move"}] if cell == state.last_cell and len(state.placed_cells) > 1 else []
        cells.append(
            {
                "id": cell_id(cell),
                "col": x,
                "row": y,
                "terrain": "river" if spec.river else "land",
                "label": spec.code,
                "rotation": layout_index & 3,
                "parts": _parts(layout_index),
                "pieces": pieces.get(cell, []),
                "marks": marks,
            }
        )
    if state.phase == PLACE:
        fitting = {action >> 2 for action in state.placements}
        for cell in sorted(fitting | set(state.frontier)):
            x, y = xy_of(cell)  # a closed cell is drawn too: a click there asks why not
            kind = "open" if cell in fitting else "closed"
            cells.append({"id": cell_id(cell), "col": x, "row": y, "marks": [{"kind": kind}]})
    tracks: list[Json] = []
    for player in range(state.num_players):
        tracks.append(
            {
                "id": f"score.{player}",
                "label": _("player {number} score").format(number=player + 1),
                "value": state.score[player],
                "owner": player,
            }
        )
        tracks.append(
            {
                "id": f"followers.{player}",
                "label": _("player {number} followers in supply").format(number=player + 1),
                "value": state.supply[player],
                "owner": player,
                "maximum": RULES["followers_per_player"] - RULES["score_markers_per_player"],
            }
        )
        if state.phase == OVER:  # the points by feature, for the end screen's breakdown
            tracks += [
                {"id": f"final-{name}-{player}", "label": term(name), "value": state.kind_points[4 * player + kind]}
                | {"owner": player}
                for kind, name in enumerate(KIND_NAMES)
            ]
    items: list[Json] = []
    if state.hand >= 0:
        items.append({"id": "hand", "kind": "tile", "label": CODES[state.hand], "owner": state.current})
    left = len(state.bag) + len(state.river_bag) + (1 if state.lake_due else 0)
    items.append({"id": "stack", "kind": "stack", "label": _("tiles left"), "count": left})
    for code, count in sorted(tile_counts(state.river_bag).items()):
        items.append({"id": f"river.{code}", "kind": "tile", "label": code, "count": count})
    for code, count in sorted(tile_counts(state.bag).items()):
        items.append({"id": f"remaining.{code}", "kind": "tile", "label": code, "count": count})
    for code, count in sorted(tile_counts(state.discards).items()):
        items.append({"id": f"discarded.{code}", "kind": "discarded", "label": code, "count": count})
    areas: list[Json] = [{"id": AREA, "label": _("the table"), "layout": "square", "cells": cells}]
    if state.hand >= 0:
        areas.append(_hand_area(state.hand))
    return {
        "format": BOARD_FORMAT,
        "game": "carcassonne",
        "viewer": viewer,
        "areas": areas,
        "tracks": tracks,
        "items": items,
        "prompt": _prompt(state),
    }


def _hand_area(tile: int) -> dict[str, Json]:
    """The tile to place, unturned (rotation 0): a client turns its parts' edges to preview a
    placement at an open cell with the target's rotation."""
    spec = TILE_SPECS[tile]
    cell: dict[str, Json] = {
        "id": "hand",
        "col": 0,
        "row": 0,
        "terrain": "river" if spec.river else "land",
        "label": spec.code,
        "rotation": 0,
        "parts": _parts(tile * 4),
    }
    return {"id": HAND_AREA, "label": _("the tile to place"), "layout": "row", "cells": [cell]}


def _prompt(state: CarcassonnePosition) -> str:
    if state.phase == OVER:
        return _("game over")
    if state.phase == DEPLOY_PHASE:
        return _("{player}: deploy a follower on the tile just placed, or not").format(
            player=player_name(state.current)
        )
    return _("{player}: place {tile}").format(player=player_name(state.current), tile=tile_name(CODES[state.hand]))


def action_target(state: CarcassonnePosition, action: int) -> dict[str, Json] | None:
    """Place: the empty cell and the rotation; deploy: the segment (part) of the tile just placed;
    skip (no follower): off-board."""
    if action < DEPLOY:
        return {"area": AREA, "cell": cell_id(action >> 2), "rotation": action & 3}
    if action < SKIP:
        return {"area": AREA, "cell": cell_id(state.last_cell), "part": part_id(action - DEPLOY)}
    return None


def actions_at(state: CarcassonnePosition, area: str, cell: str) -> list[int]:
    """The place actions of a cell (its 4 rotations) and, on the tile just laid, its deployments."""
    x, comma, y = cell.partition(",")
    if area != AREA or not comma or not x.lstrip("-").isdigit() or not y.lstrip("-").isdigit():
        return []
    if not (-OFF_LIMIT <= int(x) <= OFF_LIMIT and -OFF_LIMIT <= int(y) <= OFF_LIMIT):
        return []
    at = cell_of(int(x), int(y))
    found = [at * 4 + rotation for rotation in range(4)]
    if at == state.last_cell:
        found.extend(range(DEPLOY, SKIP))
    return found


OFF_LIMIT = SIZE // 2
