"""Security headers on every HTTP answer, and websockets refused to pages of other sites.

The client's pages run only the server's own scripts and styles (no inline script, handler or
style attribute: styles set from scripts go through the CSSOM, which CSP allows), may not be framed,
and send no referrer off the site. The OpenAPI pages (`/docs`, `/redoc`) are FastAPI's: they load
from a CDN and run one inline script, allowed by its hash.

A websocket opened by a page of another site (its `Origin` names another host than the request's
`Host`) is accepted only to be closed with 4403 and the usual JSON refusal: a foreign page must not
ride a player's connection. Clients that send no Origin (not browsers) are let in.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from townhall.i18n import using
from townhall.server.middleware import ASGIApp, HttpMiddleware, Message, Receive, Scope, Send
from townhall.server.ratelimit import language_of
from townhall.server.words import _

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' {_CDN} {{hashes}}; style-src 'self' 'unsafe-inline' {_CDN} "
    "https://fonts.googleapis.com; font-src https://fonts.gstatic.com; img-src 'self' data: https:; "
    "worker-src blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)
FOREIGN_ORIGIN = 4403
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


class SecurityHeaders(HttpMiddleware):
    """ASGI middleware: the headers above on every HTTP answer; foreign websockets refused."""

    def __init__(self, app: ASGIApp, docs: tuple[str, ...] = ("/docs", "/redoc")) -> None:
        super().__init__(app)
        self.docs = docs

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and foreign(scope):
            await _refuse_socket(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["path"] in self.docs:
            await self._docs(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _with_headers(message.get("headers", []), POLICY)
            await send(message)

        await self.app(scope, receive, secured)

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The docs page, read whole (a few KB) to allow exactly its inline scripts."""
        start: Message = {}
        body = bytearray()

        async def keep(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                body.extend(message.get("body", b""))
                if not message.get("more_body", False):
                    hashes = " ".join(
                        f"'sha256-{base64.b64encode(hashlib.sha256(script).digest()).decode()}'"
                        for script in _INLINE_SCRIPT.findall(bytes(body))
                    )
                    start["headers"] = _with_headers(start.get("headers", []), DOCS_POLICY.format(hashes=hashes))
                    await send(start)
                    await send({"type": "http.response.body", "body": bytes(body)})
            else:
                await send(message)

        await self.app(scope, receive, keep)


def _with_headers(headers: Any, policy: str) -> list[tuple[bytes, bytes]]:
    """The answer's headers plus ours (a header the answer sets itself is kept)."""
    found = [(bytes(name), bytes(value)) for name, value in headers]
    present = {name.lower() for name, _value in found}
    for name, value in ((b"content-security-policy", policy.encode()), *HEADERS):
        if name not in present:
            found.append((name, value))
    return found


def foreign(scope: Scope) -> bool:
    """Whether the websocket comes from a page of another site (an Origin whose host is not ours)."""
    headers = dict(scope.get("headers", ()))
    origin = headers.get(b"origin")
    if origin is None:
        return False
    host = headers.get(b"host", b"").decode("latin-1").lower()
    return urlsplit(origin.decode("latin-1")).netloc.lower() != host or not host


async def _refuse_socket(scope: Scope, receive: Receive, send: Send) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    with using(language_of(HTTPConnection(scope))):
        text = _("this table's socket only serves this site's own pages")
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps({"error": "foreign-origin", "message": text})})
    await send({"type": "websocket.close", "code": FOREIGN_ORIGIN})
