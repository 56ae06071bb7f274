"""My City's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py` and the action texts speak through these."""

from __future__ import annotations

from townhall.i18n import Words

WORDS = Words("my_city", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
term = WORDS.term
