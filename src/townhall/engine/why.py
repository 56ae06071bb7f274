"""Why nothing may be played at a place of the board: the engine's refusals of the actions that
go there (`Game.action_target`), each tried on a copy of the state, in the words of the game.

A client asks this when a player clicks a place that is not a legal target; the answer says no
more than playing each of those actions would (the same refusals, without their clause codes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction, MalformedAction
from townhall.engine.protocol import Game, Json, State

MAX_TRIED = 64  # actions tried at one place (a Carcassonne cell has 4 rotations; none has many more)
MAX_REASONS = 2


def refusals_at(game: Game[Any], state: State, player: int, place: Mapping[str, Json]) -> list[str]:
    """The distinct refusals (in the language in force) of `player`'s actions aimed at `place`
    (its `area` and `cell`, and its `part` when given), those most like a legal action first (the
    piece in hand at another cell, rather than another piece); [] when no action goes there."""
    legal = state.legal_actions(player)
    allowed = set(legal)
    area, cell = str(place.get("area")), str(place.get("cell"))
    known = game.actions_at(state, player, area, cell)
    everything = range(state.num_distinct_actions()) if known is None else known
    candidates = [
        action for action in everything if action not in allowed and _aims_at(game, state, player, action, place)
    ]
    if not candidates and place.get("part") is not None:  # a part of a cell that only takes whole placements
        whole = {"area": place.get("area"), "cell": place.get("cell")}
        candidates = [
            action for action in everything if action not in allowed and _aims_at(game, state, player, action, whole)
        ]
    forms = [state.action_to_json(action) for action in legal]
    candidates.sort(key=lambda action: -_likeness(state.action_to_json(action), forms))
    reasons: list[str] = []
    for action in candidates[:MAX_TRIED]:
        try:
            state.clone().apply(player, action, Chance(0))
        except IllegalAction as refusal:
            if refusal.message not in reasons:
                reasons.append(refusal.message)
        except MalformedAction:
            continue
        if len(reasons) >= MAX_REASONS:
            break
    return reasons


def _likeness(form: Json, legal: list[Json]) -> int:
    """How many fields `form` shares with the legal form most like it (its kind counts most)."""
    if not isinstance(form, dict):
        return 0
    best = 0
    for other in legal:
        if isinstance(other, dict):
            shared = sum(1 for key, value in form.items() if other.get(key) == value)
            best = max(best, shared + (10 if other.get("kind") == form.get("kind") else 0))
    return best


def _aims_at(game: Game[Any], state: State, player: int, action: int, place: Mapping[str, Json]) -> bool:
    try:
        target = game.action_target(state, player, action)
    except (LookupError, ValueError, AssertionError):  # an action that means nothing in this state
        return False
    if target is None or target.get("area") != place.get("area") or target.get("cell") != place.get("cell"):
        return False
    return place.get("part") is None or target.get("part") == place.get("part")
