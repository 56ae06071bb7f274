"""Seeded chance, the integer action space and game options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from townhall.engine import ActionSpace, Chance, OptionError, OptionSpec, RecordError, ScriptedChance
from townhall.engine.options import parse_option_texts, resolve_options


def test_chance_is_reproducible_and_logged() -> None:
    first, second = Chance(42, log=True), Chance(42, log=True)
    draws = [first.below(6) for _ in range(50)]
    assert draws == [second.below(6) for _ in range(50)]
    assert all(0 <= d < 6 for d in draws)
    assert first.take_log() == draws
    assert first.take_log() == []


def test_scripted_chance_replays_a_shuffle_exactly() -> None:
    live = Chance(7, log=True)
    deck = list(range(10))
    live.shuffle(deck)
    script = ScriptedChance(live.take_log())
    again = list(range(10))
    script.shuffle(again)
    assert again == deck and script.exhausted


def test_scripted_chance_rejects_a_mismatch() -> None:
    with pytest.raises(RecordError, match="outside"):
        ScriptedChance([5]).below(3)
    with pytest.raises(RecordError, match="fewer"):
        ScriptedChance([]).below(3)


def test_weighted_draw_follows_weights() -> None:
    chance = Chance(1)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[chance.weighted([1, 0, 2])] += 1
    assert counts[1] == 0
    assert 800 < counts[0] < 1200 and 1800 < counts[2] < 2200


SPACE = ActionSpace([("place", (("x", 9), ("y", 7), ("rot", 4))), ("pass", ()), ("take", (("card", 5),))])


@given(st.integers(min_value=0, max_value=SPACE.size - 1))
def test_action_space_round_trips(action: int) -> None:
    kind, values = SPACE.decode(action)
    assert SPACE.encode(kind, *values) == action
    assert SPACE.from_json(SPACE.to_json(action)) == action


def test_action_space_layout_and_errors() -> None:
    assert SPACE.size == 9 * 7 * 4 + 1 + 5
    assert SPACE.decode(SPACE.encode("pass")) == ("pass", ())
    assert SPACE.to_json(SPACE.encode("place", 2, 3, 1)) == {"kind": "place", "x": 2, "y": 3, "rot": 1}
    with pytest.raises(ValueError):
        SPACE.encode("place", 9, 0, 0)
    with pytest.raises(ValueError):
        SPACE.decode(SPACE.size)
    with pytest.raises(ValueError):
        SPACE.from_json({"kind": "fly"})
    with pytest.raises(ValueError):
        SPACE.from_json({"kind": "take", "card": "3"})


SPECS = (
    OptionSpec("river", False, "use the river"),
    OptionSpec("rounds", 5, "rounds", minimum=1, maximum=9),
    OptionSpec("scoring", "first", "farm scoring", choices=("first", "third")),
)


def test_options_fill_defaults_and_parse_text() -> None:
    assert resolve_options(SPECS, {}) == {"river": False, "rounds": 5, "scoring": "first"}
    parsed = parse_option_texts(SPECS, ["river=on", "rounds=7", "scoring=third"])
    assert parsed == {"river": True, "rounds": 7, "scoring": "third"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lake=on", "unknown option lake"),
        ("river=maybe", "on or off"),
        ("rounds=ten", "whole number"),
        ("rounds=0", "at least 1"),
        ("rounds=10", "at most 9"),
        ("scoring=fourth", "one of first, third"),
        ("river", "key=value"),
    ],
)
def test_bad_options_get_clear_messages(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_option_texts(SPECS, [text])
