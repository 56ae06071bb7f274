"""The pages run under the server's Content-Security-Policy (own scripts and styles only, no
framing): the lobby creates a table, the table plays over its websocket, nothing is refused."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, ConsoleMessage, expect

from tests.server.conftest import Server
from tests.web.conftest import csp_refusals
from tests.web.table import STATE_ABOVE, TablePage, open_lobby_and_create, wait_until


def test_the_pages_play_under_their_content_security_policy(
    server: Server, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    messages: list[ConsoleMessage] = []
    page.on("console", lambda message: messages.append(message))
    lobby = page.goto(f"{server.url}/")
    assert lobby is not None and "script-src 'self'" in lobby.headers["content-security-policy"]
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    table = TablePage(page)
    table.wait_loaded()
    expect(page.locator("#connection")).to_have_attribute("data-status", "live")
    rng = random.Random(3)
    for _ in range(3):  # the bot's answers come back over the websocket
        assert table.wait_turn_or_end()
        before = table.state_id
        table.play(rng.choice(table.legal()))
        wait_until(page, STATE_ABOVE, before)
    # styles set by the scripts (seat colours) apply: the CSSOM is not refused
    swatch = page.locator("#scores .swatch").first
    assert swatch.evaluate("el => getComputedStyle(el).backgroundColor") not in ("", "rgba(0, 0, 0, 0)")
    page.screenshot(path=str(tmp_path / "table-under-csp.png"))
    assert csp_refusals(messages) == []
    errors = [(m.text, m.location["url"]) for m in messages if m.type == "error"]
    assert [e for e in errors if not e[1].endswith("/favicon.ico")] == []  # the site has no icon (404)
