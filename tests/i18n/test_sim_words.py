"""The tournament table and the simulation's errors come in the language in force; English is
unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.i18n.narration import latin_words
from townhall.cli.commands import app
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


def test_the_report_page_speaks_the_language_of_the_command(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    runner = CliRunner(env={"COLUMNS": "220"})
    sim = tmp_path / "sim.jsonl"
    assert runner.invoke(app, ["simulate", "toy-pig", "-n", "6", "--out", str(sim)]).exit_code == 0
    made = runner.invoke(app, ["--lang", "ja", "report", str(sim), "--out", str(tmp_path / "ja")])
    assert made.exit_code == 0, made.output
    page = (tmp_path / "ja" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in page and "<th>勝率</th>" in page and "席ごとの勝率" in page
    words = re.sub(r"<[^>]*>|\{[^}]*\}|[\w.-]+\.png", " ", page.split("<body>")[1])  # the page's text, no markup
    assert not latin_words(words, {"toy", "pig", "sim", "jsonl", "random"}), words  # file, game, agents
    english = runner.invoke(app, ["report", str(sim), "--out", str(tmp_path / "en")])
    assert english.exit_code == 0 and "<th>win rate</th>" in (tmp_path / "en" / "index.html").read_text()
