"""Rule sets: the evergreen game and each campaign episode (a chapter module from campaign.json)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from townhall.engine.datafile import load_model, parse_json_text, validate_model
from townhall.engine.errors import DataError
from townhall.games.my_city.data import COLOUR_NAMES, DATA_DIR, CampaignFile, parse_cell
from townhall.games.my_city.pieces import CATALOGUE


@dataclass(frozen=True, slots=True)
class RuleSet:
    mode: str  # evergreen | campaign
    episode: int  # 0 in evergreen
    chapter: int
    pieces: tuple[int, ...]  # the cards' pieces (catalogue indices)
    blockade: bool
    start_score: int = 10
    pass_allowed: bool = True
    no_pass_episodes: tuple[int, ...] = ()
    churches: bool = False
    wells: bool = False
    well_points: int = 4
    gold_mines: bool = False
    gold_points: int = 3
    colour_groups: bool = False
    church_bonus: int = 0
    east_only: bool = False
    railroad_points: int = 0
    palace: int = -1  # cell of the chapter 8 palace, -1 none
    well_cells_plain: bool = False
    investor_points: int = 0  # chapter 5: +n per building placed next to the investor
    cap: int = 0  # 50 in the campaign (MYC-LEG-4); 0 = no cap
    progress: tuple[int, ...] = ()  # marks by rank (MYC-LEG-6)
    reach_cap_marks: int = 0
    church4: int = -1  # chapter 2: the 4th church's piece (chosen by results), -1 none
    land: int = 0  # chapter 4: mountain/forest cells that are light green now (mask)
    mine_shafts: tuple[tuple[int, ...], ...] = ()  # chapter 6: (colour, entrance, deeper cells...)
    mine_rewards: tuple[int, ...] = ()  # chapter 6: points by depth reached (index = depth)
    removed: tuple[int, ...] = ()  # chapter 8: blue pieces without a factory mark (out of the deck)
    park_points: int = 0  # chapter 8: points per park
    park_min_cells: int = 0  # chapter 8: smallest park

    @property
    def can_pass(self) -> bool:
        return self.pass_allowed and self.episode not in self.no_pass_episodes

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for key, value in out.items():
            if isinstance(value, tuple):
                out[key] = list(value)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> RuleSet:
        names = {f.name for f in fields(RuleSet)}
        values = {k: _tuples(v) for k, v in data.items() if k in names}
        return RuleSet(**values)


def _tuples(value: Any) -> Any:
    """JSON lists back to (nested) tuples."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


@lru_cache(maxsize=1)
def evergreen_rules() -> RuleSet:  # frozen: one instance serves every game
    chosen = CATALOGUE.sets["evergreen"]
    return RuleSet(
        mode="evergreen",
        episode=0,
        chapter=0,
        pieces=chosen.pieces,
        blockade=chosen.blockade,
        start_score=10,
        churches=True,
        wells=True,
        gold_mines=True,
        colour_groups=True,
        church_bonus=3,
    )


_OPTIONAL_DEFAULTS: dict[str, Any] = {
    "church4_shapes": [],
    "church4_from": 0,
    "extra_land": [],
    "mine_shafts": [],
    "mine_rewards": [],
    "factory_marks": [],
    "remove_unmarked_blue": False,
    "park_points": 0,
    "park_min_cells": 0,
}


@dataclass(frozen=True, slots=True)
class CampaignData:
    episodes: int
    per_chapter: int
    marks_per_row: int
    progress_three_or_four: tuple[int, ...]
    progress_two: tuple[int, ...]
    reach_cap: int
    cap: int
    base: dict[str, Any]
    chapters: tuple[dict[str, Any], ...]

    def chapter_of(self, episode: int) -> int:
        return (episode - 1) // self.per_chapter + 1

    def values(self, episode: int) -> dict[str, Any]:
        """The rule values of an episode: base, then its chapter's, then the episode's own."""
        if not 1 <= episode <= self.episodes:
            raise DataError(f"a campaign has episodes 1..{self.episodes}, not {episode}")
        chapter = self.chapters[self.chapter_of(episode) - 1]
        values = dict(_OPTIONAL_DEFAULTS)
        values.update(self.base)
        values.update(chapter["rules"])
        values.update(chapter["episode_rules"].get(str(episode), {}))
        return values

    def church4_shapes(self, episode: int) -> list[str]:
        """Chapter 2: the 4th church shapes to choose from when it is in this episode's deck."""
        values = self.values(episode)
        shapes: list[str] = values["church4_shapes"]
        return shapes if shapes and episode >= values["church4_from"] else []

    def rules(self, episode: int, num_players: int, church4: str = "") -> RuleSet:
        """The episode's rules; `church4` is the campaign's chosen 4th church (the first shape
        of the chapter data when the campaign has not chosen one)."""
        values = self.values(episode)
        legacy = CATALOGUE.sets["legacy"].pieces
        removed = _unmarked_blue(values)
        pieces = tuple(p for p in legacy if p not in removed)
        pieces += CATALOGUE.sets["evergreen"].pieces[24:27] if values["churches"] else ()
        shapes = self.church4_shapes(episode)
        church = CATALOGUE.by_id[church4 if church4 in shapes else shapes[0]] if shapes else -1
        if church >= 0:
            pieces += (church,)
        if values["investor_points"]:
            pieces += (CATALOGUE.by_id["INV"],)
        palace = parse_cell(values["palace"]) if values["palace"] else -1
        return RuleSet(
            mode="campaign",
            episode=episode,
            chapter=self.chapter_of(episode),
            pieces=tuple(pieces),
            blockade=bool(values["blockade"]),
            start_score=values["start_score"],
            pass_allowed=values["pass_allowed"],
            no_pass_episodes=tuple(values["no_pass_episodes"]),
            churches=values["churches"],
            wells=values["wells"],
            well_points=values["well_points"],
            gold_mines=values["gold_mines"],
            gold_points=values["gold_points"],
            colour_groups=values["colour_groups"],
            church_bonus=values["church_bonus"],
            east_only=values["east_only"],
            railroad_points=values["railroad_points"],
            palace=palace,
            well_cells_plain=values["well_cells_plain"],
            investor_points=values["investor_points"],
            cap=self.cap,
            progress=self.progress_three_or_four if num_players >= 3 else self.progress_two,
            reach_cap_marks=self.reach_cap,
            church4=church,
            land=sum(1 << parse_cell(cell) for cell in set(values["extra_land"])),
            mine_shafts=tuple(
                (COLOUR_NAMES.index(shaft["colour"]), *(parse_cell(cell) for cell in shaft["cells"]))
                for shaft in values["mine_shafts"]
            ),
            mine_rewards=tuple(values["mine_rewards"]) if values["mine_shafts"] else (),
            removed=removed,
            park_points=values["park_points"],
            park_min_cells=values["park_min_cells"],
        )

    def awards(self, episode: int) -> dict[str, list[str]]:
        return self.chapters[self.chapter_of(episode) - 1]["awards"]  # type: ignore[no-any-return]

    def start_stickers(self, episode: int) -> list[str]:
        found: list[str] = self.chapters[self.chapter_of(episode) - 1]["start_stickers"].get(str(episode), [])
        return found

    def most_stickers(self) -> int:
        """The most square stickers one seat can be given over the whole campaign: each episode's
        start stickers plus the longest row of its awards table (MYC-LEG-10)."""
        return sum(
            len(self.start_stickers(episode)) + max(len(row) for row in self.awards(episode).values())
            for episode in range(1, self.episodes + 1)
        )


def _unmarked_blue(values: dict[str, Any]) -> tuple[int, ...]:
    """Chapter 8: the blue pieces without a factory mark (removed from the deck)."""
    if not values["remove_unmarked_blue"]:
        return ()
    marked = set(values["factory_marks"])
    legacy = CATALOGUE.sets["legacy"].pieces
    return tuple(p for p in legacy if CATALOGUE.pieces[p].colour == 2 and CATALOGUE.pieces[p].id not in marked)


def _check_pieces(where: str, values: dict[str, Any]) -> None:
    """The chapter mechanics' pieces exist in data/pieces.json with the right colour (DataError)."""
    for key, colour, kind in (("church4_shapes", 3, "church"), ("factory_marks", 2, "blue")):
        for piece_id in values.get(key, ()):
            if piece_id not in CATALOGUE.by_id or CATALOGUE.pieces[CATALOGUE.by_id[piece_id]].colour != colour:
                raise DataError(f"{where}.{key}: {piece_id!r} is not a {kind} piece of data/pieces.json")


def campaign_data(model: CampaignFile, where: str) -> CampaignData:
    """The plain chapter data of a validated campaign file (checked against the piece set)."""
    base = model.base_rules.values()
    _check_pieces(f"{where}: base_rules", base)
    chapters: list[dict[str, Any]] = []
    for index, raw in enumerate(model.chapters):
        at = f"{where}: chapters.{index}"
        rules = raw.rules.values()
        _check_pieces(f"{at}.rules", rules)
        episode_rules = {}
        for episode, values in raw.episode_rules.items():
            episode_rules[episode] = values.values()
            _check_pieces(f"{at}.episode_rules.{episode}", episode_rules[episode])
        chapters.append(
            {
                "title": raw.title,
                "rules": rules,
                "episode_rules": episode_rules,
                "awards": {
                    "first": list(raw.awards.first.value),
                    "second": list(raw.awards.second.value),
                    "other": list(raw.awards.other.value),
                },
                "start_stickers": {episode: list(item.value) for episode, item in raw.start_stickers.items()},
            }
        )
    progress = model.progress
    return CampaignData(
        episodes=model.episodes.value,
        per_chapter=model.episodes_per_chapter.value,
        marks_per_row=model.marks_per_row.value,
        progress_three_or_four=tuple(progress.three_or_four.value),
        progress_two=tuple(progress.two.value),
        reach_cap=progress.reach_50.value,
        cap=model.cap.value,
        base=base,
        chapters=tuple(chapters),
    )


def campaign_from_json(data: Any, where: str) -> CampaignData:
    return campaign_data(validate_model(CampaignFile, data, where), where)


def load_campaign_data(path: Path = DATA_DIR / "campaign.json") -> CampaignData:
    return campaign_data(load_model(CampaignFile, path), path.name)


CAMPAIGN = load_campaign_data()


@lru_cache(maxsize=8)
def _campaign_file(path: str) -> CampaignData:
    return load_campaign_data(Path(path))


def campaign_option(text: str) -> CampaignData:
    """The chapter modules named by the `chapters` option: '' the built-in data/campaign.json, a
    chapter file's JSON given inline ('{...}'), else a file a user supplies (MYC-LEG-1); raises
    DataError naming what is wrong."""
    text = text.strip()
    if text.startswith("{"):
        return _inline_campaign(text)
    return CAMPAIGN if not text else _campaign_file(text)


@lru_cache(maxsize=8)
def _inline_campaign(text: str) -> CampaignData:
    return campaign_data(validate_model(CampaignFile, parse_json_text(text, "chapters"), "chapters"), "chapters")


__all__ = ["CAMPAIGN", "CampaignData", "RuleSet", "campaign_option", "evergreen_rules", "load_campaign_data", "replace"]
