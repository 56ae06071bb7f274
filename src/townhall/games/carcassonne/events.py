"""The events `apply` emits: their kinds and fields (EVENT_KINDS) and their words (event_text)."""

from __future__ import annotations

from collections.abc import Mapping

from townhall.engine.protocol import Event, EventKind
from townhall.games.carcassonne.words import _, ngettext, player, segment_label, term, tile_name

# Each event's kind and fields; its words come from `event_text` (kind and data only).
EVENT_KINDS: Mapping[str, EventKind] = {
    "draw": EventKind("draw", {"player": "int", "tile": "str"}, "the player to move draws a tile (its code)"),
    "discard": EventKind(
        "discard", {"player": "int", "tile": "str"}, "a drawn tile fits nowhere and goes back to the box"
    ),
    "place": EventKind(
        "place",
        {"player": "int", "tile": "str", "x": "int", "y": "int", "rot": "int"},
        "a tile laid at x,y turned rot quarter turns clockwise",
    ),
    "deploy": EventKind(
        "deploy",
        {"player": "int", "x": "int", "y": "int", "segment": "int", "role": "str", "on": "str"},
        "a follower put on a segment (index and label) of the tile at x,y",
    ),
    "score": EventKind(
        "score",
        {
            "feature": "str",
            "complete": "bool",
            "tiles": "list",
            "pennants": "int",
            "points": "int",
            "followers": "list",
            "scorers": "list",
            "returned": "list",
        },
        "a road, city or cloister scored: its tiles [x, y], followers per player, the scorers, the "
        "followers returned ({x, y, player})",
    ),
    "farm": EventKind(
        "farm",
        {
            "feature": "str",
            "cities": "list",
            "tiles": "list",
            "followers": "list",
            "scorers": "list",
            "points": "int",
        },
        "farmers scored for completed cities (each city's tiles [x, y]) at the end",
    ),
    "end": EventKind("end", {"scores": "list"}, "the final scores"),
}


def _tiles(count: int) -> str:
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def _who(scorers: list[int]) -> str:
    who = _(" and ").join(player(p) for p in scorers)
    return ngettext("{who} scores", "{who} score", len(scorers)).format(who=who)


def event_text(event: Event) -> str:
    """The sentence of an event in the language in force, from its kind and data."""
    d = event.data
    kind = event.kind
    if kind == "draw":
        return _("{player} draws {tile}").format(player=player(d["player"]), tile=tile_name(d["tile"]))
    if kind == "discard":
        return _("{tile} fits nowhere and goes back to the box; {player} draws again").format(
            tile=tile_name(d["tile"]), player=player(d["player"])
        )
    if kind == "place":
        return _("{player} places {tile} at {x},{y}, turned {degrees}°").format(
            player=player(d["player"]), tile=tile_name(d["tile"]), x=d["x"], y=d["y"], degrees=90 * d["rot"]
        )
    if kind == "deploy":
        return _("{player} deploys a {role} on {segment} at {x},{y}").format(
            player=player(d["player"]), role=term(d["role"]), segment=segment_label(d["on"]), x=d["x"], y=d["y"]
        )
    if kind == "score":
        feature = term(d["feature"])
        if d["complete"]:
            text = _("{scorers} {points} for the completed {feature} of {tiles}")
        else:
            text = _("{scorers} {points} for the incomplete {feature} of {tiles}")
        text = text.format(
            scorers=_who(d["scorers"]), points=d["points"], feature=feature, tiles=_tiles(len(d["tiles"]))
        )
        if not d["pennants"]:
            return text
        pennants = ngettext("{count} pennant", "{count} pennants", d["pennants"]).format(count=d["pennants"])
        return _("{text} and {pennants}").format(text=text, pennants=pennants)
    if kind == "farm":
        count = len(d["cities"])
        return ngettext(
            "{scorers} {points} for farmers supplying {count} completed city",
            "{scorers} {points} for farmers supplying {count} completed cities",
            count,
        ).format(scorers=_who(d["scorers"]), points=d["points"], count=count)
    if kind == "end":
        return _("final scores {scores}").format(scores=", ".join(str(s) for s in d["scores"]))
    return kind
