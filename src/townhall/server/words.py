"""The server's own words for people (its refusals: seats, tokens, tables, chat, undo, clocks and
the options of a new table) through its message catalog (`locale/`).

A refusal is worded when it is raised, inside the request's language (`speaking(lang)`); its code
and clause never change. English is the source language, so English output never reads a catalog."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("server", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
