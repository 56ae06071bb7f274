"""Turn mails (`townhall serve --smtp smtp://host:port`): when a turn-based table (clock kind
"turn") waits for a seat whose account has an email address, one mail tells its player.

The runner's change notices only queue the table here: a worker thread reads the table and sends,
off the request path, so a mail server that fails never turns a committed move into an error (it is
logged). A row of `th_turn_mails` marks each seat told, until it no longer decides: the mark is
stored before the mail goes, under its primary key, so a notice heard twice, a second process or a
restart sends no second mail for the same turn (at most one; a failed send is not retried).
"""

from __future__ import annotations

import logging
import queue
import smtplib
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from email.message import EmailMessage
from urllib.parse import urlsplit

from sqlalchemy import Engine, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from townhall.server.model import RUNNING
from townhall.server.storage import AccountRow, SeatRow, TableRow, TurnMailRow, utc_now
from townhall.server.words import _

log = logging.getLogger("townhall.server")
SENDER = "townhall@localhost"
SMTP_SECONDS = 10.0  # a mail server that does not answer within this is given up on (logged)


def smtp_address(url: str) -> tuple[str, int]:
    """(host, port) of `smtp://host:port` (port 25 when not given); ValueError otherwise."""
    parts = urlsplit(url)
    if parts.scheme != "smtp" or not parts.hostname:
        raise ValueError(f"an SMTP URL looks like smtp://host:port, not {url!r}")
    return parts.hostname, parts.port or 25


class TurnMails:
    """A worker thread that mails the players of turn-based tables when their turn comes."""

    def __init__(self, engine: Engine, url: str, writing: Callable[[], AbstractContextManager[object]]) -> None:
        self._engine = engine
        self._host, self._port = smtp_address(url)
        self._writing = writing
        self._tables: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="turn-mails", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._tables.put(None)
        self._thread.join(5)

    def notice(self, table_id: str, _state_id: int, _private_to: int | None) -> None:
        """A runner listener: the table changed (checked in the worker thread)."""
        self._tables.put(table_id)

    def _run(self) -> None:
        while (table_id := self._tables.get()) is not None:
            try:
                self.check(table_id)
            except Exception:
                log.exception("turn mails: table %s could not be checked", table_id)

    def check(self, table_id: str) -> None:
        """Mark and mail the seats newly deciding at the table; unmark those no longer deciding."""
        with Session(self._engine) as session:
            table = session.get(TableRow, table_id)
            if table is None:
                return
            clock = table.settings.get("clock")
            turn_based = table.status == RUNNING and isinstance(clock, dict) and clock.get("kind") == "turn"
            deciding = set(table.movers or ()) if turn_based else set()
            state_id, game = table.state_id, table.game
            rows = session.execute(
                select(SeatRow.seat, AccountRow.email)
                .join(AccountRow, AccountRow.id == SeatRow.account_id)
                .where(SeatRow.table_id == table_id, AccountRow.email.is_not(None))
            ).all()
            addresses: dict[int, str | None] = {row.seat: row.email for row in rows}
        with self._writing(), Session(self._engine) as session, session.begin():
            # a mark made at a newer state (by a quicker process) is not this reader's to remove
            session.execute(
                delete(TurnMailRow).where(
                    TurnMailRow.table_id == table_id,
                    TurnMailRow.seat.not_in(deciding),
                    TurnMailRow.state_id <= state_id,
                )
            )
        for seat in sorted(deciding):
            address = addresses.get(seat)
            if address and self._mark(table_id, seat, state_id):
                self._send(address, table_id, game)

    def _mark(self, table_id: str, seat: int, state_id: int) -> bool:
        """Whether this process marked the seat told now (not already told of this turn, and the
        table still at the state read: a stale reader leaves it to the next notice)."""
        try:
            with self._writing(), Session(self._engine) as session, session.begin():
                if session.scalar(select(TableRow.state_id).where(TableRow.id == table_id)) != state_id:
                    return False
                session.add(TurnMailRow(table_id=table_id, seat=seat, state_id=state_id, sent_at=utc_now()))
        except IntegrityError:
            return False  # told already (maybe by another process)
        return True

    def _send(self, address: str, table_id: str, game: str) -> None:
        message = EmailMessage()
        message["From"] = SENDER
        message["To"] = address
        message["Subject"] = _("Townhall: your move ({game})").format(game=game)
        message.set_content(_("A {game} table waits for your move: table {table}.").format(game=game, table=table_id))
        try:
            with smtplib.SMTP(self._host, self._port, timeout=SMTP_SECONDS) as smtp:
                smtp.send_message(message)
        except (OSError, smtplib.SMTPException) as error:
            log.warning("turn mails: no mail for table %s to %s (%s); the move stands", table_id, address, error)
