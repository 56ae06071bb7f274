"""TableSpec: one check of a table's players, seats, agent specs and options for every door."""

from __future__ import annotations

import pytest

from tests.engine.toys import Pig
from townhall.agents import HUMAN, TableSpec
from townhall.engine.errors import OptionError, UnknownName
from townhall.games import get


def test_seats_fill_up_to_the_player_count() -> None:
    table = TableSpec.resolve(Pig(), None, ["human", " mcts:iterations=5 "], {"target": "15"}, default_seat="random")
    assert table.game == "toy-pig" and table.players == 2
    assert table.seats == ("human", "mcts:iterations=5")
    assert table.options == {"target": 15, "max_turns": 60}  # texts read, defaults filled, in declared order
    assert table.humans == [0] and not table.rotating
    assert TableSpec.resolve(Pig(), 3, ["greedy"], default_seat="random").seats == ("greedy", "random", "random")
    assert TableSpec.resolve(Pig(), None, []).seats == (HUMAN, HUMAN)  # the game's minimum, people by default


def test_a_rotation_takes_more_or_fewer_agents_than_seats() -> None:
    table = TableSpec.rotation(Pig(), 2, ["greedy", "random", "mcts:iterations=5"])
    assert table.rotating and table.players == 2 and table.seats == ("greedy", "random", "mcts:iterations=5")
    assert TableSpec.rotation(Pig(), 3, ["random"]).seats == ("random",)


@pytest.mark.parametrize(
    ("players", "seats", "options", "words"),
    [
        (7, [], None, ["2-4 players, not 7"]),
        (2, ["random", "random", "random"], None, ["3 seats given for 2 players"]),
        (None, ["mcts:iterations=0"], None, ["iterations", "at least 1"]),
        (None, ["greedy:samples=many"], None, ["samples", "whole number", "'many'"]),
        (None, ["mcts:budget=3"], None, ["'budget'", "its parameters"]),
        (None, ["random:x=1"], None, ["no parameters"]),
        (None, [], {"target": "far"}, ["target", "whole number"]),
        (None, [], {"speed": 2}, ["unknown option speed"]),
    ],
)
def test_a_bad_set_up_is_an_option_error(
    players: int | None, seats: list[str], options: dict[str, str | int] | None, words: list[str]
) -> None:
    with pytest.raises(OptionError) as caught:
        TableSpec.resolve(Pig(), players, seats, options)
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_only_an_unknown_agent_is_an_unknown_name() -> None:
    for make in (
        lambda: TableSpec.resolve(Pig(), None, ["human", "oracle"]),
        lambda: TableSpec.rotation(Pig(), 2, ["random", "oracle"]),
    ):
        with pytest.raises(UnknownName, match="unknown agent 'oracle'"):
            make()
    with pytest.raises(UnknownName, match="unknown agent 'human'"):  # people play no tournaments
        TableSpec.rotation(Pig(), 2, ["human", "random"])


def test_a_rotation_is_checked_like_a_table() -> None:
    with pytest.raises(OptionError, match="at least one agent"):
        TableSpec.rotation(Pig(), 2, [])
    with pytest.raises(OptionError, match="2-4 players, not 1"):
        TableSpec.rotation(Pig(), 1, ["random"])
    with pytest.raises(OptionError, match="depth"):
        TableSpec.rotation(Pig(), 2, ["random", "mcts:depth=deep"])


def test_the_game_checks_its_set_up() -> None:
    """Kutná Hora refuses two players without events (the game's own check_setup) at every door."""
    kutna_hora = get("kutna-hora")
    for make in (
        lambda: TableSpec.resolve(kutna_hora, 2, [], {"events": False}),
        lambda: TableSpec.rotation(kutna_hora, 2, ["random"], {"events": False}),
    ):
        with pytest.raises(OptionError, match="events"):
            make()
    assert TableSpec.resolve(kutna_hora, 3, [], {"events": False}).options["events"] is False
