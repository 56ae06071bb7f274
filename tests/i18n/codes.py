"""What must never reach a player's eyes: developer codes in the words a table shows (prompts, action
texts, log lines, the end screen). `codes_in(text, game)` names the ones a text holds."""

from __future__ import annotations

import re
from functools import cache

# snake_case names (`max_rounds`, `cart_shop`)
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
# rule clause codes (`ANT-VAR-1`, `CAR-SCORE-4`, `KH-TURN-1`)
CLAUSE = re.compile(r"\b[A-Z]{2,5}(?:-[A-Z0-9]+)*-\d+\b")
# agent specs (`mcts:seconds=1`, `greedy:samples=2`)
SPEC = re.compile(r"\b[a-z]+:[a-z]+=")
# board coordinates and rotation codes (`-1,0`, `r90`): an action in a list says where it goes, but a
# refusal answers a click on the place, and turns read in degrees
COORDINATE = re.compile(r"(?<![\w.,])-?\d+,-?\d+(?![\w.,])")
ROTATION = re.compile(r"\br(?:0|90|180|270)\b")


@cache
def component_ids(game: str) -> re.Pattern[str] | None:
    """A pattern of the printed ids of a game's components (tiles, buildings, pieces) that hold a
    digit or are three letters: the ones no word or board coordinate looks like."""
    ids: list[str] = []
    if game == "carcassonne":
        from townhall.games.carcassonne.tiles import CODES

        ids += [code for code in CODES if any(ch.isdigit() for ch in code)]
    elif game == "kutna-hora":
        from townhall.games.kutna_hora.data import DATA

        ids += [b.id for b in DATA.buildings]
    elif game == "my-city":
        from townhall.games.my_city.actions import PIECE_IDS

        ids += PIECE_IDS
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-])")


def codes_in(text: str, game: str) -> list[str]:
    """The codes `text` holds: snake_case names, clause codes, agent specs, component ids."""
    found = SNAKE.findall(text) + CLAUSE.findall(text) + SPEC.findall(text)
    ids = component_ids(game)
    if ids is not None:
        found += ids.findall(text)
    return found


def place_codes_in(text: str, game: str) -> list[str]:
    """The codes a refusal holds: `codes_in`'s, and board coordinates and rotation codes."""
    return codes_in(text, game) + COORDINATE.findall(text) + ROTATION.findall(text)
