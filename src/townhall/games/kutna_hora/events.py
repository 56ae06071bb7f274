"""The events `apply` emits, declared (kinds and data fields), and their English words.

Events carry data only (player seats from 0, tiles and cells as indices, plus the printed ids and
cell names a client shows); `event_text` makes the sentence from the kind and the data alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from townhall.engine.protocol import Event, EventKind
from townhall.games.kutna_hora.data import DECK_NAMES
from townhall.games.kutna_hora.scoring import FINAL_PARTS
from townhall.games.kutna_hora.tables import MINE_TILES
from townhall.games.kutna_hora.words import (
    _,
    action_name,
    building_name,
    colour,
    event_card_name,
    good,
    guild,
    mine_tile_name,
    player,
    term,
)

_KINDS: dict[str, tuple[dict[str, str], str]] = {
    "guilds": ({"player": "int", "set": "int", "guilds": "list"}, "a player takes a guild set (goods 0-5)"),
    "order": ({"player": "int", "guilds": "list"}, "a player orders their three guilds (first is best)"),
    "play": ({"player": "int", "card": "int", "action": "int?"}, "a card is played for an action (null: no effect)"),
    "licence": (
        {"player": "int", "tile": "int", "id": "str", "row": "int", "col": "int", "cost": "int"},
        "a building licence is taken from the town hall (row, column) for its cost",
    ),
    "plot": ({"player": "int", "cell": "int", "at": "str", "cost": "int"}, "a plot marker is placed in town"),
    "build": (
        {"player": "int", "tile": "int", "id": "str", "cell": "int", "at": "str"},
        "a building is built on a town cell",
    ),
    "income": ({"player": "int", "income": "int"}, "a player takes income in groschen"),
    "council": ({"player": "int", "colour": "int"}, "a noble of a colour (0 green .. 3 red) joins the council"),
    "barbara": (
        {"player": "int?", "tile": "int", "outcome": "str", "tax": "int"},
        "a St. Barbara tile (from 0) is resolved, ignored, or turned down (tax raised)",
    ),
    "deck": ({"deck": "int", "position": "int"}, "the population (0) or ore (1) deck advances"),
    "town-builds": (
        {"good": "int", "slider": "int", "tile": "int", "id": "str?"},
        "the town builds a good: its slider moves, the stack's top tile (-1: none) is discarded",
    ),
    "draw": ({"player": "int", "tiles": "list", "ids": "list"}, "mine tiles drawn (public)"),
    "mine": (
        {"player": "int", "tile": "int", "id": "str", "cell": "int", "at": "str", "points": "int", "ore": "int"},
        "a mine tile is placed on a mine cell with a miner",
    ),
    "tech": ({"player": "int", "tile": "int", "cell": "int", "at": "str"}, "a technology tile is placed"),
    "event": ({"event": "str", "card": "int", "tax": "int"}, "an event card is revealed; tax rises"),
    "tax": ({"player": "int", "penalty": "bool", "amount": "int"}, "tax paid, or the penalty in reputation"),
    "nobles": ({"player": "int", "points": "int", "parts": "list"}, "the council scores a player (per colour)"),
    "final": ({"player": "int", "points": "int", "parts": "list"}, "final scoring by part (town, mines, ...)"),
    "red": ({"tiles": "list"}, "the red nobles enter the town hall (building tile per row)"),
}
EVENT_KINDS: Mapping[str, EventKind] = {name: EventKind(name, fields, doc) for name, (fields, doc) in _KINDS.items()}


def _who(d: Mapping[str, Any]) -> str:
    return player(d["player"])


def _play(d: Mapping[str, Any]) -> str:
    if d["action"] is None:
        return _("{who} plays card {card} for no effect").format(who=_who(d), card=d["card"] + 1)
    return _("{who} plays card {card}: {action}").format(
        who=_who(d), card=d["card"] + 1, action=action_name(d["action"])
    )


def _barbara(d: Mapping[str, Any]) -> str:
    if d["outcome"] == "turned":
        return _("St. Barbara tile {number} turned down, tax +{tax}").format(number=d["tile"] + 1, tax=d["tax"])
    if d["outcome"] == "ignored":
        return _("{who} ignores St. Barbara tile {number}").format(who=_who(d), number=d["tile"] + 1)
    return _("{who} resolves St. Barbara tile {number}").format(who=_who(d), number=d["tile"] + 1)


def _tax(d: Mapping[str, Any]) -> str:
    if d["penalty"]:
        return _("{who} takes the tax penalty (-{amount} reputation)").format(who=_who(d), amount=d["amount"])
    return _("{who} pays {amount} tax").format(who=_who(d), amount=d["amount"])


def _final(d: Mapping[str, Any]) -> str:
    parts = ", ".join(f"{term('final.' + name)} {v}" for name, v in zip(FINAL_PARTS, d["parts"], strict=True))
    return _("{who} final scoring: ").format(who=_who(d)) + parts


_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "guilds": lambda d: _("{who} takes {guilds}").format(who=_who(d), guilds="+".join(guild(g) for g in d["guilds"])),
    "order": lambda d: _("{who} orders {guilds}").format(who=_who(d), guilds=">".join(guild(g) for g in d["guilds"])),
    "play": _play,
    "licence": lambda d: _("{who} takes {building} for {cost}").format(
        who=_who(d), building=building_name(d["id"]), cost=d["cost"]
    ),
    "plot": lambda d: _("{who} buys plot {at} for {cost}").format(who=_who(d), at=d["at"], cost=d["cost"]),
    "build": lambda d: _("{who} builds {building} on {at}").format(
        who=_who(d), building=building_name(d["id"]), at=d["at"]
    ),
    "income": lambda d: _("{who} takes {income} groschen").format(who=_who(d), income=d["income"]),
    "council": lambda d: _("{who} seats a {colour} noble in the council").format(
        who=_who(d), colour=colour(d["colour"])
    ),
    "barbara": _barbara,
    "deck": lambda d: _("{deck} deck advances to {position}").format(
        deck=term("deck." + DECK_NAMES[d["deck"]]), position=d["position"]
    ),
    "town-builds": lambda d: _("the town builds {good}: discards {building}").format(
        good=good(d["good"]), building=building_name(d["id"]) if d["id"] else _("nothing (stack empty)")
    ),
    "draw": lambda d: _("{who} draws {ids}").format(
        who=_who(d), ids=", ".join(mine_tile_name(MINE_TILES[t]) for t in d["tiles"]) or _("nothing")
    ),
    "mine": lambda d: _("{who} opens mine tile {id} at {at}").format(
        who=_who(d), id=mine_tile_name(MINE_TILES[d["tile"]]), at=d["at"]
    ),
    "tech": lambda d: _("{who} places technology at {at}").format(who=_who(d), at=d["at"]),
    "event": lambda d: _("{event} revealed (tax +{tax})").format(event=event_card_name(d["event"]), tax=d["tax"]),
    "tax": _tax,
    "nobles": lambda d: _("{who} scores {points} from the council").format(who=_who(d), points=d["points"]),
    "final": _final,
    "red": lambda d: _("the red nobles enter the town hall"),
}


def event_text(event: Event) -> str:
    """The sentence of an event in the language in force, from its kind and data only."""
    words = _WORDS.get(event.kind)
    return words(event.data) if words is not None else event.kind
