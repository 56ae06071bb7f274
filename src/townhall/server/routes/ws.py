"""WS /ws/tables/{id}?token=...: the seat's (or a spectator's) view after every change."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from townhall.engine.errors import TownhallError
from townhall.server.context import Services
from townhall.server.errors import error_body
from townhall.server.routes.language import in_language, request_language

router = APIRouter(tags=["live"])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None, lang: str | None = None) -> None:
    services: Services = websocket.app.state.services
    runner = services.runner
    await websocket.accept()
    try:
        language = request_language(lang, websocket.headers.get("accept-language"))
        seat = await run_in_threadpool(runner.seat_of, table_id, token)
    except TownhallError as error:
        await websocket.send_json(error_body(error))
        await websocket.close(code={"bad-token": 4401, "bad-request": 4400}.get(error.code, 4404))
        return
    queue = services.pubsub.subscribe(table_id)
    try:
        await websocket.send_json(await run_in_threadpool(in_language, language, lambda: runner.view(table_id, seat)))
        receiver = asyncio.create_task(_drain(websocket))
        while True:
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                return
            while not queue.empty():  # several notices at once: one view of the newest state
                queue.get_nowait()
            await websocket.send_json(
                await run_in_threadpool(in_language, language, lambda: runner.view(table_id, seat))
            )
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        services.pubsub.unsubscribe(table_id, queue)
        with contextlib.suppress(Exception):
            await websocket.close()


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
