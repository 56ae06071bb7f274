"""The error types of the engine. Everything a person can get wrong raises a TownhallError."""

from __future__ import annotations


class TownhallError(Exception):
    """Base class of every error meant to be shown to a person as a plain message."""


class IllegalAction(TownhallError):
    """An action that the rules forbid. Names the violated rule clause; the state is unchanged."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class OptionError(TownhallError):
    """A game option, player count or seat list that the game does not accept."""


class RecordError(TownhallError):
    """A game record that cannot be loaded or replayed (wrong game, other rules data, corrupt)."""


class UnknownName(TownhallError):
    """An unknown game or agent name."""
