"""What a finished game means for each player."""

from __future__ import annotations

from collections.abc import Sequence


def win_shares(ranks: Sequence[int]) -> list[float]:
    """Each player's share of the win: 1 for a sole winner, 1/k for each of k tied winners."""
    winners = [i for i, r in enumerate(ranks) if r == 1]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(ranks))]
