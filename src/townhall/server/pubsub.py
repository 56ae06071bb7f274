"""Change notices: only `(table, state_id)` travels, never a view, so nothing secret crosses it.

Each websocket computes its own seat's view when told. `MemoryPubSub` serves one process;
`RedisPubSub` also carries the notices between server processes sharing one database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

REDIS_CHANNEL = "townhall:tables"


class MemoryPubSub:
    """Notices within this process. `publish` may be called from any thread."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}
        self.heard: Callable[[str, int], None] | None = None  # told of every notice from Redis

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        self._loop = None

    def publish(self, table_id: str, state_id: int) -> None:
        self._deliver_threadsafe(table_id, state_id)

    def _deliver_threadsafe(self, table_id: str, state_id: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, table_id, state_id)

    def _deliver(self, table_id: str, state_id: int) -> None:
        for queue in list(self._queues.get(table_id, ())):
            queue.put_nowait(state_id)

    def subscribe(self, table_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._queues.setdefault(table_id, set()).add(queue)
        return queue

    def unsubscribe(self, table_id: str, queue: asyncio.Queue[int]) -> None:
        queues = self._queues.get(table_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._queues[table_id]


class RedisPubSub(MemoryPubSub):
    """Notices through a Redis channel: every process hears every process's changes."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis

        self._url = url
        self._client = redis.Redis.from_url(url)
        self._client.ping()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await super().start()
        self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await super().stop()

    def publish(self, table_id: str, state_id: int) -> None:
        self._client.publish(REDIS_CHANNEL, json.dumps([table_id, state_id]))

    async def _listen(self) -> None:
        import redis.asyncio

        client = redis.asyncio.Redis.from_url(self._url)
        pubsub = client.pubsub()
        await pubsub.subscribe(REDIS_CHANNEL)
        try:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    table_id, state_id = json.loads(message["data"])
                except (ValueError, TypeError):
                    continue
                if isinstance(table_id, str) and isinstance(state_id, int):
                    if self.heard is not None:
                        self.heard(table_id, state_id)
                    self._deliver(table_id, state_id)
        finally:
            await pubsub.aclose()  # type: ignore[no-untyped-call]
            await client.aclose()


PubSub = MemoryPubSub
