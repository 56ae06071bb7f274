"""Change notices: only `(table, state_id, private_to)` travels, never a view, so nothing secret
crosses it. `private_to` names the only seat a private step concerns (a step of a secret plan): the
other sockets of the table are not told at all, so no push tells of it.

Each websocket computes its own seat's view when told. `MemoryPubSub` serves one process;
`RedisPubSub` also carries the notices between server processes sharing one database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Callable
from typing import NamedTuple

REDIS_CHANNEL = "townhall:tables"
BACKOFF_FIRST = 0.1  # seconds before the first reconnection, doubled after each failure ...
BACKOFF_LAST = 1.0  # ... up to this: pushes resume within about a second of Redis coming back
log = logging.getLogger("townhall.server")


class Notice(NamedTuple):
    state_id: int
    private_to: int | None  # a private step's seat: only its sockets are told

    def concerns(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat


class MemoryPubSub:
    """Notices within this process. `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: dict[str, set[asyncio.Queue[Notice]]] = {}
        self._everything: set[asyncio.Queue[tuple[str, Notice]]] = set()  # the players' lobby sockets
        self.heard: Callable[[str, int], None] | None = None  # told of every notice from Redis

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self._loop = None

    def publish(self, table_id: str, state_id: int, private_to: int | None = None) -> None:
        self._deliver_threadsafe(table_id, state_id, private_to)

    def _deliver_threadsafe(self, table_id: str, state_id: int, private_to: int | None) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, table_id, state_id, private_to)

    def _deliver(self, table_id: str, state_id: int, private_to: int | None) -> None:
        notice = Notice(state_id, private_to)
        for queue in list(self._queues.get(table_id, ())):
            queue.put_nowait(notice)
        for every in list(self._everything):
            every.put_nowait((table_id, notice))

    def watch_all(self) -> asyncio.Queue[tuple[str, Notice]]:
        """Every table's notices, with their table (a player's lobby socket picks its own tables);
        a table id of "" means: anything may have changed (Redis came back)."""
        queue: asyncio.Queue[tuple[str, Notice]] = asyncio.Queue()
        self._everything.add(queue)
        return queue

    def unwatch_all(self, queue: asyncio.Queue[tuple[str, Notice]]) -> None:
        self._everything.discard(queue)

    def subscribe(self, table_id: str) -> asyncio.Queue[Notice]:
        queue: asyncio.Queue[Notice] = asyncio.Queue()
        self._queues.setdefault(table_id, set()).add(queue)
        return queue

    def status(self) -> str:
        """For the health check: "memory" (this process only), "ok" or "unreachable" (Redis)."""
        return "memory"

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[Notice]) -> None:
        queues = self._queues.get(table_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._queues[table_id]


class RedisPubSub(MemoryPubSub):
    """Notices through a Redis channel: every process hears every process's changes.

    Redis may fail at any time: this process's own notices are delivered here first, so its sockets
    never wait on Redis, and a publish that fails is logged, never raised (the action it announces
    is committed). The listener reconnects with backoff; once back, every table watched here is
    checked and pushed again, so each socket catches up by state id on what other processes did
    meanwhile."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis

        self._url = url
        # Short timeouts: a publish during an outage fails at once instead of holding a request.
        self._client = redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
        self._client.ping()
        self._task: asyncio.Task[None] | None = None
        self._origin = secrets.token_hex(8)  # this process: its own notices coming back are skipped
        self.up = True  # whether Redis answered the last publish or subscription
        self._lost = threading.Lock()  # publish runs in worker threads: one outage logged once

    async def start(self) -> None:
        await super().start()
        self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await super().stop()

    def publish(self, table_id: str, state_id: int, private_to: int | None = None) -> None:
        import redis

        self._deliver_threadsafe(table_id, state_id, private_to)
        try:
            self._client.publish(REDIS_CHANNEL, json.dumps([table_id, state_id, self._origin, private_to]))
        except (redis.RedisError, OSError) as error:
            self._went_down(error)

    def _went_down(self, error: BaseException) -> None:
        with self._lost:
            if self.up:
                log.warning("pub/sub: Redis unreachable (%s); pushes stay within this process until it is back", error)
            self.up = False

    async def _listen(self) -> None:
        import redis
        import redis.asyncio

        delay = BACKOFF_FIRST
        while True:
            client = redis.asyncio.Redis.from_url(self._url, socket_connect_timeout=1)
            pubsub = client.pubsub()
            try:
                await pubsub.subscribe(REDIS_CHANNEL)
                if not self.up:
                    log.warning("pub/sub: Redis is back; catching up every watched table")
                self.up = True
                delay = BACKOFF_FIRST
                self._catch_up()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self._heard(message["data"])
            except (redis.RedisError, OSError) as error:
                self._went_down(error)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                    await client.aclose()
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_LAST)

    def _heard(self, data: bytes) -> None:
        try:
            table_id, state_id, origin, private_to = json.loads(data)
        except (ValueError, TypeError):
            return
        if isinstance(table_id, str) and isinstance(state_id, int) and origin != self._origin:
            if self.heard is not None:
                self.heard(table_id, state_id)
            self._deliver(table_id, state_id, private_to if isinstance(private_to, int) else None)

    def _catch_up(self) -> None:
        """After a (re)subscription: every table watched here is checked against the database and
        its sockets told (state id 0: whatever is current), as notices may have been missed."""
        for table_id in list(self._queues):
            if self.heard is not None:
                self.heard(table_id, 0)
            self._deliver(table_id, 0, None)
        for every in list(self._everything):
            every.put_nowait(("", Notice(0, None)))

    def status(self) -> str:
        return "ok" if self.up else "unreachable"


PubSub = MemoryPubSub
