"""Antiquity's board prompt names the phase once in every language (issue 33: the Japanese prompt
read "フェイズ フェイズ2" because the glossary's phase terms already carry the word)."""

from __future__ import annotations

import pytest

from townhall import games
from townhall.engine.chance import Chance
from townhall.i18n import using

PHASE_WORD = {"en": "phase", "ja": "フェイズ", "zh-Hans": "阶段", "zh-Hant": "階段"}


@pytest.mark.parametrize("language", sorted(PHASE_WORD))
def test_the_phase_is_named_once_in_the_prompt(language: str) -> None:
    game = games.get("antiquity")
    chance = Chance(5)
    state = game.start(2, {}, chance)
    while state.observation(None)["phase"] != 2:  # past the set-up, into phase 2's city building
        mover = state.to_move()[0]
        state.apply(mover, state.legal_actions(mover)[0], chance)
    with using(language):
        prompt = str(game.board_view(state, 0)["prompt"])
    assert prompt.count(PHASE_WORD[language]) == 1, prompt
    assert "2" in prompt, prompt
