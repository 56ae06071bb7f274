"""Every registered game ships a rules page in every language and a lobby card (length and a
one-line summary): written for players, in their words (no clause codes, no snake_case ids)."""

from __future__ import annotations

import re

import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.i18n import LANGUAGES
from townhall.i18n.glossary import beside
from townhall.i18n.rulebook import about, guide, rules_text

CODE = re.compile(r"\b[A-Z]{2,4}-[A-Z0-9]+-\d+\b|\b[a-z]+_[a-z_]+\b|\[[A-Z]+-")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def module_of(name: str) -> str:
    return type(games.get(name)).__module__


@pytest.mark.parametrize("name", games.shipped())
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_has_its_rules_in_every_language(name: str, language: str) -> None:
    folder = module_of(name).rpartition(".")[0].replace(".", "/")
    text = rules_text(module_of(name), language)
    assert text is not None, f"{folder}/rules/{language}.md is missing"
    english = rules_text(module_of(name), "en")
    if language != "en":
        assert text != english, f"{name}: the {language} page is the English one"
        assert len(CJK.findall(text)) > 300, f"{name}: the {language} page is not written in {language}"
    assert not CODE.findall(text), f"{name} {language}: codes in the rules: {CODE.findall(text)}"
    headings = re.findall(r"^## ", text, re.MULTILINE)
    assert len(headings) >= 4, f"{name} {language}: goal, components, a turn, scoring and the end are needed"


@pytest.mark.parametrize("name", games.shipped())
def test_every_game_has_a_card_with_its_length_and_summary(name: str) -> None:
    card = about(module_of(name))
    assert card is not None
    least, most = card.minutes
    assert 0 < least <= most
    for language in LANGUAGES:
        line = card.line(language)
        assert 10 < len(line) < 140 and not CODE.findall(line)
        if language != "en":
            assert CJK.search(line), f"{name}: the {language} summary is not translated"


@pytest.mark.parametrize("name", games.shipped())
@pytest.mark.parametrize("language", ["ja", "zh-Hans", "zh-Hant"])
def test_the_rules_use_the_glossary_title_and_terms(name: str, language: str) -> None:
    """A few of the game's central terms, as its glossary words them, appear in its rules."""
    glossary = beside(module_of(name).rpartition(".")[0])
    assert glossary is not None
    text = rules_text(module_of(name), language) or ""
    central = {
        "carcassonne": ["tile", "follower", "city", "road", "cloister", "farmer", "pennant"],
        "my-city": ["building", "church", "tree", "rock", "well", "light-green", "blockade"],
        "kutna-hora": ["groschen", "reputation", "pelican", "noble", "council", "town-hall", "guild"],
        "antiquity": ["worker", "grave", "pollution", "famine", "zone-of-control", "city-map", "saint"],
    }[name]
    missing = [glossary.term(key, language) for key in central if glossary.term(key, language) not in text]
    assert not missing, f"{name} {language}: the rules do not use the glossary's {missing}"


@pytest.mark.parametrize("name", games.shipped())
def test_every_game_has_a_guided_first_game_in_every_language(name: str) -> None:
    """Tips for the game's main decisions, each keyed by a kind of action the game has."""
    game = games.get(name)
    state = game.new_state(game.meta.min_players, game.meta.resolve({}), Chance(1))
    kinds = {state.action_to_json(action).get("kind") for action in range(state.num_distinct_actions())}
    english = guide(module_of(name), "en")
    assert english and set(english) <= kinds, set(english) - kinds
    for language in LANGUAGES:
        tips = guide(module_of(name), language)
        assert list(tips) == list(english)
        for text in tips.values():
            assert 10 < len(text) < 220 and not CODE.findall(text)
            if language != "en":
                assert CJK.search(text), f"{name}: a {language} tip is not translated"
