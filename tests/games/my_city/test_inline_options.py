"""The file options (`board`, `chapters`, `campaign`) also take the file's JSON inline: what a
server accepts instead of a file name (docs/server.md, "Options that name files")."""

from __future__ import annotations

import pytest

from tests.games.my_city.helpers import start
from townhall.engine import Chance, OptionError
from townhall.games.my_city import GAME
from townhall.games.my_city.data import DATA_DIR


def test_an_inline_board_is_the_board_of_its_file() -> None:
    text = (DATA_DIR / "board-legacy.json").read_text()
    inline = start(2, {"board": text}, Chance(0))
    from_file = start(2, {"board": str(DATA_DIR / "board-legacy.json")}, Chance(0))
    assert inline.to_json() == from_file.to_json()
    assert inline.to_json() != start(2, {}, Chance(0)).to_json()  # not the built-in evergreen board


def test_inline_chapters_play_as_the_built_in_ones() -> None:
    text = (DATA_DIR / "campaign.json").read_text()
    options = {"mode": "campaign", "episode": 5}
    assert start(2, {**options, "chapters": text}, Chance(3)).to_json() == start(2, options, Chance(3)).to_json()


@pytest.mark.parametrize("option", ["board", "chapters", "campaign"])
def test_broken_or_deep_inline_json_is_an_option_error(option: str) -> None:
    for text in ('{"rows": 1', "{" + '"a":[' * 2_000 + "]" * 2_000 + "}"):
        with pytest.raises(OptionError):
            start(2, {"mode": "campaign", option: text}, Chance(0))


def test_every_file_option_declares_its_data_prefixes() -> None:
    for spec in GAME.meta.options:
        assert spec.names_file == bool(spec.data_prefixes), spec.name
