"""The public observation of Kutná Hora (KH-IO-3: everything but the hidden parts of stacks, decks
and events) and `determinize`."""

from __future__ import annotations

import random
from typing import TypeVar

from townhall.engine.protocol import Json
from townhall.games.kutna_hora import economy
from townhall.games.kutna_hora.position import KutnaHoraPosition

P = TypeVar("P", bound=KutnaHoraPosition)


def observation(position: KutnaHoraPosition, player: int | None) -> dict[str, Json]:
    """KH-IO-3: everything but the hidden parts of stacks, decks and events."""
    out = position.to_json()
    out["stack_hidden"] = [len(h) + (position.stack_bottom[i] >= 0) for i, h in enumerate(position.stack_hidden)]
    del out["stack_bottom"]
    out["layers"] = [len(layer) for layer in position.layers]
    out["ev_left"] = [len(x) for x in position.events_left]
    out["prices"] = [economy.price(position, g) for g in range(6)]
    out["viewer"] = player
    return out


def determinize(position: P, player: int, rng: random.Random) -> P:
    """Hidden parts are multisets fixed by public information; no order is stored, so a copy will do."""
    return position.clone()
