"""The lobby people browse: a card per registered game with a picture of its own board, player
count, length and a line in the page's language; quick play against a bot in one click; recent
tables of this browser; a favicon. The pictures are captures of each game's board in play, made
here (TOWNHALL_CARD_PICTURES=1 writes them) and shipped with the client."""

from __future__ import annotations

import os
import struct
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.server.client import http
from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, wait_until
from townhall import games, web

PICTURES = web.STATIC / "img" / "games"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("name", games.shipped())
def test_each_card_picture_is_drawn_from_its_own_board(
    server: Server, new_context: Callable[..., BrowserContext], name: str
) -> None:
    """A table of two bots plays a few steps; the board as a spectator sees it is the picture."""
    path = PICTURES / f"{name}.png"
    if os.environ.get("TOWNHALL_CARD_PICTURES") == "1":
        answer = http.post(
            f"{server.url}/api/tables", json={"game": name, "seats": ["bot:random", "bot:random"], "bot_seconds": 0.05}
        )
        assert answer.status_code == 201, answer.text
        page = new_context(viewport={"width": 1040, "height": 900}).new_page()
        page.goto(f"{server.url}/tables/{answer.json()['id']}")
        TablePage(page).wait_loaded()
        wait_until(page, "() => Number(document.body.dataset.stateId) >= 12 || document.body.dataset.status === 'over'")
        # the board fitted into a frame of the card's shape, without its zoom buttons
        page.evaluate(
            """() => {
              document.querySelector('.zoom-bar').style.display = 'none';
              const svg = document.querySelector('.board-svg');
              svg.style.height = `${Math.round(svg.clientWidth * 5 / 8)}px`;
              window.townhall.board.fit();
            }"""
        )
        PICTURES.mkdir(parents=True, exist_ok=True)
        page.locator(".board-svg").screenshot(path=str(path))
    assert path.is_file(), f"{name} has no card picture: TOWNHALL_CARD_PICTURES=1 pytest {__file__}"
    width, height = png_size(path.read_bytes())
    assert width >= 320 and 0.5 <= height / width <= 0.75
    assert path.stat().st_size < 250_000


@pytest.mark.parametrize("language", ["en", "ja", "zh-Hans", "zh-Hant"])
def test_a_card_per_game_with_its_facts_in_the_page_language(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    locale = {"en": "en-US", "ja": "ja-JP", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}[language]
    page = new_context(viewport={"width": 1280, "height": 800}, locale=locale).new_page()
    page.goto(f"{server.url}/")
    listed = http.get(f"{server.url}/api/games?lang={language}").json()
    cards = page.locator("#game-cards .game-card")
    expect(cards).to_have_count(len(listed))
    for game in listed:
        card = page.locator(f'#game-cards .game-card[data-game="{game["name"]}"]')
        expect(card.locator("h3")).to_have_text(game["title"])
        expect(card.locator(".summary")).to_have_text(game["summary"])
        facts = card.locator(".facts").inner_text()
        assert str(game["min_players"]) in facts and str(game["minutes"][1]) in facts
        picture = card.locator("img")
        expect(picture).to_be_visible()
        wait_until(
            page,
            "(s) => { const img = document.querySelector(s); return img.complete && img.naturalWidth > 0; }",
            f'.game-card[data-game="{game["name"]}"] img',
        )
        expect(card.locator("a.rules")).to_have_attribute("href", f"/rules/{game['name']}?lang={language}")
    expect(page.locator('head link[rel="icon"]')).to_have_attribute("href", "/static/img/favicon.svg")
    if language == "en":
        screenshot(page, "lobby-1280x800")


def test_quick_play_starts_a_game_against_a_bot_in_one_click(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**PHONE).new_page()
    page.goto(f"{server.url}/")
    expect(page.locator(".game-card img").first).to_be_visible()
    screenshot(page, "lobby-390x844")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby scrolls sideways on a phone ({width} px)"
    page.fill("#name", "dana")
    page.locator('.game-card[data-game="carcassonne"] .quick-play').click()
    page.wait_for_url(f"{server.url}/tables/*")
    table = TablePage(page)
    table.wait_loaded()
    expect(page.locator("body")).to_have_attribute("data-seat", "0")
    table_id = page.url.rsplit("/", 1)[1]
    seats = http.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[0]["name"] == "dana"
    assert table.wait_turn_or_end()
    # the lobby lists it among this browser's recent tables, with when it was joined
    page.goto(f"{server.url}/")
    recent = page.locator(f'#mine li[data-table="{table_id}"]')
    expect(recent.locator("a")).to_have_attribute("href", f"/tables/{table_id}")
    expect(recent.locator(".when")).to_be_visible()


def test_set_up_fills_the_form_with_that_game(server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.locator('.game-card[data-game="kutna-hora"] .set-up').click()
    expect(page.locator("#game")).to_have_value("kutna-hora")
    expect(page.locator("#option-events")).to_be_checked()  # the game's own options with their defaults
    expect(page.locator("#seat-0")).to_have_value("me")
