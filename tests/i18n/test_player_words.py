"""Player words everywhere: in seeded random games of every game, in every language, the prompts,
the legal actions' words, the log's events and the end screen's labels hold no developer code (no
snake_case name, clause code, agent spec or printed component id); the same game in English names
its components in words (Carcassonne's tiles, Kutná Hora's buildings, My City's pieces)."""

from __future__ import annotations

import random

import pytest

from tests.i18n.codes import codes_in
from tests.i18n.narration import SHIPPED
from townhall import games
from townhall.engine.match import Match
from townhall.engine.protocol import Json
from townhall.i18n import LANGUAGES, using

SEEDS = (3, 8)


def _track_labels(view: Json) -> list[str]:
    """The labels of the board view's tracks: the end screen's columns."""
    found: list[str] = []
    if isinstance(view, dict):
        if isinstance(view.get("label"), str) and "value" in view:
            found.append(view["label"])
        for value in view.values():
            found += _track_labels(value)
    elif isinstance(view, list):
        for value in view:
            found += _track_labels(value)
    return found


def shown_texts(name: str, language: str, seed: int) -> list[tuple[str, str]]:
    """(where, text) for every text a seat reads in a random game of `name` in `language`."""
    game = games.get(name)
    match = Match(game, 2, {}, seed)
    rng = random.Random(seed)
    shown: list[tuple[str, str]] = []
    with using(language):
        while not match.is_over():
            player = match.to_move()[0]
            legal = match.state.legal_actions(player)
            shown += [("action", match.state.action_words(a)) for a in legal]
            prompt = game.board_view(match.state, player).get("prompt")
            if isinstance(prompt, str):
                shown.append(("prompt", prompt))
            match.apply(player, rng.choice(legal))
        shown += [("log", game.event_text(event)) for event in match.events]
        shown += [("end", label) for label in _track_labels(game.board_view(match.state, None))]
    return shown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", SHIPPED)
def test_no_code_in_what_a_player_reads(name: str, language: str) -> None:
    left: dict[str, str] = {}
    for seed in SEEDS:
        for where, text in shown_texts(name, language, seed):
            for code in codes_in(text, name):
                left.setdefault(code, f"{where}: {text[:160]}")
    assert not left, "\n".join(f"{code!r} in {context}" for code, context in sorted(left.items()))


@pytest.mark.parametrize(
    ("name", "named"),
    [
        ("carcassonne", ("road", "city", "cloister", "river")),
        ("kutna-hora", ("building", "public building")),
        ("my-city", ("building", "church")),
    ],
)
def test_components_are_named_in_words(name: str, named: tuple[str, ...]) -> None:
    texts = [text for where, text in shown_texts(name, "en", SEEDS[0]) if where in ("log", "action")]
    assert any(word in text for text in texts for word in named)


def test_the_typed_texts_still_hold_the_ids_experts_type() -> None:
    """A person at a terminal types the terse form (`place YD2 at E1 r90`); the table reads words."""
    game = games.get("my-city")
    match = Match(game, 2, {}, 3)
    player = match.to_move()[0]
    place = match.state.legal_actions(player)[0]
    typed, words = match.state.action_text(place), match.state.action_words(place)
    assert typed.startswith("place ") and codes_in(typed, "my-city")
    assert words.startswith("build ") and not codes_in(words, "my-city") and "°" in words
    assert match.view(player).parse_action(words) == place == match.view(player).parse_action(typed)
