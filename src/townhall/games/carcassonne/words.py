"""Carcassonne's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

from pathlib import Path

from townhall.i18n import Catalog, Glossary

HERE = Path(__file__).resolve().parent
CATALOG = Catalog("carcassonne", HERE / "locale")
GLOSSARY = Glossary(HERE / "glossary.json")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
term = GLOSSARY.term


def segment_label(label: str) -> str:
    """A segment's label ("city N+E", "field Nw+En", "cloister") in the language in force: the
    feature's term, then its edges or half-edges by their glossary names."""
    kind, _space, edges = label.partition(" ")
    if not edges:
        return term(kind)
    return f"{term(kind)} " + "+".join(term(f"edge.{edge}") for edge in edges.split("+"))
