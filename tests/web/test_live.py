"""Two people at one table: an invite link seats a friend in a second browser, both see each
other's moves live, a reload returns to the same seat; hot-seat with the hand-over screen."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from tests.server.conftest import Server
from tests.web.table import TablePage, open_lobby_and_create, wait_until
from townhall import games

SHORT = {"antiquity": {"max_rounds": 2}}


def _join(context: BrowserContext, invite: str, name: str) -> TablePage:
    """Open an invite link in another browser and take the seat under `name`."""
    page = context.new_page()
    page.goto(invite)
    page.fill("#join-name", name)
    page.click("#join-take")
    table = TablePage(page)
    table.wait_loaded()
    return table


def _public_state_id(page_url: str) -> int:
    """The table's state id as a spectator sees it (a private step does not move it)."""
    base, table_id = page_url.split("/tables/", 1)
    found: int = httpx.get(f"{base}/api/tables/{table_id.split('?')[0]}", timeout=30).json()["state_id"]
    return found


def _one_move(table: TablePage, others: list[TablePage], rng: random.Random) -> None:
    """`table` plays one random legal action through the page; every other page sees it live, but
    for a private step (Antiquity's phase-2 plan), which no other page sees at all."""
    assert table.wait_turn_or_end(), "the game ended too early for this test"
    public_before = _public_state_id(table.page.url)
    before = {id(other): other.state_id for other in others}
    table.play(rng.choice(table.legal()))
    public = _public_state_id(table.page.url) > public_before
    for other in others:
        if public:
            wait_until(
                other.page, "after => Number(document.body.dataset.stateId) > after", before[id(other)], timeout=15
            )
        else:
            other.page.wait_for_timeout(300)
            assert other.state_id == before[id(other)], "another page saw a private step"


@pytest.mark.parametrize("game", games.shipped())
def test_an_invite_link_seats_a_friend_and_both_play_live(
    game: str, server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    rng = random.Random(f"live-{game}")
    ann_page = new_context().new_page()
    open_lobby_and_create(ann_page, server.url, game, ["me", "friend"], SHORT.get(game, {}))
    ann = TablePage(ann_page)
    ann.wait_loaded()
    invite = ann_page.locator('#scores .seat[data-seat="1"] .invite-link')
    link = invite.input_value()
    assert link.endswith("?seat=1")

    bob = _join(new_context(), link, "bob")
    bob_page = bob.page
    expect(bob_page.locator("body")).to_have_attribute("data-seat", "1")
    expect(ann_page.locator('#scores .seat[data-seat="1"] .name')).to_have_text("bob")  # live: the seat was taken
    expect(ann_page.locator("#scores .invite")).to_have_count(0)

    pages = {0: ann, 1: bob}
    moves = 0
    movers_seen: set[int] = set()
    while moves < 6 or len(movers_seen) < 2:
        mover = _deciding([ann, bob])
        seat = 0 if mover is ann else 1
        _one_move(mover, [pages[1 - seat]], rng)
        movers_seen.add(seat)
        moves += 1
        if moves == 3:  # a reload mid-game returns to the same seat, with the same view
            before = bob.state_id
            bob_page.reload()
            bob.wait_loaded()
            expect(bob_page.locator("body")).to_have_attribute("data-seat", "1")
            assert bob.state_id >= before
            expect(bob_page.locator("#join-form")).to_have_count(0)
    # each one's log names the other player's moves; the last moves stay marked on the board
    expect(ann_page.locator('#log li[data-player="1"]').first).to_be_attached()
    expect(bob_page.locator('#log li[data-player="0"]').first).to_be_attached()
    # (on a board in sheets, the last move may lie on a sheet not shown: its tab carries the mark)
    expect(ann_page.locator("#board .wb-last-move, #board .sheet-tab.has-last-move").first).to_be_attached()

    # the chat reaches the other side live, as text
    line = "<b>hello</b> & good luck"
    bob_page.fill("#chat-input", line)
    bob_page.press("#chat-input", "Enter")
    expect(ann_page.locator("#chat li").last).to_have_text(f"bob: {line}")
    expect(ann_page.locator("#chat li b")).to_have_count(1)  # the name only: the line's markup stays text


def test_after_a_lost_connection_the_page_reconnects_and_catches_up(
    sqlite_url: str, start_server: Callable[..., Server], new_context: Callable[..., BrowserContext]
) -> None:
    """The server dies (kill -9) and comes back on the same port: the page says so, reconnects,
    and shows the moves made meanwhile."""
    server = start_server(sqlite_url)
    rng = random.Random(7)
    ann_page = new_context().new_page()
    open_lobby_and_create(ann_page, server.url, "carcassonne", ["me", "friend"], {})
    ann = TablePage(ann_page)
    ann.wait_loaded()
    link = ann_page.locator("#scores .invite-link").input_value()
    bob = _join(new_context(), link, "bob")
    bob_page = bob.page
    _one_move(_deciding([ann, bob]), [ann, bob], rng)

    server.kill()
    expect(bob_page.locator("#connection")).to_have_attribute("data-status", "reconnecting")
    server.start()
    expect(bob_page.locator("#connection")).to_have_attribute("data-status", "live", timeout=15_000)
    expect(ann_page.locator("#connection")).to_have_attribute("data-status", "live", timeout=15_000)
    for _ in range(3):  # moves made now reach the other page over its new connection
        mover = _deciding([ann, bob])
        _one_move(mover, [ann if mover is bob else bob], rng)
    assert ann.state_id == bob.state_id


def _deciding(tables: list[TablePage]) -> TablePage:
    for _ in range(400):
        for table in tables:
            if table.page.locator("body").get_attribute("data-my-turn") == "yes":
                return table
        tables[0].page.wait_for_timeout(50)
    raise AssertionError("nobody is deciding")


@pytest.mark.parametrize(("game", "hidden"), [("my-city", True), ("carcassonne", False)])
def test_hot_seat_one_browser_holds_both_seats(
    game: str, hidden: bool, server: Server, context: BrowserContext
) -> None:
    """Two seats in one browser: the page turns to whichever is deciding, behind a hand-over screen
    when the game hides something from the other players."""
    rng = random.Random(f"hot-{game}")
    page = context.new_page()
    open_lobby_and_create(page, server.url, game, ["me", "me"], {})
    table = TablePage(page)
    table.wait_loaded()
    expect(page.locator("#scores .seat.mine")).to_have_count(2)
    seats_seen: set[str] = set()
    handovers = 0
    for _ in range(6):
        if not table.wait_turn_or_end():
            break  # everyone exited (a random My City player may)
        seats_seen.add(page.locator("body").get_attribute("data-seat") or "")
        table.play(rng.choice(table.legal()))
        wait_until(
            page,
            "() => Boolean(document.querySelector('#handover')) || document.body.dataset.status === 'over' || "
            "(document.body.dataset.myTurn === 'yes' && document.body.dataset.busy !== 'yes')",
        )
        if page.locator("#handover").count():
            handovers += 1
            page.click("#handover-ready")
    assert seats_seen == {"0", "1"}
    assert (handovers > 0) == hidden
