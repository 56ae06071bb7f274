"""Ratings (issue 34) against real `townhall serve` processes, on SQLite and on PostgreSQL: a rated
game (every seat an account) moves both ratings exactly once, by resignation and by play to the
end; guest and bot tables rate nothing; the end sent many times at once, through two processes,
rates once; the profile, the leaderboard, `/api/me`'s ratings and `/api/me/turns`."""

from __future__ import annotations

import random
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from tests.server.client import Player, http, new_table, play_some, sit
from tests.server.conftest import Server
from tests.server.test_accounts import PASSWORD, Browser
from townhall import games
from townhall.server.model import Account
from townhall.server.runner import TableRunner
from townhall.server.sql_accounts import SqlAccounts
from townhall.server.sql_ratings import SqlRatings
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect, utc_now

GAME = "carcassonne"


def _signed(base: str) -> tuple[Browser, str]:
    name = f"r-{uuid.uuid4().hex[:10]}"
    browser = Browser(base)
    assert browser.register(name).status_code == 201
    return browser, name


def _rated_table(base: str, **extra: Any) -> tuple[str, list[tuple[Browser, str, str]]]:
    """A two-seat table whose seats are taken by two new accounts: (table, [(browser, name, token)])."""
    table = str(new_table(base, GAME, ["human", "human"], **extra)["id"])
    players = []
    for seat in range(2):
        browser, name = _signed(base)
        taken = browser.send("POST", f"/api/tables/{table}/seats/{seat}", {"name": name})
        assert taken.status_code == 201, taken.text
        players.append((browser, name, str(taken.json()["token"])))
    return table, players


def _profile(base: str, name: str) -> dict[str, Any]:
    response = http.get(f"{base}/api/players/{name}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def _rating(base: str, name: str) -> dict[str, Any] | None:
    found: dict[str, Any] | None = _profile(base, name)["ratings"].get(GAME)
    return found


def test_a_resigned_rated_game_moves_both_ratings_once(each_database_server: Server) -> None:
    base = each_database_server.url
    table, [(ann, ann_name, _), (bob, bob_name, _)] = _rated_table(base)
    assert _rating(base, ann_name) is None and ann.send("GET", "/api/me").json()["ratings"] == {}
    turns = [b.send("GET", "/api/me/turns").json()["tables"] for b in (ann, bob)]
    mover = ann.send("GET", f"/api/tables/{table}").json()["to_move"]
    assert mover == [0]
    assert turns == [[{"table": table, "game": GAME, "seat": 0}], []]  # waiting for ann, not for bob
    second = str(new_table(base, GAME, ["human", "human"])["id"])  # bob first this time
    for browser, name, seat in ((bob, bob_name, 0), (ann, ann_name, 1)):
        assert browser.send("POST", f"/api/tables/{second}/seats/{seat}", {"name": name}).status_code == 201
    turns = [b.send("GET", "/api/me/turns").json()["tables"] for b in (ann, bob)]
    assert turns == [[{"table": table, "game": GAME, "seat": 0}], [{"table": second, "game": GAME, "seat": 0}]]

    resigned = bob.send("POST", f"/api/tables/{table}/resign", {})
    assert resigned.status_code == 200, resigned.text
    view = resigned.json()
    assert view["result"]["ranks"] == [1, 2]
    up, down = view["rating_change"]
    assert up > 0 > down
    assert http.get(f"{base}/api/tables/{table}").json()["rating_change"] == [up, down]  # a spectator too

    ann_rating, bob_rating = _rating(base, ann_name), _rating(base, bob_name)
    assert ann_rating is not None and bob_rating is not None
    assert (ann_rating["games"], ann_rating["wins"], bob_rating["games"], bob_rating["wins"]) == (1, 1, 1, 0)
    assert ann_rating["rating"] == up and bob_rating["rating"] == down  # from 0, the ordinal of a new account
    assert ann.send("GET", "/api/me").json()["ratings"][GAME] == ann_rating
    [recent] = _profile(base, bob_name)["recent"]
    assert {k: recent[k] for k in ("game", "table", "rank", "players", "rating_change")} == {
        "game": GAME,
        "table": table,
        "rank": 2,
        "players": 2,
        "rating_change": down,
    }
    assert recent["date"]
    assert ann.send("GET", "/api/me/turns").json()["tables"] == []  # over: nobody's move
    assert [t["table"] for t in bob.send("GET", "/api/me/turns").json()["tables"]] == [second]

    # the end is stored once: resigning again is refused, and nothing moves
    again = ann.send("POST", f"/api/tables/{table}/resign", {})
    assert again.status_code == 409
    assert _rating(base, ann_name) == ann_rating and _rating(base, bob_name) == bob_rating

    board = http.get(f"{base}/api/games/{GAME}/leaderboard").json()
    names = [row["name"] for row in board["players"]]
    assert board["game"] == GAME and names.index(ann_name) < names.index(bob_name)
    assert http.get(f"{base}/api/games/nope/leaderboard").status_code == 404
    missing = http.get(f"{base}/api/players/nobody-{uuid.uuid4().hex[:6]}")
    assert (missing.status_code, missing.json()["error"]) == (404, "player-not-found")

    # a deleted account's ratings and results go with it; the other player's stay
    assert bob.send("DELETE", "/api/me", {"password": PASSWORD}).status_code == 200
    assert http.get(f"{base}/api/players/{bob_name}").status_code == 404
    assert bob_name not in [row["name"] for row in http.get(f"{base}/api/games/{GAME}/leaderboard").json()["players"]]
    assert _rating(base, ann_name) == ann_rating and len(_profile(base, ann_name)["recent"]) == 1


def test_guest_and_bot_tables_are_not_rated(each_database_server: Server) -> None:
    base = each_database_server.url
    ann, ann_name = _signed(base)
    guest_table = str(new_table(base, GAME, ["human", "human"])["id"])
    assert ann.send("POST", f"/api/tables/{guest_table}/seats/0", {"name": ann_name}).status_code == 201
    guest = sit(base, guest_table, 1, "guest")
    resigned = httpx.post(f"{base}/api/tables/{guest_table}/resign", json={}, headers=guest.headers)
    assert resigned.status_code == 200 and resigned.json()["result"]["ranks"] == [1, 2]
    assert resigned.json()["rating_change"] is None

    bot_table = str(new_table(base, GAME, ["human", "bot:random"], bot_seconds=0.2)["id"])
    assert ann.send("POST", f"/api/tables/{bot_table}/seats/0", {"name": ann_name}).status_code == 201
    resigned = ann.send("POST", f"/api/tables/{bot_table}/resign", {})
    assert resigned.status_code == 200 and resigned.json()["rating_change"] is None
    profile = _profile(base, ann_name)
    assert profile["ratings"] == {} and profile["recent"] == []


def test_the_end_sent_at_once_through_two_processes_rates_once(each_database_server: Server) -> None:
    base = each_database_server.url
    other = Server(each_database_server.database).start()  # a second process on the same database
    try:
        table, [(_a, ann_name, ann_token), (_b, bob_name, bob_token)] = _rated_table(base)
        resigns = [
            (server, token) for server in (base, other.url) for token in (ann_token, bob_token) for _ in range(3)
        ]
        with ThreadPoolExecutor(len(resigns)) as pool:
            answers = list(
                pool.map(
                    lambda sent: httpx.post(
                        f"{sent[0]}/api/tables/{table}/resign",
                        json={"state_id": 0},
                        headers={"Authorization": f"Bearer {sent[1]}"},
                        timeout=30,
                    ),
                    resigns,
                )
            )
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * (len(resigns) - 1), [a.text for a in answers]
        for name in (ann_name, bob_name):
            rating = _rating(base, name)
            assert rating is not None and rating["games"] == 1
            assert len(_profile(other.url, name)["recent"]) == 1
        ended = next(answer.json() for answer in answers if answer.status_code == 200)
        assert http.get(f"{other.url}/api/tables/{table}").json()["rating_change"] == ended["rating_change"]
    finally:
        other.stop()


def test_a_game_played_to_its_end_is_rated(each_database_server: Server) -> None:
    base = each_database_server.url
    table, players = _rated_table(base, options={"river": False})
    seated = [Player(base, table, seat, token) for seat, (_b, _n, token) in enumerate(players)]
    _moves, end = play_some(seated, random.Random(7))
    assert end["result"] is not None and end["result"]["reason"] != "forfeit-resign"
    changes = http.get(f"{base}/api/tables/{table}").json()["rating_change"]
    assert changes is not None and len(changes) == 2
    first = http.get(f"{base}/api/tables/{table}/steps/0").json()
    assert first["rating_change"] is None  # the replay shows the change at the end only
    last = http.get(f"{base}/api/tables/{table}/steps/{first['steps']}").json()
    assert last["rating_change"] == changes
    ranks = end["result"]["ranks"]
    for seat, (_b, name, _t) in enumerate(players):
        rating = _rating(base, name)
        assert rating is not None and rating["games"] == 1 and rating["wins"] == int(ranks[seat] == 1)
        assert rating["rating"] == changes[seat]
    if ranks[0] != ranks[1]:  # the winner gains more than the loser
        best = ranks.index(1)
        assert changes[best] > changes[1 - best]


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_tables_ending_at_once_with_the_same_players_all_count(database: str, request: pytest.FixtureRequest) -> None:
    """Two processes' runners (two stores on PostgreSQL) end four tables of ann and bob at once:
    each end moves the ratings once, none is lost to another (the rating rows are locked)."""
    url = request.getfixturevalue(f"{database}_url")
    engines = [connect(url) for _ in range(2 if database == "postgres" else 1)]  # SQLite: one process serves it
    stores = [SqlStore(engine) for engine in engines]
    runners = [TableRunner(store, games.get) for store in stores]
    accounts = SqlAccounts(engines[0], stores[0].writing)
    ids = []
    for name in ("ann", "bob"):
        account = Account(id=uuid.uuid4().hex, name=name, name_key=name, password_hash="-")
        accounts.add_account(account, utc_now())
        ids.append(account.id)
    tables = []
    for _ in range(4):
        table_id = runners[0].create(GAME, 2, {}, ["human", "human"], {})
        for seat in range(2):
            runners[0].seating.take_seat(table_id, seat, ("ann", "bob")[seat], ids[seat])
        tables.append(table_id)
    with ThreadPoolExecutor(8) as pool:
        ends = [
            pool.submit(runners[(n + again) % len(runners)].resign, table_id, n % 2)
            for n, table_id in enumerate(tables)
            for again in range(2)  # each end twice, through both processes: one is refused
        ]
        done = [future.exception() is None for future in ends]
    assert done.count(True) == len(tables)
    board = SqlRatings(engines[-1]).leaderboard(GAME)
    assert sorted((row["name"], row["games"], row["wins"]) for row in board) == [("ann", 4, 2), ("bob", 4, 2)]
    for table_id in tables:
        assert len(stores[1 % len(stores)].rating_changes(table_id)) == 2
