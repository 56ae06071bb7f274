"""Scenario tests of the building, passing, exiting and card rules (evergreen stand-in board)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.my_city.helpers import act, cells, do, evergreen, finish, piece, reveal, solo, start
from townhall.engine import Chance, IllegalAction, OptionError, ScriptedChance
from townhall.games.my_city import GAME, turns
from townhall.games.my_city.actions import BLOCKADE, EXIT_ACTION, PASS_ACTION, place_action
from townhall.games.my_city.chapters import evergreen_rules
from townhall.games.my_city.data import parse_cell
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.setup import build_state
from townhall.games.my_city.state import MyCityState

GOLD_BOARD = Path(__file__).parent / "boards" / "gold-near-river.json"


def rejected(state: MyCityState, player: int, text: str, clause: str) -> None:
    """MYC-IO-1: the action is refused naming `clause`, and the state is unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        do(state, player, text)
    assert error.value.clause == clause
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_player_counts_and_identical_sets_MYC_GEN_1() -> None:
    """MYC-GEN-1: 2-4 players, each with an identical set of pieces (one card for all); one player
    alone only in the daily challenge's evergreen game (RULINGS.md, test_solo.py)."""
    for players in (2, 3, 4):
        state = start(players, {}, Chance(1))
        assert state.to_move() == tuple(range(players))
        legal = [state.legal_actions(p) for p in range(players)]
        assert all(lst == legal[0] for lst in legal)
    with pytest.raises(OptionError):
        start(5, {}, Chance(1))
    with pytest.raises(OptionError):
        start(1, {"mode": "campaign"}, Chance(1))


def test_simultaneous_decision_MYC_GEN_2_MYC_IO_3() -> None:
    """MYC-GEN-2: every active player decides on the card; it resolves in the last apply.
    MYC-IO-3: no observation shows another player's undecided choice."""
    state = evergreen(3)
    reveal(state, "YD2")
    seen_by_1 = state.observation(1)
    do(state, 0, "place YD2 at E1 r90")
    assert state.to_move() == (1, 2)
    assert state.occupied == [0, 0, 0]  # not resolved yet
    other = evergreen(3)
    reveal(other, "YD2")
    do(other, 0, "pass")
    assert state.observation(1) == other.observation(1)
    seen_now = state.observation(1)
    assert [seat["decided"] for seat in seen_now["players"]] == [True, False, False]
    for seat in seen_by_1["players"] + seen_now["players"]:
        del seat["decided"]
    assert seen_by_1 == seen_now
    assert state.observation(0)["own_choice"] == {"kind": "place", "piece": "YD2", "cell": "E1", "rotation": 1}
    assert state.pending[0] == place_action(piece("YD2"), parse_cell("E1"), 1)
    rejected(state, 0, "pass", "MYC-GEN-2")  # decided already
    do(state, 2, "place YD2 at C4 r0")
    do(state, 1, "exit")  # the last decision resolves the card
    assert state.occupied == [cells("E1", "E2"), 0, cells("C4", "D4")]
    assert state.card != piece("YD2") and piece("YD2") not in state.deck
    assert state.to_move() == (0, 2)


def test_rotation_never_mirrors_MYC_GEN_3() -> None:
    """MYC-GEN-3: three colours of 8 pieces plus 3 churches; rotation only, never mirrored."""
    evergreen_set = CATALOGUE.sets["evergreen"].pieces
    colours = [CATALOGUE.pieces[i].colour for i in evergreen_set]
    assert [colours.count(c) for c in range(4)] == [8, 8, 8, 3]
    l4 = CATALOGUE.pieces[piece("YL4")]
    mirrored = ((0, 2), (1, 0), (1, 1), (1, 2))  # "..#/###"
    assert l4.cells == ((0, 0), (1, 0), (1, 1), (1, 2))
    assert mirrored not in l4.turns and sum(t is not None for t in l4.turns) == 4
    s4 = CATALOGUE.pieces[piece("YS4")]
    assert ((0, 0), (0, 1), (1, 1), (1, 2)) not in s4.turns  # the Z mirror image
    assert sum(t is not None for t in CATALOGUE.pieces[piece("YO4")].turns) == 1
    state = evergreen(2)
    reveal(state, "YS4")
    rejected(state, 0, "place YS4 at E1 r180", "MYC-GEN-3")  # r180 repeats r0


def test_only_light_green_MYC_BUILD_1() -> None:
    """MYC-BUILD-1: never on mountains or forests (legal actions never cover them)."""
    state = evergreen(2)
    reveal(state, "YD2")
    rejected(state, 0, "place YD2 at A2 r90", "MYC-BUILD-1")  # A2 A3 mountains
    rejected(state, 0, "place YD2 at J4 r0", "MYC-BUILD-1")  # K4 forest
    for card in ("YU5", "RI4", "CT4"):
        reveal(state, card)
        for action in state.legal_actions(0)[:-2]:
            assert not state.terrain.mask_of[action] & ~state.terrain.buildable


def test_river_straddle_MYC_BUILD_3() -> None:
    """MYC-BUILD-3: a piece may not straddle the river but may lie along it."""
    state = evergreen(2)
    reveal(state, "YD2")
    rejected(state, 0, "place YD2 at E1 r0", "MYC-BUILD-3")  # E1 | F1
    rejected(state, 0, "place YD2 at E2 r90", "MYC-BUILD-3")  # E2 above E3: the river turns between
    do(state, 0, "place YD2 at E1 r90")  # along the river


def test_first_piece_at_river_MYC_BUILD_4() -> None:
    """MYC-BUILD-4: the first piece must touch the river orthogonally; a corner is not enough."""
    state = evergreen(2)
    reveal(state, "YD2")
    rejected(state, 0, "place YD2 at C1 r90", "MYC-BUILD-4")
    rejected(state, 0, "place YD2 at D1 r90", "MYC-BUILD-4")  # D2 meets the river only at a corner
    do(state, 0, "place YD2 at C3 r0")  # C3 D3: D3 borders the river (E3 is across)
    assert "place YD2 at D1 r90" not in [state.action_text(a) for a in state.legal_actions(1)]


def test_later_pieces_touch_MYC_BUILD_5() -> None:
    """MYC-BUILD-5: later pieces touch a built piece orthogonally, across the river too."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at E1 r90")])  # E1 E2
    reveal(state, "RD2")
    rejected(state, 0, "place RD2 at C8 r0", "MYC-BUILD-5")
    rejected(state, 0, "place RD2 at D3 r90", "MYC-BUILD-5")  # D3 is only diagonal to E2
    do(state, 0, "place RD2 at F1 r0")  # F1 faces E1 across the river
    assert state.occupied[0] == cells("E1", "E2", "F1", "G1")


def test_no_overlap_MYC_BUILD_6() -> None:
    """MYC-BUILD-6: no overlap; there is no action that moves a built piece."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at E1 r90")])
    reveal(state, "RD2")
    rejected(state, 0, "place RD2 at D2 r0", "MYC-BUILD-6")
    assert {state.action_to_json(a)["kind"] for a in state.legal_actions(0)} == {"place", "pass", "exit"}


def test_pass_costs_one_MYC_PASS_1() -> None:
    """MYC-PASS-1: passing sets the piece aside and costs 1 point at once."""
    state = evergreen(2)
    reveal(state, "YD2")
    do(state, 0, "pass")
    do(state, 1, "place YD2 at E1 r90")
    assert state.score == [9, 10] and state.passes == [1, 0]
    assert state.occupied[0] == 0 and piece("YD2") not in state.deck and state.card != piece("YD2")


def test_no_pass_at_zero_MYC_PASS_2() -> None:
    """MYC-PASS-2: at 0 points no pass; who cannot build must exit."""
    state = evergreen(2)
    reveal(state, "YO4")
    state.score[0] = 0
    assert PASS_ACTION not in state.legal_actions(0)
    assert PASS_ACTION in state.legal_actions(1)
    rejected(state, 0, "pass", "MYC-PASS-2")
    # A board with no room for the square piece: only exit remains.
    state.occupied[0] = state.terrain.buildable & ~cells("B2", "C3")
    state.placed[0] = [(piece("YI4"), state.occupied[0])]
    assert state.legal_actions(0) == [EXIT_ACTION]


def test_exit_MYC_EXIT_1() -> None:
    """MYC-EXIT-1: an exiting player builds nothing more and loses no point."""
    state = evergreen(2)
    reveal(state, "YD2")
    do(state, 0, "exit")
    do(state, 1, "place YD2 at E1 r90")
    assert state.active == [False, True] and state.score == [10, 10]
    assert state.to_move() == (1,) and state.legal_actions(0) == []
    rejected(state, 0, "exit", "MYC-EXIT-1")


def test_game_end_MYC_END_1() -> None:
    """MYC-END-1: the game ends when everyone has exited, or after the last card."""
    state = evergreen(2)
    reveal(state, "YD2")
    do(state, 0, "exit")
    do(state, 1, "exit")
    assert state.over and state.to_move() == () and len(state.deck) == 27
    rejected(state, 0, "exit", "MYC-END-1")
    state = evergreen(2)
    reveal(state, "YD2")
    state.deck = [piece("RD2")]
    do(state, 0, "place YD2 at E1 r90")
    do(state, 1, "pass")
    assert state.card == piece("RD2") and not state.over
    do(state, 0, "place RD2 at F1 r0")
    do(state, 1, "pass")
    assert state.over and state.final is not None


def test_evergreen_components_MYC_EVG_1_MYC_EVG_2() -> None:
    """MYC-EVG-1: 27 pieces each, 28 cards with the blockade. MYC-EVG-2: markers start at 10."""
    state = start(4, {}, Chance(3))
    assert len(state.deck) + len(state.revealed) == 28
    assert sorted(state.deck + state.revealed) == sorted([*CATALOGUE.sets["evergreen"].pieces, BLOCKADE])
    assert len(CATALOGUE.sets["evergreen"].pieces) == 27
    assert state.score == [10, 10, 10, 10]


def test_church_card_MYC_EVG_3() -> None:
    """MYC-EVG-3: a church card may only be built or exited; who cannot build it must exit."""
    state = evergreen(2)
    reveal(state, "CO4")
    assert PASS_ACTION not in state.legal_actions(0)
    rejected(state, 0, "pass", "MYC-EVG-3")
    state.occupied[1] = state.terrain.buildable & ~cells("B2")
    state.placed[1] = [(piece("YI4"), state.occupied[1])]
    assert state.legal_actions(1) == [EXIT_ACTION]


def test_blockade_MYC_EVG_4() -> None:
    """MYC-EVG-4: the card after the blockade is set aside unbuilt (a church too); the next one is
    revealed at once."""
    state = evergreen(2)
    reveal(state, "YD2")
    state.deck = [piece("RD2"), piece("BD2"), piece("CO4"), BLOCKADE]
    chance = ScriptedChance([3, 2, 0])  # blockade, then CO4 set aside, then RD2
    state.apply(0, act("place YD2 at E1 r90", state), chance)
    state.apply(1, act("pass", state), chance)
    assert chance.exhausted
    assert state.blocked == [piece("CO4")]
    assert state.card == piece("RD2") and state.deck == [piece("BD2")]
    assert state.to_move() == (0, 1) and state.score == [10, 9]


def test_gold_mines_MYC_EVG_6() -> None:
    """MYC-EVG-6: the first player(s) to cover both gold mines score 3 at once, together if in
    the same round; later players get nothing. MYC-EVG-9: another board loads from a file."""
    state = start(3, {"board": str(GOLD_BOARD)}, Chance(0))
    assert state.features[0].gold_cells == cells("D2", "E2")
    reveal(state, "YD2")
    do(state, 0, "place YD2 at D2 r0")
    do(state, 1, "place YD2 at D2 r0")
    do(state, 2, "place YD2 at E1 r90")  # covers only E2
    assert state.score == [13, 13, 10] and state.gold_claimed
    reveal(state, "RD2")
    do(state, 0, "pass")
    do(state, 1, "pass")
    do(state, 2, "place RD2 at C2 r0")  # now covers D2 too: too late
    assert state.score == [12, 12, 10]


def test_ranks_and_tie_break_MYC_EVG_8() -> None:
    """MYC-EVG-8: the highest total wins; ties are broken by MYC-LEG-7 (empty cells row by row)."""
    state = evergreen(3)
    reveal(state, "YI4")
    do(state, 0, "place YI4 at F1 r0")  # F1 G1 H1(rock) I1 in row 1
    do(state, 1, "place YI4 at F2 r0")  # F2(rock) G2 H2 I2 in row 2
    do(state, 2, "place YI4 at E3 r0")  # E3 F3 G3 H3(tree) in row 3
    finish(state)
    state.score = [4, 4, 4]
    assert state.ranks() == [1, 2, 3]
    state.score = [4, 5, 4]
    assert state.ranks() == [2, 1, 3]


def test_board_files_MYC_EVG_9(tmp_path: Path) -> None:
    """MYC-EVG-9: the evergreen layout is data; another board loads; a bad file is rejected
    with a message that says what is wrong; random boards keep the facts."""
    state = start(2, {}, Chance(0))
    assert state.board_spec.name.startswith("evergreen") and state.terrain.buildable.bit_count() == 95
    good = json.loads(GOLD_BOARD.read_text())
    cases: dict[str, tuple[str, object, str]] = {
        "rows": ("rows", good["rows"][:10], "must list 11 rows"),
        "two rivers": ("row0", "M . .|. T|. . R . . .", "exactly once"),
        "count": ("row0", "M . . . T|. . R . F .", "mountain/forest cells"),
        "code": ("row0", "M . . . X|. . R . . .", "unknown cell code"),
        "provenance": ("provenance", "guess", "provenance must be"),
    }
    for name, (key, value, message) in cases.items():
        data = json.loads(json.dumps(good))
        if key == "row0":
            data["rows"][0] = value
        else:
            data[key] = value
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        with pytest.raises(OptionError, match=message):
            start(2, {"board": str(path)}, Chance(0))
    with pytest.raises(OptionError, match="cannot read"):
        start(2, {"board": str(tmp_path / "missing.json")}, Chance(0))
    for seed in range(5):
        random_state = start(2, {"board": f"random:{seed}"}, Chance(0))
        assert (random_state.terrain.buildable & random_state.terrain.west).bit_count() > 30
        assert random_state.features[0].well_cells.bit_count() == 2


def test_errors_name_the_rule_MYC_IO_1() -> None:
    """MYC-IO-1: illegal placements are refused naming the rule; the state is unchanged."""
    state = evergreen(2)
    reveal(state, "YD2")
    rejected(state, 0, "place RD2 at E1 r90", "MYC-GEN-2")  # not the revealed card
    rejected(state, 0, "place YD2 at K11 r0", "MYC-IO-1")  # off the board
    with pytest.raises(IllegalAction) as error:
        state.apply(0, -1, Chance(0))
    assert error.value.clause == "MYC-IO-1"


def test_same_seed_same_game_MYC_IO_2() -> None:
    """MYC-IO-2: the same seed and decisions reproduce the same game."""
    from townhall.engine import testing as battery

    battery.check_determinism(GAME, 3, {}, seed=3)
    battery.check_replay(GAME, 2, {"mode": "campaign", "episode": 5}, seed=4)


def test_evergreen_state_round_trip() -> None:
    state = build_state(
        MyCityState, 2, evergreen_rules(), GAME.new_state(2, GAME.meta.resolve({}), Chance(1)).board_spec, [[], []]
    )
    turns.draw(state, Chance(2), None)
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
