"""The in-memory store: a process's dictionaries under one lock, with the SQL store's semantics
(the conditional append, the seat rules). For unit tests of the runner, without a database."""

from __future__ import annotations

import copy
import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from townhall.engine.errors import StaleState
from townhall.server.errors import SeatTaken, TableExists, TableNotFound
from townhall.server.model import OPEN, OVER, RUNNING, ChatLine, Holder, Moved, Seat, Step, Stored, Table, Touched
from townhall.server.store import CHAT_SHOWN, LOBBY_SHOWN, Started
from townhall.server.words import _


class MemoryStore:
    def __init__(self) -> None:
        self._tables: dict[str, Stored] = {}
        self._lock = threading.Lock()

    def create(self, table: Table, seats: list[Seat]) -> None:
        with self._lock:
            if table.id in self._tables:
                raise TableExists(_("table {table} exists").format(table=table.id))
            self._tables[table.id] = Stored(table=copy.deepcopy(table), seats=copy.deepcopy(seats), steps=[], chat=[])

    def load(self, table_id: str) -> Stored:
        with self._lock:
            stored = copy.deepcopy(self._get(table_id))
        stored.chat = stored.chat[-CHAT_SHOWN:]
        return stored

    def version(self, table_id: str) -> tuple[int, datetime]:
        with self._lock:
            table = self._get(table_id).table
            return table.state_id, table.updated_at

    def append(self, table_id: str, expected: int, step: Step, moved: Moved) -> None:
        with self._lock:
            stored = self._get(table_id)
            if stored.table.state_id != expected:
                raise StaleState(f"state {expected} was changed by another request")
            stored.steps.append(replace(step, created_at=moved.updated_at, action=copy.deepcopy(step.action)))
            stored.table = stored.table.moved_on(step.state_id, copy.deepcopy(moved))

    def rating_changes(self, table_id: str) -> dict[int, float]:
        return {}  # ratings live in SQL only (sql_ratings.py)

    def take_seat(
        self, table_id: str, seat: int, holder: Holder, now: datetime, started: Started = (None, None)
    ) -> Touched:
        with self._lock:
            stored = self._get(table_id)
            table = stored.table
            if not 0 <= seat < len(stored.seats):
                raise TableNotFound(
                    _("table {table} has no seat {seat} (seats 0-{last})").format(
                        table=table_id, seat=seat, last=table.num_players - 1
                    )
                )
            place = stored.seats[seat]
            if place.kind == "bot":
                raise SeatTaken(_("seat {seat} is a bot").format(seat=seat))
            if place.token_hash is not None:
                raise SeatTaken(_("seat {seat} is taken").format(seat=seat))
            place.name, place.token_hash = holder.name, holder.token_hash
            place.account_id, place.account = holder.account_id, holder.account
            free = [s for s in stored.seats if s.kind == "human" and s.token_hash is None]
            status = RUNNING if not free and table.status == OPEN else table.status
            stored.table = replace(table, status=status, updated_at=now)
            if status != table.status:
                clock, deadline = started
                stored.table = replace(stored.table, clock=clock, public_clock=clock, deadline=deadline)
            return Touched(state_id=table.state_id, status=status, before=table.updated_at, after=now)

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        with self._lock:
            stored = self._tables.get(table_id)
            found = [] if stored is None else [s.seat for s in stored.seats if s.token_hash == token_hash]
        return found[0] if found else None

    def seat_of_account(self, table_id: str, account_id: str) -> int | None:
        with self._lock:
            stored = self._tables.get(table_id)
            found = [] if stored is None else [s.seat for s in stored.seats if s.account_id == account_id]
        return found[0] if found else None

    def add_chat(self, table_id: str, seat: int, text: str, now: datetime) -> tuple[ChatLine, Touched]:
        with self._lock:
            stored = self._get(table_id)
            table = stored.table
            place = stored.seats[seat] if 0 <= seat < len(stored.seats) else None
            line = ChatLine(seat=seat, name=(place.name if place else None) or "", text=text, at=now)
            stored.chat.append(line)
            stored.table = replace(table, updated_at=now)
            return replace(line), Touched(
                state_id=table.state_id, status=table.status, before=table.updated_at, after=now
            )

    def lobby(self) -> list[tuple[Table, list[Seat]]]:
        with self._lock:
            found = [s for s in self._tables.values() if s.table.status != OVER and s.table.chance_seed is None]
            found.sort(key=lambda stored: stored.table.created_at, reverse=True)
            return [(copy.deepcopy(s.table), copy.deepcopy(s.seats)) for s in found[:LOBBY_SHOWN]]

    def overdue(self, now: float) -> list[str]:
        with self._lock:
            return [
                table_id
                for table_id, stored in self._tables.items()
                if stored.table.status == RUNNING and stored.table.deadline is not None and stored.table.deadline <= now
            ]

    def waiting_for(self, seats: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
        with self._lock:
            tables = {table_id: self._tables.get(table_id) for table_id, _seat in seats}
            return [
                (table_id, seat)
                for table_id, seat in seats
                if (stored := tables[table_id]) is not None
                and stored.table.status == RUNNING
                and seat in (stored.table.movers or ())
            ]

    def active(self) -> list[str]:
        with self._lock:
            return [table_id for table_id, stored in self._tables.items() if stored.table.status != OVER]

    def reachable(self) -> bool:
        return True

    def _get(self, table_id: str) -> Stored:
        stored = self._tables.get(table_id)
        if stored is None:
            raise TableNotFound(_("there is no table {table!r}").format(table=table_id))
        return stored
