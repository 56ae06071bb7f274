"""The end screen of a rated game, in Chromium: each row shows the seat's rating change, the
column named in the page's language; an unrated game shows no such column. Each player's name
links to their profile page; a guest's stays plain text."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server
from tests.server.test_accounts import Browser
from tests.web.conftest import screenshot
from tests.web.test_log_end import open_table
from tests.web.test_phone import PHONE


def _rated_and_resigned(base: str, typed: tuple[str | None, str | None] = (None, None)) -> tuple[str, list[float]]:
    """A rated game the second player resigned; `typed`: the names typed at the seats (None: the
    account's)."""
    return _rated_game(base, typed)[:2]


def _rated_game(base: str, typed: tuple[str | None, str | None]) -> tuple[str, list[float], list[str]]:
    table = str(new_table(base, "carcassonne", ["human", "human"])["id"])
    browsers, names = [], []
    for seat in range(2):
        browser = Browser(base)
        name = f"w-{uuid.uuid4().hex[:8]}"
        assert browser.register(name).status_code == 201
        taken = browser.send("POST", f"/api/tables/{table}/seats/{seat}", {"name": typed[seat] or name})
        assert taken.status_code == 201
        browsers.append(browser)
        names.append(name)
    resigned = browsers[1].send("POST", f"/api/tables/{table}/resign", {})
    assert resigned.status_code == 200, resigned.text
    return table, list(resigned.json()["rating_change"]), names


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


def test_each_players_name_links_to_their_profile(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    table, _changes, (ann, bob) = _rated_game(server.url, ("Captain Ann of the Long Name Islands", None))
    for picture, options in (
        ("end-profile-links-1280", {"viewport": {"width": 1280, "height": 800}}),
        (
            "end-profile-links-phone",
            PHONE,
        ),
    ):
        page = new_context(**options).new_page()
        open_table(page, server.url, table)
        first, second = page.locator('#end tr[data-seat="0"] .who a'), page.locator('#end tr[data-seat="1"] .who a')
        expect(first).to_have_text("Captain Ann of the Long Name Islands")  # the name typed at the seat
        expect(first).to_have_attribute("href", f"/players/{ann}")  # the account's page
        expect(second).to_have_text(bob)
        expect(second).to_have_attribute("href", f"/players/{bob}")
        page.locator("#end").scroll_into_view_if_needed()
        widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], widths  # a long linked name wraps: nothing scrolls sideways
        screenshot(page, picture)
    second.click()
    page.wait_for_url(f"{server.url}/players/{bob}")
    expect(page.locator("#title")).to_have_text(bob)

    guest = new_table(server.url, "carcassonne", ["human", "human"])
    sit(server.url, guest["id"], 0, "ann")
    bob_guest = sit(server.url, guest["id"], 1, "bob")
    resign = http.post(f"{server.url}/api/tables/{guest['id']}/resign", json={}, headers=bob_guest.headers)
    assert resign.status_code == 200
    page = new_context().new_page()
    open_table(page, server.url, guest["id"])
    expect(page.locator('#end tr[data-seat="1"] .who')).to_contain_text("bob")
    expect(page.locator("#end .who a")).to_have_count(0)  # guests' names stay plain text
