"""Rule sets: the evergreen game and each campaign episode (a chapter module from campaign.json)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from townhall.games.my_city.data import DATA_DIR, DataError, parse_cell, read_json, unwrap
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


def evergreen_rules() -> RuleSet:
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


_RULE_KEYS = {
    "start_score": int,
    "pass_allowed": bool,
    "no_pass_episodes": list,
    "churches": bool,
    "blockade": bool,
    "wells": bool,
    "well_points": int,
    "gold_mines": bool,
    "gold_points": int,
    "colour_groups": bool,
    "church_bonus": int,
    "east_only": bool,
    "railroad_points": int,
    "palace": str,
    "well_cells_plain": bool,
    "investor_points": int,
    # Chapter mechanics added later: optional in a chapter file (the defaults switch them off).
    "church4_shapes": list,
    "church4_from": int,
    "extra_land": list,
    "mine_shafts": list,
    "mine_rewards": list,
    "factory_marks": list,
    "remove_unmarked_blue": bool,
    "park_points": int,
    "park_min_cells": int,
}
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
COLOUR_NAMES = ("yellow", "red", "blue")


@dataclass(frozen=True, slots=True)
class CampaignData:
    episodes: int
    per_chapter: int
    marks_per_row: int
    progress_34: tuple[int, ...]
    progress_2: tuple[int, ...]
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
            progress=self.progress_34 if num_players >= 3 else self.progress_2,
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


def _unmarked_blue(values: dict[str, Any]) -> tuple[int, ...]:
    """Chapter 8: the blue pieces without a factory mark (removed from the deck)."""
    if not values["remove_unmarked_blue"]:
        return ()
    marked = set(values["factory_marks"])
    legacy = CATALOGUE.sets["legacy"].pieces
    return tuple(p for p in legacy if CATALOGUE.pieces[p].colour == 2 and CATALOGUE.pieces[p].id not in marked)


def _check_value(where: str, key: str, value: Any) -> None:
    """Content checks of the chapter mechanics' values (DataError naming what is wrong)."""
    try:
        if key == "palace" and value:
            parse_cell(str(value))
        elif key == "extra_land":
            for cell in value:
                parse_cell(str(cell))
        elif key == "church4_shapes":
            for pid in value:
                if pid not in CATALOGUE.by_id or CATALOGUE.pieces[CATALOGUE.by_id[pid]].colour != 3:
                    raise ValueError(f"{pid!r} is not a church piece of data/pieces.json")
        elif key == "factory_marks":
            for pid in value:
                if pid not in CATALOGUE.by_id or CATALOGUE.pieces[CATALOGUE.by_id[pid]].colour != 2:
                    raise ValueError(f"{pid!r} is not a blue piece of data/pieces.json")
        elif key == "mine_rewards":
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise ValueError("points by depth are whole numbers")
        elif key == "mine_shafts":
            for shaft in value:
                if not isinstance(shaft, dict) or shaft.get("colour") not in COLOUR_NAMES:
                    raise ValueError(f"a shaft is {{'colour': yellow|red|blue, 'cells': [...]}}, not {shaft!r}")
                if not isinstance(shaft.get("cells"), list) or not shaft["cells"]:
                    raise ValueError(f"a shaft lists its cells, entrance first: {shaft!r}")
                for cell in shaft["cells"]:
                    parse_cell(str(cell))
    except ValueError as error:
        raise DataError(f"{where}.{key}: {error}") from None


def _rule_values(where: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: rules must be an object")
    out: dict[str, Any] = {}
    for key, item in raw.items():
        if key not in _RULE_KEYS:
            raise DataError(f"{where}: unknown rule {key!r} (known: {', '.join(_RULE_KEYS)})")
        value = unwrap(f"{where}.{key}", item)
        kind = _RULE_KEYS[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(f"{where}.{key}: expected {kind.__name__}, got {value!r}")
        _check_value(where, key, value)
        out[key] = value
    return out


STICKER_KINDS = ("tree", "rock", "well")


def _stickers(where: str, item: Any) -> list[str]:
    value = unwrap(where, item)
    if not isinstance(value, list) or any(v not in STICKER_KINDS for v in value):
        raise DataError(f"{where}: a list of sticker kinds ({', '.join(STICKER_KINDS)}) expected, got {value!r}")
    return list(value)


def campaign_from_json(data: Any, where: str) -> CampaignData:
    if not isinstance(data, dict) or data.get("format") != "my-city-campaign/1":
        raise DataError(f"{where}: 'format' must be 'my-city-campaign/1'")
    base = _rule_values(f"{where}: base_rules", data.get("base_rules"))
    missing = sorted(set(_RULE_KEYS) - set(base) - set(_OPTIONAL_DEFAULTS))
    if missing:
        raise DataError(f"{where}: base_rules lacks {', '.join(missing)}")
    episodes = unwrap(f"{where}: episodes", data.get("episodes"))
    per_chapter = unwrap(f"{where}: episodes_per_chapter", data.get("episodes_per_chapter"))
    chapters: list[dict[str, Any]] = []
    for number, raw in enumerate(data.get("chapters", []), 1):
        at = f"{where}: chapter {number}"
        if raw.get("chapter") != number:
            raise DataError(f"{at}: chapters must be numbered 1, 2, ... in order")
        awards = raw.get("awards", {})
        chapter = {
            "title": str(raw.get("title", "")),
            "rules": _rule_values(f"{at} rules", raw.get("rules", {})),
            "episode_rules": {
                str(e): _rule_values(f"{at} episode {e}", r) for e, r in dict(raw.get("episode_rules", {})).items()
            },
            "awards": {
                rank: _stickers(f"{at} awards.{rank}", awards.get(rank)) for rank in ("first", "second", "other")
            },
            "start_stickers": {
                str(e): _stickers(f"{at} start_stickers.{e}", s) for e, s in dict(raw.get("start_stickers", {})).items()
            },
        }
        chapters.append(chapter)
    if len(chapters) * per_chapter != episodes:
        raise DataError(f"{where}: {len(chapters)} chapters of {per_chapter} do not make {episodes} episodes")
    progress = data.get("progress", {})
    return CampaignData(
        episodes=episodes,
        per_chapter=per_chapter,
        marks_per_row=unwrap(f"{where}: marks_per_row", data.get("marks_per_row")),
        progress_34=tuple(unwrap(f"{where}: progress.3-4", progress.get("3-4"))),
        progress_2=tuple(unwrap(f"{where}: progress.2", progress.get("2"))),
        reach_cap=unwrap(f"{where}: progress.reach_50", progress.get("reach_50")),
        cap=unwrap(f"{where}: cap", data.get("cap")),
        base=base,
        chapters=tuple(chapters),
    )


def load_campaign_data(path: Path = DATA_DIR / "campaign.json") -> CampaignData:
    return campaign_from_json(read_json(path), str(path))


CAMPAIGN = load_campaign_data()


@lru_cache(maxsize=8)
def _campaign_file(path: str) -> CampaignData:
    try:
        return load_campaign_data(Path(path))
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise DataError(f"{path}: not a usable chapter file ({error!r})") from None


def campaign_option(text: str) -> CampaignData:
    """The chapter modules named by the `chapters` option: '' the built-in data/campaign.json,
    else a file a user supplies (MYC-LEG-1); raises DataError naming what is wrong."""
    text = text.strip()
    return CAMPAIGN if not text else _campaign_file(text)


__all__ = ["CAMPAIGN", "CampaignData", "RuleSet", "campaign_option", "evergreen_rules", "load_campaign_data", "replace"]
