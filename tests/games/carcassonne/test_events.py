"""Events are data (no words built inside apply), all public; their words come from event_text."""

from __future__ import annotations

import random

from townhall.engine.chance import Chance
from townhall.engine.protocol import Event
from townhall.games.carcassonne.game import GAME


def test_events_are_public_data_of_declared_kinds_with_words_from_the_formatter() -> None:
    state = GAME.start(3, {"river": True}, Chance(31))
    chance, rng = Chance(32), random.Random(33)
    seen: set[str] = set()
    while state.to_move():
        player = state.to_move()[0]
        events: list[Event] = []
        state.apply(player, rng.choice(state.legal_actions(player)), chance, events)
        for event in events:
            assert "text" not in event.to_json() and event.visible_to is None
            assert GAME.event_kinds[event.kind].check(event.data) is None
            assert GAME.event_text(event)
            seen.add(event.kind)
    assert {"draw", "place", "score", "end"} <= seen <= set(GAME.event_kinds)


def test_event_words() -> None:
    score = Event(
        "score",
        data={
            "feature": "city",
            "complete": True,
            "tiles": [[0, 0], [0, -1]],
            "pennants": 1,
            "points": 6,
            "followers": [1, 1],
            "scorers": [0, 1],
            "returned": [],
        },
    )
    assert GAME.event_text(score) == "Player 1 and Player 2 score 6 for the completed city of 2 tiles and 1 pennant"
    deploy = Event("deploy", data={"player": 0, "x": 1, "y": 2, "segment": 0, "role": "knight", "on": "city N"})
    assert GAME.event_text(deploy) == "Player 1 deploys a knight on city N at 1,2"
    assert GAME.event_text(Event("end", data={"scores": [10, 12]})) == "final scores 10, 12"
