"""A game's glossary: its terms (features, followers, buildings, goods, phases, actions...) in
every language, each translation saying where the rulebook (seed) uses it, or that no rulebook
in that language has it and the community's term was chosen.

The file is data (`<game>/glossary.json`):

    {"seeds": {"zh-Hans": "carcassonne.zh-Hans.txt"},
     "terms": {"city": {"en": "city",
                        "zh-Hans": {"term": "城市", "line": 12, "quote": "...城市..."},
                        "ja": {"term": "都市", "community": "why this word"}}}}

`line` and `quote` point into the seed of that language; `community` replaces them where the
language has no seed or the seed lacks the term.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from townhall.i18n.language import DEFAULT, LANGUAGES, current


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """One term in one language, with its source."""

    key: str
    language: str
    term: str
    seed: str | None = None  # the seed file name
    line: int | None = None
    quote: str | None = None
    community: str | None = None  # why this term, when no seed of the language has it


class Glossary:
    """The terms of one game, loaded once from its data file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        self.seeds: dict[str, str] = dict(raw.get("seeds", {}))
        self._terms: dict[str, dict[str, GlossaryEntry]] = {}
        for key, forms in raw["terms"].items():
            self._terms[key] = {language: self._entry(key, language, forms.get(language)) for language in LANGUAGES}

    def _entry(self, key: str, language: str, form: Any) -> GlossaryEntry:
        if isinstance(form, str):
            return GlossaryEntry(key, language, form)
        if not isinstance(form, dict) or not isinstance(form.get("term"), str):
            raise ValueError(f"{self.path.name}: term {key!r} has no {language} form")
        return GlossaryEntry(
            key,
            language,
            form["term"],
            seed=self.seeds.get(language) if "quote" in form else None,
            line=form.get("line"),
            quote=form.get("quote"),
            community=form.get("community"),
        )

    def __contains__(self, key: object) -> bool:
        return key in self._terms

    def __iter__(self) -> Iterator[str]:
        return iter(self._terms)

    def keys(self) -> list[str]:
        return list(self._terms)

    def entry(self, key: str, language: str) -> GlossaryEntry:
        return self._terms[key][language]

    def term(self, key: str, language: str | None = None) -> str:
        """The term in the language in force (English for a key the glossary lacks: its own key)."""
        forms = self._terms.get(key)
        if forms is None:
            return key
        return forms[language or current()].term

    def english(self, key: str) -> str:
        return self.term(key, DEFAULT)


@cache
def beside(package: str) -> Glossary | None:
    """The glossary a package ships (its `glossary.json`), or None: how front doors find a game's
    terms (its title) knowing only the module that defines it."""
    path = Path(str(resources.files(package))) / "glossary.json"
    return Glossary(path) if path.is_file() else None


def term_of(module: str, key: str, fallback: str) -> str:
    """Term `key` of the glossary beside `module`'s package in the language in force, else `fallback`
    (a game's `title`, `notes`, `option.<name>`: front doors know a game only by its module)."""
    glossary = beside(module.rpartition(".")[0])
    return glossary.term(key) if glossary is not None and key in glossary else fallback


def title_of(module: str, fallback: str) -> str:
    return term_of(module, "title", fallback)
