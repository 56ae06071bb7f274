"""The ASGI types, and the base of the server's middlewares that act on HTTP requests only."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class HttpMiddleware:
    """An ASGI middleware for HTTP requests (`http`); every other scope (lifespan, websockets)
    passes to the app untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
