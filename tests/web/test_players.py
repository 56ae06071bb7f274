"""Players with names in the browser (issue 34), in Chromium: a seat kept for a player invited by
name from the lobby's form, their lobby's invitations and turns, a guest seeing the seat kept; a
player's page and a game's leaderboard after a rated game; the account's settings (password,
turn mails' address, deletion with a confirmation). Pictures at 1280x800 and on a phone go to
$TOWNHALL_PICTURES when it is set."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server
from tests.web.test_phone import PHONE

PASSWORD = "correct horse"
DESK = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(autouse=True, scope="module")
def patient() -> Iterator[None]:
    """These pages load a few lists each: on a loaded machine they take more than 5 s."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


def _picture(page: Page, name: str) -> None:
    folder = os.environ.get("TOWNHALL_PICTURES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _signed_in(context: BrowserContext, server: Server, prefix: str) -> str:
    """A new account, signed in in this browser (the context's cookie): its name."""
    name = f"{prefix}-{uuid.uuid4().hex[:6]}"
    answer = context.request.post(f"{server.url}/api/accounts", data={"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()
    return name


def _rated_game(server: Server, ann: BrowserContext, bob: BrowserContext) -> str:
    """A Carcassonne table of two accounts, bob resigning: a rated end (ann first)."""
    csrf = {
        name: ctx.request.get(f"{server.url}/api/session").json()["csrf"] for name, ctx in (("ann", ann), ("bob", bob))
    }
    made = ann.request.post(
        f"{server.url}/api/tables",
        data={"game": "carcassonne", "seats": ["human", "human"]},
        headers={"X-CSRF-Token": csrf["ann"]},
    )
    table = str(made.json()["id"])
    for seat, (who, ctx) in enumerate((("ann", ann), ("bob", bob))):
        taken = ctx.request.post(
            f"{server.url}/api/tables/{table}/seats/{seat}", data={"name": who}, headers={"X-CSRF-Token": csrf[who]}
        )
        assert taken.status == 201, taken.text()
    resigned = bob.request.post(
        f"{server.url}/api/tables/{table}/resign", data={}, headers={"X-CSRF-Token": csrf["bob"]}
    )
    assert resigned.status == 200, resigned.text()
    return table


def test_a_seat_kept_for_a_player_by_name(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    ann_context, bob_context = new_context(**DESK), new_context(**DESK)
    ann_name, bob_name = _signed_in(ann_context, server, "ann"), _signed_in(bob_context, server, "bob")
    ann = ann_context.new_page()
    ann.goto(f"{server.url}/")
    expect(ann.locator("#turns-box")).to_be_visible()
    ann.select_option("#game", "carcassonne")
    ann.select_option("#seat-1", "invite")
    expect(ann.locator("#invite-1")).to_be_visible()
    ann.click("#create")  # the name is asked first
    expect(ann).to_have_url(f"{server.url}/")
    ann.fill("#invite-1", "nobody-of-that-name")
    ann.click("#create")
    expect(ann.locator("#status")).to_contain_text("nobody here is called 'nobody-of-that-name'")
    ann.fill("#invite-1", bob_name.upper())  # names are compared case-folded
    ann.click("#create")
    ann.wait_for_url(f"{server.url}/tables/*")
    table = ann.url.split("/tables/")[1].split("?")[0]
    expect(ann.locator(f'#waiting li[data-kept="{bob_name}"]')).to_contain_text(f"Seat 2 is kept for {bob_name}")

    eve = new_context(**DESK).new_page()  # a guest sees the seat kept, and cannot take it
    eve.goto(f"{server.url}/")
    row = eve.locator(f'#open li[data-table="{table}"]')
    expect(row.locator(".kept")).to_contain_text(f"player 2 kept for {bob_name}")
    expect(row.locator(".kept a")).to_have_attribute("href", f"/players/{bob_name}")
    expect(row.locator("a.join")).to_have_count(0)
    eve.goto(f"{server.url}/tables/{table}?seat=1")
    eve.fill("#join-name", "eve")
    eve.click("#join-take")
    expect(eve.locator("#join-form")).to_contain_text(f"this seat is kept for {bob_name}")

    bob = bob_context.new_page()
    bob.goto(f"{server.url}/")
    invitation = bob.locator(f'#invitations li[data-table="{table}"]')
    expect(invitation).to_contain_text("take your seat (player 2)")
    expect(bob.locator("#turns li.empty")).to_have_text("No table waits for your move.")
    _picture(bob, "lobby-invited-1280")
    invitation.locator("a.join").click()
    bob.click("#join-take")
    expect(bob.locator("body")).to_have_attribute("data-seat", "1")

    ann.goto(f"{server.url}/")  # the game runs: ann (player 1) moves first, told through /ws/me
    turn = ann.locator(f'#turns li[data-table="{table}"]')
    expect(turn).to_contain_text("your move")
    expect(turn.locator("a")).to_have_text(f"Carcassonne · {table[:6]}")  # the game's title, not its name
    expect(ann.locator(f'#mine li[data-table="{table}"]')).to_contain_text("playing")
    bob.goto(f"{server.url}/")
    expect(bob.locator("#invitations li.empty")).to_be_visible()
    expect(bob.locator(f'#mine li[data-table="{table}"]')).to_be_visible()
    _picture(ann, "lobby-signed-in-1280")
    phone = new_context(**PHONE)
    _signed_in(phone, server, "pat")
    page = phone.new_page()
    page.goto(f"{server.url}/")
    page.select_option("#seat-1", "invite")
    page.fill("#invite-1", ann_name)
    expect(page.locator("#turns-box")).to_be_visible()
    _picture(page, "lobby-phone")


def test_a_players_page_and_the_leaderboard(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    ann, bob = new_context(**DESK), new_context(**DESK)
    ann_name, bob_name = _signed_in(ann, server, "ann"), _signed_in(bob, server, "bob")
    table = _rated_game(server, ann, bob)
    page = ann.new_page()
    page.goto(f"{server.url}/")
    # the lobby shows the account's rating on the card of the game it was rated at, and no other
    rating = page.locator('#game-cards li[data-game="carcassonne"] .my-rating')
    expect(rating).to_have_text(re.compile(r"^Your rating: -?\d+\.\d\d$"))
    expect(page.locator("#game-cards .my-rating")).to_have_count(1)
    shown = float(rating.inner_text().rsplit(" ", 1)[1])
    mine = page.evaluate("() => fetch('/api/me').then((r) => r.json())")
    assert shown == round(mine["ratings"]["carcassonne"]["rating"], 2)
    _picture(page, "lobby-rating-1280")
    page.click("#account-slot a.profile-link")
    expect(page.locator("#title")).to_have_text(ann_name)
    expect(page).to_have_title(f"{ann_name} · Townhall")
    ratings = page.locator("#ratings tbody tr")
    expect(ratings).to_have_count(1)
    expect(ratings.locator("td").nth(0)).to_have_text("Carcassonne")
    expect(ratings.locator("td").nth(2)).to_have_text("1")  # games
    expect(ratings.locator("td").nth(3)).to_have_text("1")  # wins
    recent = page.locator("#recent tbody tr")
    expect(recent).to_have_count(1)
    expect(recent.locator("td").nth(2)).to_have_text("1 of 2")
    expect(recent.locator("td").nth(3)).to_have_text(re.compile(r"^\+\d"))  # the winner's rating grew
    expect(recent.locator("a")).to_have_attribute("href", f"/tables/{table}")
    _picture(page, "profile-1280")

    ratings.locator("a").click()  # the game's leaderboard
    page.wait_for_url(f"{server.url}/leaderboard/carcassonne")
    expect(page.locator("#title")).to_have_text("Carcassonne: leaderboard")
    names = page.locator("#leaders tbody tr td:nth-child(2)")
    expect(names.filter(has_text=ann_name)).to_have_count(1)
    expect(names.filter(has_text=bob_name)).to_have_count(1)
    assert names.all_inner_texts().index(ann_name) < names.all_inner_texts().index(bob_name)  # the winner first
    _picture(page, "leaderboard-1280")
    page.select_option("#game", "my-city")
    page.wait_for_url(f"{server.url}/leaderboard/my-city")
    expect(page.locator("#leaders td.empty")).to_have_text("Nobody has played this game rated yet.")
    page.goto(f"{server.url}/leaderboard/carcassonne")
    page.locator("#leaders a", has_text=bob_name).click()
    expect(page.locator("#title")).to_have_text(bob_name)
    expect(page.locator("#recent tbody tr td").nth(2)).to_have_text("2 of 2")

    page.goto(f"{server.url}/players/nobody-of-that-name")
    expect(page.locator("#status")).to_have_text("Nobody here is called nobody-of-that-name.")
    japanese = new_context(locale="ja-JP", **PHONE).new_page()
    japanese.goto(f"{server.url}/players/{ann_name}")
    expect(japanese.locator("#recent tbody tr td").nth(2)).to_have_text("2人中1位")
    _picture(japanese, "profile-phone-ja")
    japanese.goto(f"{server.url}/leaderboard/carcassonne")
    expect(japanese.locator("#title")).to_have_text(re.compile("：ランキング$"))
    _picture(japanese, "leaderboard-phone-ja")


def test_the_account_settings(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    context = new_context(**DESK)
    name = _signed_in(context, server, "cy")
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.click("#account-slot a.settings-link")
    expect(page.locator("#title")).to_have_text("Account settings")

    page.fill("#password-form input[name=password]", "wrong password")
    page.fill("#password-form input[name=new-password]", "a new password")
    page.click("#password-form button[type=submit]")
    expect(page.locator("#password-form .status")).to_have_text("wrong name or password")
    page.fill("#password-form input[name=password]", PASSWORD)
    page.fill("#password-form input[name=new-password]", "a new password")
    page.click("#password-form button[type=submit]")
    expect(page.locator("#password-form .status")).to_have_text("Password changed. Your other browsers are signed out.")

    page.fill("#email-form input[name=email]", "cy@example.org")
    page.click("#email-form button[type=submit]")
    expect(page.locator("#email-form .status")).to_have_text("Saved: turn mails go to this address.")
    page.reload()
    expect(page.locator("#email-form input[name=email]")).to_have_value("cy@example.org")
    _picture(page, "settings-1280")

    page.fill("#delete-form input[name=delete-password]", "a new password")
    page.click("#delete-form button[type=submit]")
    expect(page.locator(".confirm-delete")).to_contain_text(f"Delete the account {name} for good?")
    page.click("#delete-no")  # nothing goes
    expect(page.locator(".confirm-delete")).to_be_hidden()
    assert context.request.get(f"{server.url}/api/me").status == 200
    page.click("#delete-form button[type=submit]")
    _picture(page, "settings-confirm-1280")
    page.click("#delete-yes")
    page.wait_for_url(f"{server.url}/")
    assert context.request.get(f"{server.url}/api/me").status == 401
    page.goto(f"{server.url}/account")
    expect(page.locator("#settings")).to_have_text("Sign in to change your account's settings.")
    expect(page.locator("#account-slot button.sign-in")).to_be_visible()

    phone = new_context(**PHONE)
    _signed_in(phone, server, "dee")
    small = phone.new_page()
    small.goto(f"{server.url}/account")
    expect(small.locator("#delete-form")).to_be_visible()
    _picture(small, "settings-phone")
