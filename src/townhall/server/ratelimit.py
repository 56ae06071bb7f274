"""Rate limits per client address and per seat token: 429 with `Retry-After` and a JSON body.

Four buckets (`buckets.py`), each settable (`townhall serve --limit-...` or `TOWNHALL_LIMIT_...`):
- `actions`, per seat token: the seat's moves (and the question whether one is final), undos,
  resignations, leaving and chat lines, over HTTP or the websocket;
- `bad_tokens`, per client address: a refused token (401) takes one; while the bucket is empty
  every request naming a token is refused with 429 before the token is even checked, so guessing
  learns nothing more;
- `tables`, per client address: new tables (a daily challenge's too);
- `sign_ins`, per client address (every sign-in or registration) and per account name (every
  refused password; while empty, that name may not sign in at all): the routes take from it
  (routes/accounts.py), since the name is in the body.
The defaults are far above what people at a table do; only floods meet them.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field

from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from townhall.i18n import UnknownLanguage, from_accept_language, normalize, using
from townhall.server.buckets import MemoryBuckets, Rate, RedisBuckets
from townhall.server.middleware import ASGIApp, HttpMiddleware, Message, Receive, Scope, Send
from townhall.server.words import _

_UNITS = {"s": 1.0, "sec": 1.0, "second": 1.0, "m": 60.0, "min": 60.0, "minute": 60.0, "h": 3600.0, "hour": 3600.0}
_PER = re.compile(r"^(?P<times>\d+(\.\d+)?)?\s*(?P<unit>[a-z]+)$")
_DAILY_START = re.compile(r"^/api/daily/[^/]+/?$")  # a daily challenge's table
_SEAT_WRITES = re.compile(r"^/api/tables/[^/]+/(actions|final|undo|resign|leave|chat|rematch)/?$")


def parse_rate(text: str) -> Rate | None:
    """`N/UNIT` or `N/M UNIT` (`20/s`, `10/min`, `200/10s`, `100/h`): a bucket of N tokens refilled over
    that time (N at once, then N per that time evenly); `off` (or 0) for no limit."""
    spoken = text.strip().lower()
    if spoken in ("off", "none", "0"):
        return None
    count, _slash, per = spoken.partition("/")
    found = _PER.match(per.strip())
    if not count.strip().isdigit() or int(count) < 1 or found is None or found["unit"] not in _UNITS:
        raise ValueError(f"a rate is N/s, N/min, N/h or N/10s (or off), not {text!r}")
    times = float(found["times"] or 1)
    if times <= 0:
        raise ValueError(f"a rate's time must be positive, not {text!r}")
    return Rate(int(count), times * _UNITS[found["unit"]])


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits of a server (None: that one is off)."""

    # 20 a second per seat, with a bucket of 200: a program playing a whole game at full speed
    # through the API fits in it; a person never comes near.
    actions: Rate | None = field(default_factory=lambda: Rate(200, 10.0))
    bad_tokens: Rate | None = field(default_factory=lambda: Rate(10, 60.0))
    tables: Rate | None = field(default_factory=lambda: Rate(30, 60.0))
    sign_ins: Rate | None = field(default_factory=lambda: Rate(10, 60.0))


class Limiter:
    """The server's buckets, in memory or shared through Redis."""

    def __init__(self, limits: Limits, redis: str | None = None) -> None:
        self.limits = limits
        self._memory = MemoryBuckets()
        self._redis = RedisBuckets(redis) if redis else None

    async def wait(self, kind: str, key: str, take: bool = True) -> float:
        """Seconds until `kind`'s bucket for `key` has a token (0: it had one, and it was taken when `take`)."""
        rate: Rate | None = getattr(self.limits, kind)
        if rate is None:
            return 0.0
        name = f"{kind}:{key}"
        if self._redis is not None:
            return await self._redis.take(name, rate, take)
        return self._memory.take(name, rate, take)

    async def seat_action(self, token: str | None, address: str) -> float:
        """A seat's write (a spectator's, by address): the seconds to wait, 0 when allowed."""
        return await self.wait("actions", token_key(token) if token else f"address:{address}")


def token_key(token: str) -> str:
    """Buckets never hold a token itself, only a short digest of it."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def address_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def language_of(connection: HTTPConnection) -> str:
    lang = connection.query_params.get("lang")
    if lang is not None:
        try:
            return normalize(lang)
        except UnknownLanguage:
            pass
    return from_accept_language(connection.headers.get("accept-language"))


def refusal(wait: float, language: str) -> dict[str, object]:
    """The JSON body of a 429 (the websocket sends it too): `retry_after` in whole seconds."""
    seconds = retry_after(wait)
    with using(language):
        message = _("too many requests: try again in {seconds} s").format(seconds=seconds)
    return {"error": "rate-limited", "message": message, "retry_after": seconds}


def retry_after(wait: float) -> int:
    return max(1, math.ceil(wait))


class RateLimits(HttpMiddleware):
    """ASGI middleware: the HTTP requests that take from a bucket, and the 429 when it is empty."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        super().__init__(app)
        self.limiter = limiter

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        connection = HTTPConnection(scope)
        address = address_of(scope)
        authorization = connection.headers.get("authorization")
        wait = 0.0
        if authorization is not None:  # a guesser whose bucket is empty learns nothing of any token
            wait = await self.limiter.wait("bad_tokens", address, take=False)
        if not wait and scope["method"] == "POST":
            path = scope["path"]
            if path.rstrip("/") == "/api/tables" or _DAILY_START.match(path):
                wait = await self.limiter.wait("tables", address)
            elif _SEAT_WRITES.match(path):
                token = authorization.partition(" ")[2].strip() if authorization else None
                wait = await self.limiter.seat_action(token, address)
        if wait:
            seconds = retry_after(wait)
            response = JSONResponse(
                refusal(wait, language_of(connection)), status_code=429, headers={"Retry-After": str(seconds)}
            )
            await response(scope, receive, send)
            return
        if authorization is None:
            await self.app(scope, receive, send)
            return

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 401:
                await self.limiter.wait("bad_tokens", address)
            await send(message)

        await self.app(scope, receive, counted)
