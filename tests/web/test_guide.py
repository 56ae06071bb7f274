"""A guided first game: the table says what to do next in the player's language while the legal
places pulse; the guide can be skipped, and stays off for that game in this browser."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.server.client import http
from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, open_lobby_and_create
from townhall import games

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("name", games.shipped())
def test_the_first_game_is_guided_until_skipped(
    server: Server, new_context: Callable[..., BrowserContext], name: str
) -> None:
    context = new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_lobby_and_create(page, server.url, name, ["me", "bot:easy"], {})
    table = TablePage(page)
    table.wait_loaded()
    assert table.wait_turn_or_end()
    tips = {g["name"]: g["guide"] for g in http.get(f"{server.url}/api/games?lang=en").json()}[name]
    kinds = {a["json"]["kind"] for a in page.evaluate("window.townhall.page.view.legal")}
    guide = page.locator("#guide")
    expect(guide).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-guide", "on")
    shown = [tips[k] for k in tips if k in kinds]
    if shown:  # the tip of the decision at hand
        expect(guide.locator(".guide-text")).to_have_text(shown[0])
    screenshot(page, f"guide-{name}-1280x800")
    guide.locator(".guide-skip").click()
    expect(guide).to_be_hidden()
    page.reload()
    table.wait_loaded()
    expect(page.locator("#guide")).to_be_hidden()
    # another game's guide is still on
    other = "my-city" if name != "my-city" else "carcassonne"
    open_lobby_and_create(page, server.url, other, ["me", "bot:easy"], {})
    TablePage(page).wait_loaded()
    expect(page.locator("#guide")).to_be_visible()


def test_the_guide_speaks_the_page_language_on_a_phone(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(locale="ja-JP", **PHONE).new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    table = TablePage(page, touch=True)
    table.wait_loaded()
    assert table.wait_turn_or_end()
    expect(page.locator("#guide .guide-text")).to_contain_text("タイル")
    expect(page.locator("#guide .guide-skip")).to_have_text("ガイドを閉じる")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "guide-carcassonne-390x844")
