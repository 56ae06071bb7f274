"""The match runner: owns the state, the seeded chance, the record and the event log."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from townhall.engine.agent import Agent, Budget, PlayerView
from townhall.engine.chance import Chance
from townhall.engine.errors import GameOver, MalformedAction, NotYourTurn, TownhallError
from townhall.engine.options import Options
from townhall.engine.protocol import Event, Game, State
from townhall.engine.records import MatchRecord, RecordStep
from townhall.engine.words import _


@dataclass(slots=True)
class _Snapshot:
    player: int
    state: State
    steps: int
    events: int


def random_playout(state: State, pick: Callable[[], float], chance: Chance) -> int:
    """Plays uniform picks (`pick` in [0, 1)) of the first mover's legal actions to the end and
    counts the decisions: the raw engine loop the benchmarks time."""
    decisions = 0
    while movers := state.to_move():
        player = movers[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[int(pick() * len(legal))], chance)
        decisions += 1
    return decisions


def may_take_back(player: int, drew: bool, movers_after: Sequence[int]) -> bool:
    """The undo rule: a player may take back a step of theirs that drew nothing and after which
    they are still deciding (their choice is not committed). Any other step ends what may be
    taken back, and so does another player's step."""
    return not drew and player in movers_after


class Match:
    """One game being played. Chance is drawn here and written into the record.

    With `undo=True` a player may take back their own steps while nothing was drawn, nobody else
    acted and they are still deciding (their choice is not yet committed).
    """

    def __init__(
        self,
        game: Game[Any],
        num_players: int,
        options: Options | None = None,
        seed: int | None = None,
        seats: Sequence[str] = (),
        *,
        undo: bool = False,
    ) -> None:
        self.game = game
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._chance = Chance(self.seed, log=True)
        resolved = game.meta.resolve(options)
        self.state: State = game.start(num_players, resolved, self._chance)
        self.record = MatchRecord(
            game=game.meta.name,
            data_version=game.meta.data_version,
            num_players=num_players,
            options=dict(resolved),
            seed=self.seed,
            seats=list(seats),
            setup_chance=self._chance.take_log(),
        )
        self.events: list[Event] = []
        self._group = frozenset(self.state.to_move())
        self._keep_undo = undo
        self._undo: list[_Snapshot] = []

    @property
    def num_players(self) -> int:
        return self.state.num_players

    def to_move(self) -> tuple[int, ...]:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def simultaneous(self) -> bool:
        """Whether the current decision is taken by several players at once (so it is secret).

        A decision starts when the players to move are not a subset of those before the last
        action; it is simultaneous when it started with more than one player to move."""
        return len(self._group) > 1

    def view(self, player: int) -> PlayerView:
        return PlayerView(self.game, self.state, player)

    def apply(self, player: int, action: int) -> list[Event]:
        """Play one action; IllegalAction leaves everything unchanged."""
        movers = self.state.to_move()
        if not movers:
            raise GameOver("ENGINE-OVER", _("the game is over"))
        if player not in movers:
            raise NotYourTurn("ENGINE-TURN", _("player {number} is not to move now").format(number=player + 1))
        if not 0 <= action < self.state.num_distinct_actions():
            raise MalformedAction(_("{action} is not an action of this game").format(action=action))
        action_json = self.state.action_to_json(action)
        before = self.state.clone() if self._keep_undo else None
        movers_before = self.state.to_move()
        events: list[Event] = []
        self.state.apply(player, action, self._chance, events)
        movers_after = self.state.to_move()
        if not set(movers_after) <= set(movers_before):
            self._group = frozenset(movers_after)
        drawn = self._chance.take_log()
        self.record.steps.append(RecordStep(player, action_json, drawn))
        if before is not None:
            self._remember(player, before, bool(drawn))
        self.events.extend(events)
        if self.state.is_terminal():
            self.record.scores = [float(s) for s in self.state.scores()]
            self.record.ranks = self.state.ranks()
        return events

    def _remember(self, player: int, before: State, drew: bool) -> None:
        if not may_take_back(player, drew, self.state.to_move()):
            self._undo.clear()
            return
        if self._undo and self._undo[-1].player != player:
            self._undo.clear()
        self._undo.append(_Snapshot(player, before, len(self.record.steps) - 1, len(self.events)))

    def can_undo(self, player: int) -> bool:
        return bool(self._undo) and self._undo[-1].player == player

    def undo(self, player: int) -> bool:
        """Take back `player`'s last uncommitted step; False when the rules or chance forbid it."""
        if not self.can_undo(player):
            return False
        snapshot = self._undo.pop()
        self.state = snapshot.state
        del self.record.steps[snapshot.steps :]
        del self.events[snapshot.events :]
        return True


def play_match(
    game: Game[Any],
    num_players: int,
    agents: Sequence[Agent],
    *,
    options: Options | None = None,
    seed: int | None = None,
    budget: Budget | None = None,
    max_decisions: int | None = None,
    on_step: Callable[[Match, int, int, list[Event]], None] | None = None,
) -> Match:
    """Play a whole game between agents (one per seat). Returns the finished match."""
    if len(agents) != num_players:
        raise TownhallError(
            _("{count} players need {count} seats, got {given}").format(count=num_players, given=len(agents))
        )
    match = Match(game, num_players, options, seed, [agent.name for agent in agents])
    budget = budget or Budget()
    limit = max_decisions if max_decisions is not None else game.max_decisions(num_players, match.record.options)
    decisions = 0
    while True:
        movers = match.to_move()
        if not movers:
            return match
        if decisions >= limit:
            raise TownhallError(
                _("{game} did not end within {limit} decisions").format(game=game.meta.title, limit=limit)
            )
        player = movers[0]
        view = match.view(player)
        legal = view.legal_actions()
        action = agents[player].act(view, legal, budget)
        events = match.apply(player, action)
        decisions += 1
        if on_step is not None:
            on_step(match, player, action, events)
