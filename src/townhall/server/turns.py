"""A signed-in player's turns: the tables waiting for one of their seats' move now.

Only whose turn it is travels (the stored movers of a running table, which every view shows), never
a view: nothing hidden can leak through it."""

from __future__ import annotations

from townhall.engine.protocol import Json
from townhall.server.context import Services

Seats = dict[str, tuple[str, set[int]]]  # table -> (game, the account's seats there)


def seats_of(services: Services, account_id: str) -> Seats:
    """The account's seats at running tables, per table, newest table first."""
    found: Seats = {}
    for table, game, seat in services.accounts.store.playing(account_id):
        found.setdefault(table, (game, set()))[1].add(seat)
    return found


def turns_of(services: Services, seats: Seats) -> list[Json]:
    """`[{"table", "game", "seat"}]`: the account's seats deciding now at running tables."""
    pairs = [(table, seat) for table, (_game, held) in seats.items() for seat in sorted(held)]
    waiting = services.runner.store.waiting_for(pairs)
    return [{"table": table, "game": seats[table][0], "seat": seat} for table, seat in waiting]
