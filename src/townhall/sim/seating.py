"""Who sits where in a tournament's game g: with K agents and P seats, agent `(s + g) % K` at seat s when
K <= P, else the g-th (cyclically) ordered choice of P distinct agents. Each agent plays each seat
equally often over `seat_cycle(K, P)` games (K when K <= P, else K!/(K-P)!)."""

from __future__ import annotations

import itertools
import math


def seat_cycle(num_agents: int, num_players: int) -> int:
    """How many games one full seat rotation takes."""
    if num_agents <= num_players:
        return num_agents
    return math.perm(num_agents, num_players)


def seating(game_index: int, num_agents: int, num_players: int) -> tuple[int, ...]:
    """The agent index at each seat of game `game_index`."""
    if num_agents <= num_players:
        return tuple((seat + game_index) % num_agents for seat in range(num_players))
    cycle = math.perm(num_agents, num_players)
    position = game_index % cycle
    return next(itertools.islice(itertools.permutations(range(num_agents), num_players), position, None))
