"""What the routers share: the runner, pub/sub and bots of the app, and the caller's seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request
from pydantic import BaseModel

from townhall.server.analysis import Analyst
from townhall.server.bots import BotDriver
from townhall.server.errors import BadToken
from townhall.server.pubsub import MemoryPubSub
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.runner import TableRunner
from townhall.server.words import _


@dataclass(slots=True)
class Services:
    runner: TableRunner
    pubsub: MemoryPubSub
    bots: BotDriver
    analyst: Analyst


async def services(request: Request) -> Services:  # async: no worker thread for a lookup
    found: Services = request.app.state.services
    return found


async def bearer(lang: LanguageDep, authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of `Authorization: Bearer TOKEN`, None without one (a spectator)."""
    if authorization is None:
        return None
    scheme, _space, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        with speaking(lang):
            raise BadToken(_("send the seat token as 'Authorization: Bearer TOKEN'"))
    return token.strip()


ServicesDep = Annotated[Services, Depends(services)]
TokenDep = Annotated[str | None, Depends(bearer)]


class ErrorBody(BaseModel):
    """Every refusal: a machine code, a message, and the rule clause of an illegal action."""

    error: str
    message: str
    clause: str | None = None
    retry_after: int | None = None  # 429: the seconds to wait (as the Retry-After header says)


_REFUSALS = {
    400: "malformed request, action, options or data",
    401: "bad token",
    403: "not this seat's decision, or no seat, or the analysis before the end of a game",
    404: "unknown table, game or agent",
    409: "stale state id, game over, seat taken, not over yet, undo refused",
    413: "request body too large",
    422: "illegal action (names the rule clause)",
    429: "too many requests: a rate limit (Retry-After says when to try again)",
}
REFUSALS: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorBody, "description": text} for status, text in _REFUSALS.items()
}
