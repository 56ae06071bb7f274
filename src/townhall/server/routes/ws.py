"""WS /ws/tables/{id}?token=...: the seat's (or a spectator's) view after every change.

A seated client may also act through the socket: it sends `{"state_id", "action"}` (as the body of
`POST .../actions`) and gets the new view back on the socket, or the refusal's JSON body
(`{"error", "message", "clause"?}`) with the same codes. The action is committed before the answer
exactly as over HTTP; the socket spares the client an HTTP request per move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from townhall.engine.errors import TownhallError
from townhall.server.context import Services
from townhall.server.errors import BadRequest, TableNotFound, error_body
from townhall.server.routes.language import in_language, request_language, speaking
from townhall.server.routes.tables import TABLE_ID, ActionBody
from townhall.server.runner import TableRunner
from townhall.server.words import _

router = APIRouter(tags=["live"])
MAX_MESSAGE = 64 * 1024  # as an HTTP body


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None, lang: str | None = None) -> None:
    services: Services = websocket.app.state.services
    runner = services.runner
    await websocket.accept()
    try:
        language = request_language(lang, websocket.headers.get("accept-language"))
        if len(table_id) > 64 or not re.fullmatch(TABLE_ID, table_id):
            raise TableNotFound(_("there is no table {table!r}").format(table=table_id[:64]))
        seat = await run_in_threadpool(runner.seat_of, table_id, token)
    except TownhallError as error:
        await websocket.send_json(error_body(error))
        await websocket.close(code={"bad-token": 4401, "bad-request": 4400}.get(error.code, 4404))
        return
    queue = services.pubsub.subscribe(table_id)
    try:
        sending = asyncio.Lock()  # the notice loop and the action answers share the socket
        await websocket.send_text(await run_in_threadpool(_encoded_view, runner, table_id, seat, None, language))
        receiver = asyncio.create_task(_receive_actions(websocket, runner, table_id, seat, language, sending))
        while True:
            getter = asyncio.create_task(queue.get())
            done, _pending = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                return
            newest = getter.result()
            while not queue.empty():  # several notices at once: one view of the newest state
                newest = max(newest, queue.get_nowait())
            text = await run_in_threadpool(_encoded_view, runner, table_id, seat, newest, language)
            async with sending:
                await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        services.pubsub.unsubscribe(table_id, queue)
        with contextlib.suppress(Exception):
            await websocket.close()


def _encoded_view(runner: TableRunner, table_id: str, seat: int | None, at_least: int | None, language: str) -> str:
    """The view as JSON text, built and encoded in a worker thread (not on the event loop)."""
    return runner.view_json(table_id, seat, at_least, language)


async def _receive_actions(
    websocket: WebSocket,
    runner: TableRunner,
    table_id: str,
    seat: int | None,
    language: str,
    sending: asyncio.Lock,
) -> None:
    """Apply the actions the client sends, answering each with the new view or the refusal."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            text = await run_in_threadpool(_act, runner, table_id, seat, language, await websocket.receive_text())
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
