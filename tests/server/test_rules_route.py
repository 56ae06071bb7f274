"""The rules pages over HTTP: every game's page in every language serves 200 under the pages'
Content-Security-Policy, with its text rendered as HTML where any markup in the text stays text."""

from __future__ import annotations

import pytest

from tests.server.client import http
from tests.server.conftest import Server
from townhall import games
from townhall.i18n import LANGUAGES
from townhall.server.headers import POLICY
from townhall.server.rules_page import _MARKDOWN


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_serves_its_rules_page(shared_sqlite_server: Server, language: str) -> None:
    listed = {game["name"]: game for game in http.get(f"{shared_sqlite_server.url}/api/games?lang={language}").json()}
    for name in games.shipped():
        assert listed[name]["rules"] == f"/rules/{name}"
        page = http.get(f"{shared_sqlite_server.url}/rules/{name}?lang={language}")
        assert page.status_code == 200
        assert page.headers["content-security-policy"] == POLICY
        assert page.headers["content-type"].startswith("text/html")
        assert f'<html lang="{language}">' in page.text
        assert page.text.count("<h2>") >= 4 and "<script" not in page.text
        assert "{body}" not in page.text and "{title}" not in page.text
        answer = http.get(f"{shared_sqlite_server.url}/api/games/{name}/rules?lang={language}").json()
        assert answer["language"] == language and answer["markdown"].startswith("## ")


def test_unknown_games_are_404_json(shared_sqlite_server: Server) -> None:
    for path in ("/rules/chess", "/api/games/chess/rules"):
        answer = http.get(shared_sqlite_server.url + path)
        assert answer.status_code == 404 and answer.json()["error"] == "unknown-name"
    assert http.get(shared_sqlite_server.url + "/rules/carcassonne?lang=xx").status_code == 400


def test_markup_in_rules_text_is_shown_as_text() -> None:
    html = _MARKDOWN.render("## Goal\n\n<script>alert(1)</script> <b onclick=x>bold</b>\n")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b " not in html


def test_the_favicon_is_served(shared_sqlite_server: Server) -> None:
    answer = http.get(shared_sqlite_server.url + "/favicon.ico")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
