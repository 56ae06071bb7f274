"""Every refusal as an HTTP status, in one table: engine errors by class, then the server's own."""

from __future__ import annotations

from typing import ClassVar

from townhall.engine.errors import (
    DataError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    OptionError,
    RecordError,
    StaleState,
    TownhallError,
    UnknownName,
)


class BadToken(TownhallError):
    """A seat token that belongs to no seat of this table."""

    code: ClassVar[str] = "bad-token"


class NotSeated(TownhallError):
    """A request that only a seated player may make (chat, undo, actions) made without a seat."""

    code: ClassVar[str] = "not-seated"


class TableNotFound(TownhallError):
    code: ClassVar[str] = "table-not-found"


class SeatTaken(TownhallError):
    """A seat that is a bot's or already has a player."""

    code: ClassVar[str] = "seat-taken"


class NotOver(TownhallError):
    """A request for what exists only once the game is over (the record)."""

    code: ClassVar[str] = "not-over"


class UndoRefused(TownhallError):
    """An undo that the engine's undo rules do not allow now."""

    code: ClassVar[str] = "undo-refused"


class Waiting(TownhallError):
    """A move at a table whose game has not started: a human seat is still free."""

    code: ClassVar[str] = "waiting-for-players"


class BadRequest(TownhallError):
    code: ClassVar[str] = "bad-request"


class OverLimit(OptionError):
    """An agent spec asking more of the server than its limits allow (server/limits.py)."""

    code: ClassVar[str] = "over-limit"


# Most specific class first: NotYourTurn and GameOver are IllegalActions.
STATUS: tuple[tuple[type[TownhallError], int], ...] = (
    (BadToken, 401),
    (NotSeated, 403),
    (NotYourTurn, 403),
    (GameOver, 409),
    (StaleState, 409),
    (SeatTaken, 409),
    (NotOver, 409),
    (UndoRefused, 409),
    (Waiting, 409),
    (IllegalAction, 422),
    (MalformedAction, 400),
    (OverLimit, 400),
    (OptionError, 400),
    (DataError, 400),
    (RecordError, 400),
    (BadRequest, 400),
    (TableNotFound, 404),
    (UnknownName, 404),
)


def status_of(error: TownhallError) -> int:
    for kind, status in STATUS:
        if isinstance(error, kind):
            return status
    return 400


def error_body(error: TownhallError) -> dict[str, object]:
    """The JSON body of a refusal: a machine code, the message, and the rule clause when one is named."""
    body: dict[str, object] = {"error": error.code, "message": str(error)}
    if isinstance(error, IllegalAction):
        body["clause"] = error.clause
        body["message"] = error.message
    return body
