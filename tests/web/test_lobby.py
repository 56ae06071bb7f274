"""The lobby: open tables to join or watch, my tables, and the language switcher."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from tests.server.client import http
from tests.server.conftest import Server
from tests.web.table import new_table, seat_browser
from townhall import web


def test_open_tables_can_be_joined_and_mine_are_listed(server: Server, context: BrowserContext) -> None:
    table = new_table(server.url, "kutna-hora", ["human", "bot:easy"])
    page = context.new_page()
    page.goto(f"{server.url}/")
    row = page.locator(f'#open li[data-table="{table["id"]}"]')
    expect(row.locator("a.join")).to_have_attribute("href", f"/tables/{table['id']}?seat=0")
    row.locator("a.watch").click()  # a spectator: no actions, no chat box, a free seat to take
    page.wait_for_selector("body[data-state-id]")
    expect(page.locator("body")).to_have_attribute("data-seat", "")
    expect(page.locator("#chat-form")).to_be_hidden()
    expect(page.locator("#action-list button")).to_have_count(0)
    expect(page.locator('#scores .seat[data-seat="0"] button.take')).to_be_visible()
    page.go_back()
    row.locator("a.join").click()
    page.fill("#join-name", "cleo")
    page.click("#join-take")
    expect(page.locator("body")).to_have_attribute("data-seat", "0")
    page.goto(f"{server.url}/")
    expect(page.locator(f'#mine li[data-table="{table["id"]}"] a')).to_be_visible()
    expect(page.locator(f'#open li[data-table="{table["id"]}"]')).to_have_count(0)
    page.locator(f'#mine li[data-table="{table["id"]}"] a').click()  # back to the same seat
    expect(page.locator("body")).to_have_attribute("data-seat", "0")
    expect(page.locator("#join-form")).to_have_count(0)


def test_the_language_switcher_translates_the_page_and_asks_the_server_in_it(
    server: Server, context: BrowserContext
) -> None:
    japanese = json.loads((web.STATIC / "i18n" / "ja.json").read_text(encoding="utf-8"))
    page = context.new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("#new-title")).to_have_text("New table")
    # (the page's first, English request for the games may still be on its way: wait for the one in Japanese)
    with page.expect_request(lambda r: "/api/games" in r.url and "lang=ja" in r.url):
        page.select_option("#lang", "ja")
    expect(page.locator("#new-title")).to_have_text(japanese["new-table"])
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_the_browser_language_is_the_default(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    traditional = json.loads((web.STATIC / "i18n" / "zh-Hant.json").read_text(encoding="utf-8"))
    page = new_context(locale="zh-TW").new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("#new-title")).to_have_text(traditional["new-table"])


def test_a_table_with_a_clock_shows_it_running(
    server: Server, context: BrowserContext, new_context: Callable[..., BrowserContext]
) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.select_option("#game", "carcassonne")
    page.select_option("#seat-1", "friend")
    page.select_option("#clock", "fischer")
    page.fill("#clock-base", "5")
    page.click("#create")
    page.wait_for_url(f"{server.url}/tables/*")
    clock = page.locator('[data-clock="0"]')
    expect(clock).to_have_text("5:00")
    expect(clock).to_have_class("clock")  # no clock runs while the friend's seat is empty
    friend = new_context().new_page()
    friend.goto(f"{page.url.split('?')[0]}?seat=1")
    friend.fill("#join-name", "bob")
    friend.click("#join-take")
    expect(clock).to_have_class("clock running")
    first = clock.inner_text()
    assert first.startswith(("5:00", "4:5"))
    expect(clock).not_to_have_text(first, timeout=5_000)  # it counts down between two views
    expect(page.locator('[data-clock="1"]')).to_have_text("5:00")


def test_a_turn_based_table_from_the_lobby(server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.select_option("#game", "carcassonne")
    page.select_option("#seat-1", "bot:easy")
    expect(page.locator("#clock-hours-label")).to_be_hidden()
    page.select_option("#clock", "turn")
    expect(page.locator("#clock-hours-label")).to_contain_text("hours per move")
    page.select_option("#clock-hours", "12")
    page.click("#create")
    page.wait_for_url(f"{server.url}/tables/*")
    table = page.url.rsplit("/", 1)[1].split("?")[0]
    clock = http.get(f"{server.url}/api/tables/{table}").json()["settings"]["clock"]
    assert clock["kind"] == "turn" and clock["hours"] == 12
    # the human moves first or after the bot: either way a clock shows hours, as h:mm:ss
    expect(page.locator(".clock.running")).to_have_text(re.compile(r"^1[12]:\d\d:\d\d$"))


def test_a_seat_the_server_does_not_know_falls_back_to_watching(server: Server, context: BrowserContext) -> None:
    table = new_table(server.url, "carcassonne", ["human", "bot:easy"])
    seat_browser(context, server.url, table["id"], 0, "not-a-token", "carcassonne")
    page = context.new_page()
    page.goto(f"{server.url}/tables/{table['id']}")
    expect(page.locator("#status")).to_contain_text("no longer known")
    expect(page.locator("body")).to_have_attribute("data-seat", "")
    expect(page.locator("#connection")).to_have_attribute("data-status", "live")
    assert page.evaluate("localStorage.getItem('townhall.seats')") == "{}"
