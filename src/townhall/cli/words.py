"""The command line's own sentences in every language (catalog domain `cli`)."""

from __future__ import annotations

from pathlib import Path

from townhall.engine.protocol import Game
from townhall.i18n import Catalog, title_of

CATALOG = Catalog("cli", Path(__file__).resolve().parent / "locale")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext


def game_title(game: Game) -> str:
    """The game's title in the language in force (its glossary's `title`), else its own title."""
    return title_of(type(game).__module__, game.meta.title)
