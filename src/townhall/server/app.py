"""The FastAPI app: the SQL store, the table runner, pub/sub and bots wired together; errors as JSON.

Every refusal is a 4xx JSON body `{"error": code, "message": ...}` (server/errors.py maps the
engine's error classes); bodies over `MAX_BODY` bytes are refused with 413; CORS stays closed
(no cross-origin headers are sent).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import Match

from townhall import games
from townhall.engine.errors import TownhallError
from townhall.server.accounts import Accounts
from townhall.server.analysis import Analyst
from townhall.server.analysis import Settings as AnalysisSettings
from townhall.server.bots import BotDriver
from townhall.server.campaigns import Campaigns
from townhall.server.context import Services, signed_in
from townhall.server.errors import error_body, status_of
from townhall.server.headers import SecurityHeaders
from townhall.server.mail import TurnMails
from townhall.server.middleware import ASGIApp, HttpMiddleware, Message, Receive, Scope, Send
from townhall.server.pubsub import MemoryPubSub, RedisPubSub
from townhall.server.ratelimit import Limiter, Limits, RateLimits
from townhall.server.routes import accounts as accounts_routes
from townhall.server.routes import campaigns as campaigns_routes
from townhall.server.routes import daily as daily_routes
from townhall.server.routes import games as games_routes
from townhall.server.routes import health as health_routes
from townhall.server.routes import me_ws as me_ws_routes
from townhall.server.routes import pages as pages_routes
from townhall.server.routes import ratings as ratings_routes
from townhall.server.routes import tables as tables_routes
from townhall.server.routes import ws as ws_routes
from townhall.server.runner import TableRunner
from townhall.server.sql_accounts import SqlAccounts
from townhall.server.sql_campaigns import SqlCampaigns
from townhall.server.sql_daily import SqlDaily
from townhall.server.sql_ratings import SqlRatings
from townhall.server.sql_store import SqlStore
from townhall.server.storage import connect

MAX_BODY = 64 * 1024
CLOCK_TICK = 0.5
log = logging.getLogger("townhall.server")


def create_app(
    database: str | None = None,
    redis: str | None = None,
    limits: Limits | None = None,
    analysis: AnalysisSettings | None = None,
    smtp: str | None = None,
) -> FastAPI:
    engine = connect(database)
    store = SqlStore(engine)
    runner = TableRunner(store, games.get)
    pubsub = RedisPubSub(redis) if redis else MemoryPubSub()
    bots = BotDriver(runner)
    runner.listeners.append(pubsub.publish)
    pubsub.heard = runner.heard  # a notice from another process: check the table before its next view
    runner.listeners.append(bots.kick)
    accounts = Accounts(SqlAccounts(engine, store.writing), runner.seating.forget)
    analyst = Analyst(analysis)
    campaigns = Campaigns(SqlCampaigns(engine, store.writing), runner, games.get)
    runner.listeners.append(campaigns.heard)  # an episode's end moves its campaign on
    daily = SqlDaily(engine, store.writing)
    services = Services(runner, pubsub, bots, accounts, analyst, SqlRatings(engine), daily, campaigns)
    mails = TurnMails(engine, smtp, store.writing) if smtp else None
    if mails is not None:
        runner.listeners.append(mails.notice)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await pubsub.start()
        if mails is not None:
            mails.start()
        for table_id in runner.active_tables():  # resume the bots of every table after a restart
            bots.kick(table_id)
        campaigns.resume()  # episodes that ended while the server was down
        watcher = asyncio.create_task(_watch_clocks(runner, bots))
        gc.freeze()  # what start-up made (modules, the app) lives on: full collections skip it
        yield
        watcher.cancel()
        bots.stop()
        analyst.stop()
        if mails is not None:
            mails.stop()
        await pubsub.stop()
        engine.dispose()

    app = FastAPI(
        title="Townhall",
        summary="Tables where people and bots play Townhall's board games together.",
        version="1",
        lifespan=lifespan,
        # No OpenTelemetry here: its per-request checks cost ~5% of the server's CPU under load.
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.services = services
    app.state.limiter = limiter = Limiter(limits or Limits(), redis)
    session = [Depends(signed_in)]  # the session cookie, and its CSRF check on every change made with it
    app.include_router(games_routes.router, dependencies=session)
    app.include_router(health_routes.router)  # reads nothing of the caller
    app.include_router(tables_routes.router, dependencies=session)
    app.include_router(campaigns_routes.router, dependencies=session)
    app.include_router(accounts_routes.router, dependencies=session)
    app.include_router(ratings_routes.router, dependencies=session)
    app.include_router(daily_routes.router, dependencies=session)
    app.include_router(ws_routes.router)
    app.include_router(me_ws_routes.router)
    app.include_router(pages_routes.router)
    app.mount("/static", pages_routes.static_files, name="static")

    @app.exception_handler(TownhallError)
    async def townhall_error(_request: Request, error: TownhallError) -> JSONResponse:
        return JSONResponse(error_body(error), status_code=status_of(error))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = [
            f"{'.'.join(str(p) for p in item.get('loc', ()))}: {item.get('msg', 'invalid')}" for item in error.errors()
        ]
        return JSONResponse(
            {"error": "bad-request", "message": "; ".join(problems) or "invalid request"}, status_code=400
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        if error.status_code == 405:  # list every method of the path, not only the first route's
            methods: set[str] = set()
            for route in request.app.routes:
                found, _ = route.matches(request.scope)
                if found != Match.NONE:
                    methods |= set(getattr(route, "methods", None) or ())
            headers["Allow"] = ", ".join(sorted(methods))
        return JSONResponse(
            {"error": "http", "message": str(error.detail)}, status_code=error.status_code, headers=headers
        )

    @app.exception_handler(Exception)
    async def unexpected(_request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return JSONResponse({"error": "internal", "message": "the server failed; it was logged"}, status_code=500)

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(RateLimits, limiter=limiter)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, refusals included
    return app


async def _watch_clocks(runner: TableRunner, bots: BotDriver) -> None:
    """Every half second: a human whose clock ran out is played by the greedy bot, or forfeits."""
    while True:
        await asyncio.sleep(CLOCK_TICK)
        try:
            for table_id, seat, state_id in await run_in_threadpool(runner.overdue):
                if await run_in_threadpool(runner.on_timeout, table_id) == "forfeit":
                    await run_in_threadpool(_forfeit_on_time, runner, table_id, seat, state_id)
                else:
                    bots.stand_in(table_id, seat, state_id)
        except Exception:
            log.exception("the clock watcher failed; it goes on")


def _forfeit_on_time(runner: TableRunner, table_id: str, seat: int, state_id: int) -> None:
    try:
        runner.resign(table_id, seat, state_id, reason="time")
    except TownhallError as error:  # the player (or another process) acted just in time
        log.info("no forfeit at table %s seat %s: %s", table_id, seat, error)


class BodyLimit(HttpMiddleware):
    """Refuse request bodies over `limit` bytes with 413, whether announced or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        super().__init__(app)
        self.limit = limit

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(self.limit, send)
                return
        if any(name == b"transfer-encoding" for name, _value in scope.get("headers", ())):
            replay = await _read_chunked(receive, self.limit)  # no length announced: count as it streams
            if replay is None:
                await _too_large(self.limit, send)
                return
            receive = replay
        await self.app(scope, receive, send)


async def _read_chunked(receive: Receive, limit: int) -> Receive | None:
    """Read a streamed body here, where its size can be refused (FastAPI turns any failure while it
    reads a body into a 400); None when it exceeds `limit` bytes, else a `receive` that replays it."""
    chunks: list[bytes] = []
    received = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away: the app sees that
            break
        received += len(message.get("body", b""))
        if received > limit:
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            break
    body: Message | None = message

    async def replay() -> Message:
        nonlocal body
        if body is None:
            return await receive()
        message, body = body, None
        return message

    return replay


async def _too_large(limit: int, send: Send) -> None:
    response = JSONResponse({"error": "too-large", "message": f"request bodies are at most {limit} bytes"}, 413)
    await response({"type": "http"}, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}


def serve(
    host: str,
    port: int,
    database: str | None,
    redis: str | None,
    announce: Callable[[str], None],
    limits: Limits | None = None,
    analysis: AnalysisSettings | None = None,
    smtp: str | None = None,
) -> None:
    """Run the server with uvicorn until interrupted."""
    import uvicorn

    from townhall.server.storage import USER_SQLITE, database_url, default_sqlite, sqlite_path

    fresh = not database and not default_sqlite().exists()
    url = database_url(database)
    path = sqlite_path(url)
    announce(f"database: {path if path is not None else url.split('@')[-1]}")
    if fresh and path != USER_SQLITE.resolve() and USER_SQLITE.exists():  # the default before each clone had its own
        announce(f"tables of earlier versions stay in {USER_SQLITE} (--database {USER_SQLITE} to play them)")
    app = create_app(url, redis, limits, analysis, smtp)
    if smtp:
        announce(f"turn mails through {smtp}")
    announce(f"Townhall server: http://{host}:{port}/ (API under /api, docs at /docs)")
    # Players act every few seconds: keep their connections open between moves (uvicorn's default is 5 s).
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio", timeout_keep_alive=60)
