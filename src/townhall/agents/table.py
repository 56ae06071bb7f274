"""A table's set-up, checked once with its game for every door (the terminal, simulate, tournaments and
the server): the player count, who sits at each seat (a person or an agent spec), and the options.

Every refusal is a TownhallError in the player's words: an unknown game or agent name is an
`UnknownName`; a player count, a seat list, an agent parameter or an option the game does not take is
an `OptionError`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from townhall.agents.registry import check_spec
from townhall.agents.words import _
from townhall.engine.errors import OptionError
from townhall.engine.options import Options, OptionValue
from townhall.engine.protocol import Game

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A checked set-up. `seats` holds one entry per seat (`human` or an agent spec), or, for a rotation
    (a tournament), the competing agents that take the seats in turn (sim/tournament.py's `seating`)."""

    game: str
    players: int
    seats: tuple[str, ...]
    options: dict[str, OptionValue]
    rotating: bool = False

    @classmethod
    def resolve(
        cls,
        game: Game[Any],
        players: int | None,
        seats: Sequence[str],
        options: Options | None = None,
        *,
        default_seat: str = HUMAN,
    ) -> TableSpec:
        """One game's table: `players` (or as many as the seats, at least the game's minimum), the seats
        given first and `default_seat` at the others."""
        given = [seat.strip() for seat in seats]
        count = players if players is not None else max(len(given), game.meta.min_players)
        game.meta.check_players(count)
        if len(given) > count:
            raise OptionError(_("{seats} seats given for {count} players").format(seats=len(given), count=count))
        given += [default_seat] * (count - len(given))
        for spec in given:
            if spec != HUMAN:
                check_spec(spec, game)
        return cls(game.meta.name, count, tuple(given), _checked_options(game, count, options))

    @classmethod
    def rotation(
        cls, game: Game[Any], players: int, agents: Sequence[str], options: Options | None = None
    ) -> TableSpec:
        """A tournament's table: `players` seats taken in turn by the agents (bots only)."""
        specs = tuple(spec.strip() for spec in agents)
        if not specs:
            raise OptionError(_("a tournament needs at least one agent"))
        game.meta.check_players(players)
        for spec in specs:
            check_spec(spec, game)
        return cls(game.meta.name, players, specs, _checked_options(game, players, options), rotating=True)

    @property
    def humans(self) -> list[int]:
        """The seats people take."""
        return [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]


def _checked_options(game: Game[Any], players: int, options: Options | None) -> dict[str, OptionValue]:
    resolved = game.meta.resolve(options)
    game.check_setup(players, resolved)
    return resolved
