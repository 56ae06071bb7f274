"""Setup (KH-SETUP-*)."""

from __future__ import annotations

import pytest

from tests.games.kutna_hora.helpers import blank, fresh, texts
from townhall.engine import Chance, OptionError
from townhall.games.kutna_hora import GAME, mine, rounds
from townhall.games.kutna_hora.data import DATA, GUILD_OF_GOOD
from townhall.games.kutna_hora.position import PLAY, ROCK, SETUP_ORDER, SETUP_SET
from townhall.games.kutna_hora.state import KutnaHoraState


def _start(n: int, seed: int = 1, **options: bool) -> KutnaHoraState:
    state = GAME.start(n, options, Chance(seed))
    assert isinstance(state, KutnaHoraState)
    return state


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 6), (4, 5)])
def test_player_counts_and_rounds(players: int, rounds: int) -> None:
    """KH-SETUP-1: 2-4 players; 5 rounds with 4, 6 with 2-3."""
    assert _start(players).rounds == rounds


def test_player_count_outside_two_to_four_is_rejected() -> None:
    """KH-SETUP-1"""
    with pytest.raises(OptionError):
        GAME.start(5, {}, Chance(1))
    with pytest.raises(OptionError):
        GAME.start(1, {}, Chance(1))


def test_round_and_tax_markers_start() -> None:
    """KH-SETUP-2: round marker on 1, tax marker on 0 (no event revealed without events)."""
    s = _start(3, events=False)
    assert s.round == 1 and s.tax == 0 and s.event_current == -1


def test_red_nobles_wait_then_enter_at_row_ends() -> None:
    """KH-SETUP-3: the 3 red tiles wait; at the end of round 3 (2-3 players) one goes to each row end."""
    s = blank(2)
    assert s.red_nobles_waiting and all(len(row) == 3 for row in s.hall)
    assert s.red_after == 3 and _start(4).red_after == 2
    s.round = 3
    rounds.finish_round(s, Chance(5), None)
    assert not s.red_nobles_waiting
    assert [row[3] for row in s.hall] == [9, 10, 11]
    reds = sorted(s.stack_top[9 + r] for r in range(3))
    assert reds == [33, 34, 35]
    assert all(s.stack_hidden[9 + r] == [] for r in range(3))  # single tiles, not stacks


def test_town_hall_stacks() -> None:
    """KH-SETUP-4: marked tiles on the 6 places of the two left columns, 3 others above; public
    stacks on the third place of each row."""
    s = _start(4, seed=7)
    left = sorted(s.hall[r][c] for r in range(3) for c in range(2))
    assert left == [0, 1, 2, 3, 4, 5]
    assert [s.hall[r][2] for r in range(3)] == [6 + c for c in DATA.public_rows]
    for g in range(6):
        top = DATA.buildings[s.stack_top[g]]
        assert top.guild == g and not top.marked
        assert len(s.stack_hidden[g]) == 2
        assert DATA.buildings[s.stack_bottom[g]].marked
    for c in range(3):
        assert DATA.buildings[s.stack_top[6 + c]].noble == c and len(s.stack_hidden[6 + c]) == 2


def test_board_side_depends_on_player_count() -> None:
    """KH-SETUP-5: 2 players use the side with fewer plots."""
    two, four = _start(2), _start(4)
    assert sum(DATA.sides[two.side].plots) < sum(DATA.sides[four.side].plots)
    assert len(two.town) == 20 and len(four.town) == 30


def test_rocks_from_a_mine_setup_card() -> None:
    """KH-SETUP-6: the 4 rocks go on the places of one mine setup card; their stars count."""
    s = _start(2, seed=11)
    rocks = tuple(sorted(c for c, t in enumerate(s.mine) if t == ROCK))
    assert any(tuple(sorted(card)) == rocks for card in DATA.mine_setups)
    assert sorted(s.rock_stars[c] for c in rocks) == sorted(DATA.rocks)


def test_decks_and_sliders_start_leftmost() -> None:
    """KH-SETUP-7: both decks on card 0, every slider leftmost."""
    s = _start(3, events=False)
    assert (s.population_position, s.ore_position) == (0, 0)
    assert s.sliders == [0] * 6


def test_st_barbara_starts_untouched() -> None:
    """KH-SETUP-8: 11 tiles, the lowest (1) is next."""
    s = _start(2)
    assert s.barbara_next == 0 and len(DATA.barbara_tax) == 11


def test_bank_has_three_nobles_per_colour() -> None:
    """KH-SETUP-9"""
    s = _start(4)
    assert s.bank == [3, 3, 3, 3] and s.noble_pool == [0] * 4 and s.council == [0] * 4


def test_technology_and_mine_deck_layers() -> None:
    """KH-SETUP-10: level 1; mine deck I on top, II in the middle, III at the bottom."""
    s = _start(2)
    assert mine.level(s) == 1 and s.technology_taken == 0
    assert [sorted(DATA.mine_tiles[t].group for t in layer) for layer in s.layers] == [[0] * 9, [1] * 9, [2] * 9]


def test_starting_money_and_score() -> None:
    """KH-SETUP-11: 40, 41, 42, 43 groschen by seat, score 0."""
    s = _start(4)
    assert s.money == [40, 41, 42, 43] and s.points == [0, 0, 0, 0]


def test_guild_setup_order() -> None:
    """KH-SETUP-12: counter-clockwise from the last player, the start player takes the set left;
    then clockwise from the start player each orders their markers."""
    s = _start(4, seed=2)
    assert s.phase == SETUP_SET
    sets = DATA.guild_sets[s.setup_card][4]
    order = []
    while s.phase == SETUP_SET:
        order.append(s.current)
        legal = s.legal_actions(s.current)
        s.apply(s.current, legal[-1], Chance(0))
    assert order == [3, 2, 1]
    assert [s.set_owner[i] for i in range(4)] == [0, 1, 2, 3]  # the last set offered was taken each time
    assert s.guilds[0] == list(sets[0])
    assert s.phase == SETUP_ORDER
    movers = []
    while s.phase == SETUP_ORDER:
        movers.append(s.current)
        assert len(texts(s)) == 6
        s.apply(s.current, s.legal_actions(s.current)[5], Chance(0))  # the reversed order
    assert movers == [0, 1, 2, 3]
    assert s.guilds[3] == list(reversed(sets[3]))
    assert s.phase == PLAY and s.current == 0


def test_first_game_option_uses_card_one_in_printed_order() -> None:
    """KH-SETUP-12 option: card 1, markers in the printed order (no ordering step)."""
    s = fresh(3)
    assert s.setup_card == 0
    sets = DATA.guild_sets[0][3]
    assert sorted(map(tuple, s.guilds)) == sorted(sets)
    assert texts(_start(3, first_game=True))[0] == "set 1 " + "+".join(GUILD_OF_GOOD[g] for g in sets[0])


def test_events_mandatory_with_two_players_and_tax_on_reveal() -> None:
    """KH-SETUP-13: 2 players always play events (the option off is refused); round 1's
    card (deck A) is revealed before round 1 and its tax icon moves the tax marker at once."""
    with pytest.raises(OptionError, match="with 2 players"):
        _start(2, seed=4, events=False)
    s = _start(2, seed=4)
    assert s.events_enabled and s.event_current >= 0
    card = DATA.events[s.event_current]
    assert card.deck == 0 and s.tax == card.tax
    assert len(s.events_left[0]) == 4 and len(s.events_left[1]) == 5
    three = _start(3, events=False)
    assert not three.events_enabled and three.event_current == -1
    assert _start(3).events_enabled


def test_events_deck_b_after_the_red_nobles() -> None:
    """KH-SETUP-13: rounds after the red nobles enter take deck B; the last round has no card."""
    s = blank(4)
    s.events_enabled = True
    s.round = 3
    rounds.reveal_event(s, Chance(0), None)
    assert DATA.events[s.event_current].deck == 1
    s.round = 5
    rounds.reveal_event(s, Chance(0), None)
    assert s.event_current == -1


def test_player_components() -> None:
    """KH-SETUP-14: 6 action cards, 12 houses (3 x 4), 9 miners (1 in the pool), 3 plot markers."""
    s = _start(3)
    for p in range(3):
        assert s.houses[p] == [4, 4, 4]
        assert s.pool[p] == 1 and s.reserve[p] == 8
        assert s.plots[p] == [] and s.slots[p] == []
        assert s.used_cards[p] == 0 and s.production[p] == [0] * 6 and s.reputation[p] == DATA.rep_start
    assert DATA.plot_markers == 3 and len(DATA.cards) == 6
