"""docs/rl.md's observation layout tables are the observers' layouts (townhall.rl.layouts):
a change of a layout, a field's words or its bounds fails here until the document is
regenerated (`PYTHONPATH=src python bench/rl_layouts.py --write`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from townhall import games
from townhall.engine.observer import Layout
from townhall.rl.layouts import BEGIN, END, markdown, observers, section

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_tables_are_generated_from_the_observers() -> None:
    documented = section(DOC.read_text(encoding="utf-8"))
    assert documented, f"docs/rl.md has no section between {BEGIN!r} and {END!r}"
    assert documented == markdown(), "docs/rl.md's layouts drifted: run bench/rl_layouts.py --write"


@pytest.mark.parametrize("name", games.shipped())
def test_every_game_is_in_the_tables(name: str) -> None:
    game = games.get(name)
    assert f"### {game.meta.title} (`{name}`" in markdown()


@pytest.mark.parametrize("name", games.shipped())
def test_every_field_of_a_row_of_figures_is_named(name: str) -> None:
    """A slice with bounds per index names each index of its last axis (so the table gives each
    field its bounds), and the names cover every index."""
    for players, observer in observers(games.get(name)).items():
        for part in observer.slices.values():
            if max(len(part.low), len(part.high)) > 1:
                assert part.axis == len(part.shape) - 1, (players, part.name)
                assert len(part.fields) == part.shape[-1], (players, part.name)
            if part.fields or part.each:
                assert len(part.fields) <= part.shape[part.axis], (players, part.name)


def test_a_layout_refuses_fields_that_do_not_fit() -> None:
    layout = Layout()
    with pytest.raises(ValueError, match="fields"):
        layout.add("row", 3, fields=("a", "b"))  # one index left unnamed, and no `each`
    with pytest.raises(ValueError, match="fields"):
        layout.add("row", 2, fields=("a", "b", "c"))
    part = layout.add("table", 4, 3, fields=("a", "b", "c"), axis=-1)
    assert part.axis == 1 and part.fields == ("a", "b", "c")
    part = layout.add("planes", 2, 5, 5, fields=("a",), each="player {i}")
    assert part.each == "player {i}"


@pytest.mark.parametrize("name", games.shipped())
def test_the_tables_hold_for_other_options(name: str) -> None:
    """The tables are made with the default options: a yes/no option turned the other way gives
    the same slices (the layouts depend on the player count alone)."""
    game = games.get(name)
    for option in game.meta.options:
        if not isinstance(option.default, bool):
            continue
        options = game.meta.resolve({option.name: not option.default})
        for players, observer in observers(game).items():
            other = game.observer(players, options)
            assert other is not None and other.slices == observer.slices, (option.name, players)
