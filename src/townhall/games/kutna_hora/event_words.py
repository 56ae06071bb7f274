"""The events `apply` emits, declared (kinds and data fields), and their English words.

Events carry data only (player seats from 0, tiles and cells as indices, plus the printed ids and
cell names a client shows); `event_text` makes the sentence from the kind and the data alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from townhall.engine.protocol import Event, EventKind
from townhall.games.kutna_hora.data import ACTIONS, COLOURS, DECK_NAMES, GOODS, GUILD_OF_GOOD
from townhall.games.kutna_hora.scoring import FINAL_PARTS

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
    return f"player {d['player'] + 1}"


def _play(d: Mapping[str, Any]) -> str:
    if d["action"] is None:
        return f"{_who(d)} plays card {d['card'] + 1} for no effect"
    return f"{_who(d)} plays card {d['card'] + 1}: {ACTIONS[d['action']]}"


def _barbara(d: Mapping[str, Any]) -> str:
    if d["outcome"] == "turned":
        return f"St. Barbara tile {d['tile'] + 1} turned down, tax +{d['tax']}"
    verb = "ignores" if d["outcome"] == "ignored" else "resolves"
    return f"{_who(d)} {verb} St. Barbara tile {d['tile'] + 1}"


def _tax(d: Mapping[str, Any]) -> str:
    if d["penalty"]:
        return f"{_who(d)} takes the tax penalty (-{d['amount']} reputation)"
    return f"{_who(d)} pays {d['amount']} tax"


_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "guilds": lambda d: f"{_who(d)} takes {'+'.join(GUILD_OF_GOOD[g] for g in d['guilds'])}",
    "order": lambda d: f"{_who(d)} orders {'>'.join(GUILD_OF_GOOD[g] for g in d['guilds'])}",
    "play": _play,
    "licence": lambda d: f"{_who(d)} takes {d['id']} for {d['cost']}",
    "plot": lambda d: f"{_who(d)} buys plot {d['at']} for {d['cost']}",
    "build": lambda d: f"{_who(d)} builds {d['id']} at {d['at']}",
    "income": lambda d: f"{_who(d)} takes {d['income']} groschen",
    "council": lambda d: f"{_who(d)} seats a {COLOURS[d['colour']]} noble in the council",
    "barbara": _barbara,
    "deck": lambda d: f"{DECK_NAMES[d['deck']]} deck advances to {d['position']}",
    "town-builds": lambda d: f"the town builds {GOODS[d['good']]}: discards {d['id'] or 'nothing (stack empty)'}",
    "draw": lambda d: f"{_who(d)} draws {', '.join(d['ids']) or 'nothing'}",
    "mine": lambda d: f"{_who(d)} opens mine {d['id']} at {d['at']}",
    "tech": lambda d: f"{_who(d)} places technology at {d['at']}",
    "event": lambda d: f"event {d['event']} revealed (tax +{d['tax']})",
    "tax": _tax,
    "nobles": lambda d: f"{_who(d)} scores {d['points']} from the council",
    "final": lambda d: (
        f"{_who(d)} final scoring: " + ", ".join(f"{name} {v}" for name, v in zip(FINAL_PARTS, d["parts"], strict=True))
    ),
    "red": lambda d: "the red nobles enter the town hall",
}


def event_text(event: Event) -> str:
    """The English sentence of an event, from its kind and data only."""
    words = _WORDS.get(event.kind)
    return words(event.data) if words is not None else event.kind
