"""Accounts: register, sign in and out (the session cookie), the account's page, its password and
its deletion. Signing in and registering are rate-limited per address and per name (`sign_ins`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from townhall.engine.protocol import Json
from townhall.server.accounts import MAX_EMAIL, MAX_NAME, MAX_PASSWORD, SESSION_DAYS, name_key
from townhall.server.context import COOKIE, REFUSALS, ServicesDep, SignedInDep
from townhall.server.errors import BadCredentials, NotSignedIn
from townhall.server.inputs import Line
from townhall.server.model import Account, SignedIn
from townhall.server.ratelimit import Limiter, address_of, refusal, retry_after
from townhall.server.routes.language import LanguageDep, in_language, speaking
from townhall.server.turns import seats_of, turns_of
from townhall.server.words import _

router = APIRouter(prefix="/api", tags=["accounts"], responses=REFUSALS)
# One line of text (no control character or lone surrogate); the least length is the accounts' check, in words.
Password = Annotated[Line, Field(max_length=MAX_PASSWORD)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GuestSeat(_Body):
    table: Annotated[str, Field(max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
    token: Annotated[Line, Field(max_length=200)]


class Credentials(_Body):
    name: Line = Field(min_length=1, max_length=MAX_NAME)
    password: Password
    seats: list[GuestSeat] = Field(
        default_factory=list, max_length=64, description="A guest's seats and their tokens: the account takes them."
    )


class NewPassword(_Body):
    password: Password
    new_password: Password


class PasswordBody(_Body):
    password: Password


class EmailBody(_Body):
    email: Line | None = Field(default=None, max_length=MAX_EMAIL)


@router.post("/accounts", status_code=201)
async def register(
    body: Credentials, request: Request, services: ServicesDep, old: SignedInDep, lang: LanguageDep
) -> Response:
    """A new account, signed in at once: `{"name", "csrf"}` and the session cookie."""
    limited = await _limited(request, lang, None)
    if limited is not None:
        return limited
    account = await run_in_threadpool(in_language, lang, lambda: services.accounts.register(body.name, body.password))
    return await _signed_in(services, account, body, request, 201, old)


@router.post("/session")
async def sign_in(
    body: Credentials, request: Request, services: ServicesDep, old: SignedInDep, lang: LanguageDep
) -> Response:
    """Sign in: `{"name", "csrf"}` and the session cookie (HttpOnly, SameSite=Lax)."""
    limited = await _limited(request, lang, body.name)
    if limited is not None:
        return limited
    try:
        account = await run_in_threadpool(in_language, lang, lambda: services.accounts.check(body.name, body.password))
    except BadCredentials:
        await _limiter(request).wait("sign_ins", f"name:{name_key(body.name)}")  # a refused password counts per name
        raise
    return await _signed_in(services, account, body, request, 200, old)


@router.get("/session")
def current_session(signed: SignedInDep) -> dict[str, Json]:
    """This browser's session: `{"name", "csrf"}`, both null for a guest (a page learns here, without
    a refusal, whether it is signed in, and the CSRF token its changes carry)."""
    return {"name": signed.name if signed else None, "csrf": signed.csrf if signed else None}


@router.delete("/session")
def sign_out(services: ServicesDep, signed: SignedInDep) -> Response:
    """Sign this browser out (nothing to do when it is not signed in)."""
    if signed is not None:
        services.accounts.sign_out(signed)
    return _without_cookie({"ok": True})


@router.get("/me")
def me(services: ServicesDep, signed: SignedInDep, lang: LanguageDep) -> dict[str, Json]:
    """The signed-in account: `{"name", "csrf", "ratings", "tables"}` (its seats, newest table first)."""
    found = _required(signed, lang)
    return {**services.accounts.me(found), "ratings": services.ratings.ratings_of(found.account_id), "csrf": found.csrf}


@router.get("/me/turns")
def my_turns(services: ServicesDep, signed: SignedInDep, lang: LanguageDep) -> dict[str, Json]:
    """The running tables waiting for the account's move: `{"tables": [{"table", "game", "seat"}]}`,
    newest first."""
    return {"tables": turns_of(services, seats_of(services, _required(signed, lang).account_id))}


@router.put("/me/password")
def change_password(
    body: NewPassword, services: ServicesDep, signed: SignedInDep, lang: LanguageDep
) -> dict[str, Json]:
    """A new password (the old one asked again); the account's other browsers are signed out."""
    with speaking(lang):
        services.accounts.change_password(_required(signed, lang), body.password, body.new_password)
    return {"ok": True}


@router.put("/me/email")
def set_email(body: EmailBody, services: ServicesDep, signed: SignedInDep, lang: LanguageDep) -> dict[str, Json]:
    """The address the account's turn mails go to (`townhall serve --smtp`); null or "" removes it."""
    with speaking(lang):
        services.accounts.set_email(_required(signed, lang), body.email)
    return {"ok": True}


@router.delete("/me")
def delete_account(body: PasswordBody, services: ServicesDep, signed: SignedInDep, lang: LanguageDep) -> Response:
    """Delete the account (its password asked again): its seats keep the name "deleted player"."""
    with speaking(lang):
        services.accounts.delete(_required(signed, lang), body.password)
    return _without_cookie({"ok": True})


def _required(signed: SignedIn | None, lang: str) -> SignedIn:
    if signed is None:
        with speaking(lang):
            raise NotSignedIn(_("sign in first"))
    return signed


def _limiter(request: Request) -> Limiter:
    found: Limiter = request.app.state.limiter
    return found


async def _limited(request: Request, lang: str, name: str | None) -> Response | None:
    """The 429 of an address out of sign-ins (each attempt takes one), or of a name out of refused passwords."""
    limiter = _limiter(request)
    wait = await limiter.wait("sign_ins", f"address:{address_of(request.scope)}")
    if not wait and name is not None:
        wait = await limiter.wait("sign_ins", f"name:{name_key(name)}", take=False)
    if not wait:
        return None
    seconds = retry_after(wait)
    return JSONResponse(refusal(wait, lang), status_code=429, headers={"Retry-After": str(seconds)})


async def _signed_in(
    services: ServicesDep, account: Account, body: Credentials, request: Request, status: int, old: SignedIn | None
) -> Response:
    if old is not None:  # the browser's earlier session (maybe another account's) ends here
        await run_in_threadpool(services.accounts.sign_out, old)
    cookie, signed = await run_in_threadpool(services.accounts.open_session, account)
    if body.seats:
        await run_in_threadpool(services.accounts.bind, signed, [(seat.table, seat.token) for seat in body.seats])
    response = JSONResponse({"name": signed.name, "csrf": signed.csrf}, status_code=status)
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


def _without_cookie(body: dict[str, Json]) -> Response:
    response = JSONResponse(body)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
    return response
