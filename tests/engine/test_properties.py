"""Property tests: the battery's per-state invariants hold for the toys from any seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.toys import Goofspiel, Pig
from townhall.engine import testing as battery


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4))
def test_pig_invariants_from_any_seed(seed: int, players: int) -> None:
    battery.check_states(Pig(), players, {"target": 12}, seed, every=2)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=2, max_value=3),
    confirm=st.booleans(),
)
def test_goofspiel_invariants_from_any_seed(seed: int, players: int, confirm: bool) -> None:
    battery.check_states(Goofspiel(), players, {"confirm": confirm, "cards": 4}, seed, every=1)
