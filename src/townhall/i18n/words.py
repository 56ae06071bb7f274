"""A package's words: its catalog (`locale/` beside it) and its glossary (`glossary.json`)."""

from __future__ import annotations

from pathlib import Path

from townhall.i18n.catalog import Catalog
from townhall.i18n.glossary import Glossary


class Words:
    """What a game (or the CLI) speaks through: `_`, `ngettext` and `term` in the language in force."""

    def __init__(self, domain: str, module_file: str) -> None:
        here = Path(module_file).resolve().parent
        self.catalog = Catalog(domain, here / "locale")
        glossary = here / "glossary.json"
        self.glossary = Glossary(glossary) if glossary.is_file() else None
        self.gettext = self.catalog.gettext
        self.ngettext = self.catalog.ngettext

    def term(self, key: str) -> str:
        if self.glossary is None:
            return key
        return self.glossary.term(key)
