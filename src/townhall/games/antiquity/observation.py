"""What a player may not see (ANT-IO-3): the observation and the determinization of hidden facts."""

from __future__ import annotations

import random
from typing import Final

from townhall.engine import Json
from townhall.games.antiquity.data import DATA
from townhall.games.antiquity.position import PLAN, AntiquityPosition

TOKENS_EACH: Final = tuple(DATA.exploration.count(g) for g in range(10))  # exploration tokens per player, by good


def observation(position: AntiquityPosition, player: int | None) -> dict[str, Json]:
    """ANT-IO-3: others' phase-2 plans stay hidden (their start-of-phase city shows); tokens hidden."""
    data = position.public_json()
    data["tokens_left"] = sum(position.token_pool)
    views = []
    for q in range(position.num_players):
        snap = position.snapshots[q]
        if position.phase == PLAN and q != player and snap is not None:
            view = snap.to_json()
            view["steps"] = 0
            view["pend"] = None
        else:
            view = position.players[q].to_json()
            if position.phase == PLAN and q != player:
                view["steps"] = 0
        views.append(view)
    data["players"] = views
    return data


def determinize(copy: AntiquityPosition, position: AntiquityPosition, player: int, rng: random.Random) -> None:
    """Fill the copy's hidden facts with a guess: unseen removed tokens, and others' phase-2 plans."""
    # Unseen removed tokens: any of the tokens not yet revealed.
    n = len(position.players)
    pool = [n * TOKENS_EACH[g] - position.revealed[g] for g in range(10)]
    total = sum(pool)
    for _ in range(position.unseen_removed):
        # one token of the bag, uniformly (the same draw as rng.choice over the bag laid out in order)
        k = rng.choice(range(total))
        g = 0
        while k >= pool[g]:
            k -= pool[g]
            g += 1
        pool[g] -= 1
        total -= 1
    copy.token_pool = pool
    if position.phase == PLAN:
        for q in range(position.num_players):
            snap = position.snapshots[q]
            if q != player and snap is not None:
                copy.players[q] = snap.clone()  # their plan is unknown: start it afresh
                copy.done[q] = False
