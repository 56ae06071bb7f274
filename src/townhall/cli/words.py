"""The command line's own sentences in every language (catalog domain `cli`)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from townhall.engine.protocol import Game
from townhall.i18n import Catalog, Glossary

CATALOG = Catalog("cli", Path(__file__).resolve().parent / "locale")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext


@cache
def _glossary(game: Game) -> Glossary | None:
    """The glossary a game package ships beside its code, if any."""
    package = type(game).__module__.rpartition(".")[0]
    path = Path(str(resources.files(package))) / "glossary.json"
    return Glossary(path) if path.is_file() else None


def game_title(game: Game) -> str:
    """The game's title in the language in force (its glossary's `title`), else its own title."""
    glossary = _glossary(game)
    return glossary.term("title") if glossary is not None and "title" in glossary else game.meta.title
