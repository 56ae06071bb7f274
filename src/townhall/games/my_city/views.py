"""Text view of every player's board: column letters A-K, row numbers 1-11 (what players type)."""

from __future__ import annotations

from townhall.engine import Event, EventKind
from townhall.games.my_city import scoring
from townhall.games.my_city.actions import card_name
from townhall.games.my_city.data import COLOUR_NAMES, COLUMNS, SIZE, cell_name
from townhall.games.my_city.pieces import CATALOGUE, COLOURS
from townhall.games.my_city.state import MyCityState
from townhall.games.my_city.words import _, term

TERRAIN_TEXT = {
    "M": "^^",
    "F": "%%",
    ".": " .",
    "o": " o",
    "T": "T2",
    "t": "T1",
    "R": "R2",
    "r": "R1",
    "W": " W",
    "G": " G",
}
LAND_TEXT = " :"  # chapter 4: a mountain/forest cell that is light green now
SHAFT_ENTRANCE = ("ey", "er", "eb")  # chapter 6: a mine-shaft entrance by colour; deeper cells #2, #3, ...
# One letter per shape, so that neighbouring pieces of one colour stay apart.
SHAPE_LETTER = {
    "I4": "I",
    "O4": "O",
    "T4": "T",
    "S4": "S",
    "D2": "D",
    "U5": "U",
    "L4": "L",
    "L3": "l",
    "I3": "i",
    "P1": "P",
}


def legend() -> str:
    return _(
        "legend: ^^ mountain, %% forest, . light green, o sticker square, T2/T1 trees, R2/R1 rocks, W well, "
        "G gold mine, : new land (chapter 4), ey/er/eb mine-shaft entrance for yellow/red/blue and #2.. its depth "
        "(chapter 6), y?/r?/b?/c? yellow/red/blue/church buildings, n? the investor (second letter: the shape, "
        "e.g. yL = YL4, yl = YL3, ci = CI3), | and ~~ the river"
    )


def card_text(card: int) -> str:
    """A card's name: a piece id, or the blockade card in the language in force."""
    name = card_name(card)
    return term("blockade") if name == "blockade" else name


def render_board(state: MyCityState, player: int) -> list[str]:
    owner: dict[int, str] = {}
    for piece, mask in state.placed[player]:
        shown = CATALOGUE.pieces[piece]
        letter = COLOURS[shown.colour].lower() + SHAPE_LETTER.get(shown.shape, shown.shape[0])
        m = mask
        while m:
            low = m & -m
            owner[low.bit_length() - 1] = letter
            m ^= low
    cells = state.features[player].cells
    shown_cells = chapter_cells(state)
    river = state.board_spec.river
    lines = ["    " + "".join(f"  {c}" for c in COLUMNS)]
    for r in range(SIZE):
        parts = []
        for c in range(SIZE):
            i = r * SIZE + c
            sep = "|" if c == river[r] else " "
            parts.append(sep + owner.get(i, shown_cells.get(i) or TERRAIN_TEXT[cells[i]]))
        lines.append(f"{r + 1:>3} " + "".join(parts))
        if r < SIZE - 1:
            low, high = sorted((river[r], river[r + 1]))
            if low != high:
                lines.append("    " + "".join(" ~~" if low <= c < high else "   " for c in range(SIZE)))
    return lines


def chapter_cells(state: MyCityState) -> dict[int, str]:
    """Cells the chapter rules change on every board: new land, mine-shaft stickers."""
    rules = state.rules
    out: dict[int, str] = {}
    land = state.terrain.land
    while land:
        low = land & -land
        out[low.bit_length() - 1] = LAND_TEXT
        land ^= low
    for colour, *shaft in rules.mine_shafts:
        for depth, cell in enumerate(shaft, 1):
            out[cell] = SHAFT_ENTRANCE[colour] if depth == 1 else f"#{depth}"
    return out


def chapter_lines(state: MyCityState) -> list[str]:
    """The chapter mechanics of this episode in words (MYC-LEG-1)."""
    rules = state.rules
    out = []
    if rules.church4 >= 0:
        out.append(_("4th church (chosen by results): {card}").format(card=card_text(rules.church4)))
    if state.terrain.land:
        names = [cell_name(c) for c in range(SIZE * SIZE) if state.terrain.land >> c & 1]
        out.append(_("more land (the water has receded): ") + " ".join(names))
    for colour, *shaft in rules.mine_shafts:
        out.append(
            _("mine shaft of {colour}: ").format(colour=term(COLOUR_NAMES[colour]))
            + " ".join(cell_name(c) for c in shaft)
        )
    if rules.removed:
        out.append(_("removed (no factory mark): ") + ", ".join(card_text(p) for p in rules.removed))
    return out


def render_turns(piece: int) -> list[str]:
    """The revealed piece in each distinct rotation (the anchor is the top-left of each drawing)."""
    drawings: list[tuple[str, list[str]]] = []
    for rotation, turn in enumerate(CATALOGUE.pieces[piece].turns):
        if turn is None:
            continue
        height = max(r for r, _ in turn) + 1
        width = max(c for _, c in turn) + 1
        rows = ["".join("#" if (r, c) in turn else "." for c in range(width)) for r in range(height)]
        drawings.append((f"r{rotation * 90}", rows))
    depth = max(len(rows) for _, rows in drawings)
    column = max(6, *(len(rows[0]) + 2 for _, rows in drawings))
    lines = ["  " + "".join(name.ljust(column) for name, _ in drawings)]
    for line in range(depth):
        lines.append("  " + "".join((rows[line] if line < len(rows) else "").ljust(column) for _, rows in drawings))
    return lines


def render(state: MyCityState, viewer: int | None) -> str:
    rules = state.rules
    title = term("title")
    if rules.mode == "evergreen":
        head = _("{title}, evergreen").format(title=title)
    else:
        head = _("{title}, campaign episode {episode} (chapter {chapter})").format(
            title=title, episode=rules.episode, chapter=rules.chapter
        )
    out = [head]
    if rules.east_only:
        out.append(_("the flood: build only east of the river; the west bank does not count"))
    out.extend(chapter_lines(state))
    if rules.mode == "campaign":
        out.append(
            _("summary: ") + "; ".join(f"{when}: {item} {points}" for when, item, points in scoring.summary(rules))
        )
    if state.over:
        out.append(_("game over"))
    else:
        out.append(_("card: {card}   cards left: {left}").format(card=card_text(state.card), left=len(state.deck)))
        out.extend(render_turns(state.card))
    if state.blocked:
        out.append(_("blocked: ") + ", ".join(card_text(c) for c in state.blocked))
    for p in range(state.num_players):
        out.append(_player_line(state, p, viewer))
        if viewer == p and state.pending[p] >= 0:
            out.append(_("  your choice: {action}").format(action=state.action_text(state.pending[p])))
        out.extend(render_board(state, p))
    out.append(legend())
    out.append(
        _(
            'actions: "{place} <piece> {at} <cell> r<0|90|180|270>" (cell = top-left corner of the drawing of that '
            'rotation), "{pass_}", "{exit}"'
        ).format(place=term("action.place"), at=term("action.at"), pass_=term("action.pass"), exit=term("action.exit"))
    )
    return "\n".join(out)


def _player_line(state: MyCityState, p: int, viewer: int | None) -> str:
    if state.over:
        items = ", ".join(f"{term('score.' + k)} {v:+d}" for k, v in (state.final or [])[p].items())
        status = _("final {items}").format(items=items)
    elif not state.active[p]:
        status = _("exited")
    else:
        status = _("decided") if state.pending[p] >= 0 else _("deciding")
    marks = _(", progress marks +{marks}").format(marks=state.marks[p]) if state.rules.mode == "campaign" else ""
    you = _(" (you)") if viewer == p else ""
    frozen = _(" (frozen at 50)") if state.frozen[p] else ""
    return _("player {number}{you}: score {score}{frozen}{marks}, {status}").format(
        number=p + 1, you=you, score=state.score[p], frozen=frozen, marks=marks, status=status
    )


# ----------------------------------------------------------------------------- events

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
    who = _("player {number}").format(number=data["player"] + 1) if "player" in data else ""
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
        return _("{who}: place {piece} at {cell} r{degrees}").format(
            who=who, piece=data["piece"], cell=data["cell"], degrees=data["rotation"] * 90
        )
    if kind == "investor":
        return _("{who} builds next to the investor: +{points}").format(who=who, points=data["points"])
    if kind == "gold":
        text = _("{who} covers both gold mines: +{points}").format(who=who, points=data["points"])
        return text + _(" (the marker stops at {cap})").format(cap=data["cap"]) if data["capped"] else text
    if kind == "reveal":
        if data["card"] == "blockade":
            return _("the blockade card is revealed")
        return _("card {card} is revealed").format(card=data["card"])
    if kind == "blocked":
        return _("{card} is blocked: nobody builds it").format(card=data["card"])
    if kind == "score":
        items = ", ".join(f"{term('score.' + k)} {v:+d}" for k, v in data["items"].items())
        return _("{who} ends with {score} ({items})").format(who=who, score=data["score"], items=items)
    return kind
