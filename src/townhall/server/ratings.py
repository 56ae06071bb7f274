"""Ratings (issue 34): one Weng-Lin rating (openskill's Plackett-Luce) per account and game, moved
once per finished rated table. No SQL here (sql_ratings.py writes them in the transaction that
stores the table's end), no HTTP.

A table is rated when every seat is held by a distinct, living account: bots, guests and deleted
accounts leave it unrated. The game's outcome gives the ranks (a resigner or a player out of time
is already last); a player who left ranks last too, whatever the stand-in made of the seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from townhall.server.model import GONE, Ending, Seat

_MODEL = PlackettLuce()
START_MU, START_SIGMA = _MODEL.mu, _MODEL.sigma


@dataclass(frozen=True, slots=True, kw_only=True)
class Placing:
    seat: int
    account_id: str
    rank: int  # 1 best, ties share
    won: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Rated:
    """A rated table's end: what the store turns into rating rows and results."""

    table_id: str
    game: str
    placings: tuple[Placing, ...]


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The number players see: openskill's ordinal (mu - 3 sigma), 0 for a new account."""
        return round(self.mu - 3 * self.sigma, 2)


START = Skill(START_MU, START_SIGMA)


def rated_end(table_id: str, ending: Ending, seats: Sequence[Seat]) -> Rated | None:
    """The placings of a finished table if it is rated (None otherwise)."""
    left = ending.left
    accounts = [seat.account_id for seat in seats]
    if any(s.kind != "human" or a is None or a == GONE for s, a in zip(seats, accounts, strict=True)):
        return None
    if len(set(accounts)) != len(accounts) or len(accounts) < 2:  # one account on two seats rates nothing
        return None
    ranks = list(ending.ranks)
    if left:  # those who left share the last place, below everyone who stayed
        last = max((rank for seat, rank in enumerate(ranks) if seat not in left), default=0) + 1
        ranks = [last if seat in left else rank for seat, rank in enumerate(ranks)]
    winners = set(ending.winners) if ending.winners is not None else None
    placings = tuple(
        Placing(
            seat=seat,
            account_id=str(accounts[seat]),
            rank=ranks[seat],
            won=(seat in winners and seat not in left) if winners is not None else ranks[seat] == 1,
        )
        for seat in range(len(seats))
    )
    return Rated(table_id=table_id, game=ending.game, placings=placings)


def rate(placings: Sequence[Placing], before: Mapping[str, Skill]) -> dict[str, Skill]:
    """Each account's skill after the game (`before`: the accounts' skills, START for new ones)."""
    teams = [[_MODEL.rating(mu=before[p.account_id].mu, sigma=before[p.account_id].sigma)] for p in placings]
    after = _MODEL.rate(teams, ranks=[float(p.rank) for p in placings])
    return {p.account_id: Skill(team[0].mu, team[0].sigma) for p, team in zip(placings, after, strict=True)}
