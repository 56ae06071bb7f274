"""The board view of My City (docs/board-my-city.md): one 11x11 area per player, with terrain,
stickers, chapter marks, the river and the buildings; the revealed card and the tracks.

A place action targets the player's own board at the first cell the building covers (top row
first, then left) with its rotation; pass and exit have no place on the board."""

from __future__ import annotations

from townhall.engine import Json
from townhall.engine.board import BOARD_FORMAT, MarkKind
from townhall.games.my_city.actions import BLOCKADE, EXIT_ACTION, PASS_ACTION, PLACE_STRIDE, card_words
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import COLOUR_NAMES, SIZE, BoardSpec, cell_name
from townhall.games.my_city.pieces import CATALOGUE, Piece
from townhall.games.my_city.scoring import ITEMS
from townhall.games.my_city.setup import features_of
from townhall.games.my_city.state import MyCityState
from townhall.games.my_city.words import _, term
from townhall.i18n import N_

TERRAIN = {
    "M": "mountain",
    "F": "forest",
    ".": "grass",
    "o": "grass",
    "t": "grass",
    "T": "grass",
    "r": "grass",
    "R": "grass",
    "W": "grass",
    "G": "grass",
}
FEATURE_MARK: dict[str, Json] = {
    "o": {"kind": "sticker-square"},
    "t": {"kind": "trees", "value": 1},
    "T": {"kind": "trees", "value": 2},
    "r": {"kind": "rocks", "value": 1},
    "R": {"kind": "rocks", "value": 2},
    "W": {"kind": "well"},
    "G": {"kind": "gold-mine"},
}
# The marks a cell may carry (docs/board-my-city.md; published in docs/schemas/my-city/board-marks.schema.json).
MARKS = [
    MarkKind(kind="new-land", meaning="a forest or mountain square turned into grass"),
    MarkKind(kind="sticker-square", meaning="a printed square where a sticker may go"),
    MarkKind(kind="trees", meaning="printed trees: how many", values=[1, 2]),
    MarkKind(kind="rocks", meaning="printed rocks: how many", values=[1, 2]),
    MarkKind(kind="well", meaning="a printed well"),
    MarkKind(kind="gold-mine", meaning="a printed gold mine"),
    MarkKind(kind="sticker", meaning="a campaign sticker on the square"),
    MarkKind(kind="mine-shaft", meaning="a square of a mine shaft of this colour", values=list(COLOUR_NAMES)),
    MarkKind(kind="mine-depth", meaning="the square's depth in its mine shaft (1 at the top)", value_type="int"),
    MarkKind(kind="flooded", meaning="west of the river where only the east bank is played"),
    MarkKind(kind="river-east", meaning="the river runs along the square's east side"),
    MarkKind(kind="river-west", meaning="the river runs along the square's west side"),
]
PIECE_KIND = ("yellow", "red", "blue", "church", "neutral")
OFF_BOARD = ("pass", "exit")
CARD_AREA = "card"
STATUS_WORDS = {
    "finished": N_("finished"),
    "exited": N_("exited"),
    "decided": N_("decided"),
    "deciding": N_("deciding"),
}


def area_id(player: int) -> str:
    return f"board-{player}"


def _kind(piece: Piece) -> str:
    return "palace" if piece.id == "PAL" else PIECE_KIND[piece.colour]


def _card_area(card: int) -> dict[str, Json]:
    """The revealed card's building unturned (rotation 0; no cells for the blockade): a client
    turns it clockwise to preview a placement at a target's cell and rotation."""
    cells: list[Json] = []
    if card != BLOCKADE:
        piece = CATALOGUE.pieces[card]
        shape = piece.turns[0] or piece.cells
        cells = [
            {"id": f"{r},{c}", "col": c, "row": r, "pieces": [{"kind": _kind(piece), "label": piece.id}]}
            for r, c in shape
        ]
    return {
        "id": CARD_AREA,
        "label": _("card {card}").format(card=card_words(card)),
        "layout": "square",
        "cells": cells,
    }


def _cells(state: MyCityState, player: int) -> list[dict[str, Json]]:
    owner: dict[int, tuple[int, int]] = {}
    for piece, mask in state.placed[player]:
        m = mask
        while m:
            low = m & -m
            owner[low.bit_length() - 1] = (piece, mask)
            m ^= low
    stickers = {cell for cell, _ in state.stickers[player]}
    out = _land(state.features[player].cells, state.board_spec, stickers, state.rules, state.terrain.land)
    for cell, item in enumerate(out):
        if cell in owner:
            shown = CATALOGUE.pieces[owner[cell][0]]
            item["pieces"] = [{"kind": _kind(shown), "owner": player, "label": shown.id}]
    return out


def _land(
    codes: str, spec: BoardSpec, stickers: set[int], rules: RuleSet | None = None, land: int = 0
) -> list[dict[str, Json]]:
    """A board's squares without buildings: terrain, printed features, the stickers and the river;
    an episode's chapter (`rules`) adds its new land, mine shafts and flooded west bank."""
    shafts: dict[int, list[Json]] = {}
    for colour, *shaft in rules.mine_shafts if rules else ():
        for depth, cell in enumerate(shaft, 1):
            shafts[cell] = [
                {"kind": "mine-shaft", "value": COLOUR_NAMES[colour]},
                {"kind": "mine-depth", "value": depth},
            ]
    east_only = rules is not None and rules.east_only
    out: list[dict[str, Json]] = []
    for cell in range(SIZE * SIZE):
        row, col = divmod(cell, SIZE)
        code = codes[cell]
        marks: list[Json] = []
        terrain = TERRAIN[code]
        if land >> cell & 1:
            terrain = "grass"
            marks.append({"kind": "new-land"})
        if code in FEATURE_MARK:
            marks.append(FEATURE_MARK[code])
        if cell in stickers:
            marks.append({"kind": "sticker"})
        if cell in shafts:
            marks.extend(shafts[cell])
        if east_only and col < spec.river[row]:
            marks.append({"kind": "flooded"})
        if col == spec.river[row] - 1:
            marks.append({"kind": "river-east"})
        elif col == spec.river[row]:
            marks.append({"kind": "river-west"})
        item: dict[str, Json] = {"id": cell_name(cell), "col": col, "row": row, "terrain": terrain}
        if marks:
            item["marks"] = marks
        out.append(item)
    return out


def campaign_board_view(spec: BoardSpec, stickers: list[tuple[int, str]], seat: int) -> dict[str, Json]:
    """A seat's lasting board between the episodes of a campaign: the printed board with the
    seat's stickers on it (each marked "sticker"), one area as at the table, without buildings,
    tracks or an episode's chapter rules."""
    codes = features_of(spec, stickers).cells
    area = {
        "id": area_id(seat),
        "label": _("player {number}").format(number=seat + 1),
        "layout": "square",
        "owner": seat,
        "cells": _land(codes, spec, {cell for cell, _kind in stickers}),
    }
    return {"format": BOARD_FORMAT, "game": "my-city", "viewer": None, "areas": [area], "items": [], "prompt": None}


def _tracks(state: MyCityState, player: int) -> list[dict[str, Json]]:
    tracks: list[dict[str, Json]] = [
        {"id": f"score-{player}", "label": _("score"), "value": state.score[player], "owner": player},
        {"id": f"passes-{player}", "label": _("passes"), "value": state.passes[player], "owner": player},
    ]
    if state.rules.cap:
        tracks[0]["maximum"] = state.rules.cap
    if state.rules.mode == "campaign":
        tracks.append(
            {"id": f"marks-{player}", "label": _("progress marks"), "value": state.marks[player], "owner": player}
        )
    if state.over and state.final:
        items = state.final[player]
        for name in ITEMS:
            if name in items:
                tracks.append(
                    {
                        "id": f"final-{name}-{player}",
                        "label": term("score." + name),
                        "value": items[name],
                        "owner": player,
                    }
                )
    return tracks


def _status(state: MyCityState, player: int, viewer: int | None) -> list[dict[str, Json]]:
    if state.over:
        status = "finished"
    elif not state.active[player]:
        status = "exited"
    else:
        status = "decided" if state.pending[player] >= 0 else "deciding"
    items: list[dict[str, Json]] = [
        {"id": f"status-{player}", "kind": "status", "label": _(STATUS_WORDS[status]), "owner": player}
    ]
    if viewer == player and state.pending[player] >= 0:
        choice = state.action_text(state.pending[player])
        items.append({"id": f"choice-{player}", "kind": "choice", "label": choice, "owner": player})
    return items


def board_view(state: MyCityState, viewer: int | None) -> dict[str, Json]:
    areas: list[Json] = []
    for p in range(state.num_players):
        areas.append(
            {
                "id": area_id(p),
                "label": _("player {number}").format(number=p + 1),
                "layout": "square",
                "owner": p,
                "cells": _cells(state, p),
                "tracks": _tracks(state, p),
                "items": _status(state, p, viewer),
            }
        )
    items: list[Json] = []
    if not state.over:
        areas.append(_card_area(state.card))
        items.append({"id": "card", "kind": "card", "label": card_words(state.card)})
    items.append({"id": "deck", "kind": "deck", "label": _("cards left"), "count": len(state.deck), "hidden": True})
    for index, card in enumerate(state.blocked):
        items.append({"id": f"blocked-{index}", "kind": "blocked", "label": card_words(card)})
    prompt = None if state.over else _("build {card}, pass or exit").format(card=card_words(state.card))
    return {
        "format": BOARD_FORMAT,
        "game": "my-city",
        "viewer": viewer,
        "areas": areas,
        "items": items,
        "prompt": prompt,
    }


def action_target(state: MyCityState, player: int, action: int) -> dict[str, Json] | None:
    """The player's board at the first cell the building covers, with its rotation; None for
    pass and exit (OFF_BOARD)."""
    if action in (PASS_ACTION, EXIT_ACTION):
        return None
    mask = state.terrain.mask_of[action]
    first = (mask & -mask).bit_length() - 1
    rotation = action % PLACE_STRIDE % 4
    return {"area": area_id(player), "cell": cell_name(first), "rotation": rotation}
