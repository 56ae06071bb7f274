"""Accounts and sessions in SQLite or PostgreSQL (schema in storage.py, migration 0006): the
`AccountStore` of `townhall serve`. Writes queue on the table store's SQLite writer lock."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import ColumnElement, Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from townhall.engine.protocol import Json
from townhall.server.errors import NameTaken
from townhall.server.model import GONE, OPEN, RUNNING, Account, SignedIn
from townhall.server.storage import AccountRow, ChatRow, SeatRow, SessionRow, TableRow
from townhall.server.words import _


class SqlAccounts:
    def __init__(self, engine: Engine, writing: Callable[[], contextlib.AbstractContextManager[object]]) -> None:
        self._engine = engine
        self._writing = writing

    def add_account(self, account: Account, now: datetime) -> None:
        try:
            with self._writing(), Session(self._engine) as session, session.begin():
                session.add(
                    AccountRow(
                        id=account.id,
                        name=account.name,
                        name_key=account.name_key,
                        password_hash=account.password_hash,
                        created_at=now,
                    )
                )
        except IntegrityError:  # the unique case-folded name, checked by the database itself
            raise NameTaken(_("the name {name!r} is taken").format(name=account.name)) from None

    def account_named(self, name_key: str) -> Account | None:
        with Session(self._engine) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
            if row is None:
                return None
            return Account(
                id=row.id, name=row.name, name_key=row.name_key, password_hash=row.password_hash, email=row.email
            )

    def set_password(self, account_id: str, password_hash: str) -> None:
        with self._writing(), Session(self._engine) as session, session.begin():
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))

    def set_email(self, account_id: str, email: str | None) -> None:
        with self._writing(), Session(self._engine) as session, session.begin():
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(email=email))

    def add_session(self, id_hash: str, account_id: str, csrf: str, now: datetime, expires_at: datetime) -> None:
        with self._writing(), Session(self._engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.expires_at <= now))  # the old ones go as new ones come
            session.add(
                SessionRow(id_hash=id_hash, account_id=account_id, csrf=csrf, created_at=now, expires_at=expires_at)
            )

    def session(self, id_hash: str, now: datetime) -> SignedIn | None:
        with Session(self._engine) as session:
            found = session.execute(
                select(SessionRow.account_id, SessionRow.csrf, AccountRow.name)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.id_hash == id_hash, SessionRow.expires_at > now)
            ).first()
        if found is None:
            return None
        return SignedIn(account_id=found.account_id, name=found.name, csrf=found.csrf, id_hash=id_hash)

    def drop_sessions(self, account_id: str, keep: str | None = None) -> None:
        with self._writing(), Session(self._engine) as session, session.begin():
            session.execute(
                delete(SessionRow).where(SessionRow.account_id == account_id, SessionRow.id_hash != (keep or ""))
            )

    def drop_session(self, id_hash: str) -> None:
        with self._writing(), Session(self._engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    def bind_seats(self, account_id: str, seats: list[tuple[str, str]], now: datetime) -> list[str]:
        changed: list[str] = []
        with self._writing(), Session(self._engine) as session, session.begin():
            for table_id, token_hash in seats:
                bound = session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.token_hash == token_hash, SeatRow.account_id.is_(None))
                    .values(account_id=account_id)
                )
                if bound.rowcount:  # type: ignore[attr-defined]
                    _touch(session, table_id, now)
                    changed.append(table_id)
        return changed

    def tables_of(self, account_id: str) -> list[dict[str, Json]]:
        return self._seats_where(SeatRow.account_id == account_id)

    def invitations(self, account_id: str) -> list[dict[str, Json]]:
        return self._seats_where(
            SeatRow.invited_id == account_id, SeatRow.token_hash.is_(None), TableRow.status == OPEN
        )

    def _seats_where(self, *where: ColumnElement[bool]) -> list[dict[str, Json]]:
        """`{"table", "game", "seat", "status"}` of the seats found, newest table first (at most 200)."""
        with Session(self._engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.game, TableRow.status, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(*where)
                .order_by(TableRow.created_at.desc(), SeatRow.seat)
                .limit(200)
            ).all()
        return [{"table": r.id, "game": r.game, "seat": r.seat, "status": r.status} for r in rows]

    def playing(self, account_id: str) -> list[tuple[str, str, int]]:
        with Session(self._engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.game, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == account_id, TableRow.status == RUNNING)
                .order_by(TableRow.created_at.desc(), SeatRow.seat)
            ).all()
        return [(r.id, r.game, r.seat) for r in rows]

    def delete_account(self, account_id: str, deleted_name: str, now: datetime) -> list[str]:
        with self._writing(), Session(self._engine) as session, session.begin():
            seats = session.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id)
            ).all()
            for table_id, seat in seats:
                session.execute(
                    update(ChatRow).where(ChatRow.table_id == table_id, ChatRow.seat == seat).values(name=deleted_name)
                )
            session.execute(
                update(SeatRow).where(SeatRow.account_id == account_id).values(account_id=GONE, name=deleted_name)
            )
            invited = session.execute(select(SeatRow.table_id).where(SeatRow.invited_id == account_id)).scalars().all()
            session.execute(  # a seat kept for the account is free for anyone now
                update(SeatRow).where(SeatRow.invited_id == account_id).values(invited_id=None, invited_name=None)
            )
            tables = sorted({table_id for table_id, _seat in seats} | set(invited))
            for table_id in tables:
                _touch(session, table_id, now)
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            session.execute(delete(AccountRow).where(AccountRow.id == account_id))
        return tables


def _touch(session: Session, table_id: str, now: datetime) -> None:
    """A table's last change moves on: every process's cached copy is rebuilt before its next view."""
    session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=now))
