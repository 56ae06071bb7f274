"""The agents' words for people (a table set-up's refusals) through their message catalog (`locale/`);
English is the source language."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("agents", __file__)
_ = WORDS.gettext
