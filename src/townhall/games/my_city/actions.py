"""The fixed integer action space of My City: place ids, pass, exit, JSON forms and texts.

Action ids: place = (piece * 121 + cell) * 4 + rotation, then pass, then exit.
"""

from __future__ import annotations

from typing import Final

from townhall.engine import ActionSpace
from townhall.games.my_city.data import CELLS, MAX_PIECES, cell_name
from townhall.games.my_city.pieces import CATALOGUE, COLOURS
from townhall.games.my_city.words import _, piece_name, term

PLACE_STRIDE: Final = CELLS * 4  # action ids: place = (piece * 121 + cell) * 4 + rotation
PASS_ACTION: Final = MAX_PIECES * PLACE_STRIDE
EXIT_ACTION: Final = PASS_ACTION + 1
NUM_ACTIONS: Final = EXIT_ACTION + 1

SPACE = ActionSpace([("place", (("piece", MAX_PIECES), ("cell", CELLS), ("rot", 4))), ("pass", ()), ("exit", ())])
assert SPACE.size == NUM_ACTIONS and SPACE.offset("pass") == PASS_ACTION

BLOCKADE: Final = MAX_PIECES  # the blockade card's id (cards are piece indices otherwise)
PIECE_IDS: Final = tuple(p.id for p in CATALOGUE.pieces)


def place_action(piece: int, cell: int, rotation: int) -> int:
    return (piece * CELLS + cell) * 4 + rotation


def card_name(card: int) -> str:
    return "blockade" if card == BLOCKADE else PIECE_IDS[card]


def piece_words(piece: int | str) -> str:
    """A piece (by index or id) as players call it: "yellow T-shaped building (4 squares)"."""
    found = CATALOGUE.pieces[piece if isinstance(piece, int) else PIECE_IDS.index(piece)]
    return piece_name(COLOURS[found.colour], found.shape, found.size)


def card_words(card: int | str) -> str:
    """A building card (by index or name) in words: its piece, or the blockade card."""
    if card in (BLOCKADE, "blockade"):
        return term("blockade")
    return piece_words(card)


def action_words(action: int) -> str:
    """The action as a player reads it: the piece in words, the turn in degrees."""
    if not 0 <= action < PASS_ACTION:
        return action_text(action)
    piece, rest = divmod(action, PLACE_STRIDE)
    cell, rotation = divmod(rest, 4)
    return _("build {piece} at {cell}, turned {degrees}°").format(
        piece=piece_words(piece), cell=cell_name(cell), degrees=rotation * 90
    )


def action_text(action: int) -> str:
    """`place <piece> at <cell> r<rot>`, `pass` or `exit`."""
    if action == PASS_ACTION:
        return term("action.pass")
    if action == EXIT_ACTION:
        return term("action.exit")
    if not 0 <= action < PASS_ACTION:
        raise ValueError(f"action id {action} is outside [0, {NUM_ACTIONS})")
    piece, rest = divmod(action, PLACE_STRIDE)
    cell, rotation = divmod(rest, 4)
    name = PIECE_IDS[piece] if piece < len(PIECE_IDS) else f"#{piece}"
    words = (term("action.place"), name, term("action.at"), cell_name(cell), f"r{rotation * 90}")
    return " ".join(word for word in words if word)  # a language may need no word for "at"
