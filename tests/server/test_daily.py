"""The daily challenge (issue 34) against real `townhall serve` processes, on SQLite and on
PostgreSQL: one shared board and card order a day (another the next day, the day moved by
`TOWNHALL_DAILY_DATE`), one attempt per account and day, guests unranked, the day's leaderboard
written with the table's end, never rated, and nothing of the day's cards before playing."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from tests.server.client import Player, http
from tests.server.conftest import Server, database_of
from tests.server.test_accounts import Browser, _name
from townhall.server.daily import TODAY
from townhall.server.storage import database_url

GAME = "my-city"
DAY, NEXT_DAY = "2026-03-01", "2026-03-02"
Choose = Callable[[list[dict[str, Any]]], dict[str, Any]]


def _serve(url: str, day: str) -> Server:
    """A server whose today is `day` (the process reads it from its environment)."""
    before = os.environ.get(TODAY)
    os.environ[TODAY] = day
    try:
        return Server(url).start()
    finally:
        if before is None:
            del os.environ[TODAY]
        else:
            os.environ[TODAY] = before


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with database_of(request.param, tmp_path_factory) as url:
        yield url


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[Server]:
    started = _serve(database, DAY)
    yield started
    started.stop()


def _signed(base: str) -> tuple[Browser, str]:
    browser, name = Browser(base), _name()
    assert browser.register(name).status_code == 201
    return browser, name


def _start(browser: Browser) -> Player:
    response = browser.send("POST", f"/api/daily/{GAME}", {})
    assert response.status_code == 201, response.text
    started = response.json()
    return Player(str(browser.http.base_url).rstrip("/"), started["id"], started["seat"], started["token"])


def _first(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[0]


def _play(player: Player, choose: Choose) -> dict[str, Any]:
    """The attempt played to its end; its last view."""
    view = player.view()
    while view["result"] is None:
        response = player.act(view["state_id"], choose(view["legal"])["json"])
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def _seeds(url: str) -> dict[str, int]:
    engine = create_engine(database_url(url))
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT day, seed FROM th_daily WHERE game = :g"), {"g": GAME}).all()
    finally:
        engine.dispose()
    return {str(day): int(seed) for day, seed in rows}


def test_one_board_and_card_order_a_day_and_another_the_next_day(server: Server, database: str) -> None:
    base = server.url
    (ann, ann_name), (bob, _) = _signed(base), _signed(base)
    first, second = _start(ann), _start(bob)
    start_a, start_b = first.view(), second.view()
    assert start_a["board"] == start_b["board"] and start_a["observation"] == start_b["observation"]
    assert start_a["players"] == 1 and start_a["settings"]["rated"] is False
    end_a, end_b = _play(first, _first), _play(second, _first)
    cards = end_a["observation"]["revealed_cards"]
    assert end_b["observation"]["revealed_cards"] == cards and len(cards) > 3
    # a third player's other choices meet the same cards, in the same order, as long as they play
    other = _play(_start(_signed(base)[0]), lambda legal: random.Random(len(legal)).choice(legal))
    theirs = other["observation"]["revealed_cards"]
    shared = min(len(theirs), len(cards))
    assert theirs[:shared] == cards[:shared] and shared > 1

    tomorrow = _serve(database, NEXT_DAY)
    try:
        today = http.get(f"{tomorrow.url}/api/daily/{GAME}").json()
        assert today["date"] == NEXT_DAY and today["played"] == 0
        again = Browser(tomorrow.url)
        assert again.sign_in(ann_name).status_code == 200  # yesterday's attempt: a new one today
        next_day = _play(_start(again), _first)
        assert next_day["observation"]["revealed_cards"] != cards
        assert next_day["board"] != end_a["board"]  # the day's board is another too
    finally:
        tomorrow.stop()
    seeds = _seeds(database)
    assert set(seeds) >= {DAY, NEXT_DAY} and seeds[DAY] != seeds[NEXT_DAY]


def test_one_attempt_per_account_a_day_guests_unranked(server: Server) -> None:
    base = server.url
    ann, _ = _signed(base)
    before = http.get(f"{base}/api/daily/{GAME}").json()
    attempt = _start(ann)
    mine = ann.send("GET", f"/api/daily/{GAME}").json()["mine"]
    assert mine == {"table": attempt.table, "over": False, "score": None}
    again = ann.send("POST", f"/api/daily/{GAME}", {})
    assert again.status_code == 409 and again.json()["error"] == "daily-played"
    assert "today's challenge" in again.json()["message"]
    japanese = ann.send("POST", f"/api/daily/{GAME}", {}, headers={"Accept-Language": "ja"})
    assert japanese.status_code == 409 and "today" not in japanese.json()["message"]  # in Japanese
    for _ in range(2):  # a guest may play as often as they like
        guest = http.post(f"{base}/api/daily/{GAME}", json={"name": "guest"})
        assert guest.status_code == 201, guest.text
        assert http.get(f"{base}/api/tables/{guest.json()['id']}").json()["seats"][0]["name"] == "guest"
    after = http.get(f"{base}/api/daily/{GAME}").json()
    assert after["played"] == before["played"] + 3 and after["mine"] is None  # a guest has none
    # resigning ends the attempt without a score: it stays the day's one attempt, not ranked
    resigned = http.post(f"{base}/api/tables/{attempt.table}/resign", json={}, headers=attempt.headers)
    assert resigned.status_code == 200, resigned.text
    assert ann.send("GET", f"/api/daily/{GAME}").json()["mine"] == {"table": attempt.table, "over": True, "score": None}
    assert ann.send("POST", f"/api/daily/{GAME}", {}).status_code == 409


def test_the_days_leaderboard_ranks_accounts_by_score_never_rated(server: Server) -> None:
    base = server.url
    players = [_signed(base) for _ in range(3)]
    scores = {}
    for n, (browser, name) in enumerate(players):
        end = _play(_start(browser), lambda legal, n=n: random.Random(n * 7 + len(legal)).choice(legal))
        scores[name] = end["result"]["scores"][0]
        assert end["rating_change"] is None
        assert browser.send("GET", "/api/me").json()["ratings"] == {}  # never rated
        assert browser.send("GET", f"/api/daily/{GAME}").json()["mine"]["score"] == scores[name]
    guest = http.post(f"{base}/api/daily/{GAME}", json={"name": "guest-player"}).json()
    _play(Player(base, guest["id"], 0, guest["token"]), _first)
    board = http.get(f"{base}/api/daily/{GAME}/leaderboard", params={"date": DAY}).json()
    assert board["date"] == DAY and board["game"] == GAME
    listed = board["players"]
    assert "guest-player" not in {row["name"] for row in listed}
    assert [row["score"] for row in listed] == sorted((row["score"] for row in listed), reverse=True)
    for n, row in enumerate(listed):  # ties share a rank; otherwise the rank is the place
        assert row["rank"] == (listed[n - 1]["rank"] if n and row["score"] == listed[n - 1]["score"] else n + 1)
    ours = {row["name"]: row["score"] for row in listed if row["name"] in scores}
    assert ours == scores
    # a rematch of a finished attempt is an ordinary table: the same board, fresh cards, unranked
    last = players[-1][0]
    table = last.send("GET", f"/api/daily/{GAME}").json()["mine"]["table"]
    again = last.send("POST", f"/api/tables/{table}/rematch", {})
    assert again.status_code == 201, again.text
    rematch = http.get(f"{base}/api/tables/{again.json()['id']}").json()
    assert "daily" not in rematch["settings"] and rematch["players"] == 1
    assert http.get(f"{base}/api/daily/{GAME}/leaderboard", params={"date": "2020-01-01"}).json()["players"] == []
    today = http.get(f"{base}/api/daily/{GAME}").json()
    assert today["finished"] == len(listed)


def test_nothing_of_the_days_cards_before_playing(server: Server, database: str) -> None:
    base = server.url
    ann, _ = _signed(base)
    shown = ann.send("GET", f"/api/daily/{GAME}")
    assert shown.status_code == 200
    today = shown.json()
    assert set(today) == {"game", "date", "players", "options", "played", "finished", "mine"}
    assert today["date"] == DAY and today["players"] == 1 and today["options"]["mode"] == "evergreen"
    seed = _seeds(database)[DAY]
    assert str(seed) not in shown.text and "card" not in shown.text and "chance" not in shown.text
    assert str(seed) not in http.get(f"{base}/api/daily/{GAME}/leaderboard").text
    attempt = _start(ann)
    view = http.get(f"{base}/api/tables/{attempt.table}", headers=attempt.headers)
    assert str(seed) not in view.text
    # nobody watches another's attempt from the lobby: its cards are everyone's of the day
    assert attempt.table not in {table["id"] for table in http.get(f"{base}/api/tables").json()}


def test_games_without_a_daily_and_bad_days_are_refused_in_words(server: Server) -> None:
    base = server.url
    games = {g["name"]: g["daily"] for g in http.get(f"{base}/api/games").json()}
    assert games[GAME] is True and not all(games.values())
    other = next(name for name, has in games.items() if not has)
    for method in ("GET", "POST"):
        refused = http.request(method, f"{base}/api/daily/{other}")
        assert refused.status_code == 404 and refused.json()["error"] == "no-daily"
        assert "daily challenge" in refused.json()["message"] and other not in refused.json()["message"]
    assert http.get(f"{base}/api/daily/no-such-game").status_code == 404
    bad = http.get(f"{base}/api/daily/{GAME}/leaderboard", params={"date": "2026-13-01"})
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.json()["message"]
    assert http.get(f"{base}/api/daily/{GAME}/leaderboard", params={"date": "yesterday"}).status_code == 400
