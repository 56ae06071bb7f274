"""Kutná Hora's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py`, `events.py` and the action texts (`actions.py`) speak through these."""

from __future__ import annotations

from townhall.games.kutna_hora.data import ACTIONS, COLOURS, DATA, GOODS, GUILD_OF_GOOD
from townhall.i18n import Words

WORDS = Words("kutna_hora", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext
term = WORDS.term
ICONS = DATA.icons


def good(index: int) -> str:
    return term(f"good.{GOODS[index]}")


def guild(index: int) -> str:
    """The guild of good `index`."""
    return term(f"guild.{GUILD_OF_GOOD[index]}")


def action_name(index: int) -> str:
    return term(f"action.{ACTIONS[index]}")


def colour(index: int) -> str:
    return term(f"noble.{COLOURS[index]}")


def icon_letter(index: int, scored: bool) -> str:
    """An icon in one character: scored ones in capitals (English), else their short form."""
    short = term(f"icon-short.{ICONS[index]}")
    return short.upper() if scored else short
