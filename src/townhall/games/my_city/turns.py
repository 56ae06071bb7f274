"""The card flow: who still decides on the card, a decision committed, the card resolved (exit,
pass, place), the immediate points (investor, gold mines, the 50 cap), the next draw (the
blockade), the end of the game."""

from __future__ import annotations

from typing import Final

from townhall.engine import Chance, Event, Json
from townhall.games.my_city import scoring
from townhall.games.my_city.actions import BLOCKADE, EXIT_ACTION, PASS_ACTION, PIECE_IDS, PLACE_STRIDE, card_name
from townhall.games.my_city.board import next_to
from townhall.games.my_city.data import cell_name
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.position import UNDECIDED, MyCityPosition

INVESTOR: Final = CATALOGUE.by_id["INV"]
SEATS: Final = 8  # more than the game seats (GameMeta.max_players)
# The players still to decide, by bitmask of seats: to_move returns one of these shared tuples.
MOVERS: Final = tuple(tuple(p for p in range(SEATS) if seats >> p & 1) for seats in range(1 << SEATS))


def to_move(position: MyCityPosition) -> tuple[int, ...]:
    """The active players who have not decided on the revealed card yet (all at once)."""
    if position.over:
        return ()
    pending = position.pending
    active = position.active
    seats = 0
    for p in range(position.num_players):
        if active[p] and pending[p] < 0:
            seats |= 1 << p
    return MOVERS[seats]


def decide(position: MyCityPosition, player: int, action: int, chance: Chance, events: list[Event] | None) -> None:
    """Commit a (checked) decision; the last active player's decision resolves the card."""
    position.pending[player] = action
    if events is not None:
        events.append(Event("decided", data={"player": player}))
    for p in range(position.num_players):
        if position.active[p] and position.pending[p] < 0:
            return
    resolve(position, chance, events)


def cell_names(mask: int) -> list[str]:
    """The cells of a mask by name (A1 ... K11), in board order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(cell_name(low.bit_length() - 1))
        mask ^= low
    return out


def place_data(player: int, action: int, mask: int) -> dict[str, Json]:
    piece, rest = divmod(action, PLACE_STRIDE)
    cell, rotation = divmod(rest, 4)
    return {
        "player": player,
        "action": action,
        "piece": PIECE_IDS[piece],
        "cell": cell_name(cell),
        "rotation": rotation,
        "cells": cell_names(mask),
    }


def gain(position: MyCityPosition, player: int, delta: int) -> None:
    """Move the score marker (the 50 cap and progress mark in the campaign, MYC-LEG-4/5)."""
    if position.frozen[player]:
        return
    position.figures_revision += 1
    value = position.score[player] + delta
    cap = position.rules.cap
    if cap and value >= cap:
        value = cap
        position.frozen[player] = True
        position.marks[player] += position.rules.reach_cap_marks
    position.score[player] = value


def resolve(position: MyCityPosition, chance: Chance, events: list[Event] | None) -> None:
    placed_now = False
    for p in range(position.num_players):
        action = position.pending[p]
        if action < 0:
            continue
        position.pending[p] = UNDECIDED
        if action == EXIT_ACTION:
            position.active[p] = False
            position.figures_revision += 1
            if events is not None:
                events.append(Event("exit", data={"player": p}))
        elif action == PASS_ACTION:
            position.passes[p] += 1
            position.figures_revision += 1
            before = position.score[p]
            gain(position, p, -1)
            if events is not None:
                moved = position.score[p] - before  # 0 when the marker stopped at 50 (MYC-LEG-4)
                events.append(Event("pass", data={"player": p, "points": moved, "score": position.score[p]}))
        else:
            mask = position.terrain.mask_of[action]
            position.occupied[p] |= mask
            position.around[p] |= position.terrain.next_to[mask]
            position.placed[p].append((position.card, mask))
            placed_now = True
            if events is not None:
                events.append(Event("place", data=place_data(p, action, mask)))
    if placed_now and position.rules.investor_points:
        investor(position, events)
    if placed_now and position.rules.gold_mines and not position.gold_claimed:
        gold(position, events)
    if any(position.active):
        draw(position, chance, events)
    else:
        finish(position, events)


def investor(position: MyCityPosition, events: list[Event] | None) -> None:
    """Chapter 5: a building placed next to one's investor scores at once (the investor
    itself, placed this round, scores nothing)."""
    card = position.card
    if card == INVESTOR:
        return
    for p in range(position.num_players):
        placed = position.placed[p]
        if not placed or placed[-1][0] != card:
            continue
        investor = next((mask for piece, mask in placed if piece == INVESTOR), 0)
        if investor and next_to(position.terrain, investor) & placed[-1][1]:
            gain(position, p, position.rules.investor_points)
            if events is not None:
                data = {"player": p, "points": position.rules.investor_points, "cells": cell_names(placed[-1][1])}
                events.append(Event("investor", data={**data, "score": position.score[p]}))


def gold(position: MyCityPosition, events: list[Event] | None) -> None:
    """The first player(s) to cover both gold mines score at once (MYC-EVG-6)."""
    for p in range(position.num_players):
        gold = position.features[p].gold_cells
        if gold and not gold & ~position.occupied[p]:
            position.gold_claimed = True
            gain(position, p, position.rules.gold_points)
            if events is not None:
                data = {"player": p, "points": position.rules.gold_points, "cells": cell_names(gold)}
                data |= {"score": position.score[p], "capped": position.frozen[p], "cap": position.rules.cap}
                events.append(Event("gold", data=data))


def take(position: MyCityPosition, chance: Chance) -> int:
    return position.deck.pop(chance.below(len(position.deck)))


def draw(position: MyCityPosition, chance: Chance, events: list[Event] | None) -> None:
    if not position.deck:
        finish(position, events)
        return
    card = take(position, chance)
    position.revealed.append(card)
    if card == BLOCKADE:
        if events is not None:
            events.append(Event("reveal", data={"card": "blockade", "left": len(position.deck)}))
        if not position.deck:
            finish(position, events)
            return
        card = take(position, chance)
        position.revealed.append(card)
        position.blocked.append(card)
        if events is not None:
            events.append(Event("blocked", data={"card": card_name(card), "left": len(position.deck)}))
        if not position.deck:
            finish(position, events)
            return
        card = take(position, chance)
        position.revealed.append(card)
    position.card = card
    if events is not None:
        events.append(Event("reveal", data={"card": card_name(card), "left": len(position.deck)}))


def finish(position: MyCityPosition, events: list[Event] | None) -> None:
    position.over = True
    position.card = -1
    position.final = []
    for p in range(position.num_players):
        items = scoring.breakdown(
            position.rules, position.terrain, position.features[p], position.placed[p], position.occupied[p]
        )
        position.final.append(items)
        gain(position, p, sum(items.values()))
        if events is not None:
            events.append(Event("score", data={"player": p, "score": position.score[p], "items": dict(items)}))
    if position.rules.progress:
        for p, rank in enumerate(scoring.ranks(position)):
            if rank <= len(position.rules.progress):
                position.marks[p] += position.rules.progress[rank - 1]
                position.figures_revision += 1
