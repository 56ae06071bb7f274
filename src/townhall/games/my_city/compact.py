"""My City's compact action space for learners (`townhall.rl`, engine.protocol.CompactActions):
486 ids where the engine has 15,490 (32 pieces x 121 cells x 4 turns, pass, exit). Only the piece
of the revealed card may be built (MYC-GEN-2), so a place names its cell and turn alone.

| ids | action |
|---|---|
| 0 .. 483 | build the revealed card's piece at board cell `id // 4` (row * 11 + column, the observer's cells), turned `id % 4` quarter turns |
| 484 | pass |
| 485 | exit |
"""

from __future__ import annotations

from typing import Final

from townhall.engine.errors import IllegalAction
from townhall.games.my_city.actions import EXIT_ACTION, NUM_ACTIONS, PASS_ACTION, PLACE_STRIDE
from townhall.games.my_city.data import MAX_PIECES
from townhall.games.my_city.position import MyCityPosition
from townhall.games.my_city.words import _

PASS_AT: Final = PLACE_STRIDE
EXIT_AT: Final = PLACE_STRIDE + 1
COMPACT_SIZE: Final = PLACE_STRIDE + 2


class MyCityCompact:
    """The compact ids above, for any player count, options and chapter."""

    size = COMPACT_SIZE
    version = 1

    def encode(self, state: MyCityPosition, action: int) -> int:
        if 0 <= action < PASS_ACTION:
            return action % PLACE_STRIDE if action // PLACE_STRIDE == state.card else -1
        if action == PASS_ACTION:
            return PASS_AT
        return EXIT_AT if action == EXIT_ACTION else -1

    def encode_all(self, state: MyCityPosition, actions: list[int]) -> list[int]:
        # Places of the one piece (ascending), then pass and exit (consecutive in both spaces).
        return [action % PLACE_STRIDE if action < PASS_ACTION else action - PASS_ACTION + PASS_AT for action in actions]

    def decode(self, state: MyCityPosition, compact: int) -> int:
        if 0 <= compact < PLACE_STRIDE and 0 <= state.card < MAX_PIECES:
            return state.card * PLACE_STRIDE + compact
        if compact == PASS_AT:
            return PASS_ACTION
        if compact == EXIT_AT:
            return EXIT_ACTION
        raise IllegalAction("MYC-IO-1", _("{action!r} is not an action of My City").format(action=compact))


assert NUM_ACTIONS == EXIT_ACTION + 1 and EXIT_ACTION == PASS_ACTION + 1

__all__ = ["COMPACT_SIZE", "MyCityCompact"]
