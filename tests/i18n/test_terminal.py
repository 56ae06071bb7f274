"""The terminal in another language: `--lang`, TOWNHALL_LANG, the game's words, and a person
typing an action (or the table's words) in the language shown, or in English."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from townhall import games
from townhall.cli import app
from townhall.cli.play import Quit, play_game
from townhall.i18n import current, using

runner = CliRunner()


def _play_carcassonne(language: str, answers: list[str]) -> str:
    """Seat 1 is a person answering in turn, who leaves (in the language shown) at the end; seat 2 a bot."""
    console = Console(record=True, width=200)
    given = iter(answers)
    with using(language), pytest.raises(Quit):
        play_game(games.get("carcassonne"), 2, ["human", "random"], {}, 3, console, ask=lambda _: next(given))
    return console.export_text()


def test_a_person_types_the_japanese_action_text_or_its_start() -> None:
    """First turn: the full Japanese text of the second placement; then a unique start of a
    Japanese deploy text; a Japanese table word (盤面) shows the board again."""
    shown = _play_carcassonne("ja", ["盤面", "配置 0,1 r0", "騎士", "終了"])
    assert "配置 0,1 r0" in shown
    assert shown.count("凡例") >= 2, "盤面 shows the board again"
    assert "プレイヤー1 が 紋章付き都市帯 を 0,1 に0°回転して配置" in shown
    assert "プレイヤー1 が 0,1 の都市 東+西に騎士を置く" in shown


def test_english_text_still_works_when_another_language_is_shown() -> None:
    shown = _play_carcassonne("zh-Hant", ["place 0,1 r0", "no follower", "quit"])
    assert "玩家1 將 帶三角旗的城市帶 旋轉 0° 放置於 0,1" in shown


def test_a_wrong_answer_is_explained_in_the_language_shown() -> None:
    shown = _play_carcassonne("zh-Hans", ["飞到月亮", "99", "退出"])
    assert "没有合法行动是 '飞到月亮'" in shown
    assert "没有第 99 个行动" in shown


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (["--lang", "ja", "games"], {}, "カルカソンヌ"),
        (["--lang", "ja", "games"], {}, "既定値"),
        (["games"], {"TOWNHALL_LANG": "zh-Hant"}, "遊戲"),
        (["games"], {"TOWNHALL_LANG": "", "LANG": "zh_CN.UTF-8"}, "游戏"),
        (["games"], {"TOWNHALL_LANG": "", "LANG": "C.UTF-8", "LC_ALL": ""}, "Townhall games"),
    ],
)
def test_the_command_line_chooses_its_language(args: list[str], env: dict[str, str], expected: str) -> None:
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    assert expected in result.output
    assert current() == "en", "a command's language ends with the command"


def test_an_unknown_language_is_one_line_and_exit_2() -> None:
    result = runner.invoke(app, ["--lang", "tlh", "games"])
    assert result.exit_code == 2
    assert "unknown language 'tlh'" in result.output and "Traceback" not in result.output
