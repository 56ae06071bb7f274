"""Phases 5-10, the beginner variant, errors, reproducibility and secrecy."""

from __future__ import annotations

import json
import random

import pytest

from tests.games.antiquity.helpers import (
    act,
    add,
    build,
    flat,
    give,
    goods,
    hexname,
    house,
    hx,
    new,
    phase,
    start_centre,
    texts,
    touch,
)
from townhall.engine import Chance, IllegalAction
from townhall.games.antiquity import GAME, countryside, flow, upkeep, victory, zones
from townhall.games.antiquity.data import GOOD_INDEX
from townhall.games.antiquity.player import BARBARA, CHRISTOPHER, GEORGE, MARIA, NICHOLAS
from townhall.games.antiquity.position import EXPLORE, FAMINE, HARVEST, OVER, PLAN, POLLUTE, STORE
from townhall.games.antiquity.state import AntiquityState


def farm(s: AntiquityState, p: int, site: int, good: str = "grain") -> None:
    """A farm of player p on `site` with its worker (built as phase 4 does)."""
    countryside.new_producer(s, p, 1, (site,), GOOD_INDEX[good], Chance(0))
    s.players[p].country_buildings += 1


def test_store_ant_ph5_1() -> None:
    """ANT-PH5-1: goods beyond the working storage squares are discarded (the player chooses);
    St. Christopher stores any number in the cathedral."""
    s = flat(2)
    give(s, 0, wood=5, stone=3)
    add(s, 0, "storage", (0, 1, 7, 8, 14, 15), manned=True)
    phase(s, STORE)
    flow.advance(s, Chance(0), None)
    assert s.to_move() == (0,) and texts(s, 0) == ["wood", "stone"]
    act(s, 0, "stone")
    act(s, 0, "stone")
    assert goods(s, 0) == {"wood": 5, "stone": 1} and s.phase != STORE
    # capacity 2, 8 goods: the player picks the 2 to keep
    s = flat(2)
    give(s, 0, wood=5, stone=3)
    add(s, 0, "storage", (0, 1), manned=True)
    phase(s, STORE)
    flow.advance(s, Chance(0), None)
    assert texts(s, 0) == ["keep wood", "keep stone"]
    act(s, 0, "keep stone")
    act(s, 0, "keep wood")
    assert goods(s, 0) == {"wood": 1, "stone": 1}
    s = flat(2)
    give(s, 0, wood=5, stone=3)
    s.players[0].saint = CHRISTOPHER
    phase(s, STORE)
    flow.advance(s, Chance(0), None)
    assert goods(s, 0) == {"wood": 5, "stone": 3}


def harvest(s: AntiquityState) -> list[int]:
    """Run phase 6 alone; owners pick the first offered good. Returns how many picks were asked."""
    s.snapshots = [None] * s.num_players
    s.phase = HARVEST
    s.harvest = [0, 0, 0]
    touch(s)
    asked = []
    if upkeep.harvest_run(s, None):
        while s.phase == HARVEST:
            options = upkeep.harvest_options(s)
            asked.append(len(options))
            upkeep.harvest_take(s, options[0], None)
            upkeep.harvest_run(s, None)
    return asked


def test_harvest_site_last_ant_ph6_1() -> None:
    """ANT-PH6-1: one good a round from around the producer (the owner picks which), the site's good
    last; then the worker returns and a fisherman goes back to the supply."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    site = hx(s, c, 3, 0)
    farm(s, 0, site)
    pl = s.players[0]
    pl.goods = [0] * 10
    assert pl.country_buildings == 1
    # through the rules: phase 5 ends, phase 6 asks player 1 which of the 6 goods around
    phase(s, STORE)
    s.turn = 2
    flow.advance(s, Chance(0), None)
    assert s.phase == HARVEST and s.to_move() == (0,)
    around = sorted(s.board.topo.neighbours[site])
    assert texts(s, 0) == [hexname(s, h) for h in around]
    act(s, 0, hexname(s, around[3]))
    assert pl.goods[0] == 1 and s.hex_goods[around[3]] == -1 and s.hex_goods[site] == 0 and s.phase != HARVEST
    assert [harvest(s) for _ in range(5)] == [[5], [4], [3], [2], []]  # the last one around: no choice
    assert pl.goods[0] == 6 and s.hex_goods[site] == 0 and pl.country_buildings == 1
    harvest(s)
    assert pl.goods[0] == 7 and s.hex_goods[site] == -1 and s.hex_occupant[site] == -1 and pl.country_buildings == 0
    assert s.producers == [None] and s.polluted[site]
    # a fisherman with 2 goods
    s.producers.append((3, 0, 3, (site, hx(s, c, 3, -1)), (hx(s, c, 4, -1), hx(s, c, 4, 0))))
    s.fishermen, pl.country_buildings = 1, 1
    assert harvest(s) == [2]
    harvest(s)
    assert s.fishermen == 0 and pl.country_buildings == 0 and pl.goods[3] == 2


def test_forced_labour_ant_ph6_2() -> None:
    """ANT-PH6-2: forced labour takes 3 a round and discards the first: 7 goods give 2, 2, 0."""
    s = flat(2, "P")
    site = hx(s, start_centre(s, 0), 3, 0)
    farm(s, 0, site)
    pl = s.players[0]
    pl.goods = [0] * 10
    add(s, 0, "forced_labour", (3, 10, 11, 12, 13, 20), manned=True)
    assert harvest(s) == [6, 5, 4]
    assert pl.goods[0] == 2
    assert harvest(s) == [3, 2]
    assert pl.goods[0] == 4 and s.producers[0] is not None
    harvest(s)  # one left: discarded, the farm is done
    assert pl.goods[0] == 4 and s.producers[0] is None and pl.country_buildings == 0


def test_george_fish_ant_ph6_3() -> None:
    """ANT-PH6-3: St. George (and St. Maria) gets a fish for every cathedral built this round."""
    s = flat(3)
    s.players[0].saint = GEORGE
    s.players[1].saint = MARIA
    s.players[2].saint = NICHOLAS
    s.cathedrals_built = 2
    harvest(s)
    assert [pl.goods[3] for pl in s.players] == [2, 2, 0]


def test_exploration_ant_ph7_1() -> None:
    """ANT-PH7-1: a working explorer turns one token in the zone; food raises famine, wine does not."""
    s = flat(2)
    c = start_centre(s, 0)
    a, b, out = hx(s, c, 2, 0), hx(s, c, 0, 2), hx(s, c, 0, 6)
    for h in (a, b, out):
        s.token[h] = True
    s.token_pool = [0] * 10
    s.token_pool[GOOD_INDEX["wine"]] = 1
    s.token_pool[GOOD_INDEX["sheep"]] = 2
    add(s, 0, "explorer", (0, 1, 2), manned=True)
    phase(s, EXPLORE)
    assert set(texts(s, 0)) == {hexname(s, a), hexname(s, b), "done"}  # the token outside the zone is not offered
    famine = s.famine

    class Pick(Chance):
        def below(self, n: int) -> int:
            return 0  # the first kind in the pool: sheep

    act(s, 0, hexname(s, a), Pick())
    assert goods(s, 0)["sheep"] == 1 and s.famine == famine + 1 and not s.token[a]
    assert s.revealed[GOOD_INDEX["sheep"]] == 1 and s.token_pool[GOOD_INDEX["sheep"]] == 1


def test_famine_graves_count_ant_ph8_1() -> None:
    """ANT-PH8-1: graves = famine level − food held − 3 for a granary − fountains (food not spent)."""
    s = flat(2)
    s.famine = 7
    give(s, 0, grain=1, fish=1, wine=4)
    assert upkeep.famine_graves(s, 0) == 5
    add(s, 0, "granary", (1, 7, 8, 9))
    assert upkeep.famine_graves(s, 0) == 2
    add(s, 0, "fountain", (20,))
    assert upkeep.famine_graves(s, 0) == 1
    phase(s, FAMINE)
    upkeep.start_famine(s)
    assert s.graves_due == [1, 7]
    assert goods(s, 0) == {"grain": 1, "fish": 1, "wine": 4}


def test_grave_placement_ant_ph8_2() -> None:
    """ANT-PH8-2: graves on empty squares first, then on building squares (never houses); a graved
    building stops and its worker leaves."""
    s = flat(2)
    pl = s.players[0]
    bid = add(s, 0, "market", (0, 1, 7, 8), manned=True)
    add(s, 0, "house", (2,))
    pl.houses |= 1
    for i in range(49):
        if pl.grid[0][i] < 0 and i != 48:
            pl.graves[0][i] = True
    phase(s, FAMINE)
    s.graves_due[0] = 2
    assert texts(s, 0) == ["c1 g7"]
    act(s, 0, "c1 g7")
    assert texts(s, 0) == ["c1 a1", "c1 a2", "c1 b1", "c1 b2"]
    act(s, 0, "c1 b2")
    assert not pl.manned[bid] and pl.graved(bid) and pl.idle() == pl.workers


def test_full_of_graves_loses_ant_ph8_3() -> None:
    """ANT-PH8-3: a player whose maps cannot take a grave is out; the last one standing wins."""
    s = flat(2)
    pl = s.players[1]
    pl.graves[0] = [True] * 49
    phase(s, FAMINE, p=1)
    s.graves_due[1] = 1
    flow.advance(s, Chance(0), None)
    assert not pl.alive and pl.out_round == 1 and s.phase == OVER
    assert s.winners == [0] and s.ranks() == [1, 2] and s.scores() == [100.0, -100.0]


def test_famine_rises_ant_ph8_4() -> None:
    """ANT-PH8-4: after all players took their graves the famine level rises by 1."""
    s = flat(2)
    s.famine = 2
    give(s, 0, grain=5)
    give(s, 1, grain=5)
    phase(s, EXPLORE)
    s.turn = 2
    flow.advance(s, Chance(0), None)
    assert s.famine == 3 and s.phase == POLLUTE


def test_pollution_ant_ph9_1() -> None:
    """ANT-PH9-1: 3 pollution per city on clean, free hexes of the own zone (water only with a
    harbor), in play order."""
    s = flat(2)
    c = start_centre(s, 0)
    s.polluted[hx(s, c, 3, 0)] = True
    s.terrain[hx(s, c, 0, 3)] = "W"
    from tests.games.antiquity.helpers import rebuild

    rebuild(s)
    upkeep.start_pollution(s)
    phase(s, POLLUTE)
    assert s.pollution_due == [3, 3]
    assert len(s.legal_actions(0)) == 37 - 7 - 2
    target = hx(s, c, -2, 0)
    act(s, 0, hexname(s, target))
    assert s.polluted[target] and s.pollution_due[0] == 2 and len(s.legal_actions(0)) == 27


def test_dump_protects_zone_ant_ph9_2() -> None:
    """ANT-PH9-2: a working dump cuts pollution by 4 and keeps others' pollution out of its zone."""
    s = flat(2)
    c = start_centre(s, 0)
    inn = hx(s, c, 3, 0)
    s.players[1].inns.append(inn)
    s.hex_occupant[inn] = 5
    add(s, 1, "dump", tuple(range(9)), manned=True)
    assert upkeep.pollution_amount(s, 1) == 0
    phase(s, POLLUTE)
    s.pollution_due[0] = 3
    legal = {s.action_to_json(a)["hex"] for a in s.legal_actions(0)}
    assert legal == {h for h in zones.zone(s, 0) if zones.is_clean(s, h)} - set(zones.zone(s, 1))
    assert len(legal) == 37 - 7 - 1 - 7  # zone − city − the inn − 7 free hexes of the inn's zone


def test_unplaceable_pollution_graves_ant_ph9_3() -> None:
    """ANT-PH9-3: pollution with no room becomes one grave each."""
    s = flat(2)
    for h in zones.zone(s, 0):
        s.polluted[h] = True
    phase(s, POLLUTE)
    s.pollution_due[0] = 3
    flow.advance(s, Chance(0), None)
    assert s.pollution_due[0] == 0 and s.graves_due[0] == 3 and len(texts(s, 0)) == 49


def test_victory_conditions_ant_ph10_1() -> None:
    """ANT-PH10-1: only a player with a saint wins; each saint's condition; St. Maria any two."""
    s = flat(2)
    pl = s.players[0]
    pl.houses = (1 << 20) - 1
    assert victory.victory_conditions(s, 0) == [True, False, False, False] and not victory.meets_victory(s, 0)
    pl.saint = NICHOLAS
    assert victory.meets_victory(s, 0)
    pl.saint = MARIA
    assert not victory.meets_victory(s, 0)
    give(s, 0, grain=3, sheep=3, olives=3, fish=3, gold=3, wine=3, pearls=3, dye=3)
    assert victory.victory_conditions(s, 0) == [True, False, True, False] and victory.meets_victory(s, 0)
    pl.saint = CHRISTOPHER
    assert victory.meets_victory(s, 0)
    pl.goods[7] = 2
    assert not victory.meets_victory(s, 0)
    # Barbara: every building of the set plus a cart shop, fountain, storage and house
    pl.saint = BARBARA
    names = ["market", "explorer", "harbor", "university", "biology", "alchemy", "theology", "philosophy",
             "brewery", "hospital", "forced_labour", "stables", "cathedral", "dump", "granary",
             "cart_shop", "fountain", "storage"]  # fmt: skip
    for k, name in enumerate(names):
        add(s, 0, name, (k,))
    assert not victory.meets_victory(s, 0)  # no house on the map yet
    add(s, 0, "house", (30,))
    pl.graves[0][0] = True  # graves do not matter
    assert victory.meets_victory(s, 0)
    # George: player 1's whole zone (but its city and inn hexes) inside player 1's... own cover
    s = flat(2)
    c1 = start_centre(s, 1)
    for h in range(len(s.terrain)):
        q = (s.board.topo.coords[h], s.board.topo.coords[c1])
        d = (abs(q[0][0] - q[1][0]) + abs(q[0][1] - q[1][1]) + abs(sum(q[0]) - sum(q[1]))) // 2
        if d == 2:
            s.players[0].inns.append(h)
            s.hex_occupant[h] = 4
    s.players[0].saint = GEORGE
    assert victory.victory_conditions(s, 0)[3] and victory.meets_victory(s, 0)
    assert not victory.victory_conditions(s, 1)[3]


def test_several_winners_tie_break_ant_ph10_2() -> None:
    """ANT-PH10-2: several winners: most unpolluted hexes in the own zone; equal: shared."""
    s = flat(3)
    for p in (0, 1):
        s.players[p].saint = NICHOLAS
        s.players[p].houses = (1 << 20) - 1
    s.polluted[hx(s, start_centre(s, 1), 2, 0)] = True
    flow.end_round(s, None)
    assert s.phase == OVER and s.winners == [0] and s.qualified == [0, 1] and s.ranks() == [1, 2, 3]
    s = flat(3)
    for p in (0, 1):
        s.players[p].saint = NICHOLAS
        s.players[p].houses = (1 << 20) - 1
    flow.end_round(s, None)
    assert s.winners == [0, 1] and s.ranks() == [1, 1, 3]


def test_beginner_skips_famine_and_pollution_ant_var_1() -> None:
    """ANT-VAR-1: the beginner variant skips phases 8 and 9."""
    s = flat(2, beginner=True)
    s.famine = 4
    phase(s, EXPLORE)
    s.turn = 2
    flow.advance(s, Chance(0), None)
    assert s.phase == PLAN and s.round == 2 and s.famine == 4
    assert all(pl.grave_count() == 0 for pl in s.players)
    assert GAME.variants() == [{"beginner": True}]


def test_illegal_actions_rejected_ant_io_1() -> None:
    """ANT-IO-1: an illegal action raises IllegalAction naming the clause; the state is unchanged."""
    s = flat(2)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        s.apply(0, s.action_from_json({"kind": "build", "choice": 12}), Chance(0))  # a cathedral without stone
    assert error.value.clause == "ANT-PH2-5" and "build cathedral" in error.value.message
    give(s, 0, wood=2)
    build(s, 0, "market", "c1 a1")
    with pytest.raises(IllegalAction) as error:
        act_id = s.action_from_json({"kind": "build", "choice": 0})
        s.apply(0, act_id, Chance(0))
    assert error.value.clause == "ANT-PH2-4"  # one market only
    with pytest.raises(IllegalAction) as error:
        s.apply(0, s.action_from_json({"kind": "man", "city": 0, "x": 0, "y": 0}), Chance(0))
    assert error.value.clause == "ANT-PH2-2"  # no worker yet
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        s.apply(0, -5, Chance(0))
    s2 = new(2)
    with pytest.raises(IllegalAction) as error:
        s2.apply(s2.order[0], s2.legal_actions(s2.order[-1])[0], Chance(0))
    assert error.value.clause == "ANT-IO-1"
    assert json.dumps(s.to_json(), sort_keys=True) == before


def _random_game(seed: int) -> list[str]:
    chance, rng = Chance(seed), random.Random(seed)
    s = GAME.start(3, {"max_rounds": 4}, chance)
    out = []
    while s.to_move():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.randrange(len(legal))], chance)
        out.append(json.dumps(s.to_json(), sort_keys=True))
    return out


def test_same_seed_same_game_ant_io_2() -> None:
    """ANT-IO-2: the same seed and actions reproduce the game exactly."""
    assert _random_game(21) == _random_game(21)
    assert _random_game(21) != _random_game(22)


def test_tokens_and_plans_hidden_ant_io_3() -> None:
    """ANT-IO-3: token identities and others' uncommitted plans stay hidden; determinize redraws them."""
    s = flat(2)
    give(s, 0, wood=2)
    build(s, 0, "market", "c1 a1")
    seen = s.observation(1)
    assert "pool" not in seen and seen["players"][0]["buildings"] == []
    d = s.determinize(1, random.Random(3))
    assert d.observation(1) == seen and d.players[0].buildings == [] and d.to_move() == (0, 1)
    assert sum(d.token_pool) == sum(s.token_pool)


def test_every_action_has_a_stable_json_form() -> None:
    """ANT-IO-2: every action id survives its JSON form (records replay by JSON)."""
    s = new(4)
    for action in range(s.num_distinct_actions()):
        data = json.loads(json.dumps(s.action_to_json(action)))
        assert s.action_from_json(data) == action


def test_render_shows_map_and_cities() -> None:
    """The text view: hex rows with row,col coordinates, each city map with c1 a1 squares."""
    s = flat(2)
    give(s, 0, wood=1)
    build(s, 0, "market", "c1 a1")
    text = GAME.render(s, 0)
    assert "city c1 at hex" in text and "Mk" in text and "1+" in text
    hidden = GAME.render(s, 1)
    assert "Mk" not in hidden  # player 2 does not see player 1's uncommitted plan


def test_nicholas_wins_through_a_round_ant_ph10_1() -> None:
    """ANT-PH10-1: a St. Nicholas player building the 20th house wins at the end of the round."""
    s = flat(2, beginner=True)
    pl = s.players[0]
    pl.saint = NICHOLAS
    pl.houses = (1 << 19) - 1  # houses 1-19 built
    s.snapshots[0] = pl.clone()
    give(s, 0, grain=1, sheep=1, olives=1, gold=1, wine=1, pearls=1)
    house(s, 0, 20, "c1 a1")
    assert goods(s, 0) == {} and pl.workers == 20
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.phase == OVER and s.winners == [0] and s.round == 1
    assert s.ranks() == [1, 2] and s.scores() == [100.0, 0.0] and s.is_terminal()


def test_round_limit_ends_without_winner() -> None:
    """The round limit (option max_rounds) ends the game: nobody wins; ranks by workers."""
    s = GAME.start(2, {"beginner": True, "max_rounds": 1}, Chance(2))
    assert isinstance(s, AntiquityState)
    for p in (s.order[-1], s.order[0]):
        act(s, p, texts(s, p)[0])
    first = s.order[0]
    house(s, first, 1, "c1 a1")
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.phase == OVER and s.winners == [] and s.round == 1
    assert s.ranks()[first] == 1 and s.ranks()[1 - first] == 2
    assert GAME.max_decisions(2, GAME.meta.resolve({"max_rounds": 1})) >= 2


def test_evaluate_prefers_workers_and_fears_graves() -> None:
    """The greedy heuristic: a house (worker) is worth more than nothing, graves cost, a winner tops."""
    s = flat(2)
    base = GAME.evaluate(s, 0)
    assert base == 0.0  # a symmetric start
    house(s, 0, 1, "c1 a1")
    better = GAME.evaluate(s, 0)
    assert better > base and GAME.evaluate(s, 1) < 0
    s.players[0].graves[0][5] = True
    assert GAME.evaluate(s, 0) < better
    s.winners = [0]
    assert GAME.evaluate(s, 0) > 900
