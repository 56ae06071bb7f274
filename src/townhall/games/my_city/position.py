"""The position of one My City game (evergreen) or campaign episode as plain data: the fields,
`clone`, the JSON forms; no rules (those are in placement.py, turns.py, scoring.py).

Every card is one simultaneous decision: `pending[p]` holds player p's committed action
(UNDECIDED while undecided); the card resolves in the apply of the last active player, then the
next card is drawn from the multiset of remaining cards (no stored order).
"""

from __future__ import annotations

from typing import Any, Final, Self

from townhall.engine import Json, State
from townhall.games.my_city.actions import BLOCKADE, PIECE_IDS, card_name
from townhall.games.my_city.board import Features, Terrain, neighbours
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import CELLS, COLOUR_NAMES, BoardSpec, cell_name

UNDECIDED: Final = -1
Stickers = list[list[tuple[int, str]]]


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
        copy.num_players = self.num_players
        copy.rules = self.rules  # the rest up to `occupied` is read-only during a game: shared
        copy.board_spec = self.board_spec
        copy.terrain = self.terrain
        copy.features = self.features
        copy.stickers = self.stickers
        copy.card = self.card
        copy.gold_claimed = self.gold_claimed
        copy.over = self.over
        copy.final = self.final
        copy.can_pass = self.can_pass
        copy.start_occupied = self.start_occupied
        copy.figures_revision = self.figures_revision
        copy.occupied = self.occupied[:]
        copy.around = self.around[:]
        copy.placed = [list(p) for p in self.placed]
        copy.score = self.score[:]
        copy.frozen = self.frozen[:]
        copy.marks = self.marks[:]
        copy.passes = self.passes[:]
        copy.active = self.active[:]
        copy.pending = self.pending[:]
        copy.deck = self.deck[:]
        copy.revealed = self.revealed[:]
        copy.blocked = self.blocked[:]
        return copy

    def public_json(self) -> dict[str, Json]:
        """What every player sees (the observation without the viewer's own choice)."""
        return {
            "mode": self.rules.mode,
            "episode": self.rules.episode,
            "card": None if self.card < 0 else card_name(self.card),
            "remaining": [card_name(c) for c in self.deck],
            "revealed": [card_name(c) for c in self.revealed],
            "blocked": [card_name(c) for c in self.blocked],
            "boards": [[[PIECE_IDS[piece], mask] for piece, mask in placed] for placed in self.placed],
            "scores": list(self.score),
            "frozen": list(self.frozen),
            "marks": list(self.marks),
            "passes": list(self.passes),
            "active": list(self.active),
            "decided": [a >= 0 for a in self.pending],
            "gold_claimed": self.gold_claimed,
            "over": self.over,
            "final": self.final,
        }

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
        spec = self.board_spec
        return {
            "num_players": self.num_players,
            "rules": self.rules.to_json(),
            "board": {"name": spec.name, "rows": spec.rows_text(), "provenance": spec.provenance},
            "stickers": [[[cell_name(c), kind] for c, kind in s] for s in self.stickers],
            "occ": list(self.occupied),
            "placed": [[[piece, mask] for piece, mask in placed] for placed in self.placed],
            "score": list(self.score),
            "frozen": list(self.frozen),
            "marks": list(self.marks),
            "passes": list(self.passes),
            "active": list(self.active),
            "pending": list(self.pending),
            "deck": list(self.deck),
            "card": self.card,
            "start_occ": self.start_occupied,
            "revealed": list(self.revealed),
            "blocked": list(self.blocked),
            "gold_claimed": self.gold_claimed,
            "over": self.over,
            "final": self.final,
        }

    def load_progress(self, data: dict[str, Any]) -> None:
        """Fill the dynamic part from to_json output (the static part is built by the game)."""
        self.occupied = list(data["occ"])
        self.around = [neighbours(occ) for occ in self.occupied]
        self.placed = [[(piece, mask) for piece, mask in placed] for placed in data["placed"]]
        for key in ("score", "frozen", "marks", "passes", "active", "pending", "deck", "revealed", "blocked"):
            setattr(self, key, list(data[key]))
        self.card = data["card"]
        self.start_occupied = data["start_occ"]
        self.gold_claimed = data["gold_claimed"]
        self.over = data["over"]
        self.final = data["final"]
