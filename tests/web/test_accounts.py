"""Accounts in the lobby (issue 34): a guest registers and keeps the seat this browser held; another
browser signs in to the same account and finds the table; the pages' changes carry the session's
CSRF token (a table made and a chat line sent while signed in); the other browser's table page
plays the account's seat without its token; signing out."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server

PASSWORD = "correct horse"


def _create(page: Page, server: Server) -> str:
    """A Carcassonne table with a friend's seat, made from the lobby: its id."""
    page.goto(f"{server.url}/")
    page.select_option("#game", "carcassonne")
    page.select_option("#seat-1", "friend")
    page.click("#create")
    page.wait_for_url(f"{server.url}/tables/*")
    expect(page.locator("body")).to_have_attribute("data-seat", "0")
    return page.url.split("/tables/")[1].split("?")[0]


def _account(page: Page, name: str, button: str) -> None:
    page.fill("#account-slot input[name=account-name]", name)
    page.fill("#account-slot input[name=password]", PASSWORD)
    page.click(f"#account-slot button.{button}")
    expect(page.locator("#account-slot .signed-in")).to_have_text(f"Signed in as {name}")


def test_sign_in_in_the_lobby_keeps_the_guest_seats_and_signs_the_pages_changes(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    name = f"ann-{uuid.uuid4().hex[:6]}"
    laptop = new_context().new_page()
    guest_table = _create(laptop, server)  # as a guest: the seat's token stays in this browser

    laptop.goto(f"{server.url}/")
    _account(laptop, name, "register")
    expect(laptop.locator("#name")).to_have_value(name)
    me = laptop.request.get(f"{server.url}/api/me").json()
    assert [t["table"] for t in me["tables"]] == [guest_table]

    signed_table = _create(laptop, server)  # the lobby's POSTs carry X-CSRF-Token, or this would be 403
    laptop.fill("#chat-input", "hello from my account")
    laptop.click("#chat-send")
    expect(laptop.locator("#chat")).to_contain_text("hello from my account")  # so do the table page's

    phone = new_context().new_page()
    phone.goto(f"{server.url}/")
    expect(phone.locator("#account-slot button.sign-in")).to_be_visible()
    _account(phone, name, "sign-in")
    tables = {t["table"] for t in phone.request.get(f"{server.url}/api/me").json()["tables"]}
    assert tables == {guest_table, signed_table}
    view = phone.request.get(f"{server.url}/api/tables/{signed_table}").json()
    assert view["seat"] == 0  # the account's seat, seen from a browser that holds no token
    phone.goto(f"{server.url}/tables/{signed_table}")
    expect(phone.locator("body")).to_have_attribute("data-seat", "0")  # its table page plays the seat
    phone.fill("#chat-input", "and from my phone")
    phone.click("#chat-send")
    expect(laptop.locator("#chat")).to_contain_text("and from my phone")
    phone.goto(f"{server.url}/")

    phone.click("#account-slot button.sign-out")
    expect(phone.locator("#account-slot button.sign-in")).to_be_visible()
    assert phone.request.get(f"{server.url}/api/me").status == 401
    assert laptop.request.get(f"{server.url}/api/me").status == 200  # only that browser signed out
