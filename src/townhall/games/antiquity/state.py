"""The Antiquity state: the protocol methods, each dispatching to a phase module."""

from __future__ import annotations

import random
from typing import Self

from townhall.engine import Chance, Event, IllegalAction, Json
from townhall.engine.codec import ActionSpace
from townhall.engine.errors import GameOver, NotYourTurn
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import country, flow, legality, observation, plan, trade, upkeep, victory
from townhall.games.antiquity.position import (
    COUNTRY,
    EXPLORE,
    HARVEST,
    OVER,
    PLAN,
    SETUP,
    STORE,
    TRADE,
    AntiquityPosition,
)
from townhall.games.antiquity.words import _
from townhall.games.antiquity.words import player as player_name


class AntiquityState(AntiquityPosition):
    def to_move(self) -> tuple[int, ...]:
        return flow.to_move(self)

    def movers_seen_by(self, viewer: int | None) -> tuple[int, ...]:
        return observation.movers_seen_by(self, viewer)

    def private_step(self, player: int, action: int) -> bool:
        return observation.private_step(self, player, action)

    def legal_actions(self, player: int) -> list[int]:
        if player not in self.to_move():
            return []
        return self._legal(player)[:]

    def _legal(self, player: int) -> list[int]:
        """The legal actions of a player to move, kept until the next apply (not to be handed out)."""
        cache = self.legal_cache
        if cache is not None and cache[0] == player:
            return cache[1]
        legal = sorted(set(legality.legal(self, player)))
        self.legal_cache = (player, legal)
        return legal

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.phase == OVER:
            raise GameOver("ANT-IO-1", _("the game is over"))
        if not 0 <= player < self.num_players or player not in self.to_move():
            raise NotYourTurn("ANT-IO-1", _("{player} is not to move now").format(player=player_name(player)))
        if action not in self._legal(player):
            raise IllegalAction(legality.clause_of(self, player, action), legality.refusal_text(self, player, action))
        self.legal_cache = None
        self.apply_chance = chance
        phase = self.phase
        if phase == SETUP:
            flow.found_first_city(self, player, action - A.FOUND, chance, events)
        elif phase == PLAN:
            plan.apply_plan(self, player, action, chance, events)
        elif phase == COUNTRY:
            country.apply_country(self, player, action, chance, events)
        elif phase == TRADE:
            trade.apply_trade(self, player, action, events)
        elif phase == STORE:
            upkeep.store(self, player, action, events)
        elif phase == HARVEST:
            upkeep.harvest_take(self, action - A.HEX, events)
            upkeep.harvest_run(self, events)
        elif phase == EXPLORE:
            upkeep.explore_turn(self, player, action, chance, events)
        elif self.pollution_due[player] > 0:
            upkeep.pollute(self, player, action - A.HEX, events)
        else:
            upkeep.place_grave(self, player, action, events)
        flow.advance(self, chance, events)

    def scores(self) -> list[float]:
        return victory.scores(self)

    def ranks(self) -> list[int]:
        return victory.ranks(self)

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        return victory.end_reason(self)

    def victors(self) -> tuple[int, ...]:
        """ANT-PH10-1: a saint's condition met, or the last player left; nobody at the round limit."""
        return tuple(sorted(self.winners))

    def observation(self, player: int | None) -> dict[str, Json]:
        return observation.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> Self:
        copy = self.clone()
        observation.determinize(copy, self, player, rng)
        return copy

    def action_space(self) -> ActionSpace:
        return A.SPACE

    def action_text(self, action: int) -> str:
        return A.action_text(action, self.board.topo.labels)

    def action_words(self, action: int) -> str:
        return A.action_words(action, self.board.topo.labels)
