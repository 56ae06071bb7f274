"""Generated from FIELDS in position.py by `python -m townhall.cli.fields`: edit the declaration, not this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from townhall.engine.protocol import Json
from townhall.games.my_city.data import cell_name

if TYPE_CHECKING:
    from .position import MyCityPosition


def copy_fields(source: MyCityPosition, copy: MyCityPosition) -> None:
    """The clone: every field of `source` onto the blank `copy`."""
    copy.num_players = source.num_players
    copy.rules = source.rules
    copy.board_spec = source.board_spec
    copy.stickers = source.stickers
    copy.terrain = source.terrain
    copy.features = source.features
    copy.occupied = source.occupied.copy()
    copy.placed = [row.copy() for row in source.placed]
    copy.score = source.score.copy()
    copy.frozen = source.frozen.copy()
    copy.marks = source.marks.copy()
    copy.passes = source.passes.copy()
    copy.active = source.active.copy()
    copy.pending = source.pending.copy()
    copy.deck = source.deck.copy()
    copy.card = source.card
    copy.start_occupied = source.start_occupied
    copy.revealed = source.revealed.copy()
    copy.blocked = source.blocked.copy()
    copy.gold_claimed = source.gold_claimed
    copy.over = source.over
    copy.final = source.final
    copy.around = source.around.copy()
    copy.figures_revision = source.figures_revision
    copy.can_pass = source.can_pass


def save_fields(position: MyCityPosition) -> dict[str, Json]:
    """The save format: every field with a key, in declaration order."""
    return {
        "num_players": position.num_players,
        "rules": position.rules.to_json(),
        "board": {
            "name": position.board_spec.name,
            "rows": position.board_spec.rows_text(),
            "provenance": position.board_spec.provenance,
        },
        "stickers": [[[cell_name(c), kind] for c, kind in s] for s in position.stickers],
        "occ": position.occupied.copy(),
        "placed": [[[piece, mask] for piece, mask in placed] for placed in position.placed],
        "score": position.score.copy(),
        "frozen": position.frozen.copy(),
        "marks": position.marks.copy(),
        "passes": position.passes.copy(),
        "active": position.active.copy(),
        "pending": position.pending.copy(),
        "deck": position.deck.copy(),
        "card": position.card,
        "start_occ": position.start_occupied,
        "revealed": position.revealed.copy(),
        "blocked": position.blocked.copy(),
        "gold_claimed": position.gold_claimed,
        "over": position.over,
        "final": position.final,
    }


def load_fields(position: MyCityPosition, data: dict[str, Any]) -> None:
    """Every saved field back from the save format (the others are the class's to set)."""
    position.occupied = list(data["occ"])
    position.placed = [[(piece, mask) for piece, mask in placed] for placed in data["placed"]]
    position.score = list(data["score"])
    position.frozen = list(data["frozen"])
    position.marks = list(data["marks"])
    position.passes = list(data["passes"])
    position.active = list(data["active"])
    position.pending = list(data["pending"])
    position.deck = list(data["deck"])
    position.card = data["card"]
    position.start_occupied = data["start_occ"]
    position.revealed = list(data["revealed"])
    position.blocked = list(data["blocked"])
    position.gold_claimed = data["gold_claimed"]
    position.over = data["over"]
    position.final = data["final"]
