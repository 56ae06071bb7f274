"""The My City options read into what a table is set up from: the rule set of the mode/episode
(and the campaign's 4th church), the board (built-in, generated or a file) and each seat's
stickers from a campaign state. No rules of play here; setup.py builds the state from these."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from townhall.engine import OptionError, Options
from townhall.engine.datafile import parse_json_text, read_json
from townhall.engine.errors import DataError
from townhall.games.my_city.chapters import RuleSet, campaign_option, evergreen_rules
from townhall.games.my_city.data import DATA_DIR, STICKER_KINDS, BoardSpec, board_from_json, load_board, parse_cell

EVERGREEN_BOARD = load_board(DATA_DIR / "board-evergreen.json")
LEGACY_BOARD = load_board(DATA_DIR / "board-legacy.json")

Stickers = list[list[tuple[int, str]]]


def board_option(text: str, mode: str) -> BoardSpec:
    """The board named by the `board` option: '' built-in, 'random:SEED' generated, a board file's
    JSON given inline ('{...}'), else a file."""
    text = text.strip()
    if not text:
        return EVERGREEN_BOARD if mode == "evergreen" else LEGACY_BOARD
    if text.startswith("random:"):
        from townhall.games.my_city.boardgen import random_board

        try:
            seed = int(text[len("random:") :])
        except ValueError:
            raise OptionError(f"board=random:SEED takes a whole number, not {text!r}") from None
        return random_board(seed, legacy=mode == "campaign")
    try:
        if text.startswith("{"):
            return board_from_json(parse_json_text(text, "board"), "board")
        return load_board(Path(text))
    except DataError as error:
        raise OptionError(f"board file rejected: {error}") from None


def _campaign_state(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return parse_json_text(text, "campaign") if text.startswith("{") else read_json(Path(text))
    except DataError as error:
        raise OptionError(f"campaign state rejected: {error}") from None


def church4_from_campaign(text: str) -> str:
    """The 4th church a campaign state has chosen (chapter 2), '' when none."""
    data = _campaign_state(text)
    found = data.get("church4", "") if isinstance(data, dict) else ""
    return found if isinstance(found, str) else ""


def stickers_from_campaign(text: str, num_players: int, spec: BoardSpec) -> Stickers:
    """Each seat's stickers from a campaign state (JSON text or a campaign file path)."""
    data = _campaign_state(text)
    if data is None:
        return [[] for _ in range(num_players)]
    boards = data.get("boards") if isinstance(data, dict) else None
    if not isinstance(boards, list) or len(boards) < num_players:
        raise OptionError(f"campaign state rejected: it needs 'boards' for {num_players} seats")
    out: Stickers = []
    for seat, board in enumerate(boards[:num_players]):
        seat_stickers: list[tuple[int, str]] = []
        items = board.get("stickers", []) if isinstance(board, dict) else None
        if not isinstance(items, list):
            raise OptionError(f"campaign state rejected: seat {seat} board is not {{'stickers': [[cell, kind], ...]}}")
        for item in items:
            try:
                where, kind = item
                cell = parse_cell(where)
            except (ValueError, TypeError):
                raise OptionError(
                    f"campaign state rejected: seat {seat} sticker {item!r} is not [cell, kind]"
                ) from None
            if kind not in STICKER_KINDS:
                raise OptionError(
                    f"campaign state rejected: seat {seat} sticker kind {kind!r} (known: {', '.join(STICKER_KINDS)})"
                )
            if spec.cells[cell] in "MF":
                raise OptionError(f"campaign state rejected: seat {seat} sticker on {where}, which is not light green")
            seat_stickers.append((cell, kind))
        out.append(seat_stickers)
    return out


def table_from_options(num_players: int, options: Options) -> tuple[RuleSet, BoardSpec, Stickers]:
    """The rule set, the board and each seat's stickers that resolved options ask for."""
    mode = str(options["mode"])
    spec = board_option(str(options["board"]), mode)
    if mode == "evergreen":
        return evergreen_rules(), spec, [[] for _ in range(num_players)]
    try:
        chapters = campaign_option(str(options.get("chapters", "")))
        church4 = church4_from_campaign(str(options["campaign"]))
        rules = chapters.rules(int(options["episode"]), num_players, church4)
    except DataError as error:
        raise OptionError(str(error)) from None
    return rules, spec, stickers_from_campaign(str(options["campaign"]), num_players, spec)
