"""GET /api/games/{name}/words: each game's glossary terms in the asked language, which the
browser's drawing modules show instead of copies in the page's catalogs."""

from __future__ import annotations

import json

import httpx

from tests.server.conftest import Server
from townhall import games, web
from townhall.i18n import LANGUAGES

# Game terms live in the glossaries now: the page's catalogs hold none of these copies.
TERM_COPIES = ("kh-guild-", "kh-good-", "kh-noble-", "kh-action-", "an-building-", "an-country-", "an-good-")


def test_words_are_the_glossary_terms_in_each_language(server: Server) -> None:
    for name in [name for name in games.names() if not name.startswith("toy-")]:
        english = httpx.get(f"{server.url}/api/games/{name}/words", params={"lang": "en"}, timeout=10).json()
        assert english["game"] == name and english["language"] == "en" and english["words"]
        for code in LANGUAGES:
            answer = httpx.get(f"{server.url}/api/games/{name}/words", params={"lang": code}, timeout=10)
            assert answer.status_code == 200, (name, code)
            body = answer.json()
            assert body["language"] == code and set(body["words"]) == set(english["words"])
            assert all(
                isinstance(text, str) for text in body["words"].values()
            )  # some are empty: My City's "at" in Japanese
    said = httpx.get(f"{server.url}/api/games/kutna-hora/words", params={"lang": "ja"}, timeout=10).json()["words"]
    assert said["guild.miners"] != "miners" and said["good.ore"] != "ore"


def test_words_of_an_unknown_game_or_language_are_refused(server: Server) -> None:
    assert httpx.get(f"{server.url}/api/games/no-such-game/words", timeout=10).status_code == 404
    assert httpx.get(f"{server.url}/api/games/carcassonne/words?lang=xx", timeout=10).status_code == 400


def test_the_catalogs_hold_no_copy_of_a_game_term() -> None:
    for code in LANGUAGES:
        catalog = json.loads((web.STATIC / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
        copies = [key for key in catalog if key.startswith(TERM_COPIES)]
        assert not copies, (code, copies)
