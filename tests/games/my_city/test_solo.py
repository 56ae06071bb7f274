"""My City played alone (RULINGS.md MYC-GEN-1): the daily challenge's evergreen game at 1 player
on the day's generated board plays to its end and replays from its record; a campaign episode is
not played alone."""

from __future__ import annotations

import random

import pytest

from townhall import games
from townhall.engine import Chance, OptionError
from townhall.engine.match import Match
from townhall.engine.records import replay

GAME = games.get("my-city")


@pytest.mark.parametrize("number", [0, 7, 2**31 - 1])
def test_MYC_GEN_1_the_daily_game_plays_alone_to_its_end(number: int) -> None:
    options = GAME.daily_options(number)
    assert GAME.meta.daily_players == 1 and options["mode"] == "evergreen"
    state = GAME.start(1, options, chance := Chance(number, log=True))
    rng = random.Random(number)
    while state.to_move():
        state.apply(0, rng.choice(state.legal_actions(0)), chance)
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (1,) and len(outcome.scores) == 1


def test_MYC_GEN_1_a_solo_record_replays() -> None:
    match = Match(GAME, 1, GAME.daily_options(5), 11, ["alone"])
    rng = random.Random(3)
    while match.to_move():
        match.apply(0, rng.choice(match.state.legal_actions(0)))
    frames = list(replay(match.record, games.get))
    assert frames[-1].state.outcome() == match.state.outcome() is not None


def test_MYC_GEN_1_a_campaign_episode_is_not_played_alone() -> None:
    with pytest.raises(OptionError, match="played alone"):
        GAME.start(1, {"mode": "campaign"}, Chance(1))
    with pytest.raises(OptionError, match="2-4 players, not 5"):
        GAME.start(5, {}, Chance(1))
