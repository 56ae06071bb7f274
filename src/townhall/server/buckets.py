"""Token buckets: a bucket of `count` tokens refilled evenly over `per` seconds, kept in this
process's memory or, shared by every server process, in Redis.

A bucket is stored as one number, the time at which it will be full again (GCRA, the token bucket
written as a "theoretical arrival time"): taking a token moves that time on by `per / count`; a
take is refused while that would put it more than `per` seconds ahead. No library here does a token
bucket over Redis and memory alike (`limits` has windows only), so the few lines are our own.

When Redis fails, the buckets fail open into this process's memory (logged once per outage, Redis
tried again after a second): a limit is never the reason a request fails.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("townhall.server")

REDIS_PREFIX = "townhall:rate:"
REDIS_RETRY = 1.0  # seconds before Redis is tried again after a failure
PRUNE_OVER = 10_000  # a memory store past this many buckets drops the full ones

# KEYS[1] the bucket; ARGV: per (s), interval (s per token), take (1) or only look (0).
# Answers the seconds to wait, "0" when a token is (or was) there; Redis's clock is shared by all.
_GCRA = """
local per = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local full_at = tonumber(redis.call('GET', KEYS[1]) or '0')
if full_at < now then full_at = now end
local after = full_at + interval
local wait = after - per - now
if wait > 0 then return tostring(wait) end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], tostring(after), 'PX', math.ceil((after - now) * 1000))
end
return '0'
"""


@dataclass(frozen=True, slots=True)
class Rate:
    """`count` tokens, refilled evenly over `per` seconds (a burst of `count`, then count/per a second)."""

    count: int
    per: float

    @property
    def interval(self) -> float:
        return self.per / self.count

    def __str__(self) -> str:
        unit = {1.0: "s", 60.0: "min", 3600.0: "h"}.get(self.per)
        return f"{self.count}/{unit}" if unit else f"{self.count}/{self.per:g}s"


class MemoryBuckets:
    """The buckets of this process: bucket name -> when it is full again (monotonic seconds)."""

    def __init__(self) -> None:
        self._full_at: dict[str, float] = {}
        self._lock = threading.Lock()

    def take(self, key: str, rate: Rate, take: bool = True) -> float:
        """Take a token (or only look when `take` is false): 0.0 when there is one, else the seconds to wait."""
        now = time.monotonic()
        with self._lock:
            after = max(self._full_at.get(key, now), now) + rate.interval
            wait = after - rate.per - now
            if wait > 0:
                return wait
            if take:
                self._full_at[key] = after
                if len(self._full_at) > PRUNE_OVER:
                    self._prune(now)
            return 0.0

    def _prune(self, now: float) -> None:
        self._full_at = {key: at for key, at in self._full_at.items() if at > now}


class RedisBuckets:
    """The buckets in Redis, shared by every process using it; this process's memory while Redis fails."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._script: Any = None  # made on first use, inside the server's event loop
        self._memory = MemoryBuckets()
        self._down_until = 0.0

    async def take(self, key: str, rate: Rate, take: bool = True) -> float:
        import redis

        if time.monotonic() < self._down_until:
            return self._memory.take(key, rate, take)
        try:
            if self._script is None:
                import redis.asyncio

                client = redis.asyncio.Redis.from_url(self._url, socket_connect_timeout=0.25, socket_timeout=0.25)
                self._script = client.register_script(_GCRA)
            answer = await self._script(keys=[REDIS_PREFIX + key], args=[rate.per, rate.interval, int(take)])
            wait = float(answer)
        except (redis.RedisError, OSError, ValueError) as error:
            if self._down_until == 0.0:
                log.warning(
                    "rate limits: Redis unreachable (%s); each process limits on its own until it is back", error
                )
            self._down_until = time.monotonic() + REDIS_RETRY
            return self._memory.take(key, rate, take)
        if self._down_until:
            log.warning("rate limits: Redis is back; the limits are shared again")
            self._down_until = 0.0
        return wait
