"""What a player may see of a My City game (the public observation) and a guess of what they
may not (`determinize`): the other players' choices on the revealed card stay hidden (MYC-IO-3)."""

from __future__ import annotations

import random
from typing import TypeVar

from townhall.engine import Json
from townhall.games.my_city import legality
from townhall.games.my_city.actions import SPACE
from townhall.games.my_city.position import UNDECIDED, MyCityPosition

P = TypeVar("P", bound=MyCityPosition)


def observation(position: MyCityPosition, player: int | None) -> dict[str, Json]:
    out = position.public_json()
    if position.rules.mode == "campaign":
        out["chapter"] = position.chapter_json()
    if player is not None:
        mine = position.pending[player]
        out["player"] = player
        out["my_choice"] = None if mine < 0 else SPACE.to_json(mine)
    return out


def determinize(position: P, player: int, rng: random.Random) -> P:
    """A copy where every other decided player's choice is redrawn among their legal actions."""
    copy = position.clone()
    for q in range(copy.num_players):
        if q != player and copy.pending[q] >= 0:
            copy.pending[q] = UNDECIDED
            legal = legality.legal_actions(copy, q)
            copy.pending[q] = legal[int(rng.random() * len(legal))]
    return copy
