"""Where tables live: the `TableStore` protocol the runner is written against.

Two stores keep it: `SqlStore` (SQLite or PostgreSQL through SQLAlchemy, with group commit) and
`MemoryStore` (a process's dictionaries, for unit tests). A store checks what must be checked
together with the write: a step is appended only if the table is still at the expected state id
(else StaleState, and nothing changes), a seat is taken only if it is a free human seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from townhall.engine.protocol import Json
from townhall.server.model import ChatLine, Moved, Seat, Step, Stored, Table, Touched

Started = tuple[dict[str, Json] | None, float | None]  # a table's clock and deadline as its game starts
CHAT_SHOWN = 50  # chat lines a table's view shows (the newest)
LOBBY_SHOWN = 200  # tables the lobby lists (the newest)


class TableStore(Protocol):
    def create(self, table: Table, seats: list[Seat]) -> None:
        """Store a new table and its seats (TableExists, nothing stored, when its id is taken)."""

    def load(self, table_id: str) -> Stored:
        """The table's row, seats, whole log and last `CHAT_SHOWN` chat lines (TableNotFound)."""

    def version(self, table_id: str) -> tuple[int, datetime]:
        """The table's state id and last change, read fresh (TableNotFound)."""

    def append(self, table_id: str, expected: int, step: Step, moved: Moved) -> None:
        """Log `step` and move the table from state `expected` to `step.state_id`, in one
        transaction; StaleState (nothing changed) when the table is no longer at `expected`."""

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, now: datetime, started: Started = (None, None)
    ) -> Touched:
        """Seat a person on a free human seat (TableNotFound, SeatTaken); the table runs once no
        human seat is free, and then its clock and deadline become `started`."""

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        """The seat holding a token's hash, if any."""

    def add_chat(self, table_id: str, seat: int, text: str, now: datetime) -> tuple[ChatLine, Touched]:
        """Store a chat line of `seat` (with the seat's name)."""

    def lobby(self) -> list[tuple[Table, list[Seat]]]:
        """Tables not over, newest first (at most `LOBBY_SHOWN`), with their seats."""

    def overdue(self, now: float) -> list[str]:
        """Running tables whose earliest human deadline is at or before `now`."""

    def waiting_for(self, seats: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
        """Those of the (table, seat) pairs whose seat is deciding now at a running table (a
        player's "tables waiting for my move"; a table stored before migration 0005 shows from
        its next step on)."""

    def active(self) -> list[str]:
        """Tables not over."""

    def reachable(self) -> bool:
        """Whether the storage answers now (the health check)."""
