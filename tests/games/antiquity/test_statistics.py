"""Statistics of finished Antiquity games, the end reason and the structured events."""

from __future__ import annotations

import random

from townhall.engine import Chance, Event
from townhall.games.antiquity import GAME
from townhall.games.antiquity.data import SAINTS
from townhall.games.antiquity.state import AntiquityState


def _play(seed: int, n: int = 2, **options: object) -> tuple[AntiquityState, list[Event]]:
    chance = Chance(seed)
    rng = random.Random(seed)
    state = GAME.start(n, dict(options), chance)  # type: ignore[arg-type]
    assert isinstance(state, AntiquityState)
    events: list[Event] = []
    while movers := state.to_move():
        player = rng.choice(movers)
        state.apply(player, rng.choice(state.legal_actions(player)), chance, events)
    return state, events


def test_statistics_of_finished_games() -> None:
    for seed in range(4):
        state, _ = _play(seed, max_rounds=6)
        stats = GAME.statistics(state)
        assert all(isinstance(v, float) for v in stats.values())
        assert sum(stats[f"saint.{name}"] for name in SAINTS) + stats["saint.none"] == state.num_players
        assert stats["pollution"] == sum(state.polluted)
        assert stats["rounds"] == state.round
        assert stats["cities"] >= state.num_players
        assert stats["graves"] == sum(pl.grave_count() for pl in state.players)
        reason, _ = state.end_reason()
        assert stats["victory"] == (1.0 if reason == "victory" else 0.0)
        assert stats["victory_round"] == (state.round if reason == "victory" else 0.0)
        if reason == "limit":
            assert state.round == 6 and not state.winners


def test_round_limit_is_the_end_reason() -> None:
    state, events = _play(5, max_rounds=1)
    assert state.end_reason()[0] in ("limit", "victory", "elimination")
    if state.end_reason()[0] == "limit":
        assert events[-1].kind == "limit" and GAME.event_text(events[-1]) == "round limit 1 reached: nobody wins"


def test_events_carry_data_and_no_words() -> None:
    _, events = _play(2, max_rounds=3)
    assert events
    for event in events:
        assert "text" not in event.to_json()  # no words inside apply
        assert GAME.event_kinds[event.kind].check(event.data) is None
        assert GAME.event_text(event)
    cities = [e for e in events if e.kind == "city"]
    assert cities and all(
        GAME.event_text(e) == f"Player {e.data['player'] + 1} founds a city at {e.data['label']}" for e in cities
    )
