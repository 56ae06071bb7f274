"""A game's rules for players, in their language, and what a lobby says of it: data its package
ships under `rules/` (the game owns its words; front doors only serve them).

    rules/<language>.md   the rules page in that language (Markdown: goal, components, a turn,
                          scoring, the end), written in the project's words from the rule clauses
    rules/about.json      {"minutes": [least, most], "summary": {"<language>": "one line"}}
    rules/guide.json      {"tips": {"<action kind>": {"<language>": "what to do now"}}}: the
                          guided first game's tips, each for decisions offering that kind

Front doors know a game only by the module that defines it, as with glossaries (`beside`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from townhall.i18n.language import DEFAULT, LANGUAGES


@dataclass(frozen=True, slots=True)
class About:
    """A game's lobby card facts: how long a game takes and one line saying what it is."""

    minutes: tuple[int, int]
    summary: dict[str, str]

    def line(self, language: str) -> str:
        return self.summary.get(language) or self.summary.get(DEFAULT, "")


def _folder(module: str) -> Path:
    return Path(str(resources.files(module.rpartition(".")[0]))) / "rules"


@cache
def rules_text(module: str, language: str) -> str | None:
    """The rules page (Markdown) of the game defined in `module`, in `language` (English when that
    language has none), or None for a game that ships no rules."""
    folder = _folder(module)
    for name in (language, DEFAULT):
        path = folder / f"{name}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


@cache
def about(module: str) -> About | None:
    path = _folder(module) / "about.json"
    if not path.is_file():
        return None
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    least, most = raw["minutes"]
    summary = {language: str(raw["summary"][language]) for language in LANGUAGES if language in raw["summary"]}
    return About((int(least), int(most)), summary)


@cache
def guide(module: str, language: str) -> dict[str, str]:
    """The tips of the game's guided first game in `language` (English where it has none), by the
    kind of action they explain (an action's JSON `kind`), in the order the file gives them."""
    path = _folder(module) / "guide.json"
    if not path.is_file():
        return {}
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {kind: str(forms.get(language) or forms[DEFAULT]) for kind, forms in raw["tips"].items()}
