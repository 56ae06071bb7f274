"""The command line's own sentences in every language (catalog domain `cli`)."""

from __future__ import annotations

from typing import Any

from townhall.engine.options import OptionSpec
from townhall.engine.protocol import Game
from townhall.i18n import Words, term_of, title_of

WORDS = Words("cli", __file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext


def game_title(game: Game[Any]) -> str:
    """The game's title in the language in force (its glossary's `title`), else its own title."""
    return title_of(type(game).__module__, game.meta.title)


def game_notes(game: Game[Any]) -> str:
    return term_of(type(game).__module__, "notes", game.meta.notes)


def option_line(spec: OptionSpec) -> str:
    """`name=kinds (default value)` with the word "default" in the language in force."""
    name_and_kinds = spec.describe().rsplit(" (default ", 1)[0]
    return _("{option} (default {value})").format(option=name_and_kinds, value=spec.format(spec.default))
