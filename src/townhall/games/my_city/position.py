"""The position of one My City game (evergreen) or campaign episode as plain data: the fields,
`clone`, the JSON forms; no rules (those are in placement.py, turns.py, scoring.py).

Every card is one simultaneous decision: `pending[p]` holds player p's committed action
(UNDECIDED while undecided); the card resolves in the apply of the last active player, then the
next card is drawn from the multiset of remaining cards (no stored order).
"""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine import Json, State
from townhall.engine.fields import LIST, ROWS, SHARED, TUPLE, Field, Fields, load_fields, save_fields
from townhall.games.my_city.actions import BLOCKADE, PIECE_IDS
from townhall.games.my_city.board import Features, Terrain, neighbours
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import CELLS, COLOUR_NAMES, BoardSpec, cell_name

UNDECIDED: Final = -1
Stickers = list[list[tuple[int, str]]]


# Every field once, in save-format order (engine/fields.py); the code at the end of this module is
# generated from it.
# The game builds the static part (up to `stickers`) from its own forms before loading the rest.
FIELDS = Fields(
    "MyCityPosition",
    (
        Field("num_players", "num_players", restore=False),
        Field("rules", "rules", SHARED, save=lambda v: v.to_json(), restore=False),  # read-only during a game
        Field(
            "board_spec",
            "board",
            SHARED,
            save=lambda v: {"name": v.name, "rows": v.rows_text(), "provenance": v.provenance},
            restore=False,
        ),
        Field(
            "stickers",
            "stickers",
            SHARED,
            save=lambda v: [[[cell_name(c), kind] for c, kind in s] for s in v],
            restore=False,
        ),
        Field("terrain", copy=SHARED),
        Field("features", copy=SHARED),
        Field("occupied", "occ", LIST),
        Field("placed", "placed", ROWS, item=TUPLE),
        Field("score", "score", LIST),
        Field("frozen", "frozen", LIST),
        Field("marks", "marks", LIST),
        Field("passes", "passes", LIST),
        Field("active", "active", LIST),
        Field("pending", "pending", LIST),
        Field("deck", "deck", LIST),
        Field("card", "card"),
        Field("start_occupied", "start_occ"),
        Field("revealed", "revealed", LIST),
        Field("blocked", "blocked", LIST),
        Field("gold_claimed", "gold_claimed"),
        Field("over", "over"),
        Field("final", "final", SHARED),  # set once, at the end
        Field("around", copy=LIST),  # derived from `occupied` on load
        Field("figures_revision"),
        Field("can_pass"),
    ),
)
_copy_fields: Final = FIELDS.derived_clone(__name__)  # the clone, made from the declaration


class MyCityPosition(State):  # the protocol base here: a compiled class has one base
    def __init__(
        self,
        num_players: int,
        rules: RuleSet,
        board_spec: BoardSpec,
        terrain: Terrain,
        features: list[Features],
        stickers: Stickers,
    ) -> None:
        self.num_players = num_players
        self.rules = rules
        self.board_spec = board_spec
        self.terrain = terrain
        self.features = features
        self.stickers = stickers
        self.occupied = [0] * num_players
        # The cells next to each player's buildings (neighbours of `occupied`), kept in step with it
        # by turns.resolve so that legal moves need no recomputation.
        self.around = [0] * num_players
        self.placed: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
        self.score = [rules.start_score] * num_players
        self.frozen = [False] * num_players
        self.marks = [0] * num_players
        self.passes = [0] * num_players
        self.active = [True] * num_players
        # Moves whenever score, frozen, marks, passes or active change (turns.py): the observer's
        # key for the players' figures, an int read instead of five lists compared.
        self.figures_revision = 0
        self.pending = [UNDECIDED] * num_players
        self.deck = sorted(rules.pieces + ((BLOCKADE,) if rules.blockade else ()))
        self.card = -1
        self.revealed: list[int] = []
        self.blocked: list[int] = []
        self.gold_claimed = False
        self.over = False
        self.final: list[dict[str, int]] | None = None
        self.can_pass = rules.can_pass
        self.start_occupied = 0  # cells built before the first card (the chapter 8 palace)

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))
        _copy_fields(self, copy)
        return copy

    def chapter_json(self) -> dict[str, Json]:
        """The chapter mechanics in force (MYC-LEG-1): 4th church, new land, shafts, removed pieces."""
        rules = self.rules
        land = self.terrain.land
        return {
            "church4": None if rules.church4 < 0 else PIECE_IDS[rules.church4],
            "land": [cell_name(c) for c in range(CELLS) if land >> c & 1],
            "mine_shafts": [[cell_name(c) for c in shaft[1:]] for shaft in rules.mine_shafts],
            "mine_colours": [COLOUR_NAMES[shaft[0]] for shaft in rules.mine_shafts],
            "mine_rewards": list(rules.mine_rewards),
            "removed": [PIECE_IDS[p] for p in rules.removed],
            "park_points": rules.park_points,
            "park_min_cells": rules.park_min_cells,
        }

    def to_json(self) -> dict[str, Json]:
        return save_fields(FIELDS, self)

    def load_progress(self, data: dict[str, Any]) -> None:
        """Fill the dynamic part from to_json output (the static part is built by the game)."""
        load_fields(FIELDS, self, data)
        self.around = [neighbours(occ) for occ in self.occupied]
