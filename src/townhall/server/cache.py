"""The live tables one process keeps in memory: an LRU of `capacity` tables (an evicted table is
rebuilt from its log when next needed), per-table locks striped so that their number stays
bounded, and freshness: the store stays the truth, so a table another process may have moved is
checked (one read of its state id and last change) and rebuilt when it did.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from townhall.engine.protocol import Game
from townhall.server.live import Live, rebuild
from townhall.server.model import Touched
from townhall.server.store import TableStore

CACHED_TABLES = 2048  # live tables one process keeps in memory (least recently used go first)
LOCK_STRIPES = 1024  # per-table locks, striped so that their number stays bounded


class TableCache:
    def __init__(self, store: TableStore, lookup: Callable[[str], Game[Any]], capacity: int = CACHED_TABLES) -> None:
        self._store = store
        self._lookup = lookup
        self._capacity = capacity
        self._tables: OrderedDict[str, Live] = OrderedDict()
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def lock(self, table_id: str) -> threading.Lock:
        """The table's lock: hold it while reading or changing the table."""
        return self._locks[hash(table_id) % LOCK_STRIPES]

    def peek(self, table_id: str) -> Live | None:
        """The cached table, if any (not rebuilt, not marked as recently used)."""
        with self._guard:
            return self._tables.get(table_id)

    def get(self, table_id: str) -> Live:
        """The cached table (call with its lock held), else rebuilt from the stored log."""
        with self._guard:
            live = self._tables.get(table_id)
            if live is not None:
                self._tables.move_to_end(table_id)
                return live
        return self.reload(table_id)

    def checked(self, live: Live) -> Live:
        """The table as the store has it now: one read of its state id and last change."""
        if self._store.version(live.table.id) == (live.table.state_id, live.table.updated_at):
            live.check = False
            return live
        return self.reload(live.table.id)

    def reload(self, table_id: str) -> Live:
        return self.keep(rebuild(self._store.load(table_id), self._lookup))

    def keep(self, live: Live) -> Live:
        with self._guard:
            self._tables[live.table.id] = live
            self._tables.move_to_end(live.table.id)
            while len(self._tables) > self._capacity:
                self._tables.popitem(last=False)
        return live

    def touched(self, table_id: str, touched: Touched, change: Callable[[Live], None]) -> None:
        """After a change that made no step (call with the table's lock held): a cached copy that
        was current before it takes the change; any other is forgotten (rebuilt when needed)."""
        live = self.peek(table_id)
        if live is not None and (live.table.state_id, live.table.updated_at) == (touched.state_id, touched.before):
            change(live)
            live.table = replace(live.table, status=touched.status, updated_at=touched.after)
        else:
            self.forget(table_id)

    def heard(self, table_id: str) -> None:
        """A change notice from another process: check the table before its next view."""
        live = self.peek(table_id)
        if live is not None:
            live.check = True

    def forget(self, table_id: str) -> None:
        with self._guard:
            self._tables.pop(table_id, None)
