"""WS /ws/me: a signed-in player's turns, for their lobby and table pages.

Authenticated by the session cookie (other sites' pages are refused by their Origin before this,
as for the table socket); a guest is refused with close code 4401. The server sends
`{"turns": [{"table", "game", "seat"}...], "invitations": [{"table", "game", "seat"}...]}` at once,
then again whenever either list changes: on the change notices of the account's tables and of the
tables keeping a seat for it (this process's, and other processes' through Redis). The client sends
nothing. Tables the account joins later, and new invitations, are found on the next notice of a
table it was not known at (at most every `UNKNOWN_SECONDS`; a new table sends one), or on the
periodic check.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from townhall.engine.protocol import Json
from townhall.server.context import COOKIE, Services
from townhall.server.errors import NotSignedIn, error_body
from townhall.server.pubsub import Notice
from townhall.server.routes.language import request_language, speaking
from townhall.server.turns import Seats, seats_of, turns_of
from townhall.server.words import _

router = APIRouter(tags=["live"])
NOT_SIGNED_IN = 4401
UNKNOWN_SECONDS = 5.0  # another table's notice: the account may have joined it (checked at most this often)
CHECK_SECONDS = 30.0  # the seats, turns and session checked again even without a notice


@router.websocket("/ws/me")
async def my_socket(websocket: WebSocket, lang: str | None = None) -> None:
    services: Services = websocket.app.state.services
    await websocket.accept()
    language = request_language(lang, websocket.headers.get("accept-language"))
    cookie = websocket.cookies.get(COOKIE)
    account = await run_in_threadpool(_account_of, services, cookie)
    if account is None:
        with speaking(language):
            refused = NotSignedIn(_("sign in first"))
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await websocket.send_json(error_body(refused))
            await websocket.close(code=NOT_SIGNED_IN)
        return
    queue = services.pubsub.watch_all()
    receiver = asyncio.create_task(_drain(websocket))
    try:
        seats, invited, sent = await run_in_threadpool(_read, services, account)
        await websocket.send_text(_encoded(sent))
        checked = time.monotonic()
        unknown = False  # a notice of a table the account was not known to sit at, not checked yet
        while True:
            due = checked + (UNKNOWN_SECONDS if unknown else CHECK_SECONDS)
            getter = asyncio.create_task(queue.get())
            done, _pending = await asyncio.wait(
                {getter, receiver}, timeout=max(0.0, due - time.monotonic()), return_when=asyncio.FIRST_COMPLETED
            )
            if receiver in done:
                getter.cancel()
                return
            notices: list[tuple[str, Notice]] = []
            if getter in done:
                notices.append(getter.result())
            else:
                getter.cancel()
            while not queue.empty():
                notices.append(queue.get_nowait())
            mine = any(table in invited or _concerns(seats, table, notice) for table, notice in notices)
            unknown = unknown or any(table not in seats and table not in invited for table, _notice in notices)
            if not mine and time.monotonic() < due:
                continue
            stale = time.monotonic() >= checked + CHECK_SECONDS
            if stale and await run_in_threadpool(_account_of, services, cookie) != account:
                await websocket.close(code=NOT_SIGNED_IN)  # signed out meanwhile: the socket ends
                return
            seats, invited, now = await run_in_threadpool(_read, services, account)
            checked, unknown = time.monotonic(), False
            if now != sent:
                sent = now
                await websocket.send_text(_encoded(sent))
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        services.pubsub.unwatch_all(queue)
        receiver.cancel()
        with contextlib.suppress(Exception):
            await websocket.close()


def _concerns(seats: Seats, table: str, notice: Notice) -> bool:
    """A notice of one of the account's tables (a private step only when it is one of its seats'),
    or "" (anything may have changed)."""
    if table == "":
        return True
    held = seats.get(table)
    return held is not None and (notice.private_to is None or notice.private_to in held[1])


def _account_of(services: Services, cookie: str | None) -> str | None:
    signed = services.accounts.session(cookie) if cookie else None
    return signed.account_id if signed is not None else None


def _read(services: Services, account: str) -> tuple[Seats, set[str], dict[str, list[Json]]]:
    """The account's seats at running tables, the tables keeping a seat for it, and the message:
    its turns and invitations (only what the table list shows anyone: table, game, seat)."""
    seats = seats_of(services, account)
    kept = services.accounts.store.invitations(account)
    invitations: list[Json] = [{"table": s["table"], "game": s["game"], "seat": s["seat"]} for s in kept]
    invited = {str(s["table"]) for s in kept}
    return seats, invited, {"turns": turns_of(services, seats), "invitations": invitations}


def _encoded(message: dict[str, list[Json]]) -> str:
    return json.dumps(message, ensure_ascii=False)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
