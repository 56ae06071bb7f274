"""Rounds, turns, declining, missing components, the joker, and the digital-table decisions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games.kutna_hora.helpers import action_id, blank, cell, do, public_tile, texts
from townhall.engine import Chance, IllegalAction
from townhall.engine import testing as battery
from townhall.games.kutna_hora import GAME
from townhall.games.kutna_hora.position import TAX


def test_start_player_begins_and_play_goes_clockwise() -> None:
    """KH-TURN-1"""
    s = blank(3)
    assert s.current == 0
    do(s, "c1 idle")
    assert s.current == 0
    do(s, "c2 idle")
    assert s.current == 1
    do(s, "c1 idle")
    do(s, "c2 idle")
    assert s.current == 2


def test_two_two_one_cards_per_round() -> None:
    """KH-TURN-2: 2 cards in each of the first two turns, 1 in the third: 5 of 6 cards; a played
    card is spent for the round."""
    s = blank(2)
    seen = []
    while s.round == 1 and s.phase != TAX:
        seen.append(s.current)
        legal = texts(s)
        s.apply(s.current, action_id(s, next(t for t in legal if t.endswith("idle"))), Chance(0))
    assert seen == [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]
    s = blank(2)
    do(s, "c1 idle")
    with pytest.raises(IllegalAction) as error:
        s.apply(0, _play_id(s, 0, 0), Chance(0))
    assert error.value.clause == "KH-TURN-2"
    assert not any(t.startswith("c1 ") for t in texts(s))


def _play_id(s: object, card: int, act: int) -> int:
    from townhall.games.kutna_hora.actions import A_PLAY

    return A_PLAY + card * 7 + act


def test_round_end_returns_cards_and_passes_start_player() -> None:
    """KH-TURN-3"""
    s = blank(2)
    for _ in range(10):
        do(s, next(t for t in texts(s) if t.endswith("idle")))
    assert s.round == 2 and s.start == 1 and s.current == 1
    assert s.used_cards == [0, 0] and s.turns_done == [0, 0]


def test_any_action_may_be_declined() -> None:
    """KH-TURN-4: a card may be played for no effect; each step offers 'decline'."""
    s = blank(2)
    do(s, "c1 idle")
    assert s.used_cards[0] == 1 and s.money[0] == 40
    do(s, "c2 licence")
    assert "decline" in texts(s)
    before = s.to_json()
    do(s, "decline")
    assert s.slots[0] == [] and s.money[0] == before["money"][0] and s.current == 1


def test_icons_on_tiles_may_be_declined() -> None:
    """KH-TURN-4: the slider and St. Barbara icons of BUI3 declined: no price change, no tax; the
    production and house are kept."""
    s = blank(2)
    s.slots[0] = [2]  # BUI3: wood +3, slider, St. Barbara icon
    s.plots[0] = [cell("A1", 5)]
    s.town_plot[cell("A1", 5)] = 0
    do(s, "c3 build")
    do(s, "build BUI3 A1")
    do(s, "decline")
    do(s, "decline")
    assert s.sliders == [0] * 6 and s.barbara_next == 0 and s.tax == 0
    assert s.production[0][0] == 3 and s.houses[0] == [3, 4, 4] and s.pelicans_unused[0] == 1
    assert s.cards_in_turn == 1


def test_missing_plot_marker_house_or_miner_means_no_effect() -> None:
    """KH-TURN-5: no plot marker, no miner -> no effect; no house -> that guild cannot be built;
    a noble the bank lacks is ignored."""
    s = blank(2)
    s.plots[0] = [0, 1, 2]
    for c in (0, 1, 2):
        s.town_plot[c] = 0
    do(s, "c2 plot")
    assert s.cards_in_turn == 1 and s.plots[0] == [0, 1, 2] and s.money[0] == 40
    s = blank(2)
    s.pool[0], s.reserve[0] = 0, 0
    do(s, "c1 mine")
    assert s.current == 0 and s.cards_in_turn == 1 and s.drawn == [] and s.money[0] == 40
    s = blank(2)
    s.houses[0][0] = 0  # builders row empty
    s.slots[0] = [1]  # BUI2
    s.plots[0] = [cell("A1", 5)]
    s.town_plot[cell("A1", 5)] = 0
    do(s, "c3 build")
    assert s.slots[0] == [1] and s.cards_in_turn == 1
    s = blank(2)
    s.bank[0] = 0
    s.slots[0] = [public_tile(0, 0)]
    s.plots[0] = [cell("A1", 5)]
    s.town_plot[cell("A1", 5)] = 0
    do(s, "c3 build")
    do(s, "build GR1 A1")
    assert s.noble_pool == [0, 0, 0, 0] and s.bank[0] == 0


def test_joker_costs_reputation_below_six() -> None:
    """KH-JOKER-1"""
    s = blank(2)
    do(s, "c5 joker mine")
    assert s.reputation[0] == -1
    s = blank(2)
    s.reputation[0] = 6
    do(s, "c5 joker mine")
    assert s.reputation[0] == 6
    s = blank(2)
    s.pelicans_unused[0] = 1
    do(s, "c6 barbara")  # the card's own action: no joker penalty
    assert s.reputation[0] == 0
    assert texts(s) == ["resolve", "decline"]
    do(s, "resolve")  # tile 1: +2 reputation
    assert s.reputation[0] == 2


def test_illegal_actions_name_a_clause_and_leave_state_unchanged() -> None:
    """KH-IO-1"""
    s = blank(2)
    before = json.dumps(s.to_json(), sort_keys=True)
    for player, action, clause in [(1, 0, "KH-TURN-1"), (0, 10**6, "KH-IO-1"), (0, _play_id(s, 5, 5), "KH-BAR-1")]:
        with pytest.raises(IllegalAction) as error:
            s.apply(player, action, Chance(0))
        assert error.value.clause == clause
        assert json.dumps(s.to_json(), sort_keys=True) == before
    s.slots[0] = [0, 1, 2]
    with pytest.raises(IllegalAction) as error:
        s.apply(0, _play_id(s, 0, 1), Chance(0))
    assert error.value.clause == "KH-LIC-3"


def test_same_seed_same_game() -> None:
    """KH-IO-2"""
    battery.check_replay(GAME, 3, {}, seed=21)
    battery.check_determinism(GAME, 2, {}, seed=22)


def test_observation_hides_stacks_mine_deck_and_events() -> None:
    """KH-IO-3: the mine deck order, the tiles below stack tops and face-down events are hidden."""
    s = blank(2)
    s.events_enabled = True
    obs: Any = s.observation(0)
    assert obs["mine"]["layers_left"] == [9, 9, 9]
    stacks = obs["town_hall"]["stacks"]
    assert stacks[0]["hidden_tiles"] == 3
    assert obs["event_cards_left"] == [len(s.events_left[0]), len(s.events_left[1])]
    assert [stack["top_building"] for stack in stacks] == s.stack_top
    assert obs["prices"] == [4, 2, 4, 5, 6, 4]
    text = json.dumps(obs)
    other = s.clone()
    other.stack_hidden[0] = [3, 2]
    other.layers[0] = list(reversed(other.layers[0]))
    assert json.dumps(other.observation(0)) == text
