"""My City's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

from townhall.engine.words import player as player  # one wording for every game
from townhall.i18n import Words

WORDS = Words("my_city", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
term = WORDS.term


def _shape(letter: str) -> str:
    """A shape's word (the shapes are named by the letters they look like)."""
    shapes = {
        "I": _("straight"),
        "O": _("square"),
        "T": _("T-shaped"),
        "S": _("S-shaped"),
        "D": _("short"),
        "U": _("U-shaped"),
        "L": _("L-shaped"),
        "P": _("one-square"),
    }
    return shapes.get(letter, letter)


def piece_name(colour: str, shape: str, size: int) -> str:
    """A building as players call it: its colour (or a church) and its shape, never its id; colour
    `C` is a church, `N` the investor, a red piece of one square the palace."""
    if colour == "N":
        return term("investor")
    if colour == "R" and shape.startswith("P"):
        return term("palace")
    squares = ngettext("{count} square", "{count} squares", size).format(count=size)
    if colour == "C":
        return _("{shape} church ({squares})").format(shape=_shape(shape[:1]), squares=squares)
    kind = {"Y": "yellow", "R": "red", "B": "blue"}.get(colour, colour)
    return _("{colour} {shape} building ({squares})").format(
        colour=term(kind), shape=_shape(shape[:1]), squares=squares
    )
