"""The greedy heuristic prefers what the final scoring rewards (MYC-EVG-7, MYC-BUILD-2)."""

from __future__ import annotations

from tests.games.my_city.helpers import cells, do, evergreen, piece, reveal
from townhall.games.my_city import GAME
from townhall.games.my_city.evaluate import provisional


def value_after(text: str) -> float:
    state = evergreen(2)
    reveal(state, "YD2")
    do(state, 0, text)  # still pending: player 1 has not decided
    return GAME.evaluate(state, 0)


def test_heuristic_prefers_rocks_to_trees_and_staying_in() -> None:
    on_rock = value_after("place YD2 at F2 r0")  # covers the double rock F2 and G2
    on_tree = value_after("place YD2 at E1 r90")  # covers the double tree E1 and E2
    assert on_rock - on_tree == 4
    assert value_after("pass") > value_after("exit")


def test_heuristic_counts_walled_in_cells_fully() -> None:
    """A single empty cell walled in (B1 between the mountain, C1 and B2) is lost for sure."""
    values = []
    for covered in (cells("C1", "B2"), cells("C1", "C2")):
        state = evergreen(2)
        reveal(state, "YD2")
        state.occupied[0] = covered
        state.placed[0] = [(piece("RD2"), covered)]
        values.append(provisional(state, 0))
    assert values[1] - values[0] == 0.5  # B1 counts -1 instead of -1/2
    assert values[1] == 10 + 10 - 16 + 1 - 76 / 2  # 76 empty cells: the gold mines are not empty
