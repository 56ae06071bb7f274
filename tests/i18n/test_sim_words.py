"""The tournament table and the simulation's errors come in the language in force; English is
unchanged."""

from __future__ import annotations

import pytest
from rich.console import Console

from tests.i18n.narration import latin_words
from townhall.engine.errors import TownhallError
from townhall.i18n import using
from townhall.sim.tournament import TournamentSummary, render_table, run_tournament


@pytest.fixture(scope="module")
def summary() -> TournamentSummary:
    return run_tournament("carcassonne", ["random", "random"], n_games=2, seed=3, jobs=1)


def _shown(summary: TournamentSummary) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(render_table(summary))
    return console.export_text()


def test_the_tournament_table_speaks_the_language_in_force(summary: TournamentSummary) -> None:
    english = _shown(summary)
    assert "carcassonne: 2 games, 2 players, seed 3" in english and "win share" in english
    for language in ("zh-Hans", "zh-Hant", "ja"):
        with using(language):
            shown = _shown(summary)
        # the game's name and the agents' specs are ids a person types
        assert not latin_words(shown, {"carcassonne", "random"}), f"{language}:\n{shown}"
        assert shown.count("random") == english.count("random")


def test_the_simulation_refuses_in_the_language_in_force() -> None:
    with pytest.raises(TownhallError, match="jobs must be at least 1, not 0"):
        run_tournament("carcassonne", ["random"], n_games=1, jobs=0)
    with using("ja"), pytest.raises(TownhallError, match="並列数は1以上です"):
        run_tournament("carcassonne", ["random"], n_games=1, jobs=0)
