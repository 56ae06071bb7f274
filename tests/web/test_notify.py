"""A signed-in player's waiting moves in the page (issue 34, notifications): the lobby's title and
header badge count the tables waiting for the account's move, pushed by `WS /ws/me`."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

from playwright.sync_api import APIRequestContext, BrowserContext, Route, expect

from tests.server.conftest import Server

PASSWORD = "correct horse"


def _register(request: APIRequestContext, server: Server) -> str:
    answer = request.post(
        f"{server.url}/api/accounts", data={"name": f"p-{uuid.uuid4().hex[:6]}", "password": PASSWORD}
    )
    assert answer.status == 201, answer.text()
    return str(answer.json()["csrf"])


def _play_until_other(request: APIRequestContext, server: Server, csrf: str, table: str, seat: int) -> None:
    for _ in range(20):
        view = request.get(f"{server.url}/api/tables/{table}").json()
        if seat not in view["to_move"]:
            return
        body = {"state_id": view["state_id"], "action": view["legal"][0]["json"]}
        moved = request.post(f"{server.url}/api/tables/{table}/actions", data=body, headers={"X-CSRF-Token": csrf})
        assert moved.status == 200, moved.text()
    raise AssertionError("the seat kept deciding")


def test_the_lobby_title_counts_the_moves_waiting(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    ann, bob = new_context(), new_context()
    ann_csrf, bob_csrf = _register(ann.request, server), _register(bob.request, server)
    made = ann.request.post(
        f"{server.url}/api/tables",
        data={"game": "carcassonne", "seats": ["human", "human"]},
        headers={"X-CSRF-Token": ann_csrf},
    )
    table = made.json()["id"]
    for context, seat, csrf in ((ann, 0, ann_csrf), (bob, 1, bob_csrf)):
        taken = context.request.post(
            f"{server.url}/api/tables/{table}/seats/{seat}", data={"name": "p"}, headers={"X-CSRF-Token": csrf}
        )
        assert taken.status == 201, taken.text()

    page = bob.new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("#account-slot .signed-in")).to_be_visible()
    badge = page.get_by_test_id("turns-badge")
    expect(badge).to_be_hidden()
    expect(page).not_to_have_title(re.compile(r"^\(\d+\)"))
    _play_until_other(ann.request, server, ann_csrf, table, 0)
    expect(page).to_have_title(re.compile(r"^\(1\) "), timeout=15000)
    expect(badge).to_have_text("1")
    expect(badge).to_have_attribute("href", f"/tables/{table}")
    _play_until_other(bob.request, server, bob_csrf, table, 1)
    expect(page).not_to_have_title(re.compile(r"^\(\d+\)"), timeout=15000)
    expect(badge).to_be_hidden()


def test_the_lobby_shows_an_invitation_without_reload(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    """The lobby's invitations follow `WS /ws/me`: its polls of GET /api/me are answered here without
    invitations after the first draw, so only the socket can show the new one."""
    ann, bob = new_context(), new_context()
    ann_csrf = _register(ann.request, server)
    bob_name = f"p-{uuid.uuid4().hex[:6]}"
    registered = bob.request.post(f"{server.url}/api/accounts", data={"name": bob_name, "password": PASSWORD})
    assert registered.status == 201, registered.text()
    page = bob.new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("#invitations li.empty")).to_be_visible()

    def without_invitations(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "invitations": []})

    page.route(re.compile(r"/api/me(\?.*)?$"), without_invitations)  # the page asks with ?lang=
    made = ann.request.post(
        f"{server.url}/api/tables",
        data={"game": "carcassonne", "seats": ["human", f"invite:{bob_name}"]},
        headers={"X-CSRF-Token": ann_csrf},
    )
    assert made.status == 201, made.text()
    table = made.json()["id"]
    invitation = page.locator(f'#invitations li[data-table="{table}"]')
    expect(invitation).to_contain_text("take your seat (player 2)", timeout=15000)
    taken = bob.request.post(
        f"{server.url}/api/tables/{table}/seats/1",
        data={"name": bob_name},
        headers={"X-CSRF-Token": str(registered.json()["csrf"])},
    )
    assert taken.status == 201, taken.text()
    expect(invitation).to_have_count(0, timeout=15000)
    expect(page.locator("#invitations li.empty")).to_be_visible()
