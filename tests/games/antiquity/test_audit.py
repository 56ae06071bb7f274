"""Independent rules audit: scenario tests for rules the first tests missed or misread.

Each test names its clause; the seed (../shared/seeds/antiquity.zh-Hans.txt) is quoted where it
settles a question.
"""

from __future__ import annotations

import json

import pytest

from tests.games.antiquity.helpers import (
    act,
    add,
    build,
    dist,
    flat,
    give,
    goods,
    hexname,
    hx,
    new,
    phase,
    rebuild,
    start_centre,
    texts,
    to_country,
    touch,
)
from tests.golden.playthrough import GOLDEN_DIR
from townhall.engine import Chance
from townhall.engine.errors import RecordError
from townhall.engine.protocol import data_version_of
from townhall.engine.records import MatchRecord, replay
from townhall.games.antiquity import GAME, countryside, flow, upkeep, victory, zones
from townhall.games.antiquity.data import DATA_DIR
from townhall.games.antiquity.game import RULES_VERSION
from townhall.games.antiquity.player import GEORGE, MARIA, NICHOLAS
from townhall.games.antiquity.position import EXPLORE, FAMINE, HARVEST, POLLUTE, TRADE
from townhall.games.antiquity.state import AntiquityState
from townhall.games.antiquity.views import prompt, render_map


def workers(s: AntiquityState, p: int, count: int) -> None:
    s.players[p].houses = (1 << count) - 1
    touch(s)


# ---------------------------------------------------------------- phase 4


def test_alchemy_cleans_only_around_a_hex_of_the_zone_ant_ph4_12() -> None:
    """ANT-PH4-12 (issue 16). Seed: 「控制区域指玩家在乡下版图执行各种行动的区域」 — cleaning a patch is
    a countryside action, so its centre (a polluted hex) must lie in the player's zone of control;
    its six neighbours are cleaned wherever they are. A polluted hex outside the zone is not offered."""
    s = flat(2, "P")
    near = hx(s, start_centre(s, 0), 3, 0)
    far = hx(s, start_centre(s, 1), 3, 0)  # beside the other player's city: outside player 1's zone
    zone = zones.zone(s, 0)
    assert near in zone and far not in zone
    s.polluted[near] = s.polluted[far] = True
    outside = [n for n in s.board.topo.neighbours[near] if n not in zone]
    assert outside  # the patch reaches beyond the zone
    for n in outside:
        s.polluted[n] = True
    add(s, 0, "alchemy", (0, 1, 7, 8, 9, 14, 15, 16), manned=True)
    to_country(s, 0, carts=0)
    workers(s, 0, 1)
    assert texts(s, 0) == ["alchemy", "done"]
    act(s, 0, "alchemy")
    offered = texts(s, 0)
    assert hexname(s, near) in offered and hexname(s, far) not in offered
    assert offered == [hexname(s, near)]
    act(s, 0, hexname(s, near))
    assert not any(s.polluted[n] for n in (near, *s.board.topo.neighbours[near]))  # neighbours outside too
    assert s.polluted[far]
    assert "alchemy" not in texts(s, 0)  # once a round


def test_alchemy_not_offered_with_pollution_only_outside_the_zone_ant_ph4_12() -> None:
    s = flat(2, "P")
    far = hx(s, start_centre(s, 1), 3, 0)
    assert far not in zones.zone(s, 0)
    s.polluted[far] = True
    add(s, 0, "alchemy", (0, 1, 7, 8, 9, 14, 15, 16), manned=True)
    to_country(s, 0, carts=0)
    workers(s, 0, 1)
    assert "alchemy" not in texts(s, 0)


def test_new_city_not_next_to_another_players_city_ant_ph4_9() -> None:
    """ANT-PH4-9: 「新城市不允许与原有城市相邻」 — any existing city, the other players' too."""
    s = flat(2, "P")
    c0, c1 = start_centre(s, 0), start_centre(s, 1)
    everywhere = frozenset(range(len(s.terrain)))
    topo = s.board.topo
    touching = [h for h in range(len(s.terrain)) if dist(s, h, c1) == 3 and len(topo.neighbours[h]) == 6]
    apart = [h for h in range(len(s.terrain)) if dist(s, h, c1) == 4 and len(topo.neighbours[h]) == 6]
    assert touching and apart
    # even inside the zone, a disc touching player 2's city hexes is refused; one hex further is fine
    assert not any(countryside.city_site_ok(s, h, everywhere) for h in touching)
    assert any(countryside.city_site_ok(s, h, everywhere) for h in apart if dist(s, h, c0) > 4)


def test_fishermen_limited_to_twelve_ant_ph4_7() -> None:
    """ANT-PH4-7: 「垂钓小屋的总数是有限的（12 个）」."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    s.terrain[hx(s, c, 3, 0)] = "W"
    rebuild(s)
    give(s, 0, wood=2)
    to_country(s, 0)
    assert "fisherman" in texts(s, 0)
    s.fishermen = 12
    touch(s)
    assert "fisherman" not in texts(s, 0)


# ---------------------------------------------------------------- phase 2 trades


def test_player_trade_may_be_a_gift_ant_ph2_13() -> None:
    """ANT-PH2-13: 「除了城市建筑，玩家之间可以交易任何东西，甚至是承诺」 — goods may be given for
    nothing (a promise is not modelled): a partner without goods may still receive a gift, and a
    player without goods may still ask."""
    s = flat(2)
    give(s, 0, wood=1, grain=2)
    workers(s, 0, 1)
    build(s, 0, "market", "c1 a1")
    act(s, 0, "man c1 a1")
    give(s, 1)
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.phase == TRADE and s.to_move() == (0,)
    assert "trade with player 2" in texts(s, 0)
    act(s, 0, "trade with player 2")
    act(s, 0, "give grain")
    act(s, 0, "propose")
    act(s, 1, "accept")
    assert goods(s, 0) == {"grain": 1} and goods(s, 1) == {"grain": 1}
    act(s, 0, "done")
    # player 2 holds one grain; player 1 holds one grain: player 2 may ask for player 1's goods
    give(s, 1)
    assert s.to_move() == (1,) and "trade with player 1" in texts(s, 1)


# ---------------------------------------------------------------- secrecy and rendering


def test_setup_prompt_names_the_first_city_ant_setup_4() -> None:
    """ANT-SETUP-4: the setup decision is the first city, not a grave."""
    s = new(2, seed=3)
    p = s.to_move()[0]
    assert "first city" in prompt(s, p)
    assert "grave" not in prompt(s, p)


def test_spectator_map_hides_planned_zone_ant_io_3() -> None:
    """ANT-IO-3: while plans are secret, the map drawn for anybody but the planner shows the zone of
    the start-of-phase city (a harbor manned in secret must not show its water)."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    water = hx(s, c, 2, 0)
    s.terrain[water] = "W"
    rebuild(s)
    flow.start_round(s)
    give(s, 0, wood=1)
    workers(s, 0, 1)
    s.snapshots[0] = s.players[0].clone()
    before_none = render_map(s, None)
    before_other = render_map(s, 1)
    build(s, 0, "harbor", "c1 a1")
    act(s, 0, "man c1 a1")
    assert water in zones.zone(s, 0)
    assert render_map(s, None) == before_none
    assert render_map(s, 1) == before_other
    assert render_map(s, 0) != before_none  # the planner sees their own plan


# ---------------------------------------------------------------- phases 6-10


def test_forced_labour_two_left_keeps_one_ant_ph6_2() -> None:
    """ANT-PH6-2: 「如果这个乡下建筑只剩两个货物，那么弃掉一个收获一个」; the producer is finished
    and its worker comes home."""
    s = flat(2, "F")
    c = start_centre(s, 0)
    site = hx(s, c, 3, 0)
    give(s, 0, wood=1)
    to_country(s, 0)
    act(s, 0, "woodcutter")
    act(s, 0, hexname(s, site))
    pid = len(s.producers) - 1
    k, owner, g, sites, around = s.producers[pid]  # type: ignore[misc]
    for h in around[1:]:
        s.hex_goods[h] = -1
        s.hex_producer[h] = -1
    s.producers[pid] = (k, owner, g, sites, around[:1])
    add(s, 0, "forced_labour", (20, 21, 22, 23, 27, 28), manned=True)
    give(s, 0)
    country = s.players[0].country_buildings
    s.phase = HARVEST
    s.harvest = [0, 0, 0]
    upkeep.harvest_run(s, None)
    assert goods(s, 0) == {"wood": 1}
    assert s.producers[pid] is None and s.players[0].country_buildings == country - 1


def test_george_counts_own_cathedral_ant_ph6_3() -> None:
    """ANT-PH6-3: 「每个新建的教堂（包括玩家自己的）」: building one's own St. George cathedral gives
    a fish in the harvest of that round."""
    s = flat(2)
    give(s, 0, stone=1)
    build(s, 0, "cathedral", "c1 c1")
    act(s, 0, "saint george")
    act(s, 0, "done")
    act(s, 1, "done")
    assert s.cathedrals_built == 1
    while s.phase != EXPLORE and s.phase < EXPLORE:
        p = s.to_move()[0]
        act(s, p, "done")
    assert s.players[0].goods[3] == 1 and s.players[0].saint == GEORGE


def test_explored_wine_does_not_raise_famine_ant_ph7_1() -> None:
    """ANT-PH7-1: 「如果翻开的指示物为食物，那么将饥荒等级上移一格；如果是葡萄酒则不影响」."""
    s = flat(2)
    c = start_centre(s, 0)
    a = hx(s, c, 2, 0)
    s.token[a] = True
    s.token_pool = [0] * 10
    s.token_pool[5] = 1  # wine
    add(s, 0, "explorer", (0, 1, 2), manned=True)
    phase(s, EXPLORE)
    famine = s.famine
    assert hexname(s, a) in texts(s, 0)
    upkeep.explore(s, 0, a, Chance(0), None)
    assert goods(s, 0)["wine"] == 1 and s.famine == famine and not s.token[a]


def test_pollution_example_three_cities_ant_ph9_1() -> None:
    """ANT-PH9-1: the seed's example: 3 cities, a fountain and a working dump: 9 − 1 − 4 = 4; with
    the dump idle 8."""
    s = flat(2, "P")
    pl = s.players[0]
    pl.cities += [hx(s, start_centre(s, 0), 0, 4), hx(s, start_centre(s, 0), 4, 0)]
    pl.add_city_map()
    pl.add_city_map()
    add(s, 0, "fountain", (0,))
    dump = add(s, 0, "dump", (10, 11, 12, 17, 18, 19, 24, 25, 26), manned=True)
    assert upkeep.pollution_amount(s, 0) == 4
    pl.manned[dump] = False
    assert upkeep.pollution_amount(s, 0) == 8


def test_pollution_never_on_water_without_harbor_ant_ph9_1() -> None:
    """ANT-PH9-1: 「水域仅在玩家城市内有激活的港口才可被污染」, and only clean unoccupied hexes."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    w = hx(s, c, 2, 0)
    s.terrain[w] = "W"
    rebuild(s)
    s.polluted[hx(s, c, 0, 2)] = True
    phase(s, POLLUTE)
    sites = upkeep.pollution_sites(s, 0)
    assert w not in sites and hx(s, c, 0, 2) not in sites and c not in sites
    harbor = add(s, 0, "harbor", (0, 3, 7, 8, 9, 10), manned=True)
    assert w in upkeep.pollution_sites(s, 0)
    s.players[0].manned[harbor] = False
    assert w not in upkeep.pollution_sites(s, 0)


def test_famine_graves_with_fountain_granary_and_food_ant_ph8_1() -> None:
    """ANT-PH8-1: famine 7, one fountain, a granary, two food: 7 − 1 − 3 − 2 = 1 grave."""
    s = flat(2)
    s.famine = 7
    add(s, 0, "fountain", (0,))
    add(s, 0, "granary", (9, 15, 16, 17))
    give(s, 0, grain=1, fish=1, gold=5)
    assert upkeep.famine_graves(s, 0) == 1
    phase(s, FAMINE)
    upkeep.start_famine(s)
    assert s.graves_due[0] == 1 and goods(s, 0) == {"grain": 1, "fish": 1, "gold": 5}


def test_graves_never_on_houses_then_out_ant_ph8_2_ant_ph8_3() -> None:
    """ANT-PH8-2 / ANT-PH8-3: 「坟墓不能建造再房屋上」; when only houses are left, a grave that cannot
    be placed puts the player out."""
    s = flat(3)
    pl = s.players[0]
    for i in range(49):
        add(s, 0, "house", (i,))
    pl.houses = (1 << 20) - 1
    phase(s, FAMINE)
    s.graves_due[0] = 1
    s.turn = 0
    flow.advance(s, Chance(0), None)
    assert not pl.alive and pl.out_round == s.round and s.players[1].alive and s.players[2].alive


def test_theology_refused_for_graved_or_maria_cathedral_ant_ph2_11() -> None:
    """ANT-PH2-11: 「圣母玛利亚的教堂不可以被拆除；被坟墓压住的教堂不可以被拆除」."""
    s = flat(2)
    workers(s, 0, 2)
    cath = add(s, 0, "cathedral", (1, 7, 8, 9, 15, 22))
    add(s, 0, "theology", (28, 29, 30, 35, 36, 37, 42, 43), manned=True)
    s.players[0].saint = NICHOLAS
    assert "demolish" in texts(s, 0)
    s.players[0].saint = MARIA
    assert "demolish" not in texts(s, 0)
    s.players[0].saint = NICHOLAS
    s.players[0].graves[0][1] = True
    assert s.players[0].graved(cath)
    assert "demolish" not in texts(s, 0)


def test_george_ignores_city_and_inn_hexes_ant_ph10_1() -> None:
    """ANT-PH10-1: 「城市与旅馆所占的单元格不影响宣告胜利」: the other player's city hexes need not be
    in the St. George zone, every other hex of their zone must."""
    s = flat(2, "P")
    c1 = start_centre(s, 1)
    pl = s.players[0]
    pl.saint = GEORGE
    # player 1's inns on every hex 4 steps from player 2's city centre: their zones reach the
    # hexes 2 and 3 steps away, but not player 2's city hexes themselves
    for h in range(len(s.terrain)):
        if dist(s, h, c1) == 4 and s.hex_occupant[h] < 0:
            pl.inns.append(h)
            s.hex_occupant[h] = 4
    s.zone_cache = {}
    assert c1 not in zones.zone(s, 0) and victory.victory_conditions(s, 0)[3] and victory.meets_victory(s, 0)
    # one hex of player 2's zone left uncovered: no victory
    far = next(h for h in zones.zone(s, 1) if dist(s, h, c1) == 3)
    for inn in [i for i in pl.inns if dist(s, i, far) <= 3]:
        pl.inns.remove(inn)
        s.hex_occupant[inn] = -1
    s.zone_cache = {}
    if far not in zones.zone(s, 0):
        assert not victory.victory_conditions(s, 0)[3]


def test_render_texts_make_sense() -> None:
    """The rendering names the phase and the decision; an observation hides the token goods."""
    s = new(2, seed=3)
    text = GAME.render(s, s.to_move()[0])
    assert "setup" in text and "first city" in text
    obs = s.observation(0)
    assert "pool" not in obs and "exploration_tokens_left" in obs


def test_harbor_water_touching_an_inn_ant_zoc_2() -> None:
    """ANT-ZOC-2: 「与该玩家城市或旅馆直接相连的水域及其水滨」: a lake touching an inn joins the zone
    with a working harbor; a lake touching neither the cities nor the inns does not."""
    s = flat(2, "P")
    c = start_centre(s, 0)
    inn = hx(s, c, 0, 4)
    lake = hx(s, inn, 1, 0)  # next to the inn, 5 steps from the city centre
    far_lake = hx(s, c, -4, 0)  # 4 steps from the centre: touches neither city nor inn
    for h in (lake, far_lake):
        s.terrain[h] = "W"
    rebuild(s)
    s.players[0].inns.append(inn)
    s.hex_occupant[inn] = 4
    harbor = add(s, 0, "harbor", (0, 3, 7, 8, 9, 10), manned=True)
    s.zone_cache = {}
    zone = zones.zone(s, 0)
    assert lake in zone and all(n in zone for n in s.board.topo.neighbours[lake])
    assert far_lake not in zone
    s.players[0].manned[harbor] = False
    assert lake not in zones.zone(s, 0)


def test_graved_cathedral_loses_the_saint_power_not_the_saint_ant_ph8_2() -> None:
    """ANT-PH8-2 / ANT-PH10-1. Seed: 「无论建筑有多大，只要它身上出现一个坟墓这个建筑就不能用了」 — the
    cathedral too (like the fountain, brewery and granary, which need no worker either): while a grave
    lies on it the saint's power is gone (no free house, no unlimited storage, no fish); the saint
    stays, so the victory condition still counts (「被坟墓压住的教堂」 still stands)."""
    s = flat(2)
    pl = s.players[0]
    cath = add(s, 0, "cathedral", (1, 7, 8, 9, 15, 22))
    pl.saint = MARIA
    pl.graves[0][22] = True
    assert pl.graved(cath)
    give(s, 0, grain=1)
    act(s, 0, "house 6")
    act(s, 0, "c1 a1")
    assert not any(t.startswith("free") for t in texts(s, 0))  # no St. Nicholas power
    give(s, 0, grain=3)
    assert flow.excess_goods(s, 0) == 3  # no St. Christopher storage
    s.cathedrals_built = 1
    s.phase = HARVEST
    s.harvest = [0, 0, 0]
    upkeep.harvest_run(s, None)
    assert pl.goods[3] == 0  # no St. George fish
    # the hospital (or St. Barbara before the grave) frees it: the power is back
    pl.graves[0][22] = False
    assert flow.excess_goods(s, 0) == 0
    # the victory condition stays with a graved cathedral
    pl.graves[0][22] = True
    pl.saint = NICHOLAS
    pl.houses = (1 << 20) - 1
    assert victory.meets_victory(s, 0)


def test_records_of_the_old_alchemy_rule_are_refused_ant_ph4_12() -> None:
    """Issue 16 bumped the rules version: a record made before (data version without the salt) is
    refused with a RecordError naming both versions, instead of replaying under the new rule."""
    old = data_version_of(DATA_DIR.glob("*.json"))
    assert RULES_VERSION == "rules-2" and GAME.meta.data_version != old
    path = GOLDEN_DIR / "antiquity-2p-default-random.json"
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    assert record["data_version"] == GAME.meta.data_version  # the corpus is re-recorded under rules-2
    record["data_version"] = old
    with pytest.raises(RecordError, match=old):
        for _ in replay(MatchRecord.from_json(record), lambda _: GAME):
            pass
