"""Play a whole seeded game and gather every text a person reads in one language: the text views
(each player's and a spectator's), the board views' labels and prompts, the events' words and the
legal actions' words (and the texts typed for them)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from townhall import games
from townhall.engine.match import Match
from townhall.engine.protocol import Json
from townhall.i18n import using

# The games this project ships (tests may register toy games besides).
SHIPPED = [name for name in games.names() if type(games.get(name)).__module__.startswith("townhall.games.")]
# A word in Latin letters: two or more in a row (single letters are coordinates, columns, rotations).
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass
class Narration:
    views: list[str] = field(default_factory=list)
    boards: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    actions: list[list[str]] = field(default_factory=list)  # what a player reads (the actions' words)
    typed: list[list[str]] = field(default_factory=list)  # the texts a person types

    def texts(self) -> Iterator[tuple[str, str]]:
        for text in self.views:
            yield "view", text
        for text in self.boards:
            yield "board", text
        for text in self.events:
            yield "event", text
        for texts in self.actions:
            for text in texts:
                yield "action", text


def narrate(name: str, language: str, seed: int, players: int = 2, view_every: int = 7) -> Narration:
    """A random game of `name` told in `language`; the moves are the same in every language."""
    game = games.get(name)
    match = Match(game, players, {}, seed)
    rng = random.Random(seed)
    out = Narration()
    step = 0
    with using(language):
        while not match.is_over():
            player = match.to_move()[0]
            legal = match.state.legal_actions(player)
            out.actions.append([match.state.action_words(a) for a in legal])
            out.typed.append([match.state.action_text(a) for a in legal])
            if step % view_every == 0:
                out.views.append(game.render(match.state, player))
                out.boards += board_texts(game.board_view(match.state, player))
            match.apply(player, rng.choice(legal))
            step += 1
        out.views.append(game.render(match.state, None))
        out.boards += board_texts(game.board_view(match.state, None))
        out.events = [game.event_text(event) for event in match.events]
    return out


def latin_words(text: str, allowed: set[str]) -> set[str]:
    """Words in Latin letters that are not ids the game prints as they are."""
    return {word for word in LATIN_WORD.findall(text) if word not in allowed}


def board_texts(view: Json) -> list[str]:
    """The words of a board view: every `label` and `prompt` (ids, kinds and marks are data)."""
    found: list[str] = []
    if isinstance(view, dict):
        for key, value in view.items():
            if key in ("label", "prompt") and isinstance(value, str):
                found.append(value)
            else:
                found += board_texts(value)
    elif isinstance(view, list):
        for value in view:
            found += board_texts(value)
    return found
