"""The engine's own words for people (its refusals and errors: a player not to move, an action's
malformed JSON form, options, records, unknown games) through its message catalog (`locale/`).

The i18n layer is below the engine; English is the source language, so English output never
reads a catalog."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("engine", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
