"""Bots by level: the one place that says which agent plays each level a person chooses and which
level a seat's agent spec shows as. People read the level in words; the spec stays for experts (a
tooltip, the record).

A level is an agent spec of its own, usable wherever one is (`townhall tournament GAME --agents
hard,medium`, a seat `bot:expert`, the server): `hard:seconds=0.25` is the level's agent with the
level's parameters and the given ones on top (the given win). A budget given (`iterations` or
`seconds`) replaces the level's own budget whole, so `expert:seconds=2` thinks 2 seconds, not
"2 seconds or 4,000 iterations".

| level  | agent spec           | plays                                                          |
|--------|----------------------|----------------------------------------------------------------|
| easy   | greedy:epsilon=0.5   | the greedy move, but a random legal move half the time         |
| medium | greedy               | one-step lookahead with the game's evaluation                  |
| hard   | mcts                 | ISMCTS, 1,000 iterations (the server: the table's bot_seconds) |
| expert | mcts:iterations=4000 | ISMCTS with 4x hard's budget (the server: 4x bot_seconds)      |

A game's suggested parameters apply under the level's (Carcassonne: `steps=2`, a tile judged
with its follower; `depth=0` for mcts).
Measured (docs/bots-report.md, "Levels"): easy beats random and loses to medium in every game;
hard beats medium (mcts at 1 s against greedy); expert beating hard is NOT shown (My City 70% of
20 games at a scaled-down 4:1 budget; Carcassonne 35% of 20 at 4,000 against 1,000 iterations):
expert's setting is still open.
Older tables' `random` bots still show as easy.
"""

from __future__ import annotations

from typing import Final

from townhall.agents.specs import parse_spec
from townhall.agents.words import _
from townhall.engine.errors import OptionError

LEVELS: Final = {"easy": "greedy:epsilon=0.5", "medium": "greedy", "hard": "mcts", "expert": "mcts:iterations=4000"}
EXPERT_FACTOR: Final = 4.0
"""The expert level's budget in units of the hard level's (iterations at the terminal, seconds on a server)."""
BUDGET_KEYS: Final = ("iterations", "seconds")


def resolve_level(name: str, given: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The agent name and parameters a spec's name and parameters stand for: a level's agent with its
    parameters and the given ones on top (a given budget replaces the level's), else as given."""
    spec = LEVELS.get(name)
    if spec is None:
        return name, given
    agent, params = parse_spec(spec)
    if any(key in given for key in BUDGET_KEYS):
        params = {key: value for key, value in params.items() if key not in BUDGET_KEYS}
    return agent, {**params, **given}


def level_of(spec: str) -> str | None:
    """The level an agent spec plays at (`mcts:seconds=1` -> `hard`, `expert:seconds=4` -> `expert`,
    `greedy:epsilon=0.5` -> `easy`), None for an agent of no level."""
    try:
        name, params = parse_spec(spec)
    except OptionError:
        return None
    if name in LEVELS:
        return name
    if name == "random" or (name == "greedy" and params.get("epsilon", "0") not in ("0", "0.0")):
        return "easy"  # older tables' easy bot was random
    return {"greedy": "medium", "mcts": "hard"}.get(name)


def level_words(level: str | None) -> str:
    """A level in words in the language in force: "easy", "medium", "hard", "expert" (or "custom")."""
    words = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "expert": _("expert")}
    return words.get(level or "", _("custom"))


def bot_name(spec: str) -> str:
    """What a bot seat is called where people read it: "Bot (hard)" in the language in force."""
    return _("Bot ({level})").format(level=level_words(level_of(spec)))
