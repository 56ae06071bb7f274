"""Each game's glossary: every term in every language; a term taken from a rulebook is quoted from
the line of the seed it names; a term no rulebook of that language has says why it was chosen."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tests.i18n.narration import SHIPPED
from townhall import games
from townhall.i18n import LANGUAGES, Glossary

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
GLOSSARIES = {
    name: Path(str(importlib.import_module(games.get(name).__module__.rpartition(".")[0]).__file__)).parent
    / "glossary.json"
    for name in SHIPPED
}


@pytest.mark.parametrize("name", sorted(GLOSSARIES))
def test_every_game_has_a_glossary_with_every_language(name: str) -> None:
    glossary = Glossary(GLOSSARIES[name])
    assert len(list(glossary)) >= 10
    assert "title" in glossary
    for key in glossary:
        for language in LANGUAGES:
            entry = glossary.entry(key, language)
            if language != "en":
                assert entry.term or entry.community, f"{key} {language} is empty without a reason"
                assert (entry.quote is None) != (entry.community is None), f"{key} {language}: a seed or a reason"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rulebooks (../shared/seeds) are not beside the checkout")
@pytest.mark.parametrize("name", sorted(GLOSSARIES))
def test_seed_terms_are_quoted_from_the_line_of_the_seed_they_name(name: str) -> None:
    glossary = Glossary(GLOSSARIES[name])
    assert glossary.seeds, f"{name} names no seed rulebook"
    quoted = 0
    for key in glossary:
        for language in LANGUAGES:
            entry = glossary.entry(key, language)
            if entry.quote is None:
                continue
            assert entry.seed is not None and entry.line is not None
            lines = (SEEDS / entry.seed).read_text(encoding="utf-8").splitlines()
            assert entry.quote in lines[entry.line - 1], f"{key} {language}: not on line {entry.line} of {entry.seed}"
            assert entry.term in entry.quote, f"{key} {language}: the quote does not hold {entry.term!r}"
            quoted += 1
    assert quoted >= 10, f"{name}: only {quoted} terms are the rulebook's"
