"""The fixed integer action space of My City: place ids, pass, exit, JSON forms and texts.

Action ids: place = (piece * 121 + cell) * 4 + rotation, then pass, then exit.
"""

from __future__ import annotations

from typing import Final

from townhall.engine import ActionSpace
from townhall.games.my_city.data import CELLS, MAX_PIECES, cell_name
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.words import term

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
