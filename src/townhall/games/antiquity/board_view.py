"""The board view of Antiquity (engine.board.BoardView as JSON) and the targets of actions.

Areas: "map" (the hex countryside), "p<seat>.c<city>" (each city map of a player, square cells
named like the action texts: a1..g7) and "p<seat>" (the player's goods, workers and saint).
During phase 2 the other players' cities show as they were at the start of the phase (ANT-IO-3).
docs/board-antiquity.md describes it.
"""

from __future__ import annotations

from townhall.engine import Json
from townhall.engine.board import BOARD_FORMAT, MarkKind
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import zones
from townhall.games.antiquity.city import CHOICE_NAMES, CHOICE_ORIENTS, CHOICE_TYPES, COLUMNS, choice_of_shape, size_of
from townhall.games.antiquity.components import INN_OCCUPANT, SITE_OCCUPANT
from townhall.games.antiquity.data import BUILDINGS, GOODS, SAINTS
from townhall.games.antiquity.player import Player
from townhall.games.antiquity.position import PHASE_NAMES, PLAN, AntiquityPosition
from townhall.games.antiquity.steps import Arrange, PlaceBuilding
from townhall.games.antiquity.words import _, building, good, player, term

TERRAINS = {"F": "forest", "P": "grass", "M": "mountain", "W": "water"}
# Action kinds with no place on the board (choices of a building, a good, a saint, a partner...).
OFF_BOARD = frozenset(
    {"build", "house", "saint", "good", "keep", "seed", "bank", "demolish", "free", "nofree", "country", "trade",
     "give", "ask", "propose", "withdraw", "accept", "decline", "done"}
)  # fmt: skip
CITY_KINDS = frozenset({"square", "cell", "man", "heal", "move", "gravemove"})
# The marks a cell may carry (docs/board-antiquity.md; published in docs/schemas/antiquity/board-marks.schema.json).
MARKS = [
    MarkKind(kind="zone", meaning="the hex is in the zone of control of this seat", value_type="int"),
    MarkKind(kind="polluted", meaning="the hex is polluted"),
    MarkKind(kind="token", meaning="a face-down exploration token lies on the hex"),
    MarkKind(kind="manned", meaning="the building on this city square is manned"),
    MarkKind(kind="grave", meaning="a grave lies on this city square"),
]


def shown_holdings(position: AntiquityPosition, viewer: int | None) -> list[Player]:
    """Each player's holdings as `viewer` may see them (others' start-of-phase-2 copy in phase 2)."""
    out = []
    for q, pl in enumerate(position.players):
        snap = position.snapshots[q]
        out.append(snap if position.phase == PLAN and q != viewer and snap is not None else pl)
    return out


def cell_id(city: int, cell: int) -> str:
    size = size_of(city)
    return f"{COLUMNS[cell % size]}{cell // size + 1}"


def board_view(position: AntiquityPosition, viewer: int | None) -> dict[str, Json]:
    holdings = shown_holdings(position, viewer)
    areas: list[dict[str, Json]] = [map_area(position, holdings)]
    for q, pl in enumerate(holdings):
        areas.extend(city_area(q, c, pl) for c in range(len(pl.grid)))
        areas.append(player_area(q, pl))
        choice = building_to_place(pl)
        if choice is not None:
            areas.append(build_area(q, choice))
    tracks = [
        {"id": "round", "label": _("round"), "value": position.round, "maximum": position.max_rounds},
        {"id": "famine", "label": term("famine"), "value": position.famine},
        {"id": "tokens", "label": _("exploration tokens left"), "value": sum(position.token_pool)},
    ]
    items: list[dict[str, Json]] = []
    if position.offer:
        offerer, partner = position.offer[0], position.offer[1]
        sides = (
            ("give", _("offer give {good}"), position.give, offerer),
            ("ask", _("offer ask {good}"), position.ask, partner),
        )
        for side, words, goods, owner in sides:
            items.extend(
                {"id": f"offer.{side}.{GOODS[g]}", "kind": "good", "label": words.format(good=good(GOODS[g])),
                 "owner": owner, "count": n}
                for g, n in enumerate(goods) if n
            )  # fmt: skip
    return {
        "format": BOARD_FORMAT,
        "game": "antiquity",
        "viewer": viewer,
        "areas": areas,
        "tracks": tracks,
        "items": items,
        "prompt": _("phase {phase}").format(phase=term("phase." + PHASE_NAMES[position.phase])),
    }


def map_area(position: AntiquityPosition, holdings: list[Player]) -> dict[str, Json]:
    topo = position.board.topo
    zone_of = [
        zones.zone(position, q, pl) if pl.alive and pl.cities else frozenset[int]() for q, pl in enumerate(holdings)
    ]
    cells: list[dict[str, Json]] = []
    for h, (q, r) in enumerate(topo.coords):
        pieces: list[dict[str, Json]] = []
        occupant = position.hex_occupant[h]
        if 0 <= occupant < INN_OCCUPANT:
            pieces.append({"kind": "city", "owner": occupant})
        elif INN_OCCUPANT <= occupant < SITE_OCCUPANT:
            pieces.append({"kind": "inn", "owner": occupant - INN_OCCUPANT})
        elif occupant >= SITE_OCCUPANT:
            producer = position.producers[occupant - SITE_OCCUPANT]
            if producer is not None:
                kind, owner, made = producer[0], producer[1], producer[2]
                pieces.append({"kind": A.COUNTRY_KINDS[kind], "owner": owner, "label": good(GOODS[made])})
        if position.hex_goods[h] >= 0:
            pieces.append({"kind": "good", "label": good(GOODS[position.hex_goods[h]])})
        marks: list[Json] = [{"kind": "zone", "value": p} for p, zone in enumerate(zone_of) if h in zone]
        if position.polluted[h]:
            marks.append({"kind": "polluted"})
        if position.token[h]:
            marks.append({"kind": "token"})
        cells.append(
            {"id": f"h{h}", "col": q, "row": r, "terrain": TERRAINS[position.terrain[h]], "label": topo.labels[h],
             "pieces": pieces, "marks": marks}
        )  # fmt: skip
    return {"id": "map", "label": term("countryside"), "layout": "hex", "cells": cells}


def city_area(p: int, c: int, pl: Player) -> dict[str, Json]:
    size = size_of(c)
    cells: list[dict[str, Json]] = []
    for i, bid in enumerate(pl.grid[c]):
        pieces: list[dict[str, Json]] = []
        marks: list[Json] = []
        if bid >= 0:
            building = pl.buildings[bid]
            if building is not None:
                pieces.append({"kind": BUILDINGS[building[0]], "owner": p, "label": f"#{bid}"})
                if pl.manned[bid]:
                    marks.append({"kind": "manned"})
        if pl.graves[c][i]:
            pieces.append({"kind": "grave", "owner": p})
            marks.append({"kind": "grave"})
        cells.append({"id": cell_id(c, i), "col": i % size, "row": i // size, "pieces": pieces, "marks": marks})
    return {
        "id": f"p{p}.c{c}",
        "label": _("player {number} city {city}").format(number=p + 1, city=c + 1),
        "layout": "square",
        "owner": p,
        "cells": cells,
    }


def building_to_place(pl: Player) -> int | None:
    """The build choice (shape) the player is placing on a city map now, if any."""
    step = pl.pending
    if isinstance(step, PlaceBuilding):
        return step.choice
    if isinstance(step, Arrange) and step.held:
        building = pl.buildings[step.held[0]]
        assert building is not None
        return choice_of_shape(building[0], len(building[2]), building[2], size_of(building[1]))
    return None


def build_area(p: int, choice: int) -> dict[str, Json]:
    """The building being placed, unturned (rotation 0, normalised to the top-left corner): a
    client previews a `square` action by turning it clockwise and putting its first square on
    the target cell."""
    kind = BUILDINGS[CHOICE_TYPES[choice]]
    shape = CHOICE_ORIENTS[choice][0][1]
    cells: list[Json] = [
        {
            "id": f"{x},{y}",
            "col": x,
            "row": y,
            "pieces": [{"kind": kind, "owner": p, "label": building(CHOICE_NAMES[choice])}],
        }
        for x, y in shape
    ]
    return {"id": f"p{p}.build", "label": _("player {number}: {building} to place").format(number=p + 1, building=building(CHOICE_NAMES[choice])), "layout": "square",
            "owner": p, "cells": cells}  # fmt: skip


def player_area(p: int, pl: Player) -> dict[str, Json]:
    tracks: list[dict[str, Json]] = [
        {"id": f"p{p}.{name}", "label": good(name), "value": n, "owner": p}
        for name, n in zip(GOODS, pl.goods, strict=True)
    ]
    tracks.append({"id": f"p{p}.workers", "label": _("workers"), "value": pl.workers, "owner": p, "maximum": 20})
    tracks.append({"id": f"p{p}.idle", "label": _("idle workers"), "value": pl.idle(), "owner": p})
    tracks.append({"id": f"p{p}.graves", "label": _("graves"), "value": pl.grave_count(), "owner": p})
    items: list[dict[str, Json]] = []
    if pl.saint >= 0:
        items.append({"id": f"p{p}.saint", "kind": "saint", "label": term("saint." + SAINTS[pl.saint]), "owner": p})
    if not pl.alive:
        items.append({"id": f"p{p}.out", "kind": "out", "label": _("out of the game"), "owner": p})
    return {"id": f"p{p}", "label": player(p), "layout": "row", "owner": p, "tracks": tracks, "items": items}


def action_target(position: AntiquityPosition, player: int, action: int) -> dict[str, Json] | None:
    """Where an action goes: a map hex, or a square of one of the player's city maps; None off-board."""
    kind, values = A.SPACE.decode(action)
    if kind in ("found", "hex"):
        return {"area": "map", "cell": f"h{values[0]}"}
    if kind in CITY_KINDS:
        c, x, y = values[0], values[1], values[2]
        target: dict[str, Json] = {"area": f"p{player}.c{c}", "cell": f"{COLUMNS[x]}{y + 1}"}
        if kind == "square":
            target["rotation"] = values[3]
        return target
    return None
