"""Languages for people: message catalogs (gettext, compiled with Babel), the language in force,
and per-game glossaries of the rulebooks' terms.

This package knows no game and no engine: a game (or the CLI) owns a `Catalog` of its own
sentences and a `Glossary` of its terms; front doors choose the language with `using(lang)`.
English is the source language: its words are the msgids, so English output needs no catalog.
"""

from townhall.i18n.catalog import N_, Catalog, compile_catalogs, gettext_of, po_files
from townhall.i18n.glossary import Glossary, GlossaryEntry, term_of, title_of
from townhall.i18n.language import (
    DEFAULT,
    LANGUAGES,
    UnknownLanguage,
    choose,
    current,
    from_accept_language,
    from_environment,
    normalize,
    using,
)
from townhall.i18n.players import naming, seat_name
from townhall.i18n.words import Words

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "Catalog",
    "Glossary",
    "GlossaryEntry",
    "UnknownLanguage",
    "Words",
    "choose",
    "compile_catalogs",
    "current",
    "from_accept_language",
    "from_environment",
    "gettext_of",
    "naming",
    "normalize",
    "po_files",
    "seat_name",
    "term_of",
    "title_of",
    "using",
]
