"""Tables: the lobby, creating a table, taking a seat, the view, actions, undo, chat and the record."""

from __future__ import annotations

from pathlib import Path as PathLib
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from townhall import games
from townhall.engine.errors import OptionError
from townhall.engine.protocol import Json
from townhall.server import clocks
from townhall.server.bots import bot_spec, check_spec
from townhall.server.context import REFUSALS, ServicesDep, TokenDep
from townhall.server.tables import CHAT_LIMIT

router = APIRouter(prefix="/api/tables", tags=["tables"], responses=REFUSALS)
TableId = Annotated[str, Path(max_length=64)]
SeatNumber = Annotated[int, Path(ge=0, le=63)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(_Body):
    game: str = Field(max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list,
        max_length=16,
        description='"human" or "bot:" and an agent spec (random, greedy, mcts:seconds=1) or a level (easy, medium, hard)',
    )
    clock: dict[str, Any] | None = Field(
        default=None,
        description='{"kind": "none"}, {"kind": "move", "seconds": S} or {"kind": "fischer", "base": B, "increment": I}',
    )
    bot_seconds: float = Field(default=1.0, gt=0, le=30, description="A bot's time budget per move.")


class TakeSeat(_Body):
    name: str = Field(min_length=1, max_length=100)


class ActionBody(_Body):
    state_id: int | None = Field(default=None, ge=0, description="The state the action is for (409 when stale).")
    action: int | str | dict[str, Any] = Field(description="The action's id, its text, or its JSON form.")


class UndoBody(_Body):
    state_id: int | None = Field(default=None, ge=0)


class ChatBody(_Body):
    text: str = Field(min_length=1, max_length=CHAT_LIMIT)


@router.get("")
def lobby(services: ServicesDep) -> list[dict[str, Json]]:
    return services.runner.lobby()


@router.post("", status_code=201)
def create_table(body: NewTable, services: ServicesDep) -> dict[str, Json]:
    game = games.get(body.game)
    count = body.players if body.players is not None else max(len(body.seats), game.meta.min_players)
    game.meta.check_players(count)
    if len(body.seats) > count:
        raise OptionError(f"{len(body.seats)} seats given for {count} players")
    seats: list[str] = []
    for seat in [*body.seats, *["human"] * (count - len(body.seats))]:
        if seat == "human":
            seats.append(seat)
        elif seat.startswith("bot:"):
            spec = bot_spec(seat, body.bot_seconds)
            check_spec(spec, game)
            seats.append(spec)
        else:
            raise OptionError(f"a seat is 'human' or 'bot:' and an agent or level, not {seat!r}")
    _no_server_files(body.options)
    options = game.meta.resolve(body.options)
    game.check_setup(count, options)
    settings: dict[str, Json] = {"bot_seconds": body.bot_seconds, "clock": clocks.check(body.clock)}
    table_id = services.runner.create(game.meta.name, count, dict(options), seats, settings)
    return services.runner.summary(table_id)


@router.get("/{table_id}")
def table_view(table_id: TableId, services: ServicesDep, token: TokenDep) -> dict[str, Json]:
    seat = services.runner.seat_of(table_id, token)
    return services.runner.view(table_id, seat)


@router.post("/{table_id}/seats/{seat}", status_code=201)
def take_seat(table_id: TableId, seat: SeatNumber, body: TakeSeat, services: ServicesDep) -> dict[str, Json]:
    token = services.runner.take_seat(table_id, seat, body.name.strip() or "player")
    return {"token": token, "seat": seat, "table": table_id}


@router.post("/{table_id}/actions")
def act(table_id: TableId, body: ActionBody, services: ServicesDep, token: TokenDep) -> dict[str, Json]:
    seat = services.runner.seat_of(table_id, token)
    services.runner.act(table_id, seat, body.state_id, body.action)
    return services.runner.view(table_id, seat)


@router.post("/{table_id}/undo")
def undo(table_id: TableId, body: UndoBody, services: ServicesDep, token: TokenDep) -> dict[str, Json]:
    seat = services.runner.seat_of(table_id, token)
    services.runner.undo(table_id, seat, body.state_id)
    return services.runner.view(table_id, seat)


@router.post("/{table_id}/chat", status_code=201)
def chat(table_id: TableId, body: ChatBody, services: ServicesDep, token: TokenDep) -> dict[str, Json]:
    seat = services.runner.seat_of(table_id, token)
    services.runner.chat(table_id, seat, body.text)
    return {"ok": True}


@router.get("/{table_id}/record")
def record(table_id: TableId, services: ServicesDep) -> dict[str, Json]:
    return services.runner.record(table_id)


@router.get("/{table_id}/steps/{step}")
def step_view(
    table_id: TableId, step: Annotated[int, Path(ge=0, le=1_000_000)], services: ServicesDep
) -> dict[str, Json]:
    """Once over: a spectator's view after the first `step` actions (the replay viewer)."""
    return services.runner.view_at(table_id, step)


def _no_server_files(options: dict[str, bool | int | str]) -> None:
    """Options sent over the network never make the server read its own files (a text option
    may name a file for the terminal's `townhall play`): refuse anything that looks like a path."""
    for name, value in options.items():
        if (
            isinstance(value, str)
            and value
            and (
                "/" in value
                or "\\" in value
                or value.startswith("~")
                or value.endswith(".json")
                or PathLib(value).exists()
            )
        ):
            raise OptionError(f"option {name}: the server does not read files; send built-in values only")
