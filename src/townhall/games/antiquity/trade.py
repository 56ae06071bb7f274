"""Phase 2 trades between players, and phase 3: the order of play."""

from __future__ import annotations

from townhall.engine import Event
from townhall.games.antiquity import actions as A
from townhall.games.antiquity import supply
from townhall.games.antiquity.components import CART, EXPLORER, MARKET, MAX_ITEMS, MAX_OFFERS
from townhall.games.antiquity.data import GOODS
from townhall.games.antiquity.position import COUNTRY, AntiquityPosition


def set_order(position: AntiquityPosition) -> None:
    """Phase 3 (ANT-PH3-1): fewer workers on cart shops and explorer first; ties keep their order."""
    key = {p: pl.manned_count(CART) + pl.manned_count(EXPLORER) for p, pl in enumerate(position.players)}
    position.order = sorted(position.order, key=lambda p: key[p])
    position.phase = COUNTRY
    position.turn = 0


def offers(position: AntiquityPosition, p: int) -> list[int]:
    """ANT-PH2-13: trades in the open; one of the two players needs a working market."""
    pl = position.players[p]
    if position.offers[p] >= MAX_OFFERS:
        return []
    mine = pl.works(MARKET)
    held = any(pl.goods)  # a gift either way is a trade too (goods for a promise)
    return [
        A.TRADE_WITH + q
        for q in supply.alive_players(position)
        if q != p and (mine or position.players[q].works(MARKET)) and (held or any(position.players[q].goods))
    ]


def legal_trade(position: AntiquityPosition, p: int) -> list[int]:
    if not position.offer:
        return [A.DONE, *offers(position, p)]
    offerer, partner, proposed = position.offer
    if proposed:
        return [A.ACCEPT, A.DECLINE]
    out = [A.WITHDRAW]
    if sum(position.give) + sum(position.ask) < MAX_ITEMS:
        mine, theirs = position.players[offerer].goods, position.players[partner].goods
        out.extend(A.GIVE + g for g in range(10) if mine[g] > position.give[g])
        out.extend(A.ASK + g for g in range(10) if theirs[g] > position.ask[g])
    if any(position.give) or any(position.ask):
        out.append(A.PROPOSE)
    return out


def bundle(goods: list[int]) -> str:
    return ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n) or "nothing"


def goods_of(goods: list[int]) -> dict[str, int]:
    """Goods counts by name (the goods of an offer in an event)."""
    return {GOODS[g]: n for g, n in enumerate(goods) if n}


def apply_trade(position: AntiquityPosition, p: int, action: int, events: list[Event] | None) -> None:
    """An offer is built step by step, then proposed; nothing moves until the partner accepts."""
    kind, values = A.SPACE.decode(action)
    if kind == "done":
        position.turn += 1
    elif kind == "trade":
        position.offers[p] += 1
        position.offer = [p, values[0], 0]
        position.give = [0] * 10
        position.ask = [0] * 10
    elif kind == "give":
        position.give[values[0]] += 1
    elif kind == "ask":
        position.ask[values[0]] += 1
    elif kind == "withdraw":
        position.offer = []
    elif kind == "propose":
        position.offer[2] = 1
        if events is not None:
            data = {"player": p, "partner": position.offer[1], "give": goods_of(position.give)}
            events.append(Event("offer", data={**data, "ask": goods_of(position.ask)}))
    else:
        offerer, partner, _ = position.offer
        position.offer = []
        if kind == "accept":
            for g in range(10):
                moved = position.give[g] - position.ask[g]
                position.players[offerer].goods[g] -= moved
                position.players[partner].goods[g] += moved
            position.players[offerer].figure_changes += 1
            position.players[partner].figure_changes += 1
        if events is not None:
            data = {"player": partner, "offerer": offerer, "answer": kind, "give": goods_of(position.give)}
            events.append(Event("trade", data={**data, "ask": goods_of(position.ask)}))
        position.give = [0] * 10
        position.ask = [0] * 10
