"""The confirm data (static/data/confirm.json) against the engine's undo rules: a kind of action
the data always asks about is one the engine never lets the player take back (the page asks the
server about every other action: POST /api/tables/{id}/final). No browser needed."""

from __future__ import annotations

import json
import random

import pytest

from townhall import games, web
from townhall.engine.chance import Chance
from townhall.engine.match import may_take_back

CONFIRMS = json.loads((web.STATIC / "data" / "confirm.json").read_text(encoding="utf-8"))["games"]
QUESTIONS = {"confirm-follower", "confirm-no-follower", "confirm-exit", "confirm-pass", "confirm-final"}


def test_every_question_is_one_the_page_asks() -> None:
    english = json.loads((web.STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert set(english) >= QUESTIONS
    for game, kinds in CONFIRMS.items():
        assert game in games.names(), game
        assert set(kinds.values()) <= QUESTIONS, (game, kinds)


@pytest.mark.parametrize("name", sorted(CONFIRMS))
def test_the_kinds_that_always_ask_can_never_be_taken_back(name: str) -> None:
    game = games.get(name)
    asks = set(CONFIRMS[name])
    rng = random.Random(name)
    seen: set[str] = set()
    for _ in range(3):
        players = max(2, game.meta.min_players)
        state = game.start(players, dict(game.meta.resolve({})), Chance(rng.getrandbits(63)))
        for _ in range(150):
            if state.is_terminal():
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                kind = str(state.action_to_json(action).get("kind"))
                if kind not in asks:
                    continue
                after = state.clone()
                chance = Chance(rng.getrandbits(63), log=True)
                after.apply(seat, action, chance, [])
                assert not may_take_back(seat, bool(chance.take_log()), after.to_move()), (name, kind)
                seen.add(kind)
            state.apply(seat, rng.choice(legal), Chance(rng.getrandbits(63)), [])
    assert seen == asks, f"{name}: never saw {asks - seen}"
