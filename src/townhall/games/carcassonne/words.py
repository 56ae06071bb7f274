"""Carcassonne's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

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
