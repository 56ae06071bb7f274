"""Safe clicks in the browser: a follower and My City's exit ask to confirm first (cancel keeps
the state, yes plays it), resign asks and ends the game, leave asks and hands the seat to the
server, a timeout move shows a notice on the seat's page, and a table whose second seat is empty
says whom it waits for (with the invite link) and moves nothing until the friend sits."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.server.client import new_table, sit
from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import Legal, TablePage, open_lobby_and_create, seat_browser, wait_until

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def _legal(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.townhall.page.view.legal")
    return found


def _as_legal(entry: dict[str, Any]) -> Legal:
    return Legal(entry["id"], entry["text"], entry["target"])


def _in_view(page: Page, selector: str) -> None:
    """The element is visible inside the viewport (not below the fold, not covered)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box, size)


def _ask_then_answer(table: TablePage, action: Legal, shot: str) -> None:
    """Choosing `action` asks first: cancel sends nothing and keeps the state; yes plays it."""
    page = table.page
    before, sent = table.state_id, table.sent
    table.choose(action)
    expect(page.locator("#confirm-bar")).to_be_visible()
    assert action.text in (page.locator("#confirm-question").text_content() or "") or action.target is None
    _in_view(page, "#confirm-yes")
    screenshot(page, shot)
    table.press("#confirm-no")
    expect(page.locator("#confirm-bar")).to_be_hidden()
    page.wait_for_timeout(300)
    assert table.sent == sent and table.state_id == before  # nothing was played
    table.choose(action)
    expect(page.locator("#confirm-bar")).to_be_visible()
    table.press("#confirm-yes")
    wait_until(page, "before => Number(document.body.dataset.stateId) > before", before)
    assert table.sent == sent + 1


def _carcassonne_follower(server: Server, context: BrowserContext, size: str) -> None:
    page = context.new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    table = TablePage(page, touch=size == "phone")
    table.wait_loaded()
    rng = random.Random(size)
    for _ in range(40):  # tiles until one leaves a place for a follower
        assert table.wait_turn_or_end()
        legal = _legal(page)
        deploys = [e for e in legal if e["json"]["kind"] == "deploy" and e["target"]]
        if deploys:
            _ask_then_answer(table, _as_legal(rng.choice(deploys)), f"confirm-follower-{size}")
            return
        kinds = {e["json"]["kind"] for e in legal}
        if kinds == {"skip"}:
            _ask_then_answer(table, _as_legal(legal[0]), f"confirm-no-follower-{size}")
            continue
        table.play(_as_legal(rng.choice([e for e in legal if e["json"]["kind"] == "place"])))
    raise AssertionError("no follower could be placed in 40 turns")


def test_a_follower_asks_to_confirm(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    for size, options in SIZES.items():
        _carcassonne_follower(server, new_context(**options), size)


def test_my_city_exit_asks_to_confirm(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    for size, options in SIZES.items():
        page = new_context(**options).new_page()
        open_lobby_and_create(page, server.url, "my-city", ["me", "bot:easy"], {})
        table = TablePage(page, touch=size == "phone")
        table.wait_loaded()
        assert table.wait_turn_or_end()
        exit_action = next(e for e in _legal(page) if e["json"]["kind"] == "exit")
        _ask_then_answer(table, _as_legal(exit_action), f"confirm-exit-{size}")
        assert not any(e["json"]["kind"] == "exit" for e in page.evaluate("() => window.townhall.page.view.legal"))


def test_resign_asks_and_ends_the_game(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    for size, options in SIZES.items():
        page = new_context(**options).new_page()
        open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
        table = TablePage(page, touch=size == "phone")
        table.wait_loaded()
        expect(page.locator("#resign")).to_be_visible()
        expect(page.locator("#leave")).to_be_visible()
        table.press("#resign")
        expect(page.locator("#confirm-question")).to_contain_text("you rank last")
        screenshot(page, f"confirm-resign-{size}")
        table.press("#confirm-no")
        page.wait_for_timeout(300)
        assert page.locator("body").get_attribute("data-status") == "running"
        table.press("#resign")
        table.press("#confirm-yes")
        expect(page.locator("body")).to_have_attribute("data-status", "over")
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#resign")).to_be_hidden()
        result = page.evaluate("() => window.townhall.page.view.result")
        assert result["reason"] == "forfeit-resign" and result["ranks"] == [2, 1]


def _create_timed(page: Page, base: str, seconds: int) -> str:
    """A Carcassonne table from the lobby: me, a friend by invite link, a clock per decision."""
    page.goto(f"{base}/")
    page.fill("#name", "ann")
    page.select_option("#game", "carcassonne")
    page.select_option("#players", "2")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "friend")
    page.select_option("#clock", "move")
    page.fill("#clock-seconds", str(seconds))
    page.click("#create")
    page.wait_for_url(f"{base}/tables/*")
    return page.url.rsplit("/", 1)[1].split("?")[0]


def test_a_table_waits_for_the_invited_friend(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    seconds = 5  # the lobby's shortest clock
    for size, options in SIZES.items():
        page = new_context(**options).new_page()
        table_id = _create_timed(page, server.url, seconds)
        table = TablePage(page, touch=size == "phone")
        table.wait_loaded()
        waiting = page.locator("#waiting")
        expect(waiting).to_be_visible()
        expect(waiting).to_contain_text("Waiting for 1 more player")
        _in_view(page, "[data-invite='1']")
        invite = page.locator("[data-invite='1']").input_value()
        assert invite.endswith(f"/tables/{table_id}?seat=1")
        assert page.locator("body").get_attribute("data-my-turn") == "no"
        assert page.locator("#offboard button, #action-list button").count() == 0
        screenshot(page, f"waiting-for-players-{size}")
        clocks = page.locator("[data-clock]").all_text_contents()
        if size == "desktop":  # longer than a decision's time: no move, no clock running
            page.wait_for_timeout((seconds + 1.5) * 1000)
        assert table.state_id == 0
        assert page.locator("[data-clock].running").count() == 0
        assert page.locator("[data-clock]").all_text_contents() == clocks
        friend = new_context(**options).new_page()
        friend.goto(invite)
        friend.fill("#join-name", "bob")
        friend.locator("#join-take").click()
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("body")).to_have_attribute("data-waiting", "0")
        expect(page.locator("body")).to_have_attribute("data-status", "running")
        expect(page.locator("[data-clock].running")).to_have_count(1)


def test_a_timeout_move_is_announced_on_the_seat_s_page(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    table = new_table(server.url, "carcassonne", ["human", "human"], clock={"kind": "move", "seconds": 2})
    players = [sit(server.url, table["id"], seat, name) for seat, name in enumerate(("ann", "bob"))]
    late = players[0].view()["to_move"][0]
    for size, options in SIZES.items():
        context = new_context(**options)
        seat_browser(context, server.url, table["id"], late, players[late].token, "carcassonne")
        page = context.new_page()
        page.goto(f"{server.url}/tables/{table['id']}")
        TablePage(page).wait_loaded()
        if size == "desktop":  # nobody moves: the clock runs out and the server plays for the seat
            expect(page.locator("#notice")).to_be_visible(timeout=20_000)
            expect(page.locator("#notice")).to_contain_text("Your time ran out")
            screenshot(page, f"timeout-notice-{size}")
        expect(page.locator("#log")).to_contain_text(f"{['ann', 'bob'][late]} ran out of time")


def test_leave_asks_and_hands_the_seat_to_the_server(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**DESKTOP).new_page()
    # the hard bot thinks a second a move: the log's window still holds the line when it is read
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:hard"], {})
    table = TablePage(page)
    table.wait_loaded()
    before = table.state_id
    table.press("#leave")
    expect(page.locator("#confirm-question")).to_contain_text("the server plays your seat")
    table.press("#confirm-yes")
    expect(page.locator("#turn")).to_contain_text("You left this game")
    expect(page.locator("#leave")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("ann left the game")
    expect(page.locator("#scores [data-seat='0'] .left-mark")).to_have_text("left: the server plays")
    wait_until(page, "before => Number(document.body.dataset.stateId) > before + 3", before)  # the server plays on
    assert page.locator("body").get_attribute("data-my-turn") == "no"
