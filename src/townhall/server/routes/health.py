"""GET /api/health: whether this process can serve, for load balancers and operators.

200 when the database answers (pub/sub may be degraded: pushes then stay within this process), 503
when it does not. `pubsub` is "memory" (one process), "ok" or "unreachable" (Redis)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from townhall.server.context import ServicesDep

router = APIRouter(prefix="/api", tags=["health"])


@router.get("/health")
async def health(services: ServicesDep) -> JSONResponse:
    database = await run_in_threadpool(services.runner.store.reachable)
    pubsub = services.pubsub.status()
    body = {
        "status": "ok" if database and pubsub != "unreachable" else "degraded" if database else "down",
        "database": "ok" if database else "unreachable",
        "pubsub": pubsub,
    }
    return JSONResponse(body, status_code=200 if database else 503)
