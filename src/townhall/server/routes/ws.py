"""WS /ws/tables/{id}: the seat's (or a spectator's) view after every change.

The client's first message names its seat: `{"token": "..."}`, or `{"token": null}` to watch (the
token never travels in the URL, where access logs would keep it); with `null`, a signed-in
browser's session cookie names its account's seat. A seated client may then act
through the socket: it sends `{"state_id", "action"}` (as the body of `POST .../actions`) and gets
the new view back on the socket, or the refusal's JSON body (`{"error", "message", "clause"?}`)
with the same codes. The action is committed before the answer exactly as over HTTP; the socket
spares the client an HTTP request per move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from dataclasses import dataclass

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool

from townhall.engine.errors import TownhallError
from townhall.server.context import COOKIE, Services
from townhall.server.errors import BadRequest, TableNotFound, error_body
from townhall.server.ratelimit import Limiter, address_of, refusal
from townhall.server.routes.language import in_language, request_language, speaking
from townhall.server.routes.tables import TABLE_ID, ActionBody
from townhall.server.runner import TableRunner
from townhall.server.words import _

router = APIRouter(tags=["live"])
HELLO_SECONDS = 10  # for the first message, the seat's token
RATE_LIMITED = 4429


class Hello(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(default=None, max_length=200)


MAX_MESSAGE = 64 * 1024  # as an HTTP body


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, lang: str | None = None) -> None:
    services: Services = websocket.app.state.services
    limiter: Limiter = websocket.app.state.limiter
    runner = services.runner
    address = address_of(websocket.scope)
    await websocket.accept()
    try:
        language = request_language(lang, websocket.headers.get("accept-language"))
        if len(table_id) > 64 or not re.fullmatch(TABLE_ID, table_id):
            raise TableNotFound(_("there is no table {table!r}").format(table=table_id[:64]))
        token = await _hello(websocket, language)
        wait = await limiter.wait("bad_tokens", address, take=False) if token is not None else 0.0
        if wait:
            await websocket.send_json(refusal(wait, language))
            await websocket.close(code=RATE_LIMITED)
            return
        account = await run_in_threadpool(_account_of, services, websocket.cookies.get(COOKIE))
        seat = await run_in_threadpool(runner.seating.seat_of, table_id, token, account)
    except TownhallError as error:
        if error.code == "bad-token":
            await limiter.wait("bad_tokens", address)
        await websocket.send_json(error_body(error))
        await websocket.close(code={"bad-token": 4401, "bad-request": 4400}.get(error.code, 4404))
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    queue = services.pubsub.subscribe(table_id)
    try:
        sending = asyncio.Lock()  # the notice loop and the action answers share the socket
        await websocket.send_text(await run_in_threadpool(_encoded_view, runner, table_id, seat, None, language))
        actor = _Actor(runner, limiter, table_id, seat, token, address, language)
        receiver = asyncio.create_task(_receive_actions(websocket, actor, sending))
        while True:
            getter = asyncio.create_task(queue.get())
            done, _pending = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                return
            notices = [getter.result()]
            while not queue.empty():  # several notices at once: one view of the newest state
                notices.append(queue.get_nowait())
            concerning = [notice.state_id for notice in notices if notice.concerns(seat)]
            if not concerning:
                continue  # another seat's private step: nothing here changed, nothing is sent
            newest = max(concerning)
            text = await run_in_threadpool(_encoded_view, runner, table_id, seat, newest, language)
            async with sending:
                await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        services.pubsub.unsubscribe(table_id, queue)
        with contextlib.suppress(Exception):
            await websocket.close()


def _account_of(services: Services, cookie: str | None) -> str | None:
    """The account of the session cookie: its seat needs no token (other sites' pages are refused
    before this, by their Origin, so the cookie cannot be ridden)."""
    signed = services.accounts.session(cookie) if cookie else None
    return signed.account_id if signed is not None else None


def _encoded_view(runner: TableRunner, table_id: str, seat: int | None, at_least: int | None, language: str) -> str:
    """The view as JSON text, built and encoded in a worker thread (not on the event loop)."""
    return runner.reading.view_json(table_id, seat, at_least, language)


async def _hello(websocket: WebSocket, language: str) -> str | None:
    """The token of the client's first message (None: a spectator)."""
    try:
        text = await asyncio.wait_for(websocket.receive_text(), HELLO_SECONDS)
        return Hello.model_validate_json(text).token
    except (TimeoutError, ValidationError):
        with speaking(language):
            raise BadRequest(_("send {'token': ...} first ({'token': null} to watch)")) from None


@dataclass(frozen=True, slots=True)
class _Actor:
    """Who acts through one socket, and where."""

    runner: TableRunner
    limiter: Limiter
    table_id: str
    seat: int | None
    token: str | None
    address: str
    language: str


async def _receive_actions(websocket: WebSocket, actor: _Actor, sending: asyncio.Lock) -> None:
    """Apply the actions the client sends, answering each with the new view or the refusal."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive_text()
            wait = await actor.limiter.seat_action(actor.token, actor.address)
            if wait:
                text = json.dumps(refusal(wait, actor.language), ensure_ascii=False)
            else:
                text = await run_in_threadpool(_act, actor.runner, actor.table_id, actor.seat, actor.language, message)
            async with sending:
                await websocket.send_text(text)


def _act(runner: TableRunner, table_id: str, seat: int | None, language: str, message: str) -> str:
    try:
        if len(message) > MAX_MESSAGE:
            raise BadRequest(_("a message is at most {limit} bytes").format(limit=MAX_MESSAGE))
        try:
            body = ActionBody.model_validate_json(message)
        except ValidationError as error:
            with speaking(language):
                refusal = _("send {{'state_id', 'action'}} to act: {problem}").format(
                    problem=error.errors()[0].get("msg", "invalid")
                )
            raise BadRequest(refusal) from None
        # a text action is read in the socket's language, like the texts it shows
        state_id = in_language(language, lambda: runner.act(table_id, seat, body.state_id, body.action))
        return _encoded_view(runner, table_id, seat, state_id, language)
    except TownhallError as error:
        return json.dumps(error_body(error), ensure_ascii=False)
