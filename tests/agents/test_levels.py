"""Levels as agent specs (agents/levels.py): easy, medium, hard and expert wherever a spec goes, their
agent's parameters passed through, each level named in every language, and easy a weak but
plausible player (it beats random and does not play uniformly)."""

from __future__ import annotations

from collections import Counter

import pytest

from townhall import games
from townhall.agents import agent_names, bot_name, level_of, make_agent, split_specs
from townhall.agents.greedy import GreedyAgent
from townhall.agents.levels import LEVELS, level_words
from townhall.agents.mcts import MctsAgent
from townhall.engine.agent import Budget, PlayerView
from townhall.engine.chance import Chance
from townhall.engine.errors import OptionError
from townhall.i18n import using
from townhall.sim.tournament import run_tournament

LANGUAGES = ("en", "ja", "zh-Hans", "zh-Hant")


def test_levels_are_agent_specs_with_their_agents_parameters() -> None:
    carcassonne = games.get("carcassonne")
    easy, medium = make_agent("easy", carcassonne, 1), make_agent("medium", carcassonne, 1)
    assert isinstance(easy, GreedyAgent) and easy.epsilon == 0.5
    assert isinstance(medium, GreedyAgent) and medium.epsilon == 0.0
    hard, expert = make_agent("hard", carcassonne, 1), make_agent("expert", carcassonne, 1)
    assert isinstance(hard, MctsAgent) and hard.iterations is None and hard.depth == 0  # the game's suggestion
    assert isinstance(expert, MctsAgent) and expert.iterations == 4000
    quick = make_agent("hard:seconds=0.25", carcassonne, 1)
    assert isinstance(quick, MctsAgent) and (quick.seconds, quick.iterations) == (0.25, None)
    timed = make_agent("expert:seconds=2,c=1", carcassonne, 1)  # a given budget replaces the level's
    assert isinstance(timed, MctsAgent) and (timed.seconds, timed.iterations, timed.c) == (2.0, None, 1.0)
    sampled = make_agent("medium:samples=3", carcassonne, 1)
    assert isinstance(sampled, GreedyAgent) and sampled.samples == 3
    assert split_specs("hard:seconds=0.25,medium") == ["hard:seconds=0.25", "medium"]
    assert set(LEVELS) <= set(agent_names())
    with pytest.raises(OptionError, match="epsilon"):
        make_agent("easy:epsilon=2", carcassonne, 1)
    with pytest.raises(OptionError, match="no parameter"):
        make_agent("hard:samples=2", carcassonne, 1)


def test_specs_show_their_level_in_every_language() -> None:
    shown = {spec: level_of(spec) for spec in ("easy", "random", "greedy:epsilon=0.5", "greedy", "mcts:seconds=1")}
    assert shown == {"easy": "easy", "random": "easy", "greedy:epsilon=0.5": "easy", "greedy": "medium"} | {
        "mcts:seconds=1": "hard"
    }
    assert (level_of("expert:seconds=4"), level_of("hard:c=1"), level_of("oracle")) == ("expert", "hard", None)
    for language in LANGUAGES:
        with using(language):
            words = [level_words(level) for level in LEVELS]
            assert len(set(words)) == len(LEVELS) and all(words)
            if language != "en":
                assert "expert" not in bot_name("expert")


def test_a_tournament_takes_levels() -> None:
    summary = run_tournament("my-city", ["hard:iterations=20", "medium"], n_games=2, seed=3)
    assert [agent.spec for agent in summary.agents] == ["hard:iterations=20", "medium"]
    assert summary.n_games == 2


def test_easy_beats_random_over_seeded_games() -> None:
    summary = run_tournament("my-city", ["easy", "random"], n_games=12, seed=2026)
    easy, rand = summary.agents
    assert easy.wins >= 9, (easy.wins, rand.wins)


def test_easy_is_not_uniform() -> None:
    """At one position with many legal actions, easy's favourite action comes far more often than
    a uniform player's would (about half the time, against 1 in the number of actions)."""
    game = games.get("carcassonne")
    state = game.start(2, dict(game.meta.resolve({})), Chance(5))
    player = state.to_move()[0]
    legal = state.legal_actions(player)
    assert len(legal) >= 4
    picks = Counter(
        make_agent("easy", game, seed).act(PlayerView(game, state, player), legal, Budget()) for seed in range(200)
    )
    top = picks.most_common(1)[0][1]
    assert top >= 60, picks  # uniform: about 200 / len(legal); easy: about 100 + 100 / len(legal)
    assert len(picks) > 1  # and not always the greedy one
