"""What the routers share: the runner, pub/sub, bots and accounts of the app, and the caller: a
seat token, a signed-in account (its session cookie; with `X-CSRF-Token` on every state-changing
request), both or neither."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from townhall.server.accounts import Accounts
from townhall.server.analysis import Analyst
from townhall.server.bots import BotDriver
from townhall.server.campaigns import Campaigns
from townhall.server.errors import BadToken, CsrfRefused
from townhall.server.model import SignedIn
from townhall.server.pubsub import MemoryPubSub
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.runner import TableRunner
from townhall.server.sql_daily import SqlDaily
from townhall.server.sql_ratings import SqlRatings
from townhall.server.words import _


@dataclass(slots=True)
class Services:
    runner: TableRunner
    pubsub: MemoryPubSub
    bots: BotDriver
    accounts: Accounts
    analyst: Analyst
    ratings: SqlRatings
    daily: SqlDaily
    campaigns: Campaigns


COOKIE = "townhall_session"
CSRF_HEADER = "X-CSRF-Token"
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
# Signing in and registering are authenticated by the password, not the cookie: no CSRF token yet.
BY_PASSWORD = frozenset({("POST", "/api/session"), ("POST", "/api/accounts")})


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


def signed_in(connection: HTTPConnection, lang: LanguageDep) -> SignedIn | None:
    """The account of the session cookie (None without a valid one). A state-changing request
    that carries a valid cookie must carry its session's CSRF token too (else 403): another site
    may make the browser send the cookie, never the header. Every API router depends on it."""
    cookie = connection.cookies.get(COOKIE)
    if not cookie:
        return None
    found: Services = connection.app.state.services
    signed = found.accounts.session(cookie)
    method = connection.scope.get("method", "GET")
    if signed is None or method in SAFE or (method, connection.url.path.rstrip("/")) in BY_PASSWORD:
        return signed
    if not hmac.compare_digest(connection.headers.get(CSRF_HEADER, "").encode(), signed.csrf.encode()):
        with speaking(lang):
            raise CsrfRefused(_("signed-in requests that change something need the page's X-CSRF-Token header"))
    return signed


SignedInDep = Annotated[SignedIn | None, Depends(signed_in)]


@dataclass(frozen=True, slots=True)
class Caller:
    """Who asks: a seat token (it wins) and/or a signed-in account (its id and name)."""

    token: str | None
    account_id: str | None
    account: str | None = None


async def caller(token: TokenDep, signed: SignedInDep) -> Caller:
    if signed is None:
        return Caller(token, None)
    return Caller(token, signed.account_id, signed.name)


CallerDep = Annotated[Caller, Depends(caller)]


class ErrorBody(BaseModel):
    """Every refusal: a machine code, a message, and the rule clause of an illegal action."""

    error: str
    message: str
    clause: str | None = None
    retry_after: int | None = None  # 429: the seconds to wait (as the Retry-After header says)


_REFUSALS = {
    400: "malformed request, action, options or data",
    401: "bad token, not signed in, or wrong name or password",
    403: "not this seat's decision, or no seat; a seat kept for another player; a signed-in change without X-CSRF-Token; the analysis before the end of a game",
    404: "unknown table, game, agent, player or campaign; a game without a daily challenge or a campaign",
    409: "stale state id, game over, seat taken, not over yet, undo refused, name taken, the day's challenge played",
    413: "request body too large",
    422: "illegal action (names the rule clause)",
    429: "too many requests: a rate limit (Retry-After says when to try again)",
}
REFUSALS: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorBody, "description": text} for status, text in _REFUSALS.items()
}
