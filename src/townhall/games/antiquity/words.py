"""Antiquity's words in every language: its message catalog (sentences) and its glossary (the
rulebook's terms); the views, the events and the action texts speak through these."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("antiquity", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
term = WORDS.term


def building(name: str) -> str:
    """A building's name (`storage 2x3`: a storage of that shape)."""
    base, _space, shape = name.partition(" ")
    return f"{term('building.' + base)} {shape}" if shape else term("building." + base)


def good(name: str) -> str:
    return term("good." + name)


def player(index: int) -> str:
    """Player `index` (from 0)."""
    return _("player {number}").format(number=index + 1)
