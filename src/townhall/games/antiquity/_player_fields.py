"""Generated from FIELDS in player.py by `python -m townhall.cli.fields`: edit the declaration, not this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine.protocol import Json
from townhall.games.antiquity.steps import step_from_json, step_to_json

if TYPE_CHECKING:
    from .player import Player


def copy_fields(source: Player, copy: Player) -> None:
    """The clone: every field of `source` onto the blank `copy`."""
    copy.goods = source.goods.copy()
    copy.cities = source.cities.copy()
    copy.inns = source.inns.copy()
    copy.grid = [row.copy() for row in source.grid]
    copy.graves = [row.copy() for row in source.graves]
    copy.buildings = source.buildings.copy()
    copy.manned = source.manned.copy()
    copy.houses = source.houses
    copy.saint = source.saint
    copy.old_saint = source.old_saint
    copy.demolished = source.demolished
    copy.country_buildings = source.country_buildings
    copy.alive = source.alive
    copy.out_round = source.out_round
    copy.theology_used = source.theology_used
    copy.biology_used = source.biology_used
    copy.alchemy_used = source.alchemy_used
    copy.healed = source.healed
    copy.steps = source.steps
    copy.new_cathedral = source.new_cathedral
    copy.bought = source.bought
    copy.banked = source.banked
    copy.pending = source.pending
    copy.figure_changes = source.figure_changes
    copy.cell_changes = []
    copy.cell_base = source.cell_base + len(source.cell_changes)


def save_fields(position: Player) -> dict[str, Json]:
    """The save format: every field with a key, in declaration order."""
    return {
        "goods": position.goods.copy(),
        "cities": position.cities.copy(),
        "inns": position.inns.copy(),
        "grid": [row.copy() for row in position.grid],
        "graves": [[int(x) for x in g] for g in position.graves],
        "blds": [None if b is None else [b[0], b[1], list(b[2])] for b in position.buildings],
        "manned": position.manned.copy(),
        "houses": position.houses,
        "saint": position.saint,
        "old_saint": position.old_saint,
        "demolished": position.demolished,
        "country": position.country_buildings,
        "alive": position.alive,
        "out_round": position.out_round,
        "theology_used": position.theology_used,
        "biology_used": position.biology_used,
        "alchemy_used": position.alchemy_used,
        "healed": position.healed,
        "steps": position.steps,
        "new_cathedral": position.new_cathedral,
        "bought": [list(x) for x in position.bought],
        "banked": [list(x) for x in position.banked],
        "pend": step_to_json(position.pending),
    }


def load_fields(position: Player, data: dict[str, Any]) -> None:
    """Every saved field back from the save format (the others are the class's to set)."""
    position.goods = list(data["goods"])
    position.cities = list(data["cities"])
    position.inns = list(data["inns"])
    position.grid = [list(row) for row in data["grid"]]
    position.graves = [[bool(x) for x in g] for g in data["graves"]]
    position.buildings = [None if b is None else (b[0], b[1], tuple(b[2])) for b in data["blds"]]
    position.manned = list(data["manned"])
    position.houses = data["houses"]
    position.saint = data["saint"]
    position.old_saint = data["old_saint"]
    position.demolished = data["demolished"]
    position.country_buildings = data["country"]
    position.alive = data["alive"]
    position.out_round = data["out_round"]
    position.theology_used = data["theology_used"]
    position.biology_used = data["biology_used"]
    position.alchemy_used = data["alchemy_used"]
    position.healed = data["healed"]
    position.steps = data["steps"]
    position.new_cathedral = data["new_cathedral"]
    position.bought = tuple((int(a), int(b)) for a, b in data["bought"])
    position.banked = tuple((int(a), int(b), int(c)) for a, b, c in data.get("banked", ()))
    position.pending = step_from_json(data["pend"])
