"""What a finished game means for each player, and how a game ends when a player gives up."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from townhall.engine.protocol import Outcome

FORFEIT_REASONS = ("resign", "time")  # a player resigned; a player's clock ran out


def win_shares(ranks: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1 for a sole winner, 1/k for each of k tied winners."""
    winners = [i for i, r in enumerate(ranks) if r == 1]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(ranks))]


def forfeit(num_players: int, losers: Collection[int], reason: str) -> Outcome:
    """The outcome of a game ended by forfeit, the same for every game: the players who gave up
    rank last, all others share first place. No game scores are counted (all 0): the game did
    not reach its end, and the running scores may hold what some players cannot see."""
    if reason not in FORFEIT_REASONS:
        raise ValueError(f"a forfeit reason is one of {', '.join(FORFEIT_REASONS)}, not {reason!r}")
    if not losers or not set(losers) <= set(range(num_players)):
        raise ValueError(f"forfeiting players {sorted(losers)} are not among {num_players}")
    last = num_players - len(losers) + 1
    ranks = tuple(last if seat in losers else 1 for seat in range(num_players))
    return Outcome(ranks, (0.0,) * num_players, f"forfeit-{reason}")
