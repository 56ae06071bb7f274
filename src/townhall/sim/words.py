"""The simulation's words for people (the tournament table, its errors) through its message
catalog (`locale/`); English is the source language."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("sim", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
