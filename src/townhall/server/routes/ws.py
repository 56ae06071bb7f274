"""WS /ws/tables/{id}?token=...: the seat's (or a spectator's) view after every change."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from townhall.engine.errors import TownhallError
from townhall.server.context import Services
from townhall.server.errors import error_body
from townhall.server.tables import TableRunner

router = APIRouter(tags=["live"])


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    services: Services = websocket.app.state.services
    runner = services.runner
    await websocket.accept()
    try:
        seat = await run_in_threadpool(runner.seat_of, table_id, token)
    except TownhallError as error:
        await websocket.send_json(error_body(error))
        await websocket.close(code=4401 if error.code == "bad-token" else 4404)
        return
    queue = services.pubsub.subscribe(table_id)
    try:
        await websocket.send_text(await run_in_threadpool(_encoded_view, runner, table_id, seat, None))
        receiver = asyncio.create_task(_drain(websocket))
        while True:
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                return
            newest = getter.result()
            while not queue.empty():  # several notices at once: one view of the newest state
                newest = max(newest, queue.get_nowait())
            await websocket.send_text(await run_in_threadpool(_encoded_view, runner, table_id, seat, newest))
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        services.pubsub.unsubscribe(table_id, queue)
        with contextlib.suppress(Exception):
            await websocket.close()


def _encoded_view(runner: TableRunner, table_id: str, seat: int | None, at_least: int | None) -> str:
    """The view as JSON text, built and encoded in a worker thread (not on the event loop)."""
    return json.dumps(runner.view(table_id, seat, at_least), ensure_ascii=False, separators=(",", ":"))


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
