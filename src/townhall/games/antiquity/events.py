"""Antiquity's events: their kinds and data fields (EVENT_KINDS), and their sentences (event_text)."""

from __future__ import annotations

from townhall.engine import Event
from townhall.engine.protocol import EventKind
from townhall.games.antiquity.words import _, building, city_cell, good, player

# The events `apply` emits: kind → data fields (all public; the phase-2 plans are revealed by then).
EVENT_KINDS: dict[str, EventKind] = {
    kind.name: kind
    for kind in (
        EventKind("city", {"player": "int", "hex": "int", "label": "str"}, "a first city founded (setup)"),
        EventKind(
            "reveal",
            {"player": "int", "buildings": "list", "workers": "int"},
            "a plan revealed at the end of phase 2: the city buildings (names) and workers",
        ),
        EventKind(
            "supply",
            {"player": "int", "building": "str?", "city": "int?", "cells": "list", "good": "str?", "paid": "list"},
            "an overdrawn supply: a building taken back from city/cells, or a bank trade undone (good, paid)",
        ),
        EventKind("offer", {"player": "int", "partner": "int", "give": "dict", "ask": "dict"}, "a trade offer"),
        EventKind(
            "trade",
            {"player": "int", "offerer": "int", "answer": "str", "give": "dict", "ask": "dict"},
            "the partner accepts or declines; on accept the offerer's give and ask goods move",
        ),
        EventKind(
            "country",
            {"player": "int", "building": "str?", "hexes": "list"},
            "a countryside building built (or alchemy's cleaned hexes); building null: the player is done",
        ),
        EventKind("store", {"player": "int", "kept": "dict"}, "the goods kept, the rest discarded"),
        EventKind("discard", {"player": "int", "good": "str"}),
        EventKind("harvest", {"player": "int", "count": "int", "good": "str", "building": "str", "sites": "list"}),
        EventKind("fish", {"player": "int", "cathedrals": "int"}, "St. George's fish, one per new cathedral"),
        EventKind("explore", {"player": "int", "hex": "int", "label": "str", "good": "str"}),
        EventKind("grave", {"player": "int", "city": "int", "cell": "int", "name": "str"}),
        EventKind("pollution", {"player": "int", "hex": "int", "label": "str"}),
        EventKind("out", {"player": "int", "round": "int"}, "a player eliminated (cities full of graves)"),
        EventKind("victory", {"winners": "list", "round": "int"}),
        EventKind("limit", {"max_rounds": "int"}, "the round limit reached: nobody wins"),
    )
}


def _bundle(goods: dict[str, int]) -> str:
    return ", ".join(f"{n} {good(g)}" for g, n in goods.items() if n) or _("nothing")


def event_text(event: Event) -> str:
    """The sentence of an event in the language in force, from its kind and data only."""
    d = event.data
    kind = event.kind
    who = player(d["player"]) if "player" in d else ""
    if kind == "city":
        return _("{who} founds a city at {hex}").format(who=who, hex=d["label"])
    if kind == "reveal":
        return _("{who}: {buildings} buildings, {workers} workers").format(
            who=who, buildings=len(d["buildings"]), workers=d["workers"]
        )
    if kind == "supply":
        if d["building"] is not None:
            return _("the supply ran out: {who} takes back a {building}").format(
                who=who, building=building(d["building"])
            )
        a, b = d["paid"]
        return _("the supply of {good} ran out: {who}'s bank trade ({a} and {b} for {good}) is undone").format(
            good=good(d["good"]), who=who, a=good(a), b=good(b)
        )
    if kind == "offer":
        return _("{who} offers player {partner} {give} for {ask}").format(
            who=who, partner=d["partner"] + 1, give=_bundle(d["give"]), ask=_bundle(d["ask"])
        )
    if kind == "trade":
        accepted = d["answer"] == "accept"
        return (_("{who} accepts the offer") if accepted else _("{who} declines the offer")).format(who=who)
    if kind == "country":
        return _("{who} builds in the countryside").format(who=who)
    if kind == "store":
        return _("{who} keeps {count} goods, discards the rest").format(who=who, count=sum(d["kept"].values()))
    if kind == "discard":
        return _("{who} discards {good}").format(who=who, good=good(d["good"]))
    if kind == "harvest":
        return _("{who} harvests {count} {good}").format(who=who, count=d["count"], good=good(d["good"]))
    if kind == "fish":
        return _("St. George gives {who} {count} fish").format(who=who, count=d["cathedrals"])
    if kind == "explore":
        return _("{who} explores {hex}: {good}").format(who=who, hex=d["label"], good=good(d["good"]))
    if kind == "grave":
        square = d["name"].rpartition(" ")[2]  # the name is the typed form, `c1 b5`
        return _("{who} places a grave on {cell}").format(who=who, cell=city_cell(d["city"], square))
    if kind == "pollution":
        return _("{who} pollutes {hex}").format(who=who, hex=d["label"])
    if kind == "out":
        return _("{who}'s cities are full of graves: out of the game").format(who=who)
    if kind == "victory":
        names = ", ".join(player(p) for p in d["winners"])
        return _("{names} win(s) in round {round}").format(names=names, round=d["round"])
    if kind == "limit":
        return _("round limit {rounds} reached: nobody wins").format(rounds=d["max_rounds"])
    return kind
