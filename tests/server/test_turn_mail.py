"""Turn mails (issue 34, `townhall serve --smtp`) against real servers on SQLite and PostgreSQL and a
local SMTP server (aiosmtpd): a turn-based table mails the account whose move it is, once per turn
however often the table's change is heard (a chat line, a second checker on the same database); a
mail server that is down leaves the move committed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest

from tests.server.conftest import Server, database_of, free_port
from tests.server.test_accounts import Browser, _name
from tests.server.test_notify import play_until_other

aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd is in the dev extra")

TURN = {"kind": "turn", "hours": 24}


class Inbox:
    """What the local SMTP server received."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [mail for mail in self.mails if mail["To"] == address]


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    found, port = Inbox(), free_port()
    controller = aiosmtpd.Controller(found, hostname="127.0.0.1", port=port)
    controller.start()
    yield found, port
    controller.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def mailing(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, inbox: tuple[Inbox, int]
) -> Iterator[tuple[Server, Inbox]]:
    with database_of(request.param, tmp_path_factory) as url:
        started = Server(url, options=("--smtp", f"smtp://127.0.0.1:{inbox[1]}")).start()
        yield started, inbox[0]
        started.stop()


def _table(ann: Browser, bob: Browser, clock: dict[str, Any]) -> str:
    table = str(
        ann.send("POST", "/api/tables", {"game": "carcassonne", "seats": ["human", "human"], "clock": clock}).json()[
            "id"
        ]
    )
    assert ann.send("POST", f"/api/tables/{table}/seats/0", {"name": "ann"}).status_code == 201
    assert bob.send("POST", f"/api/tables/{table}/seats/1", {"name": "bob"}).status_code == 201
    return table


def _mails(inbox: Inbox, address: str, count: int, timeout: float = 10) -> list[Message]:
    """The mails to `address` once there are `count` (and a moment more, to see no extra one comes)."""
    end = time.monotonic() + timeout
    while len(inbox.to(address)) < count and time.monotonic() < end:
        time.sleep(0.05)
    time.sleep(0.5)
    return inbox.to(address)


def test_one_mail_per_turn(mailing: tuple[Server, Inbox]) -> None:
    server, inbox = mailing
    ann, bob = Browser(server.url), Browser(server.url)
    assert ann.register(_name()).status_code == 201 and bob.register(_name()).status_code == 201
    address = f"{_name()}@example.org"
    refused = bob.send("PUT", "/api/me/email", {"email": "not an address"})
    assert (refused.status_code, refused.json()["error"]) == (400, "bad-request")
    assert Browser(server.url).send("PUT", "/api/me/email", {"email": address}).status_code == 401
    assert bob.send("PUT", "/api/me/email", {"email": address}).status_code == 200

    table = _table(ann, bob, TURN)
    play_until_other(ann, table, 0)
    mails = _mails(inbox, address, 1)
    assert (
        len(mails) == 1 and table in mails[0].get_payload(decode=True).decode() and "carcassonne" in mails[0]["Subject"]
    )
    # The same turn heard again (a chat line notifies the table's listeners): no second mail.
    assert ann.send("POST", f"/api/tables/{table}/chat", {"text": "your move"}).status_code == 201
    assert bob.send("POST", f"/api/tables/{table}/chat", {"text": "thinking"}).status_code == 201
    assert len(_mails(inbox, address, 2, timeout=1)) == 1
    play_until_other(bob, table, 1)  # Bob's turn (maybe several steps) passes: no mail for those steps
    assert len(_mails(inbox, address, 2, timeout=1)) == 1
    play_until_other(ann, table, 0)
    assert len(_mails(inbox, address, 2)) == 2  # a new turn, a new mail

    # A table without a turn clock mails nobody.
    other = _table(ann, bob, {"kind": "none"})
    play_until_other(ann, other, 0)
    assert len(_mails(inbox, address, 3, timeout=1)) == 2


def test_a_second_checker_sends_nothing_more(mailing: tuple[Server, Inbox]) -> None:
    """Another process hearing the same change (here: a checker on the same database) sends no second mail."""
    from townhall.server.mail import TurnMails
    from townhall.server.sql_store import SqlStore
    from townhall.server.storage import connect

    server, inbox = mailing
    ann, bob = Browser(server.url), Browser(server.url)
    assert ann.register(_name()).status_code == 201 and bob.register(_name()).status_code == 201
    address = f"{_name()}@example.org"
    assert bob.send("PUT", "/api/me/email", {"email": address}).status_code == 200
    table = _table(ann, bob, TURN)
    play_until_other(ann, table, 0)
    assert len(_mails(inbox, address, 1)) == 1
    engine = connect(server.database)
    try:
        port = inbox_port(server)
        checker = TurnMails(engine, f"smtp://127.0.0.1:{port}", SqlStore(engine).writing)
        checker.check(table)
        checker.check(table)
    finally:
        engine.dispose()
    assert len(_mails(inbox, address, 2, timeout=1)) == 1


def inbox_port(server: Server) -> int:
    return int(server.options[1].rsplit(":", 1)[1])


def test_a_mail_server_down_leaves_the_move_committed(tmp_path_factory: pytest.TempPathFactory) -> None:
    with database_of("sqlite", tmp_path_factory) as url:
        server = Server(url, options=("--smtp", f"smtp://127.0.0.1:{free_port()}")).start()  # nobody listens there
        try:
            ann, bob = Browser(server.url), Browser(server.url)
            assert ann.register(_name()).status_code == 201 and bob.register(_name()).status_code == 201
            assert bob.send("PUT", "/api/me/email", {"email": "bob@example.org"}).status_code == 200
            table = _table(ann, bob, TURN)
            before = ann.send("GET", f"/api/tables/{table}").json()["state_id"]
            play_until_other(ann, table, 0)  # every move answered 200 (checked there)
            time.sleep(0.5)  # the failed send has happened (logged)
            after = bob.send("GET", f"/api/tables/{table}").json()
            assert after["state_id"] > before and 1 in after["to_move"]
            assert server.process is not None and server.process.poll() is None
        finally:
            server.stop()


def test_a_bad_smtp_url_is_refused_with_exit_2(tmp_path: Any) -> None:
    import subprocess
    import sys

    command = [sys.executable, "-m", "townhall.cli", "serve", "--database", f"sqlite:///{tmp_path / 'x.db'}"]
    refused = subprocess.run([*command, "--smtp", "mail.example.org"], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert "smtp://host:port" in refused.stderr
