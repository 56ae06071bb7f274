"""Accounts (issue 34) against real `townhall serve` processes, on SQLite and on PostgreSQL:
registering, signing in and out, the session cookie and its CSRF token, a seat bound to an account
played from a second browser, a guest's seats kept when registering, the password changed, an
account deleted while its finished game keeps a "deleted player", and the sign-in rate limits."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.client import new_table, open_socket, sit
from tests.server.conftest import Server, database_of

PASSWORD = "correct horse"
SIGN_INS = 5  # a minute, per address and per name: each browser here has an address of its own


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with a low sign-in limit."""
    with database_of(request.param, tmp_path_factory) as url:
        started = Server(url, options=("--limit-sign-ins", f"{SIGN_INS}/min")).start()
        yield started
        started.stop()


def _address() -> str:
    """A client address of its own: uvicorn takes X-Forwarded-For from 127.0.0.1."""
    return ".".join(str(part) for part in (10, *uuid.uuid4().bytes[:3]))


class Browser:
    """One browser: its own cookie jar and address, and the CSRF token its page keeps once signed in."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30, headers={"X-Forwarded-For": _address()})
        self.csrf: str | None = None

    def send(self, method: str, path: str, body: Any = None, csrf: bool = True, **extra: Any) -> httpx.Response:
        headers = dict(extra.pop("headers", {}))
        if csrf and self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        return self.http.request(method, path, json=body, headers=headers, **extra)

    def sign_in(self, name: str, password: str = PASSWORD, path: str = "/api/session", **more: Any) -> httpx.Response:
        response = self.send("POST", path, {"name": name, "password": password, **more})
        if response.status_code in (200, 201):
            self.csrf = response.json()["csrf"]
        return response

    def register(self, name: str, password: str = PASSWORD, **more: Any) -> httpx.Response:
        return self.sign_in(name, password, "/api/accounts", **more)


def _name() -> str:
    return f"ann-{uuid.uuid4().hex[:8]}"


def _two_seats(base: str) -> str:
    return str(new_table(base, "carcassonne", ["human", "human"])["id"])


def test_register_sign_in_and_wrong_password(server: Server) -> None:
    name = _name()
    browser = Browser(server.url)
    registered = browser.register(name)
    assert registered.status_code == 201, registered.text
    assert registered.json()["name"] == name
    cookie = registered.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    me = browser.send("GET", "/api/me").json()
    assert (me["name"], me["ratings"], me["tables"], me["csrf"]) == (name, {}, [], browser.csrf)
    assert browser.send("GET", "/api/session").json() == {"name": name, "csrf": browser.csrf}
    assert Browser(server.url).send("GET", "/api/session").json() == {"name": None, "csrf": None}

    again = Browser(server.url).register(name.upper())
    assert (again.status_code, again.json()["error"]) == (409, "name-taken")
    short = Browser(server.url).register(_name(), "short")
    assert (short.status_code, short.json()["error"]) == (400, "bad-request")
    assert "8" in short.json()["message"]

    other = Browser(server.url)
    for wrong in ({"name": name, "password": "wrong password"}, {"name": _name(), "password": PASSWORD}):
        refused = other.send("POST", "/api/session", wrong)
        assert (refused.status_code, refused.json()["error"]) == (401, "bad-credentials")
        assert refused.json()["message"] == "wrong name or password"  # which of the two is never said
    signed = other.sign_in(name.upper())  # names are compared case-folded
    assert signed.status_code == 200 and signed.json()["name"] == name
    assert other.send("GET", "/api/me").json()["name"] == name
    assert Browser(server.url).send("GET", "/api/me").status_code == 401
    ja = Browser(server.url).send("GET", "/api/me?lang=ja").json()
    assert (ja["error"], ja["message"]) == ("not-signed-in", "先にログインしてください")


def test_changes_made_with_the_cookie_need_the_csrf_token(server: Server) -> None:
    browser = Browser(server.url)
    assert browser.register(_name()).status_code == 201
    body = {"game": "carcassonne", "seats": ["human", "human"]}
    for headers in ({}, {"X-CSRF-Token": "forged"}):
        refused = browser.send("POST", "/api/tables", body, csrf=False, headers=headers)
        assert (refused.status_code, refused.json()["error"]) == (403, "csrf-refused")
    assert browser.send("DELETE", "/api/session", csrf=False).status_code == 403
    assert (
        browser.send("PUT", "/api/me/password", {"password": PASSWORD, "new_password": "x" * 9}, csrf=False).status_code
        == 403
    )
    made = browser.send("POST", "/api/tables", body)
    assert made.status_code == 201, made.text
    # A seat token sent along with the cookie does not lift the check; without the cookie, guests play as before.
    guest = sit(server.url, made.json()["id"], 1, "guest")
    chat = f"/api/tables/{guest.table}/chat"
    refused = browser.send("POST", chat, {"text": "hi"}, csrf=False, headers=guest.headers)
    assert refused.status_code == 403
    assert httpx.post(server.url + chat, json={"text": "hi"}, headers=guest.headers).status_code == 201
    assert browser.send("GET", "/api/tables").status_code == 200  # reading needs no token


def test_a_seat_taken_signed_in_is_played_from_another_browser(server: Server) -> None:
    name = _name()
    first, second, stranger = Browser(server.url), Browser(server.url), Browser(server.url)
    assert first.register(name).status_code == 201
    table = _two_seats(server.url)
    taken = first.send("POST", f"/api/tables/{table}/seats/0", {"name": name})
    assert taken.status_code == 201
    guest = sit(server.url, table, 1, "guest")

    assert second.sign_in(name).status_code == 200
    view = second.send("GET", f"/api/tables/{table}").json()
    assert view["seat"] == 0  # no token: the account's seat
    assert stranger.register(_name()).status_code == 201
    assert stranger.send("GET", f"/api/tables/{table}").json()["seat"] is None  # another account watches
    if 0 not in view["to_move"]:
        answer = guest.act(view["state_id"], guest.view()["legal"][0]["json"])
        assert answer.status_code == 200, answer.text
        view = second.send("GET", f"/api/tables/{table}").json()
    moved = second.send(
        "POST", f"/api/tables/{table}/actions", {"state_id": view["state_id"], "action": view["legal"][0]["json"]}
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["state_id"] == view["state_id"] + 1 and moved.json()["seat"] == 0
    refused = stranger.send("POST", f"/api/tables/{table}/chat", {"text": "me too"})
    assert (refused.status_code, refused.json()["error"]) == (403, "not-seated")
    assert second.send("POST", f"/api/tables/{table}/chat", {"text": "from my phone"}).status_code == 201
    assert [t["table"] for t in second.send("GET", "/api/me").json()["tables"]] == [table]
    cookie = {"Cookie": f"townhall_session={second.http.cookies['townhall_session']}"}
    with open_socket(server.url, table, None, additional_headers=cookie) as socket:
        assert json.loads(socket.recv(timeout=30))["seat"] == 0  # the socket too: no token, the account's seat
    with open_socket(server.url, table, None) as socket:
        assert json.loads(socket.recv(timeout=30))["seat"] is None


def test_a_guest_who_registers_keeps_their_seats(server: Server) -> None:
    table = _two_seats(server.url)
    guest = sit(server.url, table, 0, "guest")
    other = sit(server.url, table, 1, "other")
    name = _name()
    browser = Browser(server.url)
    seats = [{"table": table, "token": guest.token}, {"table": table, "token": "not-a-token"}]
    assert browser.register(name, seats=seats).status_code == 201
    assert [(t["table"], t["seat"]) for t in browser.send("GET", "/api/me").json()["tables"]] == [(table, 0)]
    phone = Browser(server.url)
    assert phone.sign_in(name).status_code == 200
    assert phone.send("GET", f"/api/tables/{table}").json()["seat"] == 0
    assert guest.view()["seat"] == 0  # the token keeps working

    # A seat already held by an account stays with it: signing in with its token takes nothing.
    thief = Browser(server.url)
    assert thief.register(_name(), seats=[{"table": table, "token": guest.token}]).status_code == 201
    assert thief.send("GET", "/api/me").json()["tables"] == []
    # Signing in binds too.
    assert thief.send("DELETE", "/api/session").status_code == 200
    again = Browser(server.url)
    assert again.sign_in(name, seats=[{"table": table, "token": other.token}]).status_code == 200
    assert sorted(t["seat"] for t in again.send("GET", "/api/me").json()["tables"]) == [0, 1]


def test_sign_out_and_password_change(server: Server) -> None:
    name = _name()
    laptop, phone = Browser(server.url), Browser(server.url)
    assert laptop.register(name).status_code == 201
    assert phone.sign_in(name).status_code == 200
    cookie = phone.http.cookies.get("townhall_session")
    assert cookie

    wrong = laptop.send("PUT", "/api/me/password", {"password": "not mine at all", "new_password": "new password"})
    assert (wrong.status_code, wrong.json()["error"]) == (401, "bad-credentials")
    short = laptop.send("PUT", "/api/me/password", {"password": PASSWORD, "new_password": "tiny"})
    assert short.status_code == 400
    changed = laptop.send("PUT", "/api/me/password", {"password": PASSWORD, "new_password": "new password"})
    assert changed.status_code == 200, changed.text
    assert laptop.send("GET", "/api/me").status_code == 200  # this browser stays signed in
    assert phone.send("GET", "/api/me").status_code == 401  # the others are signed out
    assert Browser(server.url).sign_in(name).status_code == 401
    assert Browser(server.url).sign_in(name, "new password").status_code == 200

    out = laptop.send("DELETE", "/api/session")
    assert out.status_code == 200
    assert 'townhall_session=""' in out.headers["set-cookie"] or "max-age=0" in out.headers["set-cookie"].lower()
    assert laptop.send("GET", "/api/me").status_code == 401
    replayed = httpx.get(server.url + "/api/me", headers={"Cookie": f"townhall_session={cookie}"})
    assert replayed.status_code == 401  # the session is gone on the server, not only from the browser


def test_deleting_an_account_keeps_its_finished_games(server: Server) -> None:
    name = _name()
    browser = Browser(server.url)
    assert browser.register(name).status_code == 201
    table = _two_seats(server.url)
    assert browser.send("POST", f"/api/tables/{table}/seats/0", {"name": name}).status_code == 201
    sit(server.url, table, 1, "bob")
    assert browser.send("POST", f"/api/tables/{table}/chat", {"text": "good game"}).status_code == 201
    resigned = browser.send("POST", f"/api/tables/{table}/resign", {})
    assert resigned.status_code == 200 and resigned.json()["result"] is not None

    wrong = browser.send("DELETE", "/api/me", {"password": "not the password"})
    assert wrong.status_code == 401
    deleted = browser.send("DELETE", "/api/me", {"password": PASSWORD})
    assert deleted.status_code == 200, deleted.text
    assert browser.send("GET", "/api/me").status_code == 401
    assert Browser(server.url).sign_in(name).status_code == 401

    for language, shown in (("en", "deleted player"), ("ja", "削除されたプレイヤー")):
        view = httpx.get(f"{server.url}/api/tables/{table}", params={"lang": language}).json()
        assert [seat["name"] for seat in view["seats"]] == [shown, "bob"]
        assert view["result"] is not None
    view = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert name not in str(view)  # neither the seat nor its chat line names the account any more
    assert httpx.get(f"{server.url}/api/tables/{table}/record").status_code == 200
    assert Browser(server.url).register(name).status_code == 201  # the name is free again


def test_sign_ins_are_limited_per_address_and_per_name(server: Server) -> None:
    base, name = server.url, _name()

    def attempt(address: str, name: str, password: str, path: str = "/api/session") -> httpx.Response:
        body = {"name": name, "password": password}
        return httpx.post(base + path, json=body, headers={"X-Forwarded-For": address})

    home, other = _address(), _address()
    assert attempt(home, name, PASSWORD, "/api/accounts").status_code == 201  # registering counts too
    assert [attempt(home, name, PASSWORD).status_code for _ in range(SIGN_INS - 1)] == [200] * (SIGN_INS - 1)
    refused = attempt(home, name, PASSWORD)
    assert refused.status_code == 429 and refused.json()["error"] == "rate-limited"
    assert int(refused.headers["Retry-After"]) >= 1
    assert attempt(other, name, PASSWORD).status_code == 200  # another address is not limited

    # Refused passwords count per name, whatever the address: then even the right one waits.
    wrong = [attempt(_address(), name, "wrong password").status_code for _ in range(SIGN_INS)]
    assert wrong == [401] * SIGN_INS
    assert attempt(_address(), name, PASSWORD).status_code == 429
    assert attempt(_address(), _name(), PASSWORD).status_code == 401  # another name is not


def test_malformed_account_bodies_are_refused_in_words(server: Server) -> None:
    browser = Browser(server.url)
    assert browser.register(_name()).status_code == 201
    bad: list[Any] = [
        {"name": "", "password": PASSWORD},
        {"name": "a\x00b", "password": PASSWORD},
        {"name": "x" * 41, "password": PASSWORD},
        {"name": "ann", "password": "\ud800" * 9},
        {"name": "ann", "password": "p" * 201},
        {"name": "ann", "password": 12345678},
        {"name": "ann", "password": PASSWORD, "seats": [{"table": "../x", "token": "t"}]},
        {"name": "ann", "password": PASSWORD, "seats": [{"table": "t", "token": "\ud800"}]},
        {"name": "ann", "password": PASSWORD, "admin": True},
        [],
    ]
    for path in ("/api/accounts", "/api/session"):
        for body in bad:
            text = json.dumps(body)  # lone surrogates travel escaped, as a browser's JSON.stringify sends them
            answer = browser.send("POST", path, content=text, headers={"Content-Type": "application/json"})
            assert answer.status_code == 400, (path, body, answer.text)
            assert answer.json()["error"] == "bad-request"
    for method, path in (("PUT", "/api/me/password"), ("DELETE", "/api/me")):
        answer = browser.send(method, path, content="{", headers={"Content-Type": "application/json"})
        assert answer.status_code == 400, answer.text


def test_a_seat_names_the_account_holding_it(server: Server) -> None:
    """`account` is the account's own name (a signed-in player may type another at the seat), read
    from the seat taken and again from the stored seats; null for a guest, a bot, a deleted account."""
    name, later = _name(), _name()
    browser = Browser(server.url)
    assert browser.register(name).status_code == 201
    table = str(new_table(server.url, "carcassonne", ["human", "human", "bot:random"], bot_seconds=0.1)["id"])
    assert browser.send("POST", f"/api/tables/{table}/seats/0", {"name": "Captain"}).status_code == 201
    guest = sit(server.url, table, 1, "guest")

    def seats() -> list[tuple[str, str | None]]:
        view = httpx.get(f"{server.url}/api/tables/{table}").json()
        return [(seat["name"], seat["account"]) for seat in view["seats"]]

    assert seats()[:2] == [("Captain", name), ("guest", None)]
    assert seats()[2][1] is None  # the bot
    # The guest registers with their seat's token: the table is read again from the store.
    assert Browser(server.url).register(later, seats=[{"table": table, "token": guest.token}]).status_code == 201
    assert seats()[:2] == [("Captain", name), ("guest", later)]
    assert browser.send("DELETE", "/api/me", {"password": PASSWORD}).status_code == 200
    assert seats()[:2] == [("deleted player", None), ("guest", later)]


def test_a_campaign_seat_names_the_account_holding_it(server: Server) -> None:
    """A campaign's seat and its episodes' seats name the account (read again at each episode); no
    account once deleted."""
    name = _name()
    browser = Browser(server.url)
    assert browser.register(name).status_code == 201
    made = browser.send("POST", "/api/campaigns", {"players": 2, "seats": ["human", "bot:random"]})
    assert made.status_code == 201, made.text
    campaign = made.json()["id"]
    assert browser.send("POST", f"/api/campaigns/{campaign}/seats/0", {"name": "Captain"}).status_code == 201

    def accounts(path: str) -> list[str | None]:
        return [seat["account"] for seat in browser.send("GET", path).json()["seats"]]

    view = browser.send("GET", f"/api/campaigns/{campaign}").json()
    first = view["table"]
    assert accounts(f"/api/campaigns/{campaign}") == [name, None]
    assert accounts(f"/api/tables/{first}") == [name, None]
    assert browser.send("POST", f"/api/tables/{first}/resign", {}).status_code == 200
    for _wait in range(600):  # the next episode, once the seat's choices are made
        view = browser.send("GET", f"/api/campaigns/{campaign}").json()
        if view["decisions"]:
            choice = view["decisions"][0]["choices"][-1]["id"]
            assert browser.send("POST", f"/api/campaigns/{campaign}/choices", {"choice": choice}).status_code == 200
        elif view["table"] not in (None, first):
            break
        time.sleep(0.1)
    assert accounts(f"/api/tables/{view['table']}") == [name, None]
    assert browser.send("DELETE", "/api/me", {"password": PASSWORD}).status_code == 200
    assert accounts(f"/api/campaigns/{campaign}") == [None, None]
