"""The server's limits on its bots, in one place: what an agent spec at a table may ask for, and when a
bot's move is cut. A server policy, not an agent rule: the terminal, simulations and tournaments have
no such limits.

A spec is checked by its parameters' names, whichever agent takes them, so a parameter that spends
time (a time budget, search iterations, samples, rollout depth) is bounded for every agent. Values that
are not numbers are left to the agent's own checks (agents/specs.py), which refuse them too.
"""

from __future__ import annotations

from townhall.agents import parse_spec
from townhall.agents.levels import EXPERT_FACTOR
from townhall.server.errors import OverLimit
from townhall.server.words import ngettext

MAX_SECONDS = 30.0
"""A bot's thinking time a move: the most a table's `bot_seconds` (and any spec's `seconds=`) may be."""
MAX_ITERATIONS = 10_000_000
"""mcts iterations a move: about 5x what 30 s buy in the compiled build (65,700 iterations per CPU
second at best, Carcassonne; docs/performance.md), so only a runaway spec meets it."""
MAX_SAMPLES = 10_000
"""greedy determinizations a move (each tries every legal action once; a strong table uses tens)."""
MAX_DEPTH = 1_000
"""mcts random decisions after the tree: longer than any game ("end" and "auto" stay allowed)."""
CUT_FACTOR = 2.0
"""A bot's move still thinking after CUT_FACTOR x its time budget is cut: the greedy bot moves instead."""

_WHOLE = {"iterations": MAX_ITERATIONS, "samples": MAX_SAMPLES, "depth": MAX_DEPTH}


def budget_seconds(bot_seconds: float) -> float:
    """A table's time budget a move, within the server's limit (tables stored before it was kept too)."""
    return min(bot_seconds, MAX_SECONDS)


def seat_seconds(spec: str, bot_seconds: float) -> float:
    """A seat's time budget a move: the table's, or EXPERT_FACTOR times it for the expert level (at most MAX_SECONDS)."""
    expert = spec.partition(":")[0].strip() == "expert"
    return min(budget_seconds(bot_seconds) * (EXPERT_FACTOR if expert else 1.0), MAX_SECONDS)


def check_spec(spec: str, bot_seconds: float) -> str:
    """The spec, if it asks no more than the server allows at a table with `bot_seconds` (the expert
    level: EXPERT_FACTOR times that); OverLimit (400) naming the limit otherwise."""
    name, params = parse_spec(spec)
    most = seat_seconds(spec, bot_seconds)
    seconds = _number(params.get("seconds"))
    if seconds is not None and not seconds <= most:  # `not <=`: infinity is refused (nan by the agent)
        count = int(most) if most.is_integer() else 2  # the plural form for "0.5 seconds"
        text = ngettext(
            "a bot may think at most {most:g} second a move at this table (its bot_seconds, never more than {cap:g}), not {value}",
            "a bot may think at most {most:g} seconds a move at this table (its bot_seconds, never more than {cap:g}), not {value}",
            count,
        )
        raise OverLimit(text.format(most=most, cap=MAX_SECONDS, value=params["seconds"]))
    for key, limit in _WHOLE.items():
        value = _whole(params.get(key))
        if value is not None and value > limit:
            raise OverLimit(_over(name, key, limit, value))
    return spec


def _over(agent: str, key: str, limit: int, value: int) -> str:
    """The refusal of a whole-number parameter over its limit, in the parameter's own words."""
    if key == "iterations":
        text = ngettext(
            "{agent} may search at most {limit:,} iteration a move here, not {value}",
            "{agent} may search at most {limit:,} iterations a move here, not {value}",
            limit,
        )
    elif key == "samples":
        text = ngettext(
            "{agent} may take at most {limit:,} sample a move here, not {value}",
            "{agent} may take at most {limit:,} samples a move here, not {value}",
            limit,
        )
    else:
        text = ngettext(
            "{agent} may look at most {limit:,} decision ahead here, not {value}",
            "{agent} may look at most {limit:,} decisions ahead here, not {value}",
            limit,
        )
    return text.format(agent=agent, limit=limit, value=value)


def _number(text: str | None) -> float | None:
    """The parameter as a number, None when absent or not a number (left to the agent's checks)."""
    try:
        return None if text is None else float(text)
    except ValueError:
        return None


def _whole(text: str | None) -> int | None:
    """The parameter as a whole number, None when absent or not one ("auto", "end")."""
    try:
        return None if text is None else int(text)
    except ValueError:
        return None
