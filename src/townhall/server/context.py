"""What the routers share: the runner, pub/sub and bots of the app, and the caller's seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request

from townhall.server.bots import BotDriver
from townhall.server.errors import BadToken
from townhall.server.pubsub import MemoryPubSub
from townhall.server.tables import TableRunner


@dataclass(slots=True)
class Services:
    runner: TableRunner
    pubsub: MemoryPubSub
    bots: BotDriver


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of `Authorization: Bearer TOKEN`, None without one (a spectator)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadToken("send the seat token as 'Authorization: Bearer TOKEN'")
    return token.strip()


ServicesDep = Annotated[Services, Depends(services)]
TokenDep = Annotated[str | None, Depends(bearer)]
