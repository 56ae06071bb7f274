"""Player words in the page (issue 33): the lobby's options show labels, help and choices in words
(never `max_rounds` or a clause code), a bot seat shows its level ("Bot (hard)", its spec only in the
tooltip), the table's log names a seat as the scoreboard does, and the actions read in words."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from tests.i18n.codes import codes_in
from tests.server.client import sit
from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, new_table, seat_browser
from townhall.agents.levels import LEVELS


def test_lobby_options_read_in_words_in_japanese(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(locale="ja-JP").new_page()
    page.goto(f"{server.url}/")
    page.select_option("#game", "antiquity")
    options = page.locator("#options")
    expect(options).to_contain_text("最終ラウンド")
    expect(options).to_contain_text("初心者ヴァリアント")
    shown = options.inner_text()
    assert "max_rounds" not in shown and "beginner" not in shown and not codes_in(shown, "antiquity")
    page.select_option("#game", "carcassonne")
    expect(page.locator("#option-farm_scoring option")).to_have_text(["初版", "第3版"])
    screenshot(page, "lobby-options-ja")


def test_a_bot_shows_its_level_and_the_log_names_the_seats(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    context = new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    table = new_table(server.url, "kutna-hora", ["human", "bot:easy"])
    player = sit(server.url, table["id"], 0, "Ada")
    seat_browser(context, server.url, table["id"], 0, player.token, "kutna-hora")
    page = context.new_page()
    page.goto(f"{server.url}/tables/{table['id']}")
    at_table = TablePage(page)
    at_table.wait_loaded()
    bot = page.locator('#scores .seat[data-seat="1"] .name')
    expect(bot).to_have_text("ボット（やさしい）")
    expect(bot).to_have_attribute("title", LEVELS["easy"])  # the spec the level stands for, for experts
    for _ in range(6):  # a few moves, so that the log has lines of both seats
        if not at_table.wait_turn_or_end():
            break
        at_table.play(at_table.legal()[0])
    expect(page.locator("#log li").first).to_be_visible()
    log = " ".join(page.locator("#log li").all_inner_texts())
    assert "Ada" in log and not re.search(r"player \d", log)
    for text in [log, page.locator("#prompt").inner_text(), *page.locator("#action-list button").all_inner_texts()]:
        assert not codes_in(text, "kutna-hora"), text
    screenshot(page, "player-words-kutna-hora-ja")
