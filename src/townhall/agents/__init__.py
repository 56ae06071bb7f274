"""Agents by name, their spec grammar and the table set-up they sit at.

- `registry`: the agents' factories (`make_agent`, `agent_names`, `check_spec`).
- `specs`: the spec grammar, `name` or `name:key=value,...` (`mcts:iterations=500`), and value checks.
- `levels`: the levels people choose (easy, medium, hard, expert), the agent spec each is, a bot's name in words.
- `analysis`: chances from a position and the search's view of a decision, from one viewer's information.
- `table`: `TableSpec`, a table's checked players, seats and options (the CLI, the server, tournaments).
"""

from townhall.agents.levels import LEVELS, bot_name, level_of
from townhall.agents.registry import FACTORIES, AgentFactory, agent_names, check_spec, make_agent
from townhall.agents.specs import parse_spec, split_specs
from townhall.agents.table import HUMAN, TableSpec

__all__ = [
    "FACTORIES",
    "HUMAN",
    "LEVELS",
    "AgentFactory",
    "TableSpec",
    "agent_names",
    "bot_name",
    "check_spec",
    "level_of",
    "make_agent",
    "parse_spec",
    "split_specs",
]
