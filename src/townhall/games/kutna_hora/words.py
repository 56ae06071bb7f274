"""Kutná Hora's words in every language: its message catalog (sentences) and its glossary
(the rulebook's terms); `views.py`, `events.py` and the action texts (`actions.py`) speak through these."""

from __future__ import annotations

from townhall.engine.words import player as player  # one wording for every game
from townhall.games.kutna_hora.data import ACTIONS, COLOURS, DATA, GOODS, GUILD_OF_GOOD, MineTile
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


MINE_GROUP_NUMERALS = ("I", "II", "III")  # MineTile.group 0-2, as printed on the tiles' backs


def mine_tile_name(tile: MineTile) -> str:
    """A mine tile as a player names it: its group's numeral, as on the tile's back (the data's
    number after it, "II-4", is the project's own and reads like a code). A technology tile keeps its name."""
    return MINE_GROUP_NUMERALS[tile.group] if tile.group < len(MINE_GROUP_NUMERALS) else tile.id


def action_name(index: int) -> str:
    return term(f"action.{ACTIONS[index]}")


def colour(index: int) -> str:
    return term(f"noble.{COLOURS[index]}")


def icon_letter(index: int, scored: bool) -> str:
    """An icon in one character: scored ones in capitals (English), else their short form."""
    short = term(f"icon-short.{ICONS[index]}")
    return short.upper() if scored else short


_BUILDINGS = {b.id: b for b in DATA.buildings}
_EVENTS = {e.id: e for e in DATA.events}


def building_name(building_id: str) -> str:
    """A building tile as the rulebook calls it: a guild's building or a noble's public building,
    with its number in its stack (the printed id, `MET2`, is for experts)."""
    found = _BUILDINGS.get(building_id)
    if found is None:
        return building_id
    number = "".join(ch for ch in building_id if ch.isdigit())
    if found.guild >= 0:
        return _("{guild}' building {number}").format(guild=guild(found.guild), number=number)
    return _("{noble} public building {number}").format(noble=colour(found.noble), number=number)


def event_card_name(event_id: str) -> str:
    """An event card by its deck and number (`A3`: deck A, card 3)."""
    if event_id not in _EVENTS:
        return event_id
    return _("event card {number} of deck {deck}").format(number=event_id[1:], deck=event_id[:1])
