"""Antiquity's words in every language: its message catalog (sentences) and its glossary (the
rulebook's terms); the views, the events and the action texts speak through these."""

from __future__ import annotations

from townhall.engine.words import player as player  # one wording for every game
from townhall.i18n import DEFAULT, Words, current

WORDS = Words("antiquity", __file__)
_ = WORDS.gettext
term = WORDS.term


def building(name: str) -> str:
    """A building's name (`storage 2x3`: a storage of that shape)."""
    base, _space, shape = name.partition(" ")
    return f"{term('building.' + base)} {shape}" if shape else term("building." + base)


def typed_building(name: str) -> str:
    """A building as a person types it: in English the data's name (`cart_shop`, stable for every
    guide and test), in other languages the term; players read `building`."""
    return name if current() == DEFAULT else building(name)


def good(name: str) -> str:
    return term("good." + name)


def city_cell(city: int, cell: str) -> str:
    """A square (`b5`) of a city map in words ("city 1, b5"), where the typed form says `c1 b5`."""
    return _("city {number}, {cell}").format(number=city + 1, cell=cell)
