"""Paying a price step by step: exact goods at once, then food and luxury goods one at a time."""

from __future__ import annotations

from townhall.games.antiquity.data import FOOD, LUX, Cost

# A payment in progress: (food left, food different, lux left, lux different, used food, used lux)
Need = tuple[int, bool, int, bool, tuple[int, ...], tuple[int, ...]]


def can_pay(goods: list[int], cost: Cost, philosophy: bool) -> bool:
    """ANT-PH2-5 / ANT-PH2-10: enough goods, with different kinds where D applies (not with philosophy)."""
    return can_pay_price(goods, price_of(cost), philosophy)


# A Cost as a plain tuple (the compiled build reads it without attribute lookups):
# exact goods, food, food different, lux, lux different
Price = tuple[tuple[tuple[int, int], ...], int, bool, int, bool]


def price_of(cost: Cost) -> Price:
    return (cost.exact, cost.food, cost.food_different, cost.lux, cost.lux_different)


def can_pay_price(goods: list[int], price: Price, philosophy: bool) -> bool:
    """can_pay for a Price."""
    exact, food, food_different, lux, lux_different = price
    for g, n in exact:
        if goods[g] < n:
            return False
    return _enough(goods, FOOD, food, food_different and not philosophy, ()) and _enough(
        goods, LUX, lux, lux_different and not philosophy, ()
    )


def _enough(goods: list[int], kinds: tuple[int, ...], count: int, different: bool, used: tuple[int, ...]) -> bool:
    if count <= 0:
        return True
    if different:
        return sum(1 for g in kinds if goods[g] > 0 and g not in used) >= count
    return sum(goods[g] for g in kinds) >= count


def start(goods: list[int], cost: Cost, philosophy: bool) -> Need:
    """Take the exact goods now and return what is left to choose."""
    for g, n in cost.exact:
        goods[g] -= n
    return (cost.food, cost.food_different and not philosophy, cost.lux, cost.lux_different and not philosophy, (), ())


def options(goods: list[int], need: Need) -> list[int]:
    """Goods that may be paid next so that the rest stays payable."""
    food, food_d, lux, lux_d, used_f, used_l = need
    if food > 0:
        kinds, count, different, used = FOOD, food, food_d, used_f
    elif lux > 0:
        kinds, count, different, used = LUX, lux, lux_d, used_l
    else:
        return []
    out = []
    for g in kinds:
        if goods[g] <= 0 or (different and g in used):
            continue
        goods[g] -= 1
        ok = _enough(goods, kinds, count - 1, different, (*used, g))
        goods[g] += 1
        if ok:
            out.append(g)
    return out


def forced(goods: list[int], need: Need) -> list[int] | None:
    """The goods the rest of the payment must take when there is no choice left (else None)."""
    food, food_d, lux, lux_d, used_f, used_l = need
    out: list[int] = []
    for kinds, count, different, used in ((FOOD, food, food_d, used_f), (LUX, lux, lux_d, used_l)):
        if count <= 0:
            continue
        if different:
            have = [g for g in kinds if goods[g] > 0 and g not in used]
            if len(have) != count:
                return None
            out.extend(have)
        else:
            have = [g for g in kinds if goods[g] > 0]
            if len(have) == 1:
                out.extend([have[0]] * count)
            elif sum(goods[g] for g in have) == count:
                for g in have:
                    out.extend([g] * goods[g])
            else:
                return None
    return out


def pay(goods: list[int], need: Need, g: int) -> Need:
    food, food_d, lux, lux_d, used_f, used_l = need
    goods[g] -= 1
    if food > 0:
        return (food - 1, food_d, lux, lux_d, (*used_f, g), used_l)
    return (food, food_d, lux - 1, lux_d, used_f, (*used_l, g))


def complete(need: Need) -> bool:
    return need[0] <= 0 and need[2] <= 0
