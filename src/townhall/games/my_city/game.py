"""The My City Game object: options, setup (board, campaign state), JSON, rendering, bounds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from townhall.engine import (
    Chance,
    Event,
    EventKind,
    Game,
    GameMeta,
    Json,
    OptionError,
    Options,
    OptionSpec,
    data_version_of,
)
from townhall.engine.datafile import read_json
from townhall.engine.errors import DataError
from townhall.engine.protocol import DataKind, GameFacts
from townhall.games.my_city import board_view, scoring, turns, views
from townhall.games.my_city import evaluate as heuristic
from townhall.games.my_city.board import Features, neighbours, terrain_for
from townhall.games.my_city.chapters import RuleSet, campaign_option, evergreen_rules
from townhall.games.my_city.data import (
    DATA_DIR,
    MAX_PIECES,
    STICKER_KINDS,
    BoardFile,
    BoardSpec,
    CampaignFile,
    PiecesFile,
    board_from_json,
    builtin_files,
    cell_name,
    load_board,
    parse_cell,
)
from townhall.games.my_city.pieces import CATALOGUE
from townhall.games.my_city.scoring import END_REASONS, TIE_BREAKS
from townhall.games.my_city.state import MyCityState
from townhall.i18n import N_

# Bumped when a scoring rule changes outside the data files (records of other rules are refused):
# 2 = gold mines and mine shafts are not empty cells (issue 16, RULINGS.md MYC-EVG-7).
RULES_REVISION = "my-city rules 2"
EVERGREEN_BOARD = load_board(DATA_DIR / "board-evergreen.json")
LEGACY_BOARD = load_board(DATA_DIR / "board-legacy.json")
PALACE = CATALOGUE.by_id["PAL"]

Stickers = list[list[tuple[int, str]]]


def board_option(text: str, mode: str) -> BoardSpec:
    """The board named by the `board` option: '' built-in, 'random:SEED' generated, else a file."""
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
        return load_board(Path(text))
    except DataError as error:
        raise OptionError(f"board file rejected: {error}") from None


def _campaign_state(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    try:
        return json.loads(text) if text.startswith("{") else read_json(Path(text))
    except (DataError, json.JSONDecodeError) as error:
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


def _features(spec: BoardSpec, stickers: list[tuple[int, str]]) -> Features:
    features = Features.of(spec.cells)
    for cell, kind in stickers:
        features = features.with_sticker(cell, kind)
    return features


def build_state(num_players: int, rules: RuleSet, spec: BoardSpec, stickers: Stickers) -> MyCityState:
    terrain = terrain_for(spec, rules.east_only, rules.land)
    features = [_features(spec, s) for s in stickers]
    state = MyCityState(num_players, rules, spec, terrain, features, stickers)
    if rules.palace >= 0:
        if not terrain.buildable >> rules.palace & 1:
            raise OptionError(f"the palace cell {cell_name(rules.palace)} is not light green on this board")
        state.start_occupied = 1 << rules.palace
        for p in range(num_players):
            state.occupied[p] |= state.start_occupied
            state.around[p] = neighbours(state.occupied[p])
            state.placed[p].append((PALACE, state.start_occupied))
    return state


class MyCity(Game[MyCityState]):
    meta = GameMeta(
        name="my-city",
        title="My City",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "mode", "evergreen", "evergreen game or one campaign episode", choices=("evergreen", "campaign")
            ),
            OptionSpec("episode", 1, "campaign episode (mode=campaign)", minimum=1, maximum=24),
            OptionSpec(
                "campaign",
                "",
                "campaign state: a campaign file or its JSON ('' = start of the campaign)",
                names_file=True,
            ),
            OptionSpec(
                "board", "", "board file ('' = built-in stand-in board; random:SEED = generated)", names_file=True
            ),
            OptionSpec(
                "chapters", "", "campaign chapter modules file ('' = built-in data/campaign.json)", names_file=True
            ),
        ),
        data_version=data_version_of(builtin_files(), salt=RULES_REVISION),
        notes="Board and piece shapes are stand-ins (see data/*.json); load the printed ones with board=FILE.",
        facts=GameFacts(
            hidden=(N_("the choices of the other players on the revealed card, until everyone has decided"),),
            simultaneous=True,
            chance=True,
            score="points",
            end_reasons=END_REASONS,
            tie_breaks=TIE_BREAKS,
        ),
    )

    def new_state(self, num_players: int, options: Options, chance: Chance) -> MyCityState:
        mode = str(options["mode"])
        spec = board_option(str(options["board"]), mode)
        if mode == "evergreen":
            rules = evergreen_rules()
            stickers: Stickers = [[] for _ in range(num_players)]
        else:
            try:
                chapters = campaign_option(str(options.get("chapters", "")))
                church4 = church4_from_campaign(str(options["campaign"]))
                rules = chapters.rules(int(options["episode"]), num_players, church4)
            except DataError as error:
                raise OptionError(str(error)) from None
            stickers = stickers_from_campaign(str(options["campaign"]), num_players, spec)
        state = build_state(num_players, rules, spec, stickers)
        turns.draw(state, chance, None)
        return state

    def state_from_json(self, data: dict[str, Json]) -> MyCityState:
        rules = RuleSet.from_json(data["rules"])
        spec = board_from_json({"format": "my-city-board/1", **data["board"]}, "state")
        stickers = [[(parse_cell(c), k) for c, k in seat] for seat in data["stickers"]]
        state = MyCityState(
            data["num_players"],
            rules,
            spec,
            terrain_for(spec, rules.east_only, rules.land),
            [_features(spec, s) for s in stickers],
            stickers,
        )
        state.load_progress(data)
        return state

    event_kinds: ClassVar[Mapping[str, EventKind]] = views.EVENT_KINDS

    def event_text(self, event: Event) -> str:
        return views.event_text(event)

    def statistics(self, state: MyCityState) -> dict[str, float]:
        return scoring.statistics(state) if state.over else {}

    def board_view(self, state: MyCityState, viewer: int | None) -> dict[str, Json]:
        return board_view.board_view(state, viewer)

    def action_target(self, state: MyCityState, player: int, action: int) -> dict[str, Json] | None:
        return board_view.action_target(state, player, action)

    def render(self, state: MyCityState, viewer: int | None) -> str:
        return views.render(state, viewer)

    def max_decisions(self, num_players: int, options: Options) -> int:
        # Every card asks each active player once; the blockade asks nobody.
        # Campaign decks can hold more cards (4th church, investor): bound by the piece field.
        return (MAX_PIECES + 1) * num_players

    def variants(self) -> list[dict[str, Any]]:
        return [
            {"mode": "campaign", "episode": 1},
            {"mode": "campaign", "episode": 7},
            {"mode": "campaign", "episode": 5},
            {"mode": "campaign", "episode": 13},
            {"mode": "campaign", "episode": 16},
            {"mode": "campaign", "episode": 24},
            {"board": "random:1"},
        ]

    def data_files(self) -> Mapping[str, DataKind]:
        return {
            "board": DataKind(BoardFile, (DATA_DIR / "board-evergreen.json", DATA_DIR / "board-legacy.json")),
            "pieces": DataKind(PiecesFile, (DATA_DIR / "pieces.json",)),
            "campaign": DataKind(CampaignFile, (DATA_DIR / "campaign.json",)),
        }

    def evaluate(self, state: MyCityState, player: int) -> float:
        return heuristic.evaluate(state, player)

    def evaluate_all(self, state: MyCityState) -> list[float]:
        return heuristic.evaluate_all(state)

    def observer(self, num_players: int, options: Any) -> Any:
        from townhall.games.my_city.observer import MyCityObserver  # for townhall.rl

        return MyCityObserver(num_players, options)


GAME = MyCity()
