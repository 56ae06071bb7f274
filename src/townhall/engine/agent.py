"""The agent protocol: a view of the position, the legal actions and a budget → an action.

An agent never receives the true state: the PlayerView shows the player's observation and hands
out determinized copies (hidden information resampled) for search.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from townhall.engine.errors import MalformedAction
from townhall.engine.protocol import Game, Json, State
from townhall.engine.words import _
from townhall.i18n import DEFAULT, current, using


@dataclass(frozen=True, slots=True)
class Budget:
    """How much an agent may think about one decision: iterations, seconds, or both (first hit)."""

    iterations: int | None = None
    seconds: float | None = None


class PlayerView:
    """What one player may know of a position. Search bots get states only via `determinize`."""

    __slots__ = ("_state", "game", "player")

    def __init__(self, game: Game[Any], state: State, player: int) -> None:
        self._state = state
        self.game = game
        self.player = player

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def observation(self) -> dict[str, Json]:
        return self._state.observation(self.player)

    def legal_actions(self) -> list[int]:
        return self._state.legal_actions(self.player)

    def action_text(self, action: int) -> str:
        return self._state.action_text(action)

    def action_to_json(self, action: int) -> dict[str, Json]:
        return self._state.action_to_json(action)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this player's observation, hidden parts resampled."""
        return self._state.determinize(self.player, rng)

    def render(self) -> str:
        return self.game.render(self._state, self.player)

    def parse_action(self, answer: str) -> int:
        """The legal action a person typed (its number in the list, its text or a unique start
        of it); MalformedAction says why an answer picks none. Shared by every front door."""
        legal = self.legal_actions()
        return legal[choose_typed(self._state, legal, [self.action_text(action) for action in legal], answer)]

    def action_words(self, action: int) -> str:
        return self._state.action_words(action)


def determinize_seen_by(state: State, viewer: int | None, rng: random.Random) -> State:
    """A full state consistent with what `viewer` sees (None: a spectator), hidden parts resampled.
    A spectator's copy is every seat's determinization in turn: each seat's secrets are redrawn by
    the next seat's (the first seat's by the last), so what comes out depends on the public
    information and `rng` only, for games whose determinize draws each hidden part from public facts
    (the four shipped games do; tests/server/test_analysis.py compares two secret My City choices).
    A game dealing private hands from one pool would need a spectator determinization of its own."""
    if viewer is not None:
        return state.determinize(viewer, rng)
    for seat in range(state.num_players):
        state = state.determinize(seat, rng)
    return state


class SeenView(PlayerView):
    """`player`'s decision as another viewer knows it (None: a spectator), for a search run on that
    viewer's behalf (the server's analysis): its determinizations keep only what the viewer may see,
    and its observation is the viewer's."""

    __slots__ = ("viewer",)

    def __init__(self, game: Game[Any], state: State, player: int, viewer: int | None) -> None:
        super().__init__(game, state, player)
        self.viewer = viewer

    def observation(self) -> dict[str, Json]:
        return self._state.observation(self.viewer)

    def legal_actions(self) -> list[int]:
        """`player`'s legal actions in a determinization the viewer could hold (seeded: reproducible)."""
        return determinize_seen_by(self._state, self.viewer, random.Random(0)).legal_actions(self.player)

    def determinize(self, rng: random.Random) -> State:
        return determinize_seen_by(self._state, self.viewer, rng)


class Agent(Protocol):
    """Anything that chooses actions. Agents are built with their own seed (reproducible)."""

    name: str

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int: ...


def choose_action(texts: Sequence[str], answer: str) -> int:
    """The index that a typed answer picks among `texts`: a number (1-based), a text (any case)
    or a unique start of one. MalformedAction says why an answer picks none."""
    answer = answer.strip()
    if not answer:
        raise MalformedAction(_("type a number or an action's text"))
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(texts):
            return number - 1
        raise MalformedAction(
            _("there is no action {number}; choose 1-{count}").format(number=number, count=len(texts))
        )
    lowered = answer.lower()
    exact = [i for i, text in enumerate(texts) if text.lower() == lowered]
    if exact:
        return exact[0]
    starts = [i for i, text in enumerate(texts) if text.lower().startswith(lowered)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(texts[i] for i in starts[:5])
        raise MalformedAction(
            _("{answer!r} could be {count} actions: {shown} ...").format(answer=answer, count=len(starts), shown=shown)
        )
    raise MalformedAction(_("no legal action reads {answer!r}").format(answer=answer))


def choose_typed(state: State, legal: Sequence[int], texts: Sequence[str], answer: str) -> int:
    """The index a typed answer picks among the legal actions shown as `texts`: in the language
    shown, or as the actions' words (`State.action_words`), or else in English (the texts every
    guide uses). A refusal is worded against the texts
    shown. The terminal and the server both read typed actions through this."""
    try:
        return choose_action(texts, answer)
    except MalformedAction as shown_error:
        # the same action as the table shows it in words (the page's buttons), then in English
        others = [[state.action_words(action) for action in legal]]
        if current() != DEFAULT:
            with using(DEFAULT):
                others += [[state.action_text(action) for action in legal], [state.action_words(a) for a in legal]]
        for candidates in others:
            if candidates == texts:
                continue
            try:
                return choose_action(candidates, answer)
            except MalformedAction:
                continue
        raise shown_error from None


def parse_action_form(state: State, player: int, form: Json) -> int:
    """The action a front door received: its id, its typed text (see `choose_typed`) or its JSON
    form. MalformedAction for none of them; whether the action is legal is for `apply` to say."""
    if isinstance(form, bool):
        raise MalformedAction(_("an action is an id, a JSON form or a text, not true/false"))
    if isinstance(form, int):
        if not 0 <= form < state.num_distinct_actions():
            raise MalformedAction(_("{action} is not an action of this game").format(action=form))
        return form
    if isinstance(form, str):
        legal = state.legal_actions(player)
        return legal[choose_typed(state, legal, [state.action_text(action) for action in legal], form)]
    try:
        return state.action_from_json(form)
    except MalformedAction:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise MalformedAction(_("not an action of this game: {form}").format(form=error)) from None


def derive_seed(seed: int, *labels: object) -> int:
    """A stable 63-bit seed derived from a seed and labels (same in every process and run)."""
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1
