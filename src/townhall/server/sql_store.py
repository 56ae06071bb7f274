"""The SQL store: tables in SQLite or PostgreSQL through SQLAlchemy (schema in storage.py).

Steps go through `writer.py`'s group commit: each is its own conditional `UPDATE ... WHERE
state_id = :expected` plus its log row, many tables' steps sharing one transaction. SQLite has one
writer: this process's writes queue on a lock here instead of in SQLite's busy wait.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from dataclasses import asdict, fields
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Connection, Engine, select, text, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from townhall.engine.protocol import Json
from townhall.server import sql_daily, sql_ratings
from townhall.server.errors import SeatTaken, TableExists, TableNotFound
from townhall.server.model import (
    OPEN,
    OVER,
    RUNNING,
    ChatLine,
    Ending,
    Holder,
    Moved,
    Seat,
    Step,
    Stored,
    Table,
    Touched,
)
from townhall.server.storage import AccountRow, ChatRow, SeatRow, StepRow, TableRow
from townhall.server.store import CHAT_SHOWN, LOBBY_SHOWN, Started
from townhall.server.words import _
from townhall.server.writer import StepWriter

WRITERS = 4  # group-commit threads on PostgreSQL (SQLite has one writer)
TABLES = cast(SqlTable, TableRow.__table__)


class SqlStore:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._writer = threading.Lock() if engine.dialect.name == "sqlite" else None
        self._steps = StepWriter(engine, self._writing(), threads=1 if self._writer is not None else WRITERS)

    def create(self, table: Table, seats: list[Seat]) -> None:
        try:
            with self._writing(), Session(self._engine) as session, session.begin():
                session.add(TableRow(**asdict(table)))  # the row's columns are the model's fields
                session.flush()
                session.add_all(SeatRow(table_id=table.id, kind=seat.kind, **_columns(seat)) for seat in seats)
        except IntegrityError as error:  # the id is taken: one transaction made it first (a rematch)
            raise TableExists(_("table {table} exists").format(table=table.id)) from error

    def load(self, table_id: str) -> Stored:
        with Session(self._engine) as session:
            row = _row(session, table_id)
            steps = [
                Step(
                    state_id=r.state_id,
                    kind=r.kind,
                    player=r.player,
                    action=cast("dict[str, Json] | None", r.action),
                    chance=list(r.chance),
                    created_at=r.created_at,
                    private_to=r.private_to,
                )
                for r in session.scalars(select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.state_id))
            ]
            seats = [seat for _table_id, seat in _seats(session, SeatRow.table_id == table_id)]
            chat = session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(CHAT_SHOWN)
            ).all()
            lines = [ChatLine(seat=c.seat, name=c.name, text=c.text, at=c.created_at) for c in reversed(chat)]
            changes = sql_ratings.changes_of(session.connection(), table_id) if row.status == OVER else {}
            return Stored(table=_table(row), seats=seats, steps=steps, chat=lines, rating_changes=changes)

    def version(self, table_id: str) -> tuple[int, datetime]:
        with self._engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            found = connection.execute(
                select(TABLES.c.state_id, TABLES.c.updated_at).where(TABLES.c.id == table_id)
            ).first()
        if found is None:
            raise TableNotFound(_("there is no table {table!r}").format(table=table_id))
        return found.state_id, found.updated_at

    def append(self, table_id: str, expected: int, step: Step, moved: Moved) -> None:
        values: dict[str, Any] = {
            "state_id": step.state_id,
            "updated_at": moved.updated_at,
            "clock": moved.clock,
            "deadline": moved.deadline,
            "public_state_id": moved.public_state_id,
            "public_clock": moved.public_clock,
            "movers": list(moved.movers),
        }
        if moved.over:
            values["status"] = OVER
        row = {
            "table_id": table_id,
            "state_id": step.state_id,
            "kind": step.kind,
            "player": step.player,
            "action": step.action,
            "chance": step.chance,
            "created_at": moved.updated_at,
            "private_to": step.private_to,
        }
        ended, now = moved.ended, moved.updated_at
        then = None if ended is None else lambda connection: _ended(connection, table_id, ended, now)
        self._steps.write(table_id, expected, values, row, then)

    def rating_changes(self, table_id: str) -> dict[int, float]:
        with self._engine.connect() as connection:
            return sql_ratings.changes_of(connection, table_id)

    def take_seat(
        self, table_id: str, seat: int, holder: Holder, now: datetime, started: Started = (None, None)
    ) -> Touched:
        with self._writing(), Session(self._engine) as session, session.begin():
            # the table's row locked (PostgreSQL): two seats taken at once through two processes
            # are told apart, each `Touched.before` being the other's `after`
            row = _row(session, table_id, lock=True)
            seat_row = session.get(SeatRow, (table_id, seat))
            if seat_row is None:
                raise TableNotFound(
                    _("table {table} has no seat {seat} (seats 0-{last})").format(
                        table=table_id, seat=seat, last=row.num_players - 1
                    )
                )
            taken = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(name=holder.name, token_hash=holder.token_hash, account_id=holder.account_id)
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                raise SeatTaken(
                    (_("seat {seat} is a bot") if seat_row.kind == "bot" else _("seat {seat} is taken")).format(
                        seat=seat
                    )
                )
            free = session.scalars(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.kind == "human", SeatRow.token_hash.is_(None)
                )
            ).all()
            if not free and row.status == OPEN:
                row.status = RUNNING
                row.clock, row.deadline = started
                row.public_clock = row.clock
            before, row.updated_at = row.updated_at, now
            return Touched(state_id=row.state_id, status=row.status, before=before, after=now)

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        with Session(self._engine) as session:
            return session.scalar(
                select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.token_hash == token_hash)
            )

    def seat_of_account(self, table_id: str, account_id: str) -> int | None:
        with Session(self._engine) as session:
            return session.scalar(
                select(SeatRow.seat)
                .where(SeatRow.table_id == table_id, SeatRow.account_id == account_id)
                .order_by(SeatRow.seat)
                .limit(1)
            )

    def add_chat(self, table_id: str, seat: int, text: str, now: datetime) -> tuple[ChatLine, Touched]:
        with self._writing(), Session(self._engine) as session, session.begin():
            row = _row(session, table_id)
            seat_row = session.get(SeatRow, (table_id, seat))
            name = (seat_row.name if seat_row else None) or ""
            session.add(ChatRow(table_id=table_id, seat=seat, name=name, text=text, created_at=now))
            before, row.updated_at = row.updated_at, now
            touched = Touched(state_id=row.state_id, status=row.status, before=before, after=now)
        return ChatLine(seat=seat, name=name, text=text, at=now), touched

    def lobby(self) -> list[tuple[Table, list[Seat]]]:
        with Session(self._engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status != OVER, TableRow.chance_seed.is_(None))  # a daily's cards are the day's
                .order_by(TableRow.created_at.desc())
                .limit(LOBBY_SHOWN)
            ).all()
            seats: dict[str, list[Seat]] = {}
            if rows:
                for table_id, seat in _seats(session, SeatRow.table_id.in_([r.id for r in rows])):
                    seats.setdefault(table_id, []).append(seat)
            return [(_table(r), seats.get(r.id, [])) for r in rows]

    def overdue(self, now: float) -> list[str]:
        with Session(self._engine) as session:
            return list(
                session.scalars(select(TableRow.id).where(TableRow.deadline <= now, TableRow.status == RUNNING)).all()
            )

    def waiting_for(self, seats: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
        wanted = {table_id for table_id, _seat in seats}
        deciding: dict[str, set[int]] = {}
        with Session(self._engine) as session:
            for chunk in _chunks(sorted(wanted)):
                rows = session.execute(
                    select(TableRow.id, TableRow.movers).where(TableRow.id.in_(chunk), TableRow.status == RUNNING)
                )
                deciding.update((row.id, set(row.movers or ())) for row in rows)
        return [(table_id, seat) for table_id, seat in seats if seat in deciding.get(table_id, ())]

    def active(self) -> list[str]:
        with Session(self._engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status != OVER)).all())

    def reachable(self) -> bool:
        try:
            with self._engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def writing(self) -> contextlib.AbstractContextManager[object]:
        """Hold while writing: SQLite's one writer is queued for here (nothing on PostgreSQL)."""
        return self._writing()

    def _writing(self) -> contextlib.AbstractContextManager[object]:
        return self._writer if self._writer is not None else contextlib.nullcontext()


def _ended(connection: Connection, table_id: str, ending: Ending, now: datetime) -> None:
    """What a table's end writes in the transaction that stores it: ratings, a daily attempt's result."""
    sql_ratings.record(connection, table_id, ending, now)
    sql_daily.record(connection, table_id, ending, now)


def _chunks(ids: list[str], size: int = 500) -> list[list[str]]:
    """Ids a few hundred at a time: an IN list stays within every database's bound parameters."""
    return [ids[start : start + size] for start in range(0, len(ids), size)]


def _row(session: Session, table_id: str, lock: bool = False) -> TableRow:
    row = session.get(TableRow, table_id, with_for_update=lock)
    if row is None:
        raise TableNotFound(_("there is no table {table!r}").format(table=table_id))
    return row


SEAT_COLUMNS = tuple(field.name for field in fields(Seat) if field.name in SeatRow.__table__.c)  # all but `account`


def _columns(seat: Seat | SeatRow) -> dict[str, Any]:
    """A seat's stored fields: those th_seats has a column for."""
    return {name: getattr(seat, name) for name in SEAT_COLUMNS}


def _seats(session: Session, where: ColumnElement[bool]) -> list[tuple[str, Seat]]:
    """The seats found (table id, seat), in seat order, each with the name of the account holding
    it: joined from the accounts (none once deleted), never stored with the seat."""
    rows = session.execute(
        select(SeatRow, AccountRow.name)
        .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
        .where(where)
        .order_by(SeatRow.seat)
    )
    return [(row.table_id, Seat(**_columns(row), account=account)) for row, account in rows]


def _table(row: TableRow) -> Table:
    return Table(
        id=row.id,
        game=row.game,
        data_version=row.data_version,
        num_players=row.num_players,
        options=cast("dict[str, Json]", dict(row.options)),
        setup_chance=list(row.setup_chance),
        settings=cast("dict[str, Json]", dict(row.settings)),
        clock=cast("dict[str, Json] | None", row.clock),
        deadline=row.deadline,
        state_id=row.state_id,
        status=row.status,
        created_at=row.created_at,
        updated_at=row.updated_at,
        public_state_id=row.public_state_id,
        public_clock=cast("dict[str, Json] | None", row.public_clock),
        movers=None if row.movers is None else list(row.movers),
        chance_seed=row.chance_seed,
    )
