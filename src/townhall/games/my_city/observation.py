"""What a player may see of a My City game (the public observation, `MyCityObservation`) and a
guess of what they may not (`determinize`): the other players' choices on the revealed card stay
hidden until the card resolves (MYC-IO-3).

`observation` builds plain dicts and lists (no pydantic on the way); `MyCityObservation`
(observation_model.py) is their published shape (docs/schemas/my-city/observation.schema.json), checked by the tests."""

from __future__ import annotations

import random
from typing import TypeVar

from townhall.engine import Json
from townhall.games.my_city import legality
from townhall.games.my_city.actions import EXIT_ACTION, PASS_ACTION, PIECE_IDS, PLACE_STRIDE, card_name
from townhall.games.my_city.board import bits
from townhall.games.my_city.data import COLOUR_NAMES, cell_name
from townhall.games.my_city.position import UNDECIDED, MyCityPosition

P = TypeVar("P", bound=MyCityPosition)


def cell_names(mask: int) -> list[str]:
    return [cell_name(c) for c in bits(mask)]


def choice_json(action: int) -> dict[str, Json]:
    """A committed action in full words: the piece and cell by name, the quarter turns."""
    if action == PASS_ACTION:
        return {"kind": "pass"}
    if action == EXIT_ACTION:
        return {"kind": "exit"}
    piece, rest = divmod(action, PLACE_STRIDE)
    cell, rotation = divmod(rest, 4)
    return {"kind": "place", "piece": PIECE_IDS[piece], "cell": cell_name(cell), "rotation": rotation}


def chapter_json(position: MyCityPosition) -> dict[str, Json]:
    """The chapter mechanics in force (MYC-LEG-1): 4th church, new land, shafts, removed pieces, parks."""
    rules = position.rules
    return {
        "fourth_church": None if rules.church4 < 0 else PIECE_IDS[rules.church4],
        "new_land": cell_names(position.terrain.land),
        "mine_shafts": [
            {"colour": COLOUR_NAMES[colour], "cells": [cell_name(c) for c in cells]}
            for colour, *cells in rules.mine_shafts
        ],
        "mine_shaft_points": list(rules.mine_rewards),
        "removed_pieces": [PIECE_IDS[p] for p in rules.removed],
        "park_points": rules.park_points,
        "park_minimum_cells": rules.park_min_cells,
    }


def observation(position: MyCityPosition, player: int | None) -> dict[str, Json]:
    """`MyCityObservation` as plain data: everything public, and the viewer's own choice."""
    final = position.final
    players: list[Json] = [
        {
            "score": position.score[p],
            "frozen": position.frozen[p],
            "progress_marks": position.marks[p],
            "passes": position.passes[p],
            "active": position.active[p],
            "decided": position.pending[p] >= 0,
            "buildings": [{"piece": PIECE_IDS[piece], "cells": cell_names(mask)} for piece, mask in position.placed[p]],
            "final_scoring": None if final is None else dict(final[p]),
        }
        for p in range(position.num_players)
    ]
    own = UNDECIDED if player is None else position.pending[player]
    return {
        "mode": position.rules.mode,
        "episode": position.rules.episode,
        "card": None if position.card < 0 else card_name(position.card),
        "remaining_cards": [card_name(c) for c in position.deck],
        "revealed_cards": [card_name(c) for c in position.revealed],
        "blocked_cards": [card_name(c) for c in position.blocked],
        "gold_claimed": position.gold_claimed,
        "game_over": position.over,
        "players": players,
        "chapter": chapter_json(position) if position.rules.mode == "campaign" else None,
        "viewer": player,
        "own_choice": None if own < 0 else choice_json(own),
    }


def determinize(position: P, player: int, rng: random.Random) -> P:
    """A copy where every other decided player's choice is redrawn among their legal actions."""
    copy = position.clone()
    for q in range(copy.num_players):
        if q != player and copy.pending[q] >= 0:
            copy.pending[q] = UNDECIDED
            legal = legality.legal_actions(copy, q)
            copy.pending[q] = legal[int(rng.random() * len(legal))]
    return copy
