"""Which tables are rated and how ranks become ratings (server/ratings.py), without a server."""

from __future__ import annotations

from townhall.server.model import GONE, Ending, Seat
from townhall.server.ratings import START, rate, rated_end


def _seats(*accounts: str | None, bot: int | None = None) -> list[Seat]:
    return [
        Seat(seat=n, spec="random" if n == bot else "human", name=f"p{n}", token_hash="h", account_id=a)
        for n, a in enumerate(accounts)
    ]


def _ending(*ranks: int, left: tuple[int, ...] = (), winners: tuple[int, ...] | None = None) -> Ending:
    return Ending(game="carcassonne", ranks=ranks, winners=winners, left=left)


def test_only_tables_of_distinct_living_accounts_are_rated() -> None:
    assert rated_end("t", _ending(1, 2), _seats("a", "b")) is not None
    assert rated_end("t", _ending(1, 2), _seats("a", None)) is None  # a guest
    assert rated_end("t", _ending(1, 2), _seats("a", "b", bot=1)) is None  # a bot
    assert rated_end("t", _ending(1, 2), _seats("a", GONE)) is None  # a deleted account
    assert rated_end("t", _ending(1, 2), _seats("a", "a")) is None  # one account, two seats


def test_a_player_who_left_ranks_last_and_does_not_win() -> None:
    rated = rated_end("t", _ending(1, 2, 3, left=(0,)), _seats("a", "b", "c"))
    assert rated is not None
    assert [(p.rank, p.won) for p in rated.placings] == [(4, False), (2, False), (3, False)]
    victory = rated_end("t", _ending(1, 1, 2, winners=(0, 1)), _seats("a", "b", "c"))
    assert victory is not None and [p.won for p in victory.placings] == [True, True, False]


def test_the_winner_gains_the_loser_loses_and_a_tie_moves_little() -> None:
    rated = rated_end("t", _ending(1, 2), _seats("a", "b"))
    assert rated is not None
    after = rate(rated.placings, {"a": START, "b": START})
    assert after["a"].mu > START.mu > after["b"].mu
    assert after["a"].sigma < START.sigma and after["b"].sigma < START.sigma
    tie = rated_end("t", _ending(1, 1), _seats("a", "b"))
    assert tie is not None
    tied = rate(tie.placings, {"a": START, "b": START})
    assert abs(tied["a"].mu - START.mu) < 1e-6 and tied["a"].shown > START.shown
