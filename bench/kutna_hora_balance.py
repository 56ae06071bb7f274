"""Kutná Hora stand-in data check by simulation: seat win rates, guild-set mean scores, scoring sources.

.venv/bin/python bench/kutna_hora_balance.py [games] [players]
"""

from __future__ import annotations

import sys
from collections import defaultdict

from townhall.agents.greedy import GreedyAgent
from townhall.engine.match import play_match
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.data import GUILD_OF_GOOD
from townhall.games.kutna_hora.scoring import FINAL_PARTS
from townhall.games.kutna_hora.state import KHState


def main(games: int, players: int) -> None:
    wins = [0.0] * players
    by_set: dict[str, list[float]] = defaultdict(list)
    parts = [0] * len(FINAL_PARTS)
    during = 0
    for seed in range(games):
        match = play_match(GAME, players, [GreedyAgent(seed * 10 + p) for p in range(players)], seed=seed)
        state = match.state
        assert isinstance(state, KHState)
        ranks = state.ranks()
        winners = [p for p in range(players) if ranks[p] == 1]
        for p in winners:
            wins[p] += 1 / len(winners)
        for p in range(players):
            by_set["+".join(sorted(GUILD_OF_GOOD[g] for g in state.guilds[p]))].append(state.points[p])
            for i, v in enumerate(state.final[p]):
                parts[i] += v
            during += state.points[p] - sum(state.final[p])
    print(f"{games} greedy games, {players} players")
    print("seat win rates: " + ", ".join(f"{w / games:.0%}" for w in wins))
    for name, scores in sorted(by_set.items()):
        print(f"  {name:40} mean {sum(scores) / len(scores):6.1f} over {len(scores)}")
    total = games * players
    print(
        "mean per player: during play %.1f, " % (during / total)
        + ", ".join(f"{k} {v / total:.1f}" for k, v in zip(FINAL_PARTS, parts, strict=True))
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
