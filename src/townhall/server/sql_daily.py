"""The daily challenge in SQLite or PostgreSQL (schema in storage.py, migration 0010): the days'
challenges, the attempts, the day's leaderboard.

An account's attempt is claimed (`th_daily_attempts`, unique per game, day and account) before its
table is made, so two starts at once through any processes make one attempt. Its result is written
by `record`, inside the transaction that stores the table's end (writer.py, as the ratings).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from townhall.engine.protocol import Json
from townhall.server.daily import Challenge, result_of
from townhall.server.model import Ending
from townhall.server.storage import AccountRow, DailyAttemptRow, DailyRow, utc_now

DAYS = cast(Table, DailyRow.__table__)
ATTEMPTS = cast(Table, DailyAttemptRow.__table__)
LEADERS = 100  # the attempts a day's leaderboard lists by default


def record(connection: Connection, table_id: str, ending: Ending, now: datetime) -> None:
    """A daily table's end: its attempt is over, with its score (nothing for another table)."""
    score = result_of(ending.scores, ending.forfeited, ending.left)
    connection.execute(
        update(ATTEMPTS).where(ATTEMPTS.c.table_id == table_id).values(over=True, score=score, finished_at=now)
    )


class SqlDaily:
    def __init__(self, engine: Engine, writing: Callable[[], contextlib.AbstractContextManager[object]]) -> None:
        self._engine = engine
        self._writing = writing  # SQLite: this process's writes queue on one lock

    def challenge(self, game: str, day: str, draw: Callable[[], Challenge] | None) -> Challenge | None:
        """The day's challenge; the first asker of a day stores `draw()`'s (None: only read)."""
        found = self._read(game, day)
        if found is not None or draw is None:
            return found
        made = draw()
        dialect_insert: Any = pg_insert if self._engine.dialect.name == "postgresql" else sqlite_insert
        with self._writing(), self._engine.begin() as connection:
            connection.execute(
                dialect_insert(DAYS)
                .values(
                    game=game,
                    day=day,
                    seed=made.seed,
                    num_players=made.num_players,
                    options=made.options,
                    created_at=utc_now(),
                )
                .on_conflict_do_nothing()  # another process drew the day first: its row stands
            )
        return self._read(game, day)

    def _read(self, game: str, day: str) -> Challenge | None:
        with self._engine.connect() as connection:
            row = connection.execute(select(DAYS).where(DAYS.c.game == game, DAYS.c.day == day)).first()
        if row is None:
            return None
        options = cast("dict[str, Json]", dict(row.options))
        return Challenge(game=game, day=day, seed=row.seed, num_players=row.num_players, options=options)

    def claim(self, challenge: Challenge, table_id: str, account_id: str | None) -> bool:
        """An attempt at the day's challenge (False: the account has one already)."""
        try:
            with self._writing(), self._engine.begin() as connection:
                connection.execute(
                    insert(ATTEMPTS).values(
                        table_id=table_id,
                        game=challenge.game,
                        day=challenge.day,
                        account_id=account_id,
                        over=False,
                        created_at=utc_now(),
                    )
                )
        except IntegrityError:
            return False
        return True

    def release(self, table_id: str) -> None:
        """An attempt whose table could not be made: the account may start again."""
        with self._writing(), self._engine.begin() as connection:
            connection.execute(delete(ATTEMPTS).where(ATTEMPTS.c.table_id == table_id))

    def summary(self, game: str, day: str, account_id: str | None) -> dict[str, Json]:
        """`{"played", "finished", "mine"}`: the day's attempts (guests' too), those of accounts that
        finished, and the asker's (`{"table", "over", "score"}`, None for a guest or before playing)."""
        with self._engine.connect() as connection:
            day_of = (ATTEMPTS.c.game == game, ATTEMPTS.c.day == day)
            played = connection.execute(select(func.count()).select_from(ATTEMPTS).where(*day_of)).scalar_one()
            finished = connection.execute(
                select(func.count()).select_from(ATTEMPTS).where(*day_of, *_ranked())
            ).scalar_one()
            mine = None
            if account_id is not None:
                mine = connection.execute(
                    select(ATTEMPTS.c.table_id, ATTEMPTS.c.over, ATTEMPTS.c.score).where(
                        *day_of, ATTEMPTS.c.account_id == account_id
                    )
                ).first()
        return {
            "played": played,
            "finished": finished,
            "mine": None if mine is None else {"table": mine.table_id, "over": mine.over, "score": mine.score},
        }

    def leaderboard(self, game: str, day: str, limit: int = LEADERS) -> list[Json]:
        """The day's finished attempts of accounts, best score first (ties share a rank, the
        earlier finish listed first)."""
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(AccountRow.name, ATTEMPTS.c.score, ATTEMPTS.c.finished_at)
                .join(AccountRow, AccountRow.id == ATTEMPTS.c.account_id)
                .where(ATTEMPTS.c.game == game, ATTEMPTS.c.day == day, *_ranked())
                .order_by(ATTEMPTS.c.score.desc(), ATTEMPTS.c.finished_at, AccountRow.name_key)
                .limit(limit)
            ).all()
        board: list[Json] = []
        rank = 0
        for n, row in enumerate(rows):
            if n == 0 or row.score != rows[n - 1].score:
                rank = n + 1
            board.append({"rank": rank, "name": row.name, "score": row.score})
        return board


def _ranked() -> tuple[Any, ...]:
    """The attempts a leaderboard ranks: an account's, over, with a score."""
    return (ATTEMPTS.c.account_id.is_not(None), ATTEMPTS.c.over.is_(True), ATTEMPTS.c.score.is_not(None))
