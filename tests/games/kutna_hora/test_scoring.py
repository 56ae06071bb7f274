"""Reputation, round end (tax, events, nobles) and final scoring."""

from __future__ import annotations

from tests.games.kutna_hora.helpers import BUILDERS, MINERS, blank, cell, do, guild_tile, public_tile, texts
from townhall.engine import Chance
from townhall.games.kutna_hora import GAME, reputation, rounds, scoring
from townhall.games.kutna_hora.data import DATA, WOOD
from townhall.games.kutna_hora.position import OVER, PLAY, TAX
from townhall.games.kutna_hora.state import KutnaHoraState

T = 5
M = 8


def _idle_until_not_play(s: KutnaHoraState) -> None:
    before = s.round
    while s.phase == PLAY:
        do(s, next(t for t in texts(s) if t.endswith("idle")))
        if s.round != before:
            return


def _built(s: KutnaHoraState, name: str, tile: int, owner: int) -> None:
    s.town[cell(name, T)] = tile
    s.town_owner[cell(name, T)] = owner


def _town(s: KutnaHoraState) -> None:
    """P0: BUI4 at B2 and BUI1 at B1; P1: MIN1 at A1; public GR3 at A2 and SI3 at B3."""
    _built(s, "B2", guild_tile(BUILDERS, 3), 0)
    _built(s, "B1", guild_tile(BUILDERS, 0), 0)
    _built(s, "A1", guild_tile(MINERS, 0), 1)
    _built(s, "A2", public_tile(0, 2), -1)
    _built(s, "B3", public_tile(1, 2), -1)


def test_reputation_beyond_the_track_ends() -> None:
    """KH-REP-1: beyond the top +2 points per step, beyond the bottom -2 per step."""
    s = blank(2)
    s.reputation[0] = 6
    reputation.change_rep(s, 0, 3)
    assert (s.reputation[0], s.points[0]) == (7, 4)
    s.reputation[1] = -2
    reputation.change_rep(s, 1, -3)
    assert (s.reputation[1], s.points[1]) == (-3, -4)


def test_reputation_scores_only_at_the_end() -> None:
    """KH-REP-2 / KH-FIN-4: the track value (7 -> +14, -3 -> -6) counts at the end only."""
    s = blank(2)
    s.reputation = [7, -3]
    s.round = 6
    assert s.points == [0, 0]
    rounds.finish_round(s, Chance(0), None)
    assert [parts[3] for parts in s.final] == [14, -6]
    assert DATA.rep_end[7] == 14 and DATA.rep_end[-3] == -6


def test_tax_pay_or_penalty() -> None:
    """KH-END-1: pay the tax or lose the round's reputation penalty (even if able to pay); unable
    to pay, the penalty is forced."""
    s = blank(3)
    s.tax = 5
    s.money = [40, 3, 40]
    _idle_until_not_play(s)
    assert s.phase == TAX and s.current == 0
    assert texts(s) == ["tax penalty", "pay tax 5"]
    do(s, "pay tax 5")
    # player 1 cannot pay: penalty taken at once; player 2 chooses the penalty
    assert s.current == 2 and s.reputation[1] == -1 and s.money[1] == 3
    do(s, "tax penalty")
    assert s.money == [35, 3, 40] and s.reputation == [0, -1, -1]
    assert s.phase == PLAY and s.round == 2


def test_land_tax() -> None:
    """KH-END-2: 2 plot markers in town +3, all 3 +8; not paid with the penalty."""
    s = blank(3)
    s.tax = 2
    for p, n in ((0, 2), (1, 3), (2, 3)):
        for k in range(n):
            s.plots[p].append(k + 5 * p)
            s.town_plot[k + 5 * p] = p
    _idle_until_not_play(s)
    assert rounds.tax_due(s, 0) == 5 and rounds.tax_due(s, 1) == 10
    do(s, "pay tax 5")
    do(s, "pay tax 10")
    do(s, "tax penalty")
    assert s.money == [35, 31, 42] and s.reputation[2] == -1


def test_events_advance_decks_before_tax_and_new_event_tax() -> None:
    """KH-END-3: the round's event advances the decks at round end, before tax; the next card's
    tax applies when it is revealed."""
    s = blank(2)
    s.events_enabled = True
    s.event_current = next(e.index for e in DATA.events if e.id == "A1")  # tax 1, population +2
    s.events_left = [[next(e.index for e in DATA.events if e.id == "A2")], []]  # tax 2
    s.tax = 0
    s.production[0][WOOD] = 1
    _idle_until_not_play(s)
    assert s.population_position == 2 and s.ore_position == 0
    assert s.phase == PLAY and s.round == 2  # tax 0 was due: nobody had to decide
    assert s.tax == 2 and DATA.events[s.event_current].id == "A2"


def test_nobles_score_in_the_last_three_rounds() -> None:
    """KH-NOBLE-1: green 1 per public neighbour of own buildings, silver 3 per pair of used
    pelicans, yellow 2 / 4 for 1 / 2 mines in every row, red 3 per emptied house column; times
    the nobles of that colour in the council."""
    s = blank(2)
    _town(s)
    s.pelicans_used[0] = 5
    for r in range(4):
        s.mine[r * M] = 0
        s.mine_owner[r * M] = 0
    s.houses[0] = [2, 2, 3]
    s.council = [2, 1, 1, 1]
    assert scoring.noble_points(s, 0) == [2 * 2, 3 * 2 * 1, 2 * 1, 3 * 1 * 1]
    for r in range(4):
        s.mine[r * M + 1] = 0
        s.mine_owner[r * M + 1] = 0
    s.houses[0] = [0, 0, 2]
    assert scoring.noble_points(s, 0) == [4, 6, 4, 3 * 2]
    assert scoring.noble_points(s, 1) == [1 * 2, 0, 0, 0]  # P1's MIN1 at A1 touches GR3
    s.round = 3  # not one of the last three rounds of six
    _idle_until_not_play(s)
    assert s.points == [0, 0]
    _idle_until_not_play(s)  # round 4 ends
    assert s.points == [4 + 6 + 4 + 6, 2]


def test_town_icons_score_for_owners_only() -> None:
    """KH-FIN-1: BUI4 (wheat) at B2: GR3 1 + BUI1 0 + SI3 1 = 2; BUI1 at B1: MIN1 1;
    P1's MIN1 at A1: edge cross 1 + GR3 1 + BUI1 1 = 3; public buildings score nothing."""
    s = blank(2)
    _town(s)
    assert scoring.building_score(s, cell("B2", T)) == 2
    assert scoring.building_score(s, cell("B1", T)) == 1
    assert scoring.building_score(s, cell("A1", T)) == 3
    assert scoring.building_score(s, cell("A2", T)) == 0
    assert [parts[0] for parts in scoring.final_parts(s)] == [2 + 1, 3]


def test_mine_rows_rank_players_by_stars() -> None:
    """KH-FIN-2: row A holds 8 stars (rock 2, P0 2, P1 2, P2 1, P3 1): table 3/2/1; P0 and P1 tie
    first (3 each), the next rank is skipped so P2 and P3 tie third (1 each). Row B: P0's
    technology tile has one star, the row's first table (2/1): P0 alone scores 2."""
    s = blank(4)
    s.mine[cell("A1", M)], s.rock_stars[cell("A1", M)] = -2, 2
    for name, tile, owner in (("A2", 10, 0), ("A3", 14, 1), ("A5", 9, 2), ("A6", 0, 3), ("B2", 27, 0)):
        s.mine[cell(name, M)] = tile
        s.mine_owner[cell(name, M)] = owner
    assert scoring.mine_row_points(s) == [3 + 2, 3, 1, 1]


def test_final_income_reputation_leftovers() -> None:
    """KH-FIN-3 income 64 -> 6; KH-FIN-4 reputation 5 -> 10; KH-FIN-5 two slotted tiles, one plot,
    three unused pelicans -> 6."""
    s = blank(2)
    s.production[0][WOOD] = 16  # 16 x 4 = 64
    s.reputation[0] = 5
    s.slots[0] = [1, 5]
    s.plots[0] = [cell("D5", T)]
    s.town_plot[cell("D5", T)] = 0
    s.pelicans_unused[0] = 3
    assert scoring.final_parts(s)[0] == [0, 0, 6, 10, 6]


def test_most_points_wins_then_money() -> None:
    """KH-FIN-6"""
    s = blank(3)
    s.points, s.money = [10, 10, 8], [5, 7, 100]
    assert s.ranks() == [2, 1, 3]
    s.money = [7, 7, 100]
    assert s.ranks() == [1, 1, 3]


def test_full_game_ends_after_the_last_round_with_final_scoring() -> None:
    """KH-SETUP-1 / KH-FIN-1..6: a 4-player game ends after round 5 and adds the final parts."""
    s = blank(4)
    s.production[0][WOOD] = 10
    while s.phase != OVER:
        if s.phase == TAX:
            do(s, texts(s)[0])
        else:
            do(s, next(t for t in texts(s) if t.endswith("idle")))
    assert s.round == 5 and s.final[0][2] == 4 and s.is_terminal()  # 10 wood x 4 = 40 -> 4
    assert "final" in GAME.render(s, None)
