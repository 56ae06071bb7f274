"""A refused action is explained in the language in force (the clause id stays as it is)."""

from __future__ import annotations

import pytest

from tests.i18n.narration import SHIPPED, latin_words
from tests.i18n.test_whole_games import _ids
from townhall import games
from townhall.engine.chance import Chance
from townhall.engine.errors import IllegalAction
from townhall.i18n import using


def _refusals(name: str, language: str, count: int = 25) -> list[IllegalAction]:
    """The errors of the first `count` illegal action ids at the start of a game."""
    game = games.get(name)
    state = game.start(2, None, Chance(4))
    player = state.to_move()[0]
    legal = set(state.legal_actions(player))
    found = []
    with using(language):
        for action in range(state.num_distinct_actions()):
            if action in legal:
                continue
            try:
                state.clone().apply(player, action, Chance(5))
            except IllegalAction as error:
                found.append(error)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "ja"])
@pytest.mark.parametrize("name", SHIPPED)
def test_refusals_come_in_the_language_in_force(name: str, language: str) -> None:
    english = _refusals(name, "en")
    told = _refusals(name, language)
    assert told and [e.clause for e in told] == [e.clause for e in english]
    allowed = _ids(name)
    for error, original in zip(told, english, strict=True):
        assert error.message != original.message
        assert not latin_words(error.message, allowed), error.message
