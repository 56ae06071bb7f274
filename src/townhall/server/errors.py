"""Every refusal as an HTTP status, in one table by machine code: the engine's errors and the server's own."""

from __future__ import annotations

from typing import ClassVar

from townhall.engine.errors import IllegalAction, OptionError, TownhallError


class BadToken(TownhallError):
    """A seat token that belongs to no seat of this table."""

    code: ClassVar[str] = "bad-token"


class NotSeated(TownhallError):
    """A request that only a seated player may make (chat, undo, actions) made without a seat."""

    code: ClassVar[str] = "not-seated"


class TableNotFound(TownhallError):
    code: ClassVar[str] = "table-not-found"


class CampaignNotFound(TownhallError):
    """An unknown campaign, or a game that has none."""

    code: ClassVar[str] = "campaign-not-found"


class SeatTaken(TownhallError):
    """A seat that is a bot's or already has a player."""

    code: ClassVar[str] = "seat-taken"


class NotInvited(TownhallError):
    """A seat kept for an invited account, asked for by anyone else (or by a guest)."""

    code: ClassVar[str] = "not-invited"


class TableExists(TownhallError):
    """A new table whose id another table has (a rematch asked for twice: the first one made it)."""

    code: ClassVar[str] = "table-exists"


class NotOver(TownhallError):
    """A request for what exists only once the game is over (the record)."""

    code: ClassVar[str] = "not-over"


class AnalysisRefused(TownhallError):
    """The analysis asked by a seated player while their game runs (not a training table), or a hint
    outside a training table."""

    code: ClassVar[str] = "analysis-refused"


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


class NotSignedIn(TownhallError):
    """A request for an account's own page or change made without a valid session cookie."""

    code: ClassVar[str] = "not-signed-in"


class BadCredentials(TownhallError):
    """A name and password that do not match an account (which of the two is never said)."""

    code: ClassVar[str] = "bad-credentials"


class PlayerNotFound(TownhallError):
    """A profile asked for a name no account holds."""

    code: ClassVar[str] = "player-not-found"


class NameTaken(TownhallError):
    code: ClassVar[str] = "name-taken"


class CsrfRefused(TownhallError):
    """A state-changing request made with the session cookie without its `X-CSRF-Token`."""

    code: ClassVar[str] = "csrf-refused"


class NoDaily(TownhallError):
    """A daily challenge asked of a game that has none."""

    code: ClassVar[str] = "no-daily"


class DailyPlayed(TownhallError):
    """A second attempt at the day's challenge by one account."""

    code: ClassVar[str] = "daily-played"


# The HTTP status of each machine code (TownhallError.code); an error whose code is not here answers
# with the status of its nearest base's code.
STATUS: dict[str, int] = {
    "bad-token": 401,
    "not-signed-in": 401,
    "bad-credentials": 401,
    "csrf-refused": 403,
    "name-taken": 409,
    "not-seated": 403,
    "not-invited": 403,
    "not-your-turn": 403,
    "analysis-refused": 403,
    "game-over": 409,
    "stale-state": 409,
    "seat-taken": 409,
    "table-exists": 409,
    "not-over": 409,
    "undo-refused": 409,
    "waiting-for-players": 409,
    "illegal-action": 422,
    "malformed-action": 400,
    "over-limit": 400,
    "option-error": 400,
    "data-error": 400,
    "record-error": 400,
    "bad-request": 400,
    "table-not-found": 404,
    "campaign-not-found": 404,
    "unknown-name": 404,
    "player-not-found": 404,
    "no-daily": 404,
    "daily-played": 409,
}


def status_of(error: TownhallError) -> int:
    for kind in type(error).__mro__:
        status = STATUS.get(getattr(kind, "code", ""))
        if status is not None:
            return status
    return 400


def error_body(error: TownhallError) -> dict[str, object]:
    """The JSON body of a refusal: a machine code, the message, and the rule clause when one is named."""
    body: dict[str, object] = {"error": error.code, "message": str(error)}
    if isinstance(error, IllegalAction):
        body["clause"] = error.clause
        body["message"] = error.message
    return body
