"""Two tiny games that exist only to prove the engine: a turn-based dice game with chance (Pig)
and a simultaneous secret-bid game (Goofspiel). Their clause names use the TOY- prefix."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from townhall.engine import (
    ActionSpace,
    Chance,
    Event,
    EventKind,
    Game,
    GameFacts,
    GameMeta,
    IllegalAction,
    Json,
    Options,
    OptionSpec,
    OptionValue,
    State,
    ranks_from_keys,
)

# ----------------------------------------------------------------------------- Pig

PIG_SPACE = ActionSpace([("roll", ()), ("hold", ())])
ROLL, HOLD = PIG_SPACE.encode("roll"), PIG_SPACE.encode("hold")


class PigState(State):
    def __init__(self, num_players: int, target: int, max_turns: int) -> None:
        self.num_players = num_players
        self.target = target
        self.max_turns = max_turns
        self.banked = [0] * num_players
        self.turn_total = 0
        self.current = 0
        self.turns = 0
        self.over = False

    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, player: int) -> list[int]:
        if self.over or player != self.current:
            return []
        return [ROLL, HOLD]

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if self.over or player != self.current:
            raise IllegalAction("TOY-PIG-1", f"player {player} is not to move")
        if action == ROLL:
            face = chance.below(6) + 1
            if events is not None:
                events.append(Event("roll", data={"player": player, "face": face}))
            if face == 1:
                self.turn_total = 0
                self._next_turn()
            else:
                self.turn_total += face
        elif action == HOLD:
            if events is not None:
                events.append(Event("hold", data={"player": player, "points": self.turn_total}))
            self.banked[player] += self.turn_total
            self.turn_total = 0
            if self.banked[player] >= self.target:
                self.over = True
            else:
                self._next_turn()
        else:
            raise IllegalAction("TOY-PIG-2", f"{action} is not roll or hold")

    def _next_turn(self) -> None:
        self.turns += 1
        self.current = (self.current + 1) % self.num_players
        if self.turns >= self.max_turns:
            self.over = True

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))  # State.__new__: a blank instance
        copy.__dict__.update(self.__dict__)
        copy.num_players = self.num_players  # declared on State: a slot, not in __dict__, when compiled
        copy.banked = list(self.banked)
        return copy

    def scores(self) -> list[float]:
        return [float(b) for b in self.banked]

    def ranks(self) -> list[int]:
        return ranks_from_keys([[b] for b in self.banked])

    def end_reason(self) -> tuple[str, tuple[str, ...]]:
        return ("target" if max(self.banked) >= self.target else "turn-limit", ())

    def observation(self, player: int | None) -> dict[str, Json]:
        return self.to_json()

    def determinize(self, player: int, rng: random.Random) -> Self:
        return self.clone()

    def to_json(self) -> dict[str, Json]:
        return dict(self.__dict__, banked=list(self.banked), num_players=self.num_players)

    def num_distinct_actions(self) -> int:
        return PIG_SPACE.size

    def action_to_json(self, action: int) -> dict[str, Json]:
        return PIG_SPACE.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return PIG_SPACE.from_json(data)

    def action_text(self, action: int) -> str:
        return PIG_SPACE.decode(action)[0]


class Pig(Game[PigState]):
    meta = GameMeta(
        "toy-pig",
        "Pig (test toy)",
        2,
        4,
        options=(
            OptionSpec("target", 20, "points to win", minimum=1),
            OptionSpec("max_turns", 60, "turn limit", minimum=1),
        ),
        facts=GameFacts(end_reasons={"target": "a player reached the target", "turn-limit": "the turn limit"}),
    )

    event_kinds: ClassVar[Mapping[str, EventKind]] = {
        "roll": EventKind("roll", {"player": "int", "face": "int"}),
        "hold": EventKind("hold", {"player": "int", "points": "int"}),
    }

    def event_text(self, event: Event) -> str:
        data = event.data
        if event.kind == "roll":
            return f"player {data['player'] + 1} rolls {data['face']}"
        return f"player {data['player'] + 1} banks {data['points']}"

    def board_view(self, state: State, viewer: int | None) -> dict[str, Json]:
        assert isinstance(state, PigState)
        tracks = [{"id": f"banked-{p}", "label": "banked", "value": b, "owner": p} for p, b in enumerate(state.banked)]
        tracks.append({"id": "turn", "label": "this turn", "value": state.turn_total, "owner": state.current})
        return {"format": 2, "game": self.meta.name, "viewer": viewer, "areas": [], "tracks": tracks}

    def new_state(self, num_players: int, options: Options, chance: Chance) -> PigState:
        return PigState(num_players, int(options["target"]), int(options["max_turns"]))

    def state_from_json(self, data: dict[str, Json]) -> PigState:
        state = PigState(data["num_players"], data["target"], data["max_turns"])
        state.__dict__.update(data)
        return state

    def render(self, state: State, viewer: int | None) -> str:
        assert isinstance(state, PigState)
        return f"banked {state.banked}, player {state.current} has {state.turn_total} this turn"

    def max_decisions(self, num_players: int, options: Options) -> int:
        # A turn ends on a 1 or a hold; a turn's rolls are bounded by target/2 + 1.
        return int(options["max_turns"]) * (int(options["target"]) // 2 + 2)


# ----------------------------------------------------------------------------- Goofspiel


class GoofState(State):
    """Players bid a card from their hand for a prize card, all at once and in secret."""

    def __init__(self, num_players: int, cards: int, confirm: bool = False) -> None:
        self.num_players = num_players
        self.cards = cards
        self.confirm = confirm
        self.tentative: list[int | None] = [None] * num_players
        self.hands = [list(range(1, cards + 1)) for _ in range(num_players)]
        self.prizes_left = list(range(1, cards + 1))
        self.prize = 0
        self.bids: list[int | None] = [None] * num_players
        self.points = [0] * num_players
        self.space = ActionSpace([("bid", (("card", cards + 1),)), ("confirm", ())])

    def reveal_prize(self, chance: Chance, events: list[Event] | None) -> None:
        self.prize = self.prizes_left.pop(chance.below(len(self.prizes_left)))
        if events is not None:
            events.append(Event("prize", data={"prize": self.prize}))

    def to_move(self) -> tuple[int, ...]:
        if self.prize == 0:
            return ()
        return tuple(p for p in range(self.num_players) if self.bids[p] is None)

    def legal_actions(self, player: int) -> list[int]:
        if self.prize == 0 or self.bids[player] is not None:
            return []
        if self.tentative[player] is not None:
            return [self.space.encode("confirm")]
        return [self.space.encode("bid", card) for card in self.hands[player]]

    def apply(self, player: int, action: int, chance: Chance, events: list[Event] | None = None) -> None:
        if not 0 <= player < self.num_players or self.prize == 0 or self.bids[player] is not None:
            raise IllegalAction("TOY-GOOF-1", f"player {player} has no bid to make")
        if action not in self.legal_actions(player):
            raise IllegalAction("TOY-GOOF-2", f"{action} is not a legal bid of player {player}")
        kind, values = self.space.decode(action)
        if kind == "bid" and self.confirm:
            self.tentative[player] = values[0]  # a private step: undoable, not yet committed
            return
        card = values[0] if kind == "bid" else self.tentative[player]
        assert card is not None
        self.tentative[player] = None
        self.hands[player].remove(card)
        self.bids[player] = card
        if events is not None:
            events.append(Event("bid", data={"player": player, "card": card}, visible_to=(player,)))
        if None in self.bids:
            return
        bids = [b for b in self.bids if b is not None]
        best = max(bids)
        if bids.count(best) == 1:
            winner = bids.index(best)
            self.points[winner] += self.prize
            if events is not None:
                events.append(Event("win", data={"player": winner, "prize": self.prize, "card": best}))
        self.bids = [None] * self.num_players
        if self.prizes_left:
            self.reveal_prize(chance, events)
        else:
            self.prize = 0

    def clone(self) -> Self:
        copy = type(self).__new__(type(self))  # State.__new__: a blank instance
        copy.__dict__.update(self.__dict__)
        copy.num_players = self.num_players  # declared on State: a slot, not in __dict__, when compiled
        copy.hands = [list(h) for h in self.hands]
        copy.prizes_left = list(self.prizes_left)
        copy.bids = list(self.bids)
        copy.tentative = list(self.tentative)
        copy.points = list(self.points)
        return copy

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def ranks(self) -> list[int]:
        return ranks_from_keys([[p] for p in self.points])

    def observation(self, player: int | None) -> dict[str, Json]:
        # A pending bid is secret: others see only that a bid was made, and the hand it came from
        # still shows the card (it is only removed for the bidder's own view).
        hands = []
        for p in range(self.num_players):
            hand = list(self.hands[p])
            bid = self.bids[p]
            if bid is not None and p != player:
                hand = sorted([*hand, bid])
            hands.append(hand)
        return {
            "prize": self.prize,
            "prizes_left": sorted(self.prizes_left),
            "hands": hands,
            "committed": [b is not None for b in self.bids],
            "my_bid": None if player is None else self.bids[player],
            "my_tentative_bid": None if player is None else self.tentative[player],
            "points": list(self.points),
        }

    def determinize(self, player: int, rng: random.Random) -> Self:
        copy = self.clone()
        for p in range(self.num_players):
            bid = copy.bids[p]
            if p != player and bid is not None:
                copy.hands[p].append(bid)
                copy.hands[p].sort()  # the draw must not depend on where the hidden bid sat
                new_bid = rng.choice(copy.hands[p])
                copy.hands[p].remove(new_bid)
                copy.bids[p] = new_bid
            if p != player and copy.tentative[p] is not None:
                copy.tentative[p] = rng.choice(copy.hands[p])
        for hand in copy.hands:
            hand.sort()
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "cards": self.cards,
            "confirm": self.confirm,
            "tentative": list(self.tentative),
            "hands": [sorted(h) for h in self.hands],
            "prizes_left": list(self.prizes_left),
            "prize": self.prize,
            "bids": list(self.bids),
            "points": list(self.points),
        }

    def num_distinct_actions(self) -> int:
        return self.space.size

    def action_to_json(self, action: int) -> dict[str, Json]:
        return self.space.to_json(action)

    def action_from_json(self, data: Json) -> int:
        return self.space.from_json(data)

    def action_text(self, action: int) -> str:
        kind, values = self.space.decode(action)
        return f"bid {values[0]}" if kind == "bid" else "confirm"


class Goofspiel(Game[GoofState]):
    meta = GameMeta(
        "toy-goofspiel",
        "Goofspiel (test toy)",
        2,
        3,
        options=(
            OptionSpec("cards", 5, "cards per hand", minimum=1, maximum=13),
            OptionSpec("confirm", False, "a bid is a private step, committed by confirm"),
        ),
        facts=GameFacts(
            hidden=("the other players' bids until all have bid",),
            simultaneous=True,
            end_reasons={"end": "the prizes are gone"},
        ),
    )
    event_kinds: ClassVar[Mapping[str, EventKind]] = {
        "prize": EventKind("prize", {"prize": "int"}),
        "bid": EventKind("bid", {"player": "int", "card": "int"}, "seen by the bidder only"),
        "win": EventKind("win", {"player": "int", "prize": "int", "card": "int"}),
    }

    def event_text(self, event: Event) -> str:
        data = event.data
        if event.kind == "prize":
            return f"prize {data['prize']} revealed"
        if event.kind == "bid":
            return f"player {data['player'] + 1} bids {data['card']}"
        return f"player {data['player'] + 1} wins prize {data['prize']} with {data['card']}"

    def board_view(self, state: State, viewer: int | None) -> dict[str, Json]:
        seen = state.observation(viewer)
        areas: list[Json] = []
        for player, hand in enumerate(seen["hands"]):
            cells = [{"id": str(card), "col": index, "row": 0, "label": str(card)} for index, card in enumerate(hand)]
            areas.append({"id": f"hand-{player}", "label": "hand", "layout": "row", "owner": player, "cells": cells})
        items = [{"id": "prize", "kind": "card", "label": str(seen["prize"])}]
        return {"format": 2, "game": self.meta.name, "viewer": viewer, "areas": areas, "items": items}

    def action_target(self, state: State, player: int, action: int) -> dict[str, Json] | None:
        assert isinstance(state, GoofState)
        kind, values = state.space.decode(action)
        return {"area": f"hand-{player}", "cell": str(values[0])} if kind == "bid" else None

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{"confirm": True}]

    def new_state(self, num_players: int, options: Options, chance: Chance) -> GoofState:
        state = GoofState(num_players, int(options["cards"]), bool(options["confirm"]))
        state.reveal_prize(chance, None)
        return state

    def state_from_json(self, data: dict[str, Json]) -> GoofState:
        state = GoofState(data["num_players"], data["cards"], data["confirm"])
        for key in ("hands", "prizes_left", "prize", "bids", "points", "tentative"):
            setattr(state, key, data[key])
        return state

    def render(self, state: State, viewer: int | None) -> str:
        return str(state.observation(viewer))

    def max_decisions(self, num_players: int, options: Options) -> int:
        return num_players * int(options["cards"]) * (2 if options["confirm"] else 1)


TOYS: list[Game[Any]] = [Pig(), Goofspiel()]
