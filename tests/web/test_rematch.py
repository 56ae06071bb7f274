"""The end screen's Rematch button, in Chromium: each player's click takes their seat, one on, at
one new table, and the page moves there; the game starts once both are back."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from tests.server.client import http, new_table, sit
from tests.server.conftest import Server
from tests.web.table import wait_until
from tests.web.test_log_end import open_table


def test_both_players_click_rematch_and_meet_at_one_new_table(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    table = new_table(server.url, "carcassonne", ["human", "human"])
    ann, bob = sit(server.url, table["id"], 0, "ann"), sit(server.url, table["id"], 1, "bob")
    resigned = http.post(f"{server.url}/api/tables/{table['id']}/resign", json={}, headers=bob.headers)
    assert resigned.status_code == 200, resigned.text

    pages = []
    for player in (ann, bob):
        page = new_context().new_page()
        open_table(page, server.url, table["id"], {player.seat: player.token}, "carcassonne")
        expect(page.locator("#end #rematch")).to_have_text("Rematch")
        pages.append(page)
    watcher = new_context().new_page()  # a spectator is offered no rematch
    open_table(watcher, server.url, table["id"])
    expect(watcher.locator("#end")).to_be_visible()
    expect(watcher.locator("#rematch")).to_have_count(0)

    pages[0].click("#rematch")
    pages[0].wait_for_url(lambda url: "/tables/" in url and table["id"] not in url)
    new_id = pages[0].url.rsplit("/", 1)[1]
    assert new_id != table["id"]
    wait_until(pages[0], "() => Number(document.body.dataset.stateId || -1) >= 0")
    waiting = http.get(f"{server.url}/api/tables/{new_id}").json()
    assert waiting["status"] == "open" and [s["name"] for s in waiting["seats"]] == [None, "ann"]

    watcher.goto(f"{server.url}/")  # in the lobby the waiting rematch offers no seat to anyone else
    expect(watcher.locator(f'#open li[data-table="{new_id}"]')).to_be_visible()
    expect(watcher.locator(f'#open li[data-table="{new_id}"] a.join')).to_have_count(0)

    pages[1].click("#rematch")
    pages[1].wait_for_url(f"{server.url}/tables/{new_id}")
    started = http.get(f"{server.url}/api/tables/{new_id}", headers=bob.headers).json()
    assert started["status"] == "running" and started["seat"] == 0
    assert [s["name"] for s in started["seats"]] == ["bob", "ann"]
    # each browser holds its new seat (ann one on, at 1; bob at 0); the player to move is offered moves
    for page, seat in ((pages[0], "1"), (pages[1], "0")):
        wait_until(page, "seat => document.body.dataset.seat === seat", seat)
    mover = pages[0] if started["to_move"] == [1] else pages[1]
    wait_until(mover, "() => document.querySelectorAll('#action-list li').length > 0")
