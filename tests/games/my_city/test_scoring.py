"""Final scoring scenarios on the stand-in evergreen board (MYC-EVG-5, MYC-EVG-7, MYC-BUILD-2)."""

from __future__ import annotations

from tests.games.my_city.helpers import cells, do, evergreen, finish, reveal, solo
from townhall.games.my_city import scoring

# Seven pieces around the well at D5 (board: data/board-evergreen.json).
CITY = [
    ("YD2", "place YD2 at C4 r0"),  # C4 D4: first piece, D4 lies at the river
    ("RD2", "place RD2 at C5 r90"),  # C5 C6
    ("BD2", "place BD2 at D6 r90"),  # D6 (double rock) D7 (double tree)
    ("CI3", "place CI3 at E5 r90"),  # E5 E6 E7: church
    ("YO4", "place YO4 at D8 r0"),  # D8 E8 D9 (double rock) E9
    ("RI4", "place RI4 at E4 r0"),  # E4 F4 G4 (double rock) H4, east bank: touches E5 across the river
    ("YI4", "place YI4 at C7 r90"),  # C7 C8 C9 C10
]


def test_full_final_scoring_MYC_EVG_7() -> None:
    """MYC-EVG-7 every item, MYC-EVG-5 the well at D5 with four different buildings around,
    MYC-BUILD-2 covered trees and rocks, MYC-BUILD-5 touching across the river (E4-E5)."""
    state = evergreen(2)
    solo(state, CITY)
    assert state.occupied[0] == cells(
        "C4", "D4", "C5", "C6", "D6", "D7", "E5", "E6", "E7", "D8", "E8", "D9", "E9", "E4", "F4", "G4", "H4"
    ) | cells("C7", "C8", "C9", "C10")
    assert state.score == [10, 10]
    finish(state)
    assert state.final is not None
    assert state.final[0] == {
        "trees": 8,  # E1 H3 G9 E11 uncovered (D7 covered): 4 double trees
        "rocks": -10,  # H1 F2 D3 H6 H10 uncovered: 5 double rocks (G4 D6 D9 covered)
        "yellow": 2,  # YO4 + YI4 touch; YD2 stands apart
        "red": 1,
        "blue": 1,
        "churches": 3,  # CI3 touches yellow E8, red E4 and blue D6
        "wells": 4,  # D5: D4 yellow, C5 red, D6 blue, E5 church; G8 has nothing around
        "empty": -61,  # 80 plain cells minus the 2 gold mines (not empty) minus 17 covered
    }
    assert state.score[0] == 10 + 8 - 10 + 2 + 1 + 1 + 3 + 4 - 61 == -42
    # Player 1 built nothing: 5 trees, 8 rocks, 78 empty cells (80 plain, 2 of them gold mines).
    assert state.final[1] == {
        "trees": 10,
        "rocks": -16,
        "yellow": 0,
        "red": 0,
        "blue": 0,
        "churches": 0,
        "wells": 0,
        "empty": -78,
    }
    assert state.score[1] == 10 + 10 - 16 - 78
    assert state.ranks() == [1, 2]


def test_well_needs_four_different_buildings_MYC_EVG_5() -> None:
    """MYC-EVG-5: the same building on two sides of the well scores nothing."""
    state = evergreen(2)
    solo(
        state,
        [
            ("YD2", "place YD2 at C4 r0"),  # D4 above the well
            ("RL3", "place RL3 at C5 r0"),  # C5 C6 D6: left of and below the well
            ("CI3", "place CI3 at E5 r90"),  # E5 right of the well
        ],
    )
    finish(state)
    assert state.final is not None
    assert state.final[0]["wells"] == 0


def test_covered_well_is_not_empty_MYC_EVG_5() -> None:
    """MYC-EVG-5: a well may be covered (then it scores nothing and is no empty cell)."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at C4 r0"), ("RD2", "place RD2 at D5 r90")])  # D5 well, D6 rock
    finish(state)
    assert state.final is not None
    assert state.final[0] == {
        "trees": 10,
        "rocks": -14,
        "yellow": 1,
        "red": 1,
        "blue": 0,
        "churches": 0,
        "wells": 0,
        "empty": -76,  # gold mines A8 K1 are not empty
    }


def test_covering_trees_and_rocks_MYC_BUILD_2() -> None:
    """MYC-BUILD-2: a piece may cover tree and rock cells; a covered rock no longer costs, a
    covered tree no longer scores."""
    state = evergreen(2)
    solo(state, [("YD2", "place YD2 at E1 r90"), ("RD2", "place RD2 at F2 r0")])  # E1 tree; F2 rock
    assert state.occupied[0] == cells("E1", "E2", "F2", "G2")
    finish(state)
    assert state.final is not None
    assert state.final[0]["trees"] == 8
    assert state.final[0]["rocks"] == -14
    assert state.final[0]["empty"] == -76  # E2 and G2 were plain; gold mines are not empty


def test_tie_key_rows_MYC_LEG_7() -> None:
    """MYC-LEG-7: the tie-break key lists empty light-green cells row by row from the top."""
    state = evergreen(2)
    key = scoring.tie_key(state.rules, state.terrain, state.features[0], 0)
    # Row 1: B C D F G I J plain = 7 cells (the gold mine K1 is not empty); row 2: B C D E G H I J K = 9.
    assert key[:2] == (-7, -9)
    reveal(state, "YI4")
    do(state, 1, "exit")
    do(state, 0, "place YI4 at B1 r0")  # B1 C1 D1 E1 (E1 is a tree: not empty anyway)
    key = scoring.tie_key(state.rules, state.terrain, state.features[0], state.occupied[0])
    assert key[:2] == (-4, -9)
