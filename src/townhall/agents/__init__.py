"""Agents by name. A seat spec is `name` or `name:key=value,...` (e.g. `mcts:iterations=500`).

- `random`: uniformly random legal actions (no parameters).
- `greedy[:samples=K]`: one-step lookahead with the game's `evaluate` (K determinizations, default 1).
- `mcts[:iterations=N,seconds=S,c=C,depth=D|auto|end,scale=X,prior=W]`: information-set MCTS;
  see agents/mcts.py.

A game may suggest parameters for an agent (`Game.agent_defaults`); the spec's own win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from townhall.agents.greedy import GreedyAgent
from townhall.agents.mcts import DEFAULT_C, DEFAULT_DEPTH, DEFAULT_PRIOR, Depth, MctsAgent
from townhall.agents.random_agent import RandomAgent
from townhall.engine.agent import Agent, Budget, derive_seed
from townhall.engine.errors import UnknownName
from townhall.engine.match import Match, play_match
from townhall.engine.options import Options
from townhall.engine.protocol import Game

AgentFactory = Callable[[Game[Any], int, dict[str, str]], Agent]


def _random(game: Game[Any], seed: int, params: dict[str, str]) -> Agent:
    if params:
        raise UnknownName(f"the random agent takes no parameters, got {', '.join(params)}")
    return RandomAgent(seed)


def _check_keys(agent: str, params: dict[str, str], allowed: tuple[str, ...]) -> None:
    unknown = [key for key in params if key not in allowed]
    if unknown:
        raise UnknownName(
            f"the {agent} agent has no parameter {', '.join(map(repr, unknown))}; its parameters: {', '.join(allowed)}"
        )


def _int_param(agent: str, params: dict[str, str], key: str, minimum: int) -> int | None:
    text = params.get(key)
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UnknownName(f"{agent} parameter {key} takes a whole number, not {text!r}") from None
    if value < minimum:
        raise UnknownName(f"{agent} parameter {key} must be at least {minimum}, not {value}")
    return value


def _float_param(agent: str, params: dict[str, str], key: str, *, positive: bool) -> float | None:
    text = params.get(key)
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise UnknownName(f"{agent} parameter {key} takes a number, not {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise UnknownName(f"{agent} parameter {key} takes a finite number, not {text!r}")
    if positive and value <= 0:
        raise UnknownName(f"{agent} parameter {key} must be positive, not {text}")
    if value < 0:
        raise UnknownName(f"{agent} parameter {key} must not be negative, not {text}")
    return value


def _greedy(game: Game[Any], seed: int, params: dict[str, str]) -> Agent:
    _check_keys("greedy", params, ("samples",))
    samples = _int_param("greedy", params, "samples", 1)
    return GreedyAgent(seed, samples=samples if samples is not None else 1)


def _mcts(game: Game[Any], seed: int, params: dict[str, str]) -> Agent:
    _check_keys("mcts", params, ("iterations", "seconds", "c", "depth", "scale", "prior"))
    c = _float_param("mcts", params, "c", positive=False)
    depth: Depth = DEFAULT_DEPTH
    if params.get("depth", "").lower() in ("end", "full", "none"):
        depth = None
    elif params.get("depth", "").lower() == "auto":
        depth = "auto"
    elif "depth" in params:
        if not params["depth"].lstrip("-").isdigit():
            raise UnknownName(f"mcts parameter depth takes a whole number, auto or end, not {params['depth']!r}")
        depth = _int_param("mcts", params, "depth", 0)
    prior = _float_param("mcts", params, "prior", positive=False)
    return MctsAgent(
        seed,
        iterations=_int_param("mcts", params, "iterations", 1),
        seconds=_float_param("mcts", params, "seconds", positive=True),
        c=DEFAULT_C if c is None else c,
        depth=depth,
        scale=_float_param("mcts", params, "scale", positive=True),
        prior=DEFAULT_PRIOR if prior is None else prior,
    )


FACTORIES: dict[str, AgentFactory] = {"random": _random, "greedy": _greedy, "mcts": _mcts}


def agent_names() -> list[str]:
    return sorted(FACTORIES)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise UnknownName(f"agent parameters are written key=value, not {item!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs whose parameters are comma-separated too:
    `mcts:iterations=200,c=1,greedy,random` -> `["mcts:iterations=200,c=1", "greedy", "random"]`
    (an item `key=value` without `:` continues the spec before it)."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise UnknownName(f"empty agent in {text!r}")
        if "=" in item and ":" not in item:
            if not specs or ":" not in specs[-1]:
                raise UnknownName(f"agent parameter {item!r} follows no agent (write name:key=value)")
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def make_agent(spec: str, game: Game[Any], seed: int) -> Agent:
    name, params = parse_spec(spec)
    factory = FACTORIES.get(name)
    if factory is None:
        raise UnknownName(f"unknown agent {name!r}; agents: {', '.join(agent_names())}")
    return factory(game, seed, {**game.agent_defaults(name), **params})


def play_seeded(
    game: Game[Any],
    num_players: int,
    seat_specs: Sequence[str],
    game_seed: int,
    options: Options | None = None,
    budget: Budget | None = None,
    max_decisions: int | None = None,
) -> Match:
    """One game between agents given by spec, the seat-s agent seeded from (game_seed, "seat", s):
    the single place where simulations and tournaments turn a seed into a game."""
    agents = [make_agent(spec, game, derive_seed(game_seed, "seat", seat)) for seat, spec in enumerate(seat_specs)]
    return play_match(
        game, num_players, agents, options=options, seed=game_seed, budget=budget, max_decisions=max_decisions
    )
