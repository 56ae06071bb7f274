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
from townhall.server.model import Account, ChatLine, Holder, Moved, Seat, SignedIn, Step, Stored, Table, Touched

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

    def rating_changes(self, table_id: str) -> dict[int, float]:
        """A rated table's rating change per seat, once over ({} for an unrated table)."""

    def take_seat(
        self, table_id: str, seat: int, holder: Holder, now: datetime, started: Started = (None, None)
    ) -> Touched:
        """Seat `holder` on a free human seat (TableNotFound, SeatTaken); the table runs once no human seat is free, and then its clock and deadline
        become `started`."""

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        """The seat holding a token's hash, if any."""

    def seat_of_account(self, table_id: str, account_id: str) -> int | None:
        """The first seat of the table an account holds, if any."""

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


class AccountStore(Protocol):
    """Accounts and their sessions (sessions stored by the hash of their cookie only)."""

    def add_account(self, account: Account, now: datetime) -> None:
        """Store a new account (NameTaken when its case-folded name is held)."""

    def account_named(self, name_key: str) -> Account | None:
        """The account of a case-folded name, if any."""

    def set_password(self, account_id: str, password_hash: str) -> None:
        """Replace an account's password hash."""

    def set_email(self, account_id: str, email: str | None) -> None:
        """Set (None: remove) the address an account's turn mails go to."""

    def add_session(self, id_hash: str, account_id: str, csrf: str, now: datetime, expires_at: datetime) -> None:
        """Store a signed-in browser."""

    def session(self, id_hash: str, now: datetime) -> SignedIn | None:
        """The account and CSRF token of an unexpired session, if any."""

    def drop_sessions(self, account_id: str, keep: str | None = None) -> None:
        """Sign an account's browsers out (all but the session `keep`)."""

    def drop_session(self, id_hash: str) -> None:
        """Sign one browser out."""

    def bind_seats(self, account_id: str, seats: list[tuple[str, str]], now: datetime) -> list[str]:
        """Hand the seats held by (table id, token hash) pairs, when free of any account, to the
        account; the tables changed."""

    def tables_of(self, account_id: str) -> list[dict[str, Json]]:
        """The account's seats: `{"table", "game", "seat", "status"}`, newest table first."""

    def invitations(self, account_id: str) -> list[dict[str, Json]]:
        """The free seats kept for the account at open tables: `{"table", "game", "seat",
        "status"}`, newest table first."""

    def playing(self, account_id: str) -> list[tuple[str, str, int]]:
        """The account's seats at running tables: (table, game, seat), newest table first."""

    def delete_account(self, account_id: str, deleted_name: str, now: datetime) -> list[str]:
        """Delete an account and its sessions; its seats (and their chat lines) keep `deleted_name`
        and no account; the seats kept for it are free for anyone. The tables changed."""
