"""The text view for `townhall play carcassonne` (a map of 3x3 character blocks, one per tile) and
the statistics of a finished game.

Edge middles: # city, - or | road, ~ river, . field. Corners: # inside a city, else field.
Centre: ^ cloister, # city, o road junction or end, road/river shape otherwise.
A follower shows as its player's number (1-5) on the segment it stands on. Cells where the tile
in hand fits show a '?' so a person can read off the coordinates to type.
"""

from __future__ import annotations

from townhall.games.carcassonne.position import DEPLOY, CarcassonnePosition
from townhall.games.carcassonne.tiles import (
    CANONICAL,
    CITY,
    CODES,
    KIND_NAMES,
    LAYOUTS,
    ROAD,
    TILE_SPECS,
    Layout,
    cell_of,
    xy_of,
)
from townhall.games.carcassonne.words import _, term

CITY_E, ROAD_E, RIVER_E = 3, 2, 4


def block(layout: Layout) -> list[list[str]]:
    """The 3x3 drawing of a tile in a rotation."""
    edges = layout.edges
    grid = [["."] * 3 for _ in range(3)]
    mids = ((0, 1), (1, 2), (2, 1), (1, 0))
    for d, (r, c) in enumerate(mids):
        grid[r][c] = {CITY_E: "#", ROAD_E: "|" if d % 2 == 0 else "-", RIVER_E: "~"}.get(edges[d], ".")
    city_sets = [{d for d in range(4) if layout.ports[d] == i} for i, k in enumerate(layout.kinds) if k == CITY]
    for (r, c), (a, b) in zip(((0, 0), (0, 2), (2, 2), (2, 0)), ((0, 3), (0, 1), (2, 1), (2, 3)), strict=True):
        if any(a in s and b in s for s in city_sets):
            grid[r][c] = "#"
    centre = "."
    road_ends = [d for d in range(4) if edges[d] == ROAD_E]
    wide_city = any(len(c) >= 3 or c in ({0, 2}, {1, 3}) for c in city_sets)
    if layout.cloister >= 0:
        centre = "^"
    elif wide_city:
        centre = "#"
    elif road_ends:
        roads = [i for i, k in enumerate(layout.kinds) if k == ROAD]
        if len(road_ends) == 2 and len(roads) == 1:
            centre = "-" if road_ends == [1, 3] else "|" if road_ends == [0, 2] else "+"
        else:
            centre = "o"
    elif layout.river_edges:
        centre = "~"
    elif city_sets and any(len(c) == 2 for c in city_sets):
        centre = "#"
    grid[1][1] = centre
    if layout.pennant_segment >= 0:
        r, c = layout.anchors[layout.pennant_segment]
        grid[r][c] = "*"
    return grid


def render(state: CarcassonnePosition, viewer: int | None) -> str:
    lines: list[str] = []
    xs = [xy_of(c)[0] for c in state.board] + [xy_of(c)[0] for c in state.frontier]
    ys = [xy_of(c)[1] for c in state.board] + [xy_of(c)[1] for c in state.frontier]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    marks: dict[int, dict[int, int]] = {}
    for cell, segment, player in state.followers():
        marks.setdefault(cell, {})[segment] = player
    fits = {a >> 2 for a in state.placements}
    header = "     " + "".join(f"{x:^4}" for x in range(x0, x1 + 1))
    lines.append(header)
    for y in range(y0, y1 + 1):
        rows = [[], [], []]  # type: list[list[str]]
        for x in range(x0, x1 + 1):
            cell = cell_of(x, y)
            entry = state.board.get(cell)
            if entry is None:
                filler = [" ? " if i == 1 else "   " for i in range(3)] if cell in fits else ["   "] * 3
                for i in range(3):
                    rows[i].append(filler[i] + " ")
                continue
            layout = LAYOUTS[entry[0]]
            grid = block(layout)
            for segment, player in marks.get(cell, {}).items():
                r, c = layout.anchors[segment]
                grid[r][c] = str(player + 1)
            for i in range(3):
                rows[i].append("".join(grid[i]) + " ")
        lines.append("     " + "".join(rows[0]))
        lines.append(f"{y:>4} " + "".join(rows[1]))
        lines.append("     " + "".join(rows[2]))
    lines.append("")
    lines.append(
        _("scores: ")
        + ", ".join(
            _("player {number} {score} (supply {supply})").format(number=p + 1, score=s, supply=state.supply[p])
            for p, s in enumerate(state.score)
        )
    )
    left = len(state.bag) + len(state.river_bag) + (1 if state.lake_due else 0)
    lines.append(_("tiles left: {count}").format(count=left))
    if state.discards:
        lines.append(_("back in the box: ") + " ".join(CODES[t] for t in state.discards))
    if state.hand >= 0:
        spec = TILE_SPECS[state.hand]
        lines.append(
            _("player {number} holds {code} ({name}); its rotations:").format(
                number=state.current + 1, code=spec.code, name=term(f"tile.{spec.name}")
            )
        )
        rots = CANONICAL[state.hand]
        drawings = [block(LAYOUTS[4 * state.hand + r]) for r in rots]
        lines.append("  " + "".join(f"{'r' + str(90 * r):<6}" for r in rots))
        for i in range(3):
            lines.append("  " + "".join("".join(d[i]) + "   " for d in drawings))
        lines.append(_("type e.g. '{place} x,y r90' at a '?' cell").format(place=term("action.place")))
    elif state.phase == DEPLOY:
        x, y = xy_of(state.last_cell)
        lines.append(
            _("player {number}: deploy a follower on the tile just placed at {x},{y}, or '{skip}'").format(
                number=state.current + 1, x=x, y=y, skip=term("action.no-follower")
            )
        )
        lines.append(
            _(
                "segments are named by the edges they touch (N E S W); a field by its half-edges, "
                "e.g. Nw = north edge, west half; En = east edge, north half"
            )
        )
    else:
        lines.append(_("game over"))
    lines.append(_("key: # city  * pennant  -| road  ~ river  ^ cloister  . field  1-5 followers"))
    return "\n".join(lines)


def statistics(state: CarcassonnePosition) -> dict[str, float]:
    """Figures of a finished game: points by feature kind (all players summed), followers left,
    tiles laid and sent back to the box, and the winner's margin over the second."""
    out: dict[str, float] = {}
    for kind, name in enumerate(KIND_NAMES):
        out[f"points.{name}"] = float(sum(state.kind_points[4 * p + kind] for p in range(state.num_players)))
    scores = sorted(state.score, reverse=True)
    out["points.total"] = float(sum(scores))
    out["score.mean"] = sum(scores) / len(scores)
    out["followers_left.mean"] = sum(state.supply) / len(state.supply)
    out["tiles_placed"] = float(len(state.placed_cells))
    out["tiles_discarded"] = float(len(state.discards))
    out["margin"] = float(scores[0] - scores[1]) if len(scores) > 1 else 0.0
    return out
