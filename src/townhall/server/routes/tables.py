"""Tables: the lobby, creating a table, taking a seat, the view, actions, why a place is not
playable, undo, resigning, leaving, chat, the record and the rematch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from townhall import games
from townhall.agents import HUMAN, TableSpec
from townhall.engine.errors import OptionError
from townhall.engine.protocol import Json
from townhall.server import clocks, history, limits
from townhall.server.bots import bot_spec
from townhall.server.context import REFUSALS, Caller, CallerDep, Services, ServicesDep
from townhall.server.file_options import refuse_file_names
from townhall.server.inputs import MAX_KEY, MAX_OPTION_TEXT, Key, Line, Text, checked_json
from townhall.server.routes.language import LanguageDep, speaking
from townhall.server.runner import CHAT_LIMIT
from townhall.server.words import _

router = APIRouter(prefix="/api/tables", tags=["tables"], responses=REFUSALS)
# Views are answered as the runner's ready JSON text: encoded in the request's worker thread (and
# once per state and seat), not validated again on the event loop (`response_model` keeps the schema).
TABLE_ID = r"^[A-Za-z0-9_-]+$"  # table ids are hex (uuid4); others are refused before any lookup
TableId = Annotated[str, Path(max_length=64, pattern=TABLE_ID)]
SeatNumber = Annotated[int, Path(ge=0, le=63)]
MAX_ACTION_TEXT = 500  # a typed action (its text, or a unique start of it)
INVITE = "invite:"  # a human seat kept for the account of the name after it


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(_Body):
    game: Key
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[Key, Annotated[bool | int | str, checked_json(MAX_OPTION_TEXT)]] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[Annotated[Line, Field(max_length=200)]] = Field(
        default_factory=list,
        max_length=16,
        description='"human", "invite:" and a player\'s name (the seat is kept for that account), or "bot:" and an agent spec (random, greedy, mcts:seconds=1) or a level (easy, medium, hard, expert)',
    )
    clock: Annotated[dict[str, Any], checked_json(MAX_KEY)] | None = Field(
        default=None,
        description='{"kind": "none"}, {"kind": "move", "seconds": S} or {"kind": "fischer", "base": B, "increment": I}',
    )
    bot_seconds: float = Field(default=1.0, gt=0, le=limits.MAX_SECONDS, description="A bot's time budget per move.")
    training: bool = Field(
        default=False, description="A training table: its players may ask for the analysis and hints; never rated."
    )


class TakeSeat(_Body):
    name: Line = Field(min_length=1, max_length=100)


class ActionBody(_Body):
    state_id: int | None = Field(
        default=None, ge=0, le=2**53, description="The state the action is for (409 when stale)."
    )
    action: Annotated[int | str | dict[str, Any], checked_json(MAX_ACTION_TEXT)] = Field(
        description="The action's id, its text, or its JSON form."
    )


class UndoBody(_Body):
    state_id: int | None = Field(default=None, ge=0, le=2**53)


class ChatBody(_Body):
    text: Text = Field(min_length=1, max_length=CHAT_LIMIT)


@router.get("")
def lobby(services: ServicesDep, lang: LanguageDep) -> list[dict[str, Json]]:
    with speaking(lang):  # bots named by their level in the request's language
        return services.runner.reading.lobby()


@router.post("", status_code=201)
def create_table(body: NewTable, services: ServicesDep, lang: LanguageDep) -> dict[str, Json]:
    with speaking(lang):  # refusals of the game, its options, seats and clock in the request's language
        return _create(body, services)


def _create(body: NewTable, services: ServicesDep) -> dict[str, Json]:
    game = games.get(body.game)
    invites = {
        n: services.accounts.invitee(seat.removeprefix(INVITE))
        for n, seat in enumerate(body.seats)
        if seat.startswith(INVITE)
    }
    seats = [seat_spec(seat, body.bot_seconds) for seat in body.seats]
    refuse_file_names(game.meta.options, body.options)
    table = TableSpec.resolve(game, body.players, seats, body.options, default_seat=HUMAN)
    settings = table_settings(body.bot_seconds, body.clock, body.training)
    table_id = services.runner.create(
        table.game, table.players, dict(table.options), list(table.seats), settings, invites=invites
    )
    return services.runner.reading.summary(table_id)


def table_settings(bot_seconds: float, clock: dict[str, Any] | None, training: bool) -> dict[str, Json]:
    return {
        "bot_seconds": bot_seconds,
        "clock": clocks.check(clock),
        "training": training,
        "rated": not training,  # no ratings yet: the flag says which games they may count
    }


def seat_spec(seat: str, bot_seconds: float) -> str:
    """A seat as the wire writes it (`human`, `invite:` and a player's name, or `bot:` and an agent
    spec or a level) as a table's seat."""
    if seat == HUMAN or seat.startswith(INVITE):
        return HUMAN
    if seat.startswith("bot:"):
        return limits.check_spec(bot_spec(seat, bot_seconds), bot_seconds)
    raise OptionError(
        _("a seat is 'human', 'invite:' and a player's name, or 'bot:' and an agent or level, not {seat!r}").format(
            seat=seat
        )
    )


@router.get("/{table_id}", response_model=dict[str, Json])
def table_view(table_id: TableId, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> Response:
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
    return _json(services.runner.reading.view_json(table_id, seat, language=lang))


@router.post("/{table_id}/seats/{seat}", status_code=201)
def take_seat(
    table_id: TableId, seat: SeatNumber, body: TakeSeat, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    """A free human seat; taken while signed in, it belongs to the account as well as to the token."""
    with speaking(lang):
        token = services.runner.seating.take_seat(
            table_id, seat, body.name.strip() or "player", who.account_id, who.account
        )
    return {"token": token, "seat": seat, "table": table_id}


@router.post("/{table_id}/actions", response_model=dict[str, Json])
def act(table_id: TableId, body: ActionBody, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> Response:
    # an action's text is read in the language of the request, like the texts shown
    return _move(
        services, table_id, who, lang, lambda seat: services.runner.act(table_id, seat, body.state_id, body.action)
    )


@router.post("/{table_id}/final")
def final(
    table_id: TableId, body: ActionBody, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    """Whether the seat could not take this action back once played (the engine's undo rules):
    `{"final": true}` when it ends what may be undone. Nothing is played."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        return {"final": services.runner.final(table_id, seat, body.state_id, body.action)}


@router.post("/{table_id}/undo", response_model=dict[str, Json])
def undo(table_id: TableId, body: UndoBody, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> Response:
    return _move(services, table_id, who, lang, lambda seat: services.runner.undo(table_id, seat, body.state_id))


@router.post("/{table_id}/resign", response_model=dict[str, Json])
def resign(table_id: TableId, body: UndoBody, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> Response:
    """The seat gives up: the game ends, that seat ranks last and the others share first place."""
    return _move(services, table_id, who, lang, lambda seat: services.runner.resign(table_id, seat, body.state_id))


@router.post("/{table_id}/leave", response_model=dict[str, Json])
def leave(table_id: TableId, body: UndoBody, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> Response:
    """The seat leaves and the table's timeout policy replaces it: the server plays its every
    decision from now on (on_timeout "bot"), or leaving ends the game as a resignation ("forfeit")."""
    return _move(services, table_id, who, lang, lambda seat: services.runner.leave(table_id, seat, body.state_id))


@router.post("/{table_id}/chat", status_code=201)
def chat(
    table_id: TableId, body: ChatBody, services: ServicesDep, who: CallerDep, lang: LanguageDep
) -> dict[str, Json]:
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        services.runner.chat(table_id, seat, body.text)
    return {"ok": True}


PlaceName = Annotated[str, Query(min_length=1, max_length=MAX_KEY, pattern=r"^[^\x00-\x1f]*$")]


@router.get("/{table_id}/why")
def why_not(
    table_id: TableId,
    area: PlaceName,
    cell: PlaceName,
    services: ServicesDep,
    who: CallerDep,
    lang: LanguageDep,
    part: PlaceName | None = None,
) -> dict[str, Json]:
    """Why the token's seat may play nothing at this place of the board (an area and cell of the
    board view, a part when given): the engine's refusals of the actions that would go there, in
    the request's language ([] when no action goes there). What playing them would answer, no more."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        place: dict[str, Json] = {"area": area, "cell": cell, "part": part}
        return {"place": place, "reasons": list(services.runner.reading.why_not(table_id, seat, place))}


@router.get("/{table_id}/analysis")
def table_analysis(
    table_id: TableId,
    services: ServicesDep,
    who: CallerDep,
    lang: LanguageDep,
    at: Annotated[
        int | None, Query(ge=0, le=2**31, description="The position after this many kept steps (the replay's step).")
    ] = None,
) -> dict[str, Json]:
    """Each seat's estimated chance to win and expected score, and the search's view of the recent
    decisions, from what the asker may see: a spectator at any time, a seated player once the game
    is over or at a training table (403 otherwise)."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        return services.runner.reading.analysis(table_id, seat, services.analyst, lang, at)


@router.get("/{table_id}/review")
def table_review(table_id: TableId, services: ServicesDep, lang: LanguageDep) -> dict[str, Json]:
    """Once over, the search's view of every decision a spectator saw, and each seat's costliest."""
    with speaking(lang):
        return services.runner.reading.review(table_id, services.analyst, lang)


@router.get("/{table_id}/hint")
def hint(table_id: TableId, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> dict[str, Json]:
    """At a training table, the hard bot's suggestion for the caller's seat, deciding now."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        return services.runner.reading.hint(table_id, seat, services.analyst, lang)


@router.get("/{table_id}/log")
def log_page(
    table_id: TableId,
    services: ServicesDep,
    who: CallerDep,
    lang: LanguageDep,
    before: Annotated[int | None, Query(ge=0, le=2**53, description="Lines of state ids below this one.")] = None,
    limit: Annotated[int, Query(ge=1, le=history.MAX_PAGE_ROWS, description="At most this many steps.")] = (
        history.PAGE_ROWS
    ),
) -> dict[str, Json]:
    """The seat's log (spectator's without a token), a page at a time, newest page first."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        return services.runner.reading.log_page(table_id, seat, before, limit)


@router.get("/{table_id}/record")
def record(table_id: TableId, services: ServicesDep, lang: LanguageDep) -> dict[str, Json]:
    with speaking(lang):
        return services.runner.reading.record(table_id)


@router.post("/{table_id}/rematch", status_code=201)
def rematch(table_id: TableId, services: ServicesDep, who: CallerDep, lang: LanguageDep) -> dict[str, Json]:
    """Once over: the caller's seat at the table's rematch (same game, options, clock and seats,
    each seat one on), made by the first player who asks; the seat's token stays its token there
    (null for a seat played with the session cookie alone: the account plays the new one too)."""
    with speaking(lang):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        new_id, new_seat = services.runner.seating.rematch(table_id, seat)
    return {"id": new_id, "seat": new_seat, "token": who.token}


@router.get("/{table_id}/steps/{step}")
def step_view(
    table_id: TableId, step: Annotated[int, Path(ge=0, le=1_000_000)], services: ServicesDep, lang: LanguageDep
) -> dict[str, Json]:
    """Once over: a spectator's view after the first `step` actions (the replay viewer)."""
    with speaking(lang):
        return services.runner.reading.view_at(table_id, step)


def _json(text: str) -> Response:
    return Response(content=text, media_type="application/json")


def _move(services: Services, table_id: str, who: Caller, language: str, move: Callable[[int | None], int]) -> Response:
    """The token's seat makes a move (the move's texts in the request's language); the seat's view
    at least as new as the state id the move returns."""
    with speaking(language):
        seat = services.runner.seating.seat_of(table_id, who.token, who.account_id)
        state_id = move(seat)
    return _json(services.runner.reading.view_json(table_id, seat, at_least=state_id, language=language))
