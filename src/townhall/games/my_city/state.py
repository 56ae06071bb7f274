"""The position of one My City game (evergreen) or campaign episode.

Every card is one simultaneous decision: `pending[p]` holds player p's committed choice (-1 while
undecided); the card resolves in the apply of the last active player, then the next card is drawn
from the multiset of remaining cards (no stored order).
"""

from __future__ import annotations

import random
from typing import Any, Self

from townhall.engine import Chance, Event, IllegalAction, Json, State, ranks_from_keys
from townhall.games.my_city import scoring
from townhall.games.my_city.actions import (
    BLOCKADE,
    EXIT_ACTION,
    NUM_ACTIONS,
    PASS_ACTION,
    PIECE_IDS,
    PLACE_STRIDE,
    SPACE,
    action_text,
    card_name,
)
from townhall.games.my_city.board import FULL, Features, Terrain, neighbours, shape_mask
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import CELLS, COLOUR_NAMES, BoardSpec, cell_name
from townhall.games.my_city.pieces import CATALOGUE

UNDECIDED = -1
IS_CHURCH = tuple(p.colour == 3 for p in CATALOGUE.pieces)
INVESTOR = CATALOGUE.by_id["INV"]


class MyCityState(State):
    def __init__(
        self,
        num_players: int,
        rules: RuleSet,
        spec: BoardSpec,
        terrain: Terrain,
        features: list[Features],
        stickers: list[list[tuple[int, str]]],
    ) -> None:
        self.num_players = num_players
        self.rules = rules
        self.spec = spec
        self.terrain = terrain
        self.features = features
        self.stickers = stickers
        self.occ = [0] * num_players
        self.placed: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
        self.score = [rules.start_score] * num_players
        self.frozen = [False] * num_players
        self.marks = [0] * num_players
        self.passes = [0] * num_players
        self.active = [True] * num_players
        self.pending = [UNDECIDED] * num_players
        self.deck = sorted(rules.pieces + ((BLOCKADE,) if rules.blockade else ()))
        self.card = -1
        self.revealed: list[int] = []
        self.blocked: list[int] = []
        self.gold_claimed = False
        self.over = False
        self.final: list[dict[str, int]] | None = None
        self.can_pass_rule = rules.can_pass
        self.start_occ = 0  # cells built before the first card (the chapter 8 palace)

    # ------------------------------------------------------------------ flow

    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        pending = self.pending
        active = self.active
        return tuple(p for p in range(self.num_players) if active[p] and pending[p] < 0)

    def legal_actions(self, player: int) -> list[int]:
        if self.over or not 0 <= player < self.num_players or not self.active[player] or self.pending[player] >= 0:
            return []
        occ = self.occ[player]
        # The first piece of one's own touches the river (MYC-BUILD-4), later ones a building.
        touch = neighbours(occ) if occ != self.start_occ else self.terrain.river_cells
        free = FULL ^ occ
        out: list[int] = []
        turns = self.terrain.turns[self.card]
        for base, offsets, good in turns:
            hit = 0
            for offset in offsets:
                good &= free >> offset
                hit |= touch >> offset
            good &= hit
            while good:
                low = good & -good
                out.append(base + 4 * (low.bit_length() - 1))
                good ^= low
        if len(turns) > 1:
            out.sort()
        card = self.card
        if self.can_pass_rule and not IS_CHURCH[card] and self.score[player] > 0:
            out.append(PASS_ACTION)
        out.append(EXIT_ACTION)
        return out

    def _check(self, player: int, action: int) -> None:
        """Raise IllegalAction (naming the clause) unless `player` may play `action` now."""
        if self.over:
            raise IllegalAction("MYC-END-1", "the game is over")
        if not 0 <= player < self.num_players:
            raise IllegalAction("MYC-GEN-1", f"there is no player {player}")
        if not self.active[player]:
            raise IllegalAction("MYC-EXIT-1", f"player {player + 1} has exited this game and builds nothing more")
        if self.pending[player] >= 0:
            raise IllegalAction("MYC-GEN-2", f"player {player + 1} has already decided on this card")
        if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise IllegalAction("MYC-IO-1", f"{action!r} is not an action of My City")
        if action == EXIT_ACTION:
            return
        card = self.card
        if action == PASS_ACTION:
            if IS_CHURCH[card]:
                raise IllegalAction("MYC-EVG-3", "a church card may not be passed: build it or exit")
            if not self.can_pass_rule:
                raise IllegalAction("MYC-LEG-1", f"passing is not allowed in episode {self.rules.episode}")
            if self.score[player] <= 0:
                raise IllegalAction("MYC-PASS-2", "a player at 0 points may not pass: build or exit")
            return
        piece, rest = divmod(action, PLACE_STRIDE)
        cell, rotation = divmod(rest, 4)
        if piece != card:
            shown = card_name(card)
            raise IllegalAction("MYC-GEN-2", f"the card shows {shown}, so only {shown} may be built now")
        mask = self.terrain.mask_of.get(action)
        if mask is None:
            self._geometry_error(piece, cell, rotation)
        assert mask is not None
        occ = self.occ[player]
        if mask & occ:
            raise IllegalAction("MYC-BUILD-6", "a piece may not overlap a built piece")
        if occ == self.start_occ:
            if not mask & self.terrain.river_cells:
                raise IllegalAction("MYC-BUILD-4", "the first piece must touch the river orthogonally")
        elif not mask & neighbours(occ):
            raise IllegalAction("MYC-BUILD-5", "a piece must touch a built piece orthogonally")

    def _geometry_error(self, piece: int, cell: int, rotation: int) -> None:
        if piece >= len(CATALOGUE.pieces):
            raise IllegalAction("MYC-IO-1", f"there is no piece number {piece}")
        if CATALOGUE.pieces[piece].turns[rotation] is None:
            raise IllegalAction(
                "MYC-GEN-3", f"rotation r{rotation * 90} repeats an earlier rotation of {PIECE_IDS[piece]}"
            )
        mask = shape_mask(piece, cell, rotation)
        if mask is None:
            raise IllegalAction(
                "MYC-IO-1", f"{PIECE_IDS[piece]} at {cell_name(cell)} r{rotation * 90} leaves the board"
            )
        terrain = self.terrain
        if mask & ~terrain.buildable:
            raise IllegalAction("MYC-BUILD-1", "pieces go only on light-green cells, never on mountains or forests")
        if mask & terrain.west and mask & terrain.east:
            raise IllegalAction("MYC-BUILD-3", "a piece may not straddle the river")
        raise IllegalAction("MYC-LEG-1", "this episode allows building only east of the river (the flood)")

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        self._check(player, action)
        self.pending[player] = action
        if events is not None:
            events.append(Event("decided", f"player {player + 1} has decided", {"player": player}))
        for p in range(self.num_players):
            if self.active[p] and self.pending[p] < 0:
                return
        self._resolve(chance, events)

    def _gain(self, player: int, delta: int) -> None:
        """Move the score marker (the 50 cap and progress mark in the campaign, MYC-LEG-4/5)."""
        if self.frozen[player]:
            return
        value = self.score[player] + delta
        cap = self.rules.cap
        if cap and value >= cap:
            value = cap
            self.frozen[player] = True
            self.marks[player] += self.rules.reach_cap_marks
        self.score[player] = value

    def _resolve(self, chance: Chance, events: list[Event] | None) -> None:
        placed_now = False
        for p in range(self.num_players):
            action = self.pending[p]
            if action < 0:
                continue
            self.pending[p] = UNDECIDED
            if action == EXIT_ACTION:
                self.active[p] = False
                if events is not None:
                    events.append(Event("exit", f"player {p + 1} exits", {"player": p}))
            elif action == PASS_ACTION:
                self.passes[p] += 1
                before = self.score[p]
                self._gain(p, -1)
                if events is not None:
                    moved = self.score[p] - before  # 0 when the marker stopped at 50 (MYC-LEG-4)
                    text = f"player {p + 1} passes: {moved:+d}" if moved else f"player {p + 1} passes (marker stays)"
                    events.append(Event("pass", text, {"player": p, "points": moved}))
            else:
                mask = self.terrain.mask_of[action]
                self.occ[p] |= mask
                self.placed[p].append((self.card, mask))
                placed_now = True
                if events is not None:
                    events.append(
                        Event("place", f"player {p + 1}: {self.action_text(action)}", {"player": p, "action": action})
                    )
        if placed_now and self.rules.investor_points:
            self._investor(events)
        if placed_now and self.rules.gold_mines and not self.gold_claimed:
            self._gold(events)
        if any(self.active):
            self._draw(chance, events)
        else:
            self._finish(events)

    def _investor(self, events: list[Event] | None) -> None:
        """Chapter 5: a building placed next to one's investor scores at once (the investor
        itself, placed this round, scores nothing)."""
        card = self.card
        if card == INVESTOR:
            return
        for p in range(self.num_players):
            placed = self.placed[p]
            if not placed or placed[-1][0] != card:
                continue
            investor = next((mask for piece, mask in placed if piece == INVESTOR), 0)
            if investor and neighbours(investor) & placed[-1][1]:
                self._gain(p, self.rules.investor_points)
                if events is not None:
                    text = f"player {p + 1} builds next to the investor: +{self.rules.investor_points}"
                    events.append(Event("investor", text, {"player": p}))

    def _gold(self, events: list[Event] | None) -> None:
        """The first player(s) to cover both gold mines score at once (MYC-EVG-6)."""
        for p in range(self.num_players):
            gold = self.features[p].gold
            if gold and not gold & ~self.occ[p]:
                self.gold_claimed = True
                self._gain(p, self.rules.gold_points)
                if events is not None:
                    text = f"player {p + 1} covers both gold mines: +{self.rules.gold_points}"
                    if self.frozen[p]:
                        text += f" (the marker stops at {self.rules.cap})"
                    events.append(Event("gold", text, {"player": p}))

    def _take(self, chance: Chance) -> int:
        return self.deck.pop(chance.below(len(self.deck)))

    def _draw(self, chance: Chance, events: list[Event] | None) -> None:
        if not self.deck:
            self._finish(events)
            return
        card = self._take(chance)
        self.revealed.append(card)
        if card == BLOCKADE:
            if events is not None:
                events.append(Event("reveal", "the blockade card is revealed"))
            if not self.deck:
                self._finish(events)
                return
            card = self._take(chance)
            self.revealed.append(card)
            self.blocked.append(card)
            if events is not None:
                events.append(
                    Event("blocked", f"{card_name(card)} is blocked: nobody builds it", {"card": card_name(card)})
                )
            if not self.deck:
                self._finish(events)
                return
            card = self._take(chance)
            self.revealed.append(card)
        self.card = card
        if events is not None:
            events.append(Event("reveal", f"card {card_name(card)} is revealed", {"card": card_name(card)}))

    def _finish(self, events: list[Event] | None) -> None:
        self.over = True
        self.card = -1
        self.final = []
        for p in range(self.num_players):
            items = scoring.breakdown(self.rules, self.terrain, self.features[p], self.placed[p], self.occ[p])
            self.final.append(items)
            self._gain(p, sum(items.values()))
            if events is not None:
                text = ", ".join(f"{k} {v:+d}" for k, v in items.items())
                events.append(
                    Event("score", f"player {p + 1} ends with {self.score[p]} ({text})", {"player": p, **items})
                )
        if self.rules.progress:
            for p, rank in enumerate(self.ranks()):
                if rank <= len(self.rules.progress):
                    self.marks[p] += self.rules.progress[rank - 1]

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def tie_keys(self) -> list[tuple[int, ...]]:
        return [
            (self.score[p], *scoring.tie_key(self.rules, self.terrain, self.features[p], self.occ[p]))
            for p in range(self.num_players)
        ]

    def ranks(self) -> list[int]:
        return ranks_from_keys(self.tie_keys())

    def award_rank(self, player: int) -> str:
        """The awards table row of a player (MYC-LEG-10): first, second or other."""
        rank = self.ranks()[player]
        if rank == 1:
            return "first"
        if rank == 2 and self.num_players >= 3:
            return "second"
        return "other"

    # ------------------------------------------------------------------ copies and views

    def clone(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.occ = self.occ[:]
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

    def _public(self) -> dict[str, Json]:
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

    def _chapter(self) -> dict[str, Json]:
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

    def observation(self, player: int | None) -> dict[str, Json]:
        out = self._public()
        if self.rules.mode == "campaign":
            out["chapter"] = self._chapter()
        if player is not None:
            mine = self.pending[player]
            out["player"] = player
            out["my_choice"] = None if mine < 0 else self.action_to_json(mine)
        return out

    def determinize(self, player: int, rng: random.Random) -> Self:
        copy = self.clone()
        for q in range(self.num_players):
            if q != player and copy.pending[q] >= 0:
                copy.pending[q] = UNDECIDED
                legal = copy.legal_actions(q)
                copy.pending[q] = legal[int(rng.random() * len(legal))]
        return copy

    def to_json(self) -> dict[str, Json]:
        return {
            "num_players": self.num_players,
            "rules": self.rules.to_json(),
            "board": {"name": self.spec.name, "rows": self.spec.rows_text(), "provenance": self.spec.provenance},
            "stickers": [[[cell_name(c), kind] for c, kind in s] for s in self.stickers],
            "occ": list(self.occ),
            "placed": [[[piece, mask] for piece, mask in placed] for placed in self.placed],
            "score": list(self.score),
            "frozen": list(self.frozen),
            "marks": list(self.marks),
            "passes": list(self.passes),
            "active": list(self.active),
            "pending": list(self.pending),
            "deck": list(self.deck),
            "card": self.card,
            "start_occ": self.start_occ,
            "revealed": list(self.revealed),
            "blocked": list(self.blocked),
            "gold_claimed": self.gold_claimed,
            "over": self.over,
            "final": self.final,
        }

    def load_progress(self, data: dict[str, Any]) -> None:
        """Fill the dynamic part from to_json output (the static part is built by the game)."""
        self.occ = list(data["occ"])
        self.placed = [[(piece, mask) for piece, mask in placed] for placed in data["placed"]]
        for key in ("score", "frozen", "marks", "passes", "active", "pending", "deck", "revealed", "blocked"):
            setattr(self, key, list(data[key]))
        self.card = data["card"]
        self.start_occ = data["start_occ"]
        self.gold_claimed = data["gold_claimed"]
        self.over = data["over"]
        self.final = data["final"]

    # ------------------------------------------------------------------ actions

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def action_to_json(self, action: int) -> dict[str, Json]:
        return SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        return action_text(action)
