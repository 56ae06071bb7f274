"""The agents by name: one factory per agent turns a spec's parameters into a seeded agent.

- `random`: uniformly random legal actions (no parameters).
- `greedy[:samples=K,epsilon=E,evaluator=E,steps=N]`: one-step lookahead with the game's `evaluate` (K
  determinizations, default 1; fewer when a Budget's seconds run out), a random legal move with
  probability E (default 0); `evaluator=learned` looks ahead with the learned evaluation instead;
  `steps=N` judges an action by the best of up to N of the agent's own decisions in a row (a whole
  turn of sub-steps; default 1).
- `mcts[:iterations=N,seconds=S,c=C,depth=D|auto|end,scale=X,prior=W,evaluator=E,steps=N]`:
  information-set MCTS; see agents/mcts.py. `evaluator=learned` evaluates leaves with the game's learned value
  (agents/learned.py, needs NumPy) instead of its hand-written one (`evaluator=heuristic`, the default).

- the levels `easy`, `medium`, `hard`, `expert` (agents/levels.py): their agent with the level's
  parameters, the spec's own on top (`hard:seconds=0.25`).

A game may suggest parameters for an agent (`Game.agent_defaults`); the spec's own win.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from townhall.agents.greedy import GreedyAgent
from townhall.agents.learned import LearnedValue, LearnedValueError, has_weights
from townhall.agents.levels import LEVELS, resolve_level
from townhall.agents.mcts import DEFAULT_C, DEFAULT_DEPTH, DEFAULT_PRIOR, Depth, MctsAgent
from townhall.agents.random_agent import RandomAgent
from townhall.agents.specs import Parameters, parse_spec
from townhall.agents.words import _
from townhall.engine.agent import Agent
from townhall.engine.errors import OptionError, UnknownName
from townhall.engine.protocol import Game

AgentFactory = Callable[[Game[Any], int, dict[str, str]], Agent]
DEPTH_TO_THE_END = ("end", "full", "none")
EVALUATORS = ("heuristic", "learned")


def _random(game: Game[Any], seed: int, given: dict[str, str]) -> Agent:
    Parameters("random", given, ())
    return RandomAgent(seed)


def _greedy(game: Game[Any], seed: int, given: dict[str, str]) -> Agent:
    params = Parameters("greedy", given, ("samples", "epsilon", "evaluator", "steps"))
    samples = params.whole("samples", 1)
    steps = params.whole("steps", 1)
    epsilon = params.number("epsilon", positive=False)
    if epsilon is not None and epsilon > 1:
        raise OptionError(_("greedy parameter epsilon is a probability, at most 1, not {value}").format(value=epsilon))
    learned = _value(game, params, "greedy")
    return GreedyAgent(
        seed,
        samples=samples if samples is not None else 1,
        epsilon=epsilon or 0.0,
        evaluate=None if learned is None else learned.evaluate,
        steps=steps if steps is not None else 1,
    )


def _depth(params: Parameters) -> Depth:
    given = params.text("depth")
    if given is None:
        return DEFAULT_DEPTH
    text = given.lower()
    if text in DEPTH_TO_THE_END:
        return None
    if text == "auto":
        return "auto"
    if not text.lstrip("-").isdigit():
        raise params.refuse_depth("depth")
    return params.whole("depth", 0)


def _value(game: Game[Any], params: Parameters, agent: str) -> LearnedValue | None:
    """The evaluation an `evaluator=` names: None for the game's own `evaluate`."""
    name = (params.text("evaluator") or "heuristic").lower()
    if name not in EVALUATORS:
        raise OptionError(
            _("{agent} parameter evaluator is one of {names}, not {value!r}").format(
                agent=agent, names=", ".join(EVALUATORS), value=params.text("evaluator")
            )
        )
    if name == "heuristic":
        return None
    if not has_weights(game):
        raise LearnedValueError(_("{game} has no learned evaluator yet").format(game=game.meta.title))
    return LearnedValue(game)


def _mcts(game: Game[Any], seed: int, given: dict[str, str]) -> Agent:
    params = Parameters("mcts", given, ("iterations", "seconds", "c", "depth", "scale", "prior", "evaluator", "steps"))
    steps = params.whole("steps", 1)
    c = params.number("c", positive=False)
    depth = _depth(params)
    prior = params.number("prior", positive=False)
    return MctsAgent(
        seed,
        iterations=params.whole("iterations", 1),
        seconds=params.number("seconds", positive=True),
        c=DEFAULT_C if c is None else c,
        depth=depth,
        scale=params.number("scale", positive=True),
        prior=DEFAULT_PRIOR if prior is None else prior,
        value=_value(game, params, "mcts"),
        steps=1 if steps is None else steps,
    )


FACTORIES: dict[str, AgentFactory] = {"random": _random, "greedy": _greedy, "mcts": _mcts}


def agent_names() -> list[str]:
    """The agents and the levels, by name."""
    return sorted(FACTORIES) + list(LEVELS)


def make_agent(spec: str, game: Game[Any], seed: int) -> Agent:
    """The agent a spec names, seeded: UnknownName for an unknown agent, OptionError for a parameter
    it does not take or a value out of range."""
    name, params = resolve_level(*parse_spec(spec))
    factory = FACTORIES.get(name)
    if factory is None:
        raise UnknownName(
            _("unknown agent {name!r}; agents: {names}").format(name=name, names=", ".join(agent_names()))
        )
    return factory(game, seed, {**game.agent_defaults(name), **params})


def check_spec(spec: str, game: Game[Any]) -> str:
    """The spec, once an agent was built from it for `game` (so every error shows before play)."""
    make_agent(spec, game, 0)
    return spec
