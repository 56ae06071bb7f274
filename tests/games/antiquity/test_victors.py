"""Who won Antiquity, as the outcome tells the end screen (ANT-PH10-1, ANT-PH8-3): the player left
after an elimination, nobody at the round limit; the scores alone (100, workers − 100) would not say."""

from __future__ import annotations

import random

from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.protocol import Outcome

GAME = games.get("antiquity")


def _finished(options: dict[str, object], seed: int) -> Outcome:
    rng = random.Random(seed)
    state = GAME.start(2, dict(GAME.meta.resolve(options)), Chance(seed))
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)), Chance(rng.randrange(1 << 60)), [])
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def test_the_player_left_after_an_elimination_wins() -> None:
    outcome = _finished({}, 2)
    assert outcome.reason == "elimination"
    (winner,) = outcome.winners or ()
    assert outcome.ranks[winner] == 1 and outcome.to_json()["winners"] == [winner]


def test_nobody_wins_at_the_round_limit() -> None:
    outcome = _finished({"max_rounds": 2}, 3)
    assert outcome.reason == "limit" and outcome.winners == () and outcome.to_json()["winners"] == []
    assert 1 in outcome.ranks  # the ranks still order the players


def test_games_decided_by_points_name_no_winners() -> None:
    state = games.get("carcassonne").start(2, {}, Chance(1))
    assert state.victors() is None
