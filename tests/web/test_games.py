"""Each game played whole through the page against a bot: clicks on the board wherever an action
has a place there (buttons otherwise), the end screen, then the replay viewer."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import STATE_ABOVE, TablePage, open_lobby_and_create, play_to_end, wait_until
from townhall import games

# Short games where a game has an option for it; the bot is the random one (level easy).
SHORT: dict[str, dict[str, Any]] = {"antiquity": {"max_rounds": 2}}

# After how many of the human's actions the mid-game picture is taken (My City's random games are short).
MID_GAME = {"carcassonne": 14, "kutna-hora": 12, "my-city": 2, "antiquity": 8}


@pytest.mark.parametrize("game", games.shipped())
def test_a_whole_game_against_a_bot_by_clicks(game: str, server: Server, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table_id = open_lobby_and_create(page, server.url, game, ["me", "bot:easy"], SHORT.get(game, {}))
    table = TablePage(page)
    table.wait_loaded()
    expect(page.locator("#scores .seat.mine")).to_have_count(1)

    def shot(n: int) -> None:
        if n == MID_GAME.get(game, 4):
            screenshot(page, f"{game}-mid")

    on_board = play_to_end(table, random.Random(game), shot)
    assert on_board > 0, "no action was played on the board"
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(end.locator("tr[data-rank]")).to_have_count(2)
    expect(page.locator("#log li").first).to_be_visible()
    screenshot(page, f"{game}-end")
    assert not errors, errors

    page.click("#open-replay")
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("data-step", "0")
    steps = int(page.locator("#replay-step").get_attribute("max") or 0)
    assert steps > on_board
    page.click("#replay-next")
    expect(replay).to_have_attribute("data-step", "1")
    page.click("#replay-next")
    expect(replay).to_have_attribute("data-step", "2")
    page.click("#replay-prev")
    expect(replay).to_have_attribute("data-step", "1")
    page.click("#replay-play")
    # playing moves on by itself (a poll may land on any later step: it moves on a timer)
    wait_until(page, "() => Number(document.querySelector('#replay').dataset.step) >= 3", timeout=10)
    page.click("#replay-play")  # pause
    page.click("#replay-last")
    expect(replay).to_have_attribute("data-step", str(steps))
    assert table_id in page.url and not errors, errors


def test_keyboard_play_and_undo(server: Server, context: BrowserContext) -> None:
    """A placement made with the keyboard only (Tab to a highlighted cell, Enter, R, Enter), then
    taken back with Undo while the same player still decides."""
    page = context.new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    table = TablePage(page)
    table.wait_loaded()
    assert table.wait_turn_or_end()
    before = table.state_id
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.cell.target')"):
            break
    else:
        raise AssertionError("no highlighted cell is reachable by Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-stage", "orient")
    page.keyboard.press("r")  # the next legal rotation (the same one when there is only one)
    with page.expect_request(lambda r: r.url.split("?")[0].endswith("/actions")):
        page.keyboard.press("Enter")
    wait_until(page, STATE_ABOVE, before)
    placed = table.state_id
    expect(page.locator("#undo")).to_be_visible()
    page.click("#undo")
    wait_until(page, STATE_ABOVE, placed)
    expect(page.locator("#board")).to_have_attribute("data-stage", "idle")
    assert any(a.target and a.target.get("rotation") is not None for a in table.legal())  # placing again
    expect(page.locator("#undo")).to_be_hidden()
