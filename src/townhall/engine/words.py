"""The engine's own words for people (its refusals and errors: a player not to move, an action's
malformed JSON form, options, records, unknown games), and a seat's name in every game's words
("Player N"), through its message catalog (`locale/`).

The i18n layer is below the engine; English is the source language, so English output never
reads a catalog."""

from __future__ import annotations

from townhall.i18n import Words, seat_name

WORDS = Words("engine", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext


def player(index: int) -> str:
    """Player `index` (from 0) as the table shows them: the seat's name where one is in force
    (`townhall.i18n.naming`), else "Player N"."""
    return seat_name(index) or _("Player {number}").format(number=index + 1)
