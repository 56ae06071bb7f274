"""My City's events: each kind with its fields (EVENT_KINDS, what the turn logic emits) and
the sentence each one reads as (`event_text`) in the language in force."""

from __future__ import annotations

from townhall.engine import Event, EventKind
from townhall.games.my_city.actions import card_words, piece_words
from townhall.games.my_city.words import _, player, term

EVENT_KINDS: dict[str, EventKind] = {
    kind.name: kind
    for kind in (
        EventKind("decided", {"player": "int"}, "a player has chosen on the revealed card (the choice stays secret)"),
        EventKind("exit", {"player": "int"}, "a player exits the game (MYC-EXIT-1)"),
        EventKind("pass", {"player": "int", "points": "int", "score": "int"}, "a pass: points moved (0 at the cap)"),
        EventKind(
            "place",
            {"player": "int", "action": "int", "piece": "str", "cell": "str", "rotation": "int", "cells": "list"},
            "a building placed: piece id, anchor cell, quarter turns, the cells it covers",
        ),
        EventKind(
            "investor",
            {"player": "int", "points": "int", "cells": "list", "score": "int"},
            "chapter 5: the building just placed (its cells) touches the player's investor",
        ),
        EventKind(
            "gold",
            {"player": "int", "points": "int", "cells": "list", "score": "int", "capped": "bool", "cap": "int"},
            "first to cover both gold mines (their cells) (MYC-EVG-6); capped: the marker stops at the cap",
        ),
        EventKind("reveal", {"card": "str", "left": "int"}, "a card is revealed (piece id or 'blockade'), cards left"),
        EventKind("blocked", {"card": "str", "left": "int"}, "the card after the blockade is set aside (MYC-EVG-4)"),
        EventKind(
            "score",
            {"player": "int", "score": "int", "items": "dict"},
            "a player's end-of-game breakdown (item -> points) and final score",
        ),
    )
}


def event_text(event: Event) -> str:
    """The English sentence of an event, from its kind and data only."""
    data = event.data
    kind = event.kind
    who = player(data["player"]) if "player" in data else ""
    if kind == "decided":
        return _("{who} has decided").format(who=who)
    if kind == "exit":
        return _("{who} exits").format(who=who)
    if kind == "pass":
        moved = data["points"]
        return (
            _("{who} passes: {moved:+d}").format(who=who, moved=moved)
            if moved
            else _("{who} passes (marker stays)").format(who=who)
        )
    if kind == "place":
        return _("{who} builds {piece} at {cell}, turned {degrees}°").format(
            who=who, piece=piece_words(data["piece"]), cell=data["cell"], degrees=data["rotation"] * 90
        )
    if kind == "investor":
        return _("{who} builds next to the investor: +{points}").format(who=who, points=data["points"])
    if kind == "gold":
        text = _("{who} covers both gold mines: +{points}").format(who=who, points=data["points"])
        return text + _(" (the marker stops at {cap})").format(cap=data["cap"]) if data["capped"] else text
    if kind == "reveal":
        if data["card"] == "blockade":
            return _("the blockade card is revealed")
        return _("card {card} is revealed").format(card=card_words(data["card"]))
    if kind == "blocked":
        return _("{card} is blocked: nobody builds it").format(card=card_words(data["card"]))
    if kind == "score":
        items = ", ".join(f"{term('score.' + k)} {v:+d}" for k, v in data["items"].items())
        return _("{who} ends with {score} ({items})").format(who=who, score=data["score"], items=items)
    return kind
