"""Bots by level: the one place that says which agent plays each level a person chooses (easy,
medium, hard) and which level a seat's agent spec shows as. People read the level in words; the
spec stays for experts (a tooltip, the record).

| level  | agent  |
|--------|--------|
| easy   | random |
| medium | greedy |
| hard   | mcts   |
"""

from __future__ import annotations

from typing import Final

from townhall.agents.specs import parse_spec
from townhall.agents.words import _
from townhall.engine.errors import OptionError

LEVELS: Final = {"easy": "random", "medium": "greedy", "hard": "mcts"}
_LEVEL_OF_AGENT: Final = {agent: level for level, agent in LEVELS.items()}


def level_of(spec: str) -> str | None:
    """The level an agent spec plays at (`mcts:seconds=1` -> `hard`), None for an agent of no level."""
    try:
        name, _params = parse_spec(spec)
    except OptionError:
        return None
    return _LEVEL_OF_AGENT.get(name)


def level_words(level: str | None) -> str:
    """A level in words in the language in force: "easy", "medium", "hard" (or "custom")."""
    words = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
    return words.get(level or "", _("custom"))


def bot_name(spec: str) -> str:
    """What a bot seat is called where people read it: "Bot (hard)" in the language in force."""
    return _("Bot ({level})").format(level=level_words(level_of(spec)))
