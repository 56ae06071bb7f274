"""A refusal a player reads is in player words: in seeded random games of every registered game, in
every language, the "why not here?" answers (`engine.why.refusals_at`) and the refusals of a sample of
illegal actions played on a copy hold no developer code (no snake_case, clause code, component id,
board coordinate or rotation code). The clause stays on the exception, for developers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.i18n.codes import CLAUSE, place_codes_in
from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction, MalformedAction
from townhall.engine.match import Match
from townhall.engine.protocol import Game, Json, State
from townhall.engine.why import refusals_at
from townhall.i18n import LANGUAGES, using

SEED = 5
EVERY = 3  # positions looked at: every third decision
SAMPLE = 12  # illegal actions tried at each of them


def refusals(name: str, language: str, seed: int) -> list[tuple[str, IllegalAction | str]]:
    """(where, refusal) for the refusals a seat could read in a random game of `name`."""
    game = games.get(name)
    match = Match(game, 2, {}, seed)
    rng = random.Random(seed)
    found: list[tuple[str, IllegalAction | str]] = []
    step = 0
    with using(language):
        while not match.is_over():
            player = match.to_move()[0]
            legal = match.state.legal_actions(player)
            if step % EVERY == 0:
                allowed = set(legal)
                size = match.state.num_distinct_actions()
                tried = [a for a in rng.sample(range(size), min(size, 4 * SAMPLE)) if a not in allowed][:SAMPLE]
                for action in tried:
                    try:
                        match.state.clone().apply(player, action, Chance(0))
                    except IllegalAction as refusal:
                        found.append(("apply", refusal))
                    except MalformedAction:
                        continue
                    place = _target(game, match.state, player, action)
                    if place is not None:
                        found += [("why", text) for text in refusals_at(game, match.state, player, place)]
                for action in rng.sample(legal, min(2, len(legal))):  # the other ways to play a legal place
                    place = _target(game, match.state, player, action)
                    if place is not None:
                        found += [("why", text) for text in refusals_at(game, match.state, player, place)]
                other = (player + 1) % 2
                for action in legal[:2]:  # the other seat trying to move now
                    try:
                        match.state.clone().apply(other, action, Chance(0))
                    except IllegalAction as refusal:
                        found.append(("apply", refusal))
            step += 1
            match.apply(player, rng.choice(legal))
        for action in range(min(4, match.state.num_distinct_actions())):
            try:
                match.state.clone().apply(0, action, Chance(0))
            except IllegalAction as refusal:
                found.append(("apply", refusal))
    return found


def _target(game: Game[Any], state: State, player: int, action: int) -> dict[str, Json] | None:
    try:
        return game.action_target(state, player, action)
    except (LookupError, ValueError, AssertionError):
        return None


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", games.names())
def test_no_code_in_a_refusal(name: str, language: str) -> None:
    left: dict[str, str] = {}
    seen = 0
    for where, refusal in refusals(name, language, SEED):
        text = refusal.message if isinstance(refusal, IllegalAction) else refusal
        if isinstance(refusal, IllegalAction):
            assert CLAUSE.fullmatch(refusal.clause), refusal.clause  # the clause stays named, apart
        seen += 1
        for code in place_codes_in(text, name):
            left.setdefault(code, f"{where}: {text[:160]}")
    assert seen
    assert not left, "\n".join(f"{code!r} in {context}" for code, context in sorted(left.items()))
