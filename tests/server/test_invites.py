"""Invitations by name (issue 34) against real `townhall serve` processes, on SQLite and on
PostgreSQL: a seat kept for an account when the table is made, taken by that account alone (signed
in), listed in its `GET /api/me` until taken, refused in player words to anyone else, an unknown
name refused, and a deleted account's seat freed."""

from __future__ import annotations

import httpx

from tests.server.client import http, new_table
from tests.server.conftest import Server
from tests.server.test_accounts import Browser, _name


def _invite(server: Server, name: str, lang: str = "en") -> httpx.Response:
    return http.post(
        f"{server.url}/api/tables?lang={lang}",
        json={"game": "carcassonne", "seats": ["human", f"invite:{name}"]},
    )


def test_only_the_invited_account_takes_the_seat(each_database_server: Server) -> None:
    server = each_database_server
    bob_name = _name()
    bob = Browser(server.url)
    assert bob.register(bob_name).status_code == 201
    made = _invite(server, bob_name.upper())  # names are compared case-folded
    assert made.status_code == 201, made.text
    table = made.json()
    assert [seat["invited"] for seat in table["seats"]] == [None, bob_name]
    assert table["status"] == "open"
    listed = next(t for t in http.get(f"{server.url}/api/tables").json() if t["id"] == table["id"])
    assert listed["seats"][1]["invited"] == bob_name
    assert bob.send("GET", "/api/me").json()["invitations"] == [
        {"table": table["id"], "game": "carcassonne", "seat": 1, "status": "open"}
    ]

    seat_path = f"/api/tables/{table['id']}/seats/1"
    guest = http.post(f"{server.url}{seat_path}", json={"name": "eve"})
    assert guest.status_code == 403, guest.text
    assert guest.json() == {
        "error": "not-invited",
        "message": f"this seat is kept for {bob_name}, who was invited: sign in as {bob_name} to take it",
    }
    in_japanese = http.post(f"{server.url}{seat_path}?lang=ja", json={"name": "eve"}).json()["message"]
    assert bob_name in in_japanese and "kept" not in in_japanese
    carol = Browser(server.url)
    assert carol.register(_name()).status_code == 201
    assert carol.send("POST", seat_path, {"name": "carol"}).json()["error"] == "not-invited"
    assert carol.send("GET", "/api/me").json()["invitations"] == []

    assert bob.send("PUT", "/api/me/email", {"email": "bob@example.org"}).status_code == 200
    assert bob.send("GET", "/api/me").json()["email"] == "bob@example.org"  # the settings page shows it
    taken = bob.send("POST", seat_path, {"name": bob_name})
    assert taken.status_code == 201, taken.text
    me = bob.send("GET", "/api/me").json()
    assert me["invitations"] == []
    assert me["tables"] == [{"table": table["id"], "game": "carcassonne", "seat": 1, "status": "open"}]
    assert bob.send("POST", seat_path, {"name": bob_name}).json()["error"] == "seat-taken"  # once only
    http.post(f"{server.url}/api/tables/{table['id']}/seats/0", json={"name": "ann"})
    view = bob.send("GET", f"/api/tables/{table['id']}").json()  # the account plays its seat with the cookie
    assert (view["seat"], view["status"]) == (1, "running")


def test_an_unknown_name_is_refused_in_player_words(each_database_server: Server) -> None:
    refused = _invite(each_database_server, "nobody-by-this-name")
    assert refused.status_code == 404, refused.text
    assert refused.json() == {
        "error": "player-not-found",
        "message": "nobody here is called 'nobody-by-this-name': check the name, or send a friend the table's link",
    }
    assert (
        _invite(each_database_server, "nobody-by-this-name", "zh-Hans").json()["message"] != (refused.json()["message"])
    )
    bad = new_table(each_database_server.url, "carcassonne", ["human", "bot:easy"])  # other seats as before
    assert [seat["invited"] for seat in bad["seats"]] == [None, None]


def test_a_deleted_accounts_seat_is_free_for_anyone(each_database_server: Server) -> None:
    server = each_database_server
    name = _name()
    dan = Browser(server.url)
    assert dan.register(name).status_code == 201
    table = _invite(server, name).json()
    assert dan.send("DELETE", "/api/me", {"password": "correct horse"}).status_code == 200
    summary = http.get(f"{server.url}/api/tables/{table['id']}").json()
    assert summary["seats"][1]["invited"] is None
    taken = http.post(f"{server.url}/api/tables/{table['id']}/seats/1", json={"name": "eve"})
    assert taken.status_code == 201, taken.text
