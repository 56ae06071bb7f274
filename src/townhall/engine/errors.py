"""The error types of the engine. Everything a person can get wrong raises a TownhallError.

Each class has a stable machine `code` (front doors map codes, not messages: the CLI prints one
line and exits 2, the server answers with a 4xx status chosen in one table).
"""

from __future__ import annotations

from typing import ClassVar


class TownhallError(Exception):
    """Base class of every error meant to be shown to a person as a plain message."""

    code: ClassVar[str] = "error"


class IllegalAction(TownhallError):
    """An action that the rules forbid. Names the violated rule clause; the state is unchanged."""

    code: ClassVar[str] = "illegal-action"

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class NotYourTurn(IllegalAction):
    """An action by a player who is not to move now (the state is unchanged)."""

    code: ClassVar[str] = "not-your-turn"


class GameOver(IllegalAction):
    """An action after the end of the game."""

    code: ClassVar[str] = "game-over"


class MalformedAction(TownhallError, ValueError):
    """An action form that names no action of this game: bad JSON form, unknown text, bad id."""

    code: ClassVar[str] = "malformed-action"


class StaleState(TownhallError):
    """An action sent for a state that has changed since (its state id is old)."""

    code: ClassVar[str] = "stale-state"


class DataError(TownhallError, ValueError):
    """A data file (tiles, boards, chapters, prices...) that is missing, malformed or out of range.
    The message names the file, the field and what was expected."""

    code: ClassVar[str] = "data-error"


class OptionError(TownhallError):
    """A game option, player count or seat list that the game does not accept."""

    code: ClassVar[str] = "option-error"


class RecordError(TownhallError):
    """A game record that cannot be loaded or replayed (wrong game, other rules data, corrupt)."""

    code: ClassVar[str] = "record-error"


class UnknownName(TownhallError):
    """An unknown game or agent name."""

    code: ClassVar[str] = "unknown-name"
