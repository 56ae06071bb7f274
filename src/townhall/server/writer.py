"""Group commit of log rows: the steps of many tables waiting at once are committed in one
transaction, so one disk flush acknowledges them all.

Every step is still its own conditional `UPDATE th_tables ... WHERE state_id = :expected` plus its
`INSERT` into the log, and its writer is answered only after the transaction holding them has
committed (durability is unchanged). A step whose expected state id is gone changes nothing and is
answered with StaleState; the others in its batch are unaffected.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, insert, update
from sqlalchemy.exc import SQLAlchemyError

from townhall.engine.errors import StaleState
from townhall.server.storage import StepRow, TableRow

TABLES = cast(Table, TableRow.__table__)
STEPS = cast(Table, StepRow.__table__)
BATCH = 200  # steps per transaction at most


@dataclass(slots=True)
class _Pending:
    table_id: str
    expected: int
    table_values: dict[str, Any]
    step_values: dict[str, Any]
    then: Callable[[Connection], None] | None = None  # more writes, only if the step is stored
    done: threading.Event = field(default_factory=threading.Event)
    error: Exception | None = None


class StepWriter:
    """Writer threads that commit queued steps in batches (one thread for SQLite: one writer)."""

    def __init__(self, engine: Engine, lock: contextlib.AbstractContextManager[object], threads: int) -> None:
        self._engine = engine
        self._lock = lock  # held while writing (SQLite: shared with the runner's other writes)
        self._queue: list[_Pending] = []
        self._ready = threading.Condition()
        self._threads = [
            threading.Thread(target=self._run, name=f"townhall-writer-{n}", daemon=True) for n in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    def write(
        self,
        table_id: str,
        expected: int,
        table_values: dict[str, Any],
        step_values: dict[str, Any],
        then: Callable[[Connection], None] | None = None,
    ) -> None:
        """Move `table_id` from state `expected` on and log the step, and make `then`'s writes
        (a rated end's ratings) in the same transaction; returns once committed."""
        pending = _Pending(table_id, expected, table_values, step_values, then)
        with self._ready:
            self._queue.append(pending)
            self._ready.notify()
        pending.done.wait()
        if pending.error is not None:
            raise pending.error

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue:
                    self._ready.wait()
                batch, self._queue[:] = self._queue[:BATCH], self._queue[BATCH:]
            try:
                self._commit(batch)
            except Exception:  # a writer thread must outlive any failure, or its waiters hang
                for pending in batch:  # the batch failed as a whole: each step alone, to find the culprit
                    pending.error = None
                    try:
                        self._commit([pending])
                    except SQLAlchemyError as error:
                        pending.error = StaleState(f"state {pending.expected} could not be stored: {error}")
                    except Exception as error:  # answered to the step's writer
                        pending.error = error
            for pending in batch:
                pending.done.set()

    def _commit(self, batch: list[_Pending]) -> None:
        with self._lock, self._engine.begin() as connection:
            for pending in batch:
                moved = connection.execute(
                    update(TABLES)
                    .where(TABLES.c.id == pending.table_id, TABLES.c.state_id == pending.expected)
                    .values(**pending.table_values)
                )
                if moved.rowcount != 1:
                    pending.error = StaleState(f"state {pending.expected} was changed by another request")
                    continue
                connection.execute(insert(STEPS).values(**pending.step_values))
                if pending.then is not None:
                    pending.then(connection)
