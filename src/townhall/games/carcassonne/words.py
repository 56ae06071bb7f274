"""Carcassonne's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

from townhall.engine.words import player as player  # one wording for every game
from townhall.games.carcassonne.tiles import TILE_SPECS
from townhall.i18n import Words

WORDS = Words("carcassonne", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
term = WORDS.term


def segment_label(label: str) -> str:
    """A segment's label ("city N+E", "field Nw+En", "cloister") in the language in force: the
    feature's term, then its edges or half-edges by their glossary names."""
    kind, _space, edges = label.partition(" ")
    if not edges:
        return term(kind)
    return f"{term(kind)} " + "+".join(term(f"edge.{edge}") for edge in edges.split("+"))


_TILE_NAMES = {tile.code: tile.name for tile in TILE_SPECS}


def tile_name(code: str) -> str:
    """A tile by what it shows ("city cap, road curve left"), not by its letter code."""
    return term(f"tile.{_TILE_NAMES[code]}")
