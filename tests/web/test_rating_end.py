"""The end screen of a rated game, in Chromium: each row shows the seat's rating change, the
column named in the page's language; an unrated game shows no such column."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server
from tests.server.test_accounts import Browser
from tests.web.test_log_end import open_table


def _rated_and_resigned(base: str) -> tuple[str, list[float]]:
    table = str(new_table(base, "carcassonne", ["human", "human"])["id"])
    browsers = []
    for seat in range(2):
        browser = Browser(base)
        name = f"w-{uuid.uuid4().hex[:8]}"
        assert browser.register(name).status_code == 201
        assert browser.send("POST", f"/api/tables/{table}/seats/{seat}", {"name": name}).status_code == 201
        browsers.append(browser)
    resigned = browsers[1].send("POST", f"/api/tables/{table}/resign", {})
    assert resigned.status_code == 200, resigned.text
    return table, list(resigned.json()["rating_change"])


def test_a_rated_end_shows_each_rating_change_in_the_page_language(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    table, (up, down) = _rated_and_resigned(server.url)
    for locale, header in (("en-US", "Rating change"), ("ja-JP", "レーティング変動")):
        page = new_context(locale=locale).new_page()
        open_table(page, server.url, table)
        expect(page.locator("#end .rating-head")).to_have_text(header)
        expect(page.locator('#end tr[data-seat="0"] .rating-change')).to_have_text(f"+{up}")
        expect(page.locator('#end tr[data-seat="1"] .rating-change')).to_have_text(f"−{abs(down)}")

    guest = new_table(server.url, "carcassonne", ["human", "human"])
    sit(server.url, guest["id"], 0, "ann")
    bob = sit(server.url, guest["id"], 1, "bob")
    assert http.post(f"{server.url}/api/tables/{guest['id']}/resign", json={}, headers=bob.headers).status_code == 200
    page = new_context().new_page()
    open_table(page, server.url, guest["id"])
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end .rating-head")).to_have_count(0)
