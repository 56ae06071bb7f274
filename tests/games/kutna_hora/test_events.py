"""Events are data (no words built in apply); the words come from the game's formatter."""

from __future__ import annotations

import random

from townhall.engine import Chance, Event
from townhall.games.kutna_hora import GAME


def test_events_are_data_with_words_from_the_formatter() -> None:
    seen: set[str] = set()
    for n, seed in ((2, 11), (3, 12), (4, 13)):
        state = GAME.start(n, {}, Chance(seed))
        rng = random.Random(seed)
        while movers := state.to_move():
            events: list[Event] = []
            player = movers[0]
            state.apply(player, rng.choice(state.legal_actions(player)), Chance(rng.randrange(2**32)), events)
            for event in events:
                assert "text" not in event.to_json() and event.visible_to is None
                assert GAME.event_kinds[event.kind].check(event.data) is None
                assert GAME.event_text(event)
                seen.add(event.kind)
    assert {"guilds", "play", "deck", "draw", "mine", "tax", "nobles", "final", "income"} <= seen
    text = GAME.event_text(Event("tax", data={"player": 1, "penalty": True, "amount": 3}))
    assert text == "Player 2 takes the tax penalty (-3 reputation)"
    text = GAME.event_text(Event("barbara", data={"player": None, "tile": 2, "outcome": "turned", "tax": 1}))
    assert text == "St. Barbara tile 3 turned down, tax +1"


def test_mine_tiles_are_named_by_their_group_in_every_language() -> None:
    """A drawn, kept or opened mine tile reads "mine tile II", never the data's "II-4" (a code to a
    player)."""
    from tests.i18n.codes import codes_in
    from townhall.games.kutna_hora.actions import SPACE
    from townhall.i18n import LANGUAGES, using

    read: list[str] = []
    for n, seed in ((2, 21), (3, 22), (4, 23)):
        state = GAME.start(n, {}, Chance(seed))
        rng = random.Random(seed)
        while movers := state.to_move():
            player = movers[0]
            legal = state.legal_actions(player)
            events: list[Event] = []
            for language in LANGUAGES:
                with using(language):
                    read += [state.action_words(a) for a in legal if SPACE.decode(a)[0] == "keep"]
            state.apply(player, rng.choice(legal), Chance(rng.randrange(2**32)), events)
            for language in LANGUAGES:
                with using(language):
                    read += [GAME.event_text(e) for e in events if e.kind in ("mine", "draw")]
    assert any(" II" in text or " III" in text for text in read), "no group II or III tile was read"
    assert not [text for text in read if codes_in(text, "kutna-hora")]
