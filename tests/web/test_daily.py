"""The lobby's daily challenge, in Chromium: today's date in the page's language, how many played,
the day's leaderboard, a guest's play button (and the word that a guest is not ranked), a signed-in
player's one attempt going on from the lobby; at 1280x800 and on a phone."""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server
from tests.server.test_accounts import PASSWORD, Browser
from tests.server.test_daily import DAY, GAME, _play, _serve, _start
from tests.web.test_phone import PHONE

PICTURES = Path(os.environ.get("TOWNHALL_DAILY_PICTURES", "/tmp/daily"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = _serve(f"sqlite:///{tmp_path_factory.mktemp('web') / 'daily.db'}", DAY)
    yield started
    started.stop()


def _finished(base: str, count: int) -> list[str]:
    """`count` accounts that played the day's challenge to its end: their names."""
    names = []
    for n in range(count):
        browser, name = Browser(base), f"d-{uuid.uuid4().hex[:8]}"
        assert browser.register(name).status_code == 201
        _play(_start(browser), lambda legal, n=n: random.Random(n * 11 + len(legal)).choice(legal))
        names.append(name)
    return names


def _picture(page: Page, name: str) -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    page.locator("#daily").scroll_into_view_if_needed()
    page.screenshot(path=str(PICTURES / f"{name}.png"))


def test_the_daily_challenge_in_the_lobby(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    names = _finished(server.url, 2)
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/")
    card = page.locator(f'.daily-card[data-game="{GAME}"]')
    expect(page.locator("#daily-title")).to_have_text("Daily challenge")
    expect(card.locator(".daily-date")).to_have_text("Today: Sunday, March 1, 2026")
    expect(card.locator(".facts")).to_have_text("Played today: 2")
    expect(card.locator(".daily-board li")).to_have_count(2)
    expect(card.locator(".daily-board")).to_contain_text(names[0])
    expect(card.locator(".daily-guest")).to_contain_text("sign in to be on the leaderboard")
    assert "random:" not in card.inner_text() and "evergreen" not in card.inner_text()  # player words only
    _picture(page, "daily-lobby-1280")

    card.locator(".daily-play").click()  # a guest plays, unranked
    page.wait_for_url(f"{server.url}/tables/*")
    page.wait_for_function("() => Number(document.body.dataset.stateId || -1) >= 0")
    expect(page.locator("#board svg")).to_be_visible()  # the day's board, drawn for one player
    expect(page.locator("#action-list li").first).to_be_attached()  # and the day's first card to build
    page.screenshot(path=str(PICTURES / "daily-table-1280.png"))

    # signed in: the account's one attempt; back in the lobby it goes on where it was
    player = new_context(viewport={"width": 1280, "height": 800})
    name = f"p-{uuid.uuid4().hex[:8]}"
    assert player.request.post(f"{server.url}/api/accounts", data={"name": name, "password": PASSWORD}).ok
    mine = player.new_page()
    mine.goto(f"{server.url}/")
    mine_card = mine.locator(f'.daily-card[data-game="{GAME}"]')
    expect(mine_card.locator(".daily-guest")).to_have_count(0)
    mine_card.locator(".daily-play").click()
    mine.wait_for_url(f"{server.url}/tables/*")
    table = mine.url.rsplit("/", 1)[1]
    mine.goto(f"{server.url}/")
    expect(mine_card.locator(".daily-continue")).to_have_attribute("href", f"/tables/{table}")
    expect(mine_card.locator(".daily-play")).to_have_count(0)
    expect(mine_card.locator(".facts")).to_have_text("Played today: 4")

    japanese = new_context(locale="ja-JP").new_page()
    japanese.goto(f"{server.url}/")
    expect(japanese.locator("#daily-title")).to_have_text("デイリーチャレンジ")
    expect(japanese.locator(".daily-card h4")).to_have_text("今日のランキング")

    phone = new_context(**PHONE).new_page()
    phone.goto(f"{server.url}/")
    expect(phone.locator(".daily-card .daily-board li")).to_have_count(2)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby is wider than the phone: {width}px"
    _picture(phone, "daily-lobby-phone")
