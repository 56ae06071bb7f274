"""Agent specs: registered names, parameter parsing and clear errors (a bad parameter or value is an
OptionError, like a bad game option; only an unknown agent is an UnknownName)."""

from __future__ import annotations

import pytest

from tests.engine.toys import Pig
from tests.i18n.narration import latin_words
from townhall.agents import agent_names, make_agent, split_specs
from townhall.agents.greedy import GreedyAgent
from townhall.agents.mcts import MctsAgent
from townhall.engine.errors import OptionError, TownhallError, UnknownName
from townhall.i18n import using
from townhall.sim.tournament import run_tournament


def test_names_and_parameters() -> None:
    assert {"random", "greedy", "mcts"} <= set(agent_names())
    agent = make_agent("mcts:iterations=50, seconds=0.5, c=1.2, depth=8, scale=4", Pig(), 1)
    assert isinstance(agent, MctsAgent)
    assert (agent.iterations, agent.seconds, agent.c, agent.depth, agent.scale) == (50, 0.5, 1.2, 8, 4.0)
    plain = make_agent("mcts", Pig(), 1)
    assert isinstance(plain, MctsAgent) and plain.iterations is None and plain.seconds is None
    greedy = make_agent("greedy:samples=4", Pig(), 1)
    assert isinstance(greedy, GreedyAgent) and greedy.samples == 4


def test_a_game_suggests_agent_parameters_and_the_spec_wins() -> None:
    """Game.agent_defaults: carcassonne and antiquity ask mcts to evaluate leaves (depth 0), carcassonne
    both agents to judge whole turns; an explicit parameter in the spec replaces a suggestion; games
    without a suggestion keep the agent's defaults."""
    from townhall.agents.mcts import DEFAULT_DEPTH
    from townhall.games import get, shipped

    carcassonne = get("carcassonne")
    suggested = make_agent("mcts:iterations=10", carcassonne, 1)
    assert isinstance(suggested, MctsAgent) and suggested.depth == 0 and suggested.iterations == 10
    explicit = make_agent("mcts:depth=auto", carcassonne, 1)
    assert isinstance(explicit, MctsAgent) and explicit.depth == "auto"
    plain = make_agent("mcts", Pig(), 1)
    assert isinstance(plain, MctsAgent) and plain.depth == DEFAULT_DEPTH
    assert Pig().agent_defaults("mcts") == {} and get("my-city").agent_defaults("greedy") == {}
    # Carcassonne judges a tile with its follower (steps=2) in both agents; steps=1 gives the old bots.
    assert isinstance(suggested, MctsAgent) and suggested.steps == 2
    whole, old = make_agent("medium", carcassonne, 1), make_agent("greedy:steps=1", carcassonne, 1)
    assert isinstance(whole, GreedyAgent) and isinstance(old, GreedyAgent) and (whole.steps, old.steps) == (2, 1)
    antiquity = get("antiquity")
    assert antiquity.agent_defaults("mcts") == {"depth": "0"}
    assert antiquity.agent_defaults("greedy") == {}
    for name in shipped():  # each game's own suggestion, or none (rollouts measured no worse there)
        assert get(name).agent_defaults("mcts") == dict(get(name).agent_parameters.get("mcts", {}))


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=abc", ["iterations", "whole number", "'abc'"]),
        ("mcts:iterations=0", ["iterations", "at least 1"]),
        ("mcts:seconds=0", ["seconds", "positive"]),
        ("mcts:seconds=soon", ["seconds", "number"]),
        ("mcts:c=-1", ["c", "negative"]),
        ("mcts:c=nan", ["c", "finite"]),
        ("mcts:depth=-2", ["depth", "at least 0"]),
        ("mcts:depth=deep", ["depth", "whole number", "auto"]),
        ("mcts:budget=3", ["'budget'", "iterations, seconds, c, depth, scale, prior"]),
        ("mcts:iterations", ["key=value"]),
        ("greedy:samples=0", ["samples", "at least 1"]),
        ("greedy:depth=2", ["'depth'", "samples"]),
        ("random:x=1", ["no parameters"]),
    ],
)
def test_bad_parameters_are_option_errors_with_clear_words(spec: str, words: list[str]) -> None:
    with pytest.raises(OptionError) as caught:
        make_agent(spec, Pig(), 1)
    assert not isinstance(caught.value, UnknownName), spec
    for word in words:
        assert word in str(caught.value), (spec, str(caught.value))


def test_an_unknown_agent_is_an_unknown_name() -> None:
    with pytest.raises(UnknownName) as caught:
        make_agent("mtcs", Pig(), 1)
    assert isinstance(caught.value, TownhallError) and not isinstance(caught.value, OptionError)
    for word in ["unknown agent", "'mtcs'", "mcts", "greedy", "random"]:
        assert word in str(caught.value)


def test_tournament_refuses_bad_specs_before_playing() -> None:
    with pytest.raises(OptionError, match="iterations"):
        run_tournament(Pig(), ["mcts:iterations=x", "random"], n_games=2)
    with pytest.raises(UnknownName, match="unknown agent"):
        run_tournament(Pig(), ["random", "oracle"], n_games=2)
    with pytest.raises(TownhallError, match="at least one game"):
        run_tournament(Pig(), ["random"], n_games=0)


def test_split_specs_keeps_parameters_with_their_agent() -> None:
    assert split_specs("mcts:iterations=200,c=1, greedy,random") == ["mcts:iterations=200,c=1", "greedy", "random"]
    assert split_specs("random,mcts:seconds=1") == ["random", "mcts:seconds=1"]
    with pytest.raises(OptionError, match="follows no agent"):
        split_specs("c=1,mcts")
    with pytest.raises(OptionError, match="empty agent"):
        split_specs("mcts,,random")


def test_depth_to_the_end() -> None:
    for text in ("end", "full", "none"):
        agent = make_agent(f"mcts:depth={text}", Pig(), 1)
        assert isinstance(agent, MctsAgent) and agent.depth is None
    assert make_agent("mcts", Pig(), 1).depth == "auto"  # type: ignore[attr-defined]
    agent = make_agent("mcts:depth=0", Pig(), 1)
    assert isinstance(agent, MctsAgent) and agent.depth == 0


@pytest.mark.parametrize(
    ("spec", "ids"),
    [
        ("mcts:iterations=0", {"mcts", "iterations"}),
        ("mcts:depth=deep", {"mcts", "depth", "deep", "auto", "end"}),
        ("greedy:depth=2", {"greedy", "depth", "samples", "epsilon", "evaluator", "steps"}),
        ("random:x=1", {"random", "x"}),
        ("mcts:iterations", {"mcts", "iterations", "key", "value"}),
        ("mtcs", {"mtcs", "mcts", "greedy", "random", "easy", "medium", "hard", "expert"}),
    ],
)
def test_spec_refusals_speak_the_language_in_force(spec: str, ids: set[str]) -> None:
    """The same class in every language; in Japanese and Chinese only the ids a person types stay Latin."""
    with pytest.raises(TownhallError) as english:
        make_agent(spec, Pig(), 1)
    for language in ("ja", "zh-Hans", "zh-Hant"):
        with using(language), pytest.raises(TownhallError) as spoken:
            make_agent(spec, Pig(), 1)
        assert type(spoken.value) is type(english.value)
        assert str(spoken.value) != str(english.value)
        assert not latin_words(str(spoken.value), ids), (language, str(spoken.value))
