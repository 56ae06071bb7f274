"""The statistics of a finished game, the declared facts and the end reason (KH-FIN-6)."""

from __future__ import annotations

import random

from townhall.engine import Chance
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.scoring import FINAL_PARTS
from townhall.games.kutna_hora.state import KutnaHoraState


def play_out(n: int, seed: int) -> KutnaHoraState:
    state = GAME.start(n, {}, Chance(seed))
    assert isinstance(state, KutnaHoraState)
    rng = random.Random(seed)
    while movers := state.to_move():
        player = movers[0]
        state.apply(player, rng.choice(state.legal_actions(player)), Chance(rng.randrange(2**32)))
    return state


def test_statistics_of_a_finished_game() -> None:
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        state = play_out(n, seed)
        stats = GAME.statistics(state)
        assert all(isinstance(k, str) and isinstance(v, float) for k, v in stats.items())
        assert set(stats) == set(GAME.statistics(play_out(n, seed + 10)))  # the same names every game
        assert stats["rounds"] == state.rounds and stats["players"] == n
        assert stats["points.total"] == sum(state.points)
        by_source = sum(stats[f"points.{name}"] for name in FINAL_PARTS) + stats["points.play"]
        assert by_source == stats["points.total"]
        best, second = sorted(state.points, reverse=True)[:2]
        assert stats["margin"] == best - second and stats["winner.points"] == best
        winners = state.ranks().count(1)
        assert stats["winners"] == winners
        assert sum(v for k, v in stats.items() if k.startswith("winner.guild.")) == 3 * winners
        assert stats["money.left"] == sum(state.money)


def test_facts_and_end_reason() -> None:
    """KH-FIN-6: most points wins; a tie on points is broken by groschen."""
    facts = GAME.meta.facts
    assert facts.chance and not facts.simultaneous and facts.hidden and facts.score == "points"
    state = play_out(3, 4)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "rounds"
    state.points = [10, 10, 5]
    state.money = [3, 4, 0]
    assert state.end_reason() == ("rounds", ("money",))
    assert state.ranks() == [2, 1, 3]
    state.money = [4, 4, 0]
    assert state.end_reason() == ("rounds", ())
    assert state.ranks() == [1, 1, 3]
    state.points = [9, 10, 5]
    assert state.end_reason() == ("rounds", ())
