"""The legacy campaign runner: 24 episodes played one after another, saved to a JSON file after
every episode and resumed exactly (MYC-LEG-11).

Each episode's chance and each seat's agent are seeded from the campaign seed and the episode
number only, so a campaign resumed from its file plays exactly as one played straight through.
Stickers (MYC-LEG-10) go on free sticker squares chosen with a seeded draw (the printed game lets
the player choose; the runner has no sticker-placement decision yet).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townhall.engine import OptionError, OptionValue, TownhallError
from townhall.engine.agent import Agent, derive_seed
from townhall.engine.datafile import read_json
from townhall.engine.errors import DataError
from townhall.engine.match import play_match
from townhall.engine.records import fields_json
from townhall.games.my_city import GAME
from townhall.games.my_city.chapters import CampaignData, campaign_option
from townhall.games.my_city.data import cell_name, parse_cell
from townhall.games.my_city.options import board_option
from townhall.games.my_city.state import MyCityState

SAVE_FORMAT = "my-city-campaign-save/1"
AgentFactory = Callable[[int, str, int], Agent]  # (seat, spec, seed) -> agent
# (seat, sticker kind, free square cells) -> the chosen cell, or None to let the seeded draw choose
StickerChooser = Callable[[int, str, list[int]], int | None]
# (seat, 4th church shapes) -> the chosen piece id, or None to let the seeded draw choose
ChurchChooser = Callable[[int, list[str]], str | None]


@dataclass
class Campaign:
    """The saved campaign: seats, boards (stickers), progress marks, the next episode, history."""

    num_players: int
    seats: list[str]
    players: list[str]
    seed: int
    board: str = ""
    chapters: str = ""  # chapter modules file ('' = built-in data/campaign.json), MYC-LEG-1
    next_episode: int = 1
    stickers: list[list[list[str]]] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    takeovers: list[dict[str, Any]] = field(default_factory=list)
    church4: str = ""  # chapter 2: the 4th church's piece id, chosen by results ('' = not yet)

    @property
    def data(self) -> CampaignData:
        """The chapter modules this campaign plays (MYC-LEG-1)."""
        try:
            return campaign_option(self.chapters)
        except DataError as error:
            raise OptionError(f"chapter file rejected: {error}") from None

    @staticmethod
    def new(
        seats: list[str], seed: int, board: str = "", players: list[str] | None = None, chapters: str = ""
    ) -> Campaign:
        GAME.meta.check_players(len(seats))
        board_option(board, "campaign")  # rejects a bad board file now, not at episode 1
        campaign_option(chapters)  # likewise a bad chapter file
        return Campaign(
            num_players=len(seats),
            seats=list(seats),
            players=list(players) if players else [f"player {i + 1}" for i in range(len(seats))],
            seed=seed,
            board=board,
            chapters=chapters,
            stickers=[[] for _ in seats],
            marks=[0] * len(seats),
        )

    # ------------------------------------------------------------------ files

    def to_json(self) -> dict[str, Any]:
        out = fields_json(SAVE_FORMAT, self, leave_out=("stickers", "marks"))
        out["boards"] = [{"stickers": s, "marks": m} for s, m in zip(self.stickers, self.marks, strict=True)]
        return out

    @staticmethod
    def from_json(data: Any, where: str = "campaign") -> Campaign:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise DataError(f"{where}: not a My City campaign file ('format' must be {SAVE_FORMAT!r})")
        try:
            boards = data["boards"]
            campaign = Campaign(
                num_players=int(data["num_players"]),
                seats=[str(s) for s in data["seats"]],
                players=[str(p) for p in data["players"]],
                seed=int(data["seed"]),
                board=str(data.get("board", "")),
                chapters=str(data.get("chapters", "")),
                next_episode=int(data["next_episode"]),
                stickers=[[[str(c), str(k)] for c, k in b["stickers"]] for b in boards],
                marks=[int(b["marks"]) for b in boards],
                history=list(data.get("history", [])),
                takeovers=list(data.get("takeovers", [])),
                church4=str(data.get("church4", "")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DataError(f"{where}: campaign file is damaged ({error!r})") from None
        n = campaign.num_players
        if not (len(campaign.seats) == len(campaign.players) == len(campaign.stickers) == n):
            raise DataError(f"{where}: campaign file lists seats, players and boards for different player counts")
        episodes = campaign_option(campaign.chapters).episodes
        if not 1 <= campaign.next_episode <= episodes + 1:
            raise DataError(f"{where}: next_episode {campaign.next_episode} is outside 1..{episodes + 1}")
        return campaign

    def save(self, path: Path) -> None:
        """Write atomically (a crash never leaves half a file)."""
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:
            raise DataError(f"cannot write {path}: {error.strerror or error}") from None

    @staticmethod
    def load(path: Path) -> Campaign:
        return Campaign.from_json(read_json(path), str(path))

    # ------------------------------------------------------------------ play

    @property
    def finished(self) -> bool:
        return self.next_episode > self.data.episodes

    def take_over(self, seat: int, agent: str, player: str | None = None) -> None:
        """A new player takes over a seat and everything on it (board, stickers, marks)."""
        if not 0 <= seat < self.num_players:
            raise OptionError(f"there is no seat {seat + 1} in this {self.num_players}-player campaign")
        self.seats[seat] = agent
        self.players[seat] = player or agent
        self.takeovers.append(
            {"episode": self.next_episode, "seat": seat, "agent": agent, "player": self.players[seat]}
        )

    def state_option(self) -> str:
        state: dict[str, Any] = {"boards": [{"stickers": s} for s in self.stickers]}
        if self.church4:
            state["church4"] = self.church4
        return json.dumps(state, separators=(",", ":"))

    def _choose_church4(self, episode: int, choose: ChurchChooser | None = None) -> dict[str, Any] | None:
        """Chapter 2 (MYC-LEG-1, invented rule): the first time the 4th church is in the deck,
        the winner of the previous episode (ties: the lowest seat) chooses its shape (`choose`,
        e.g. a human seat; else a seeded draw); it stays for the rest of the campaign."""
        shapes = self.data.church4_shapes(episode)
        if not shapes or self.church4 in shapes:
            return None
        ranks = self.history[-1]["ranks"] if self.history else [1] * self.num_players
        seat = min(s for s, rank in enumerate(ranks) if rank == min(ranks))
        rng = random.Random(derive_seed(self.seed, "church4", episode, seat))
        piece = shapes[int(rng.random() * len(shapes))]
        chosen = choose(seat, list(shapes)) if choose is not None else None
        if chosen is not None:
            if chosen not in shapes:
                raise OptionError(f"the 4th church is one of {', '.join(shapes)}, not {chosen!r}")
            piece = chosen
        self.church4 = piece
        return {"seat": seat, "piece": self.church4}

    def _place_sticker(
        self, seat: int, kind: str, rng: random.Random, choose: StickerChooser | None = None
    ) -> str | None:
        """Put a sticker on a free sticker square of the seat's board; None when none is left."""
        spec = board_option(self.board, "campaign")
        used = {parse_cell(c) for c, _ in self.stickers[seat]}
        free = [c for c in range(len(spec.cells)) if spec.cells[c] == "o" and c not in used]
        if not free:
            return None
        cell = free[int(rng.random() * len(free))]
        if choose is not None:
            chosen = choose(seat, kind, free)
            if chosen is not None:
                if chosen not in free:
                    raise OptionError(f"a {kind} sticker goes on a free sticker square, not {cell_name(chosen)}")
                cell = chosen
        self.stickers[seat].append([cell_name(cell), kind])
        return cell_name(cell)

    def play_episode(
        self,
        agents: AgentFactory,
        choose: StickerChooser | None = None,
        choose_church: ChurchChooser | None = None,
    ) -> dict[str, Any]:
        """Play the next episode, apply marks and stickers; returns the history entry."""
        if self.finished:
            raise TownhallError("the campaign is over: all episodes have been played")
        episode = self.next_episode
        church4 = self._choose_church4(episode, choose_church)
        for seat in range(self.num_players):
            rng = random.Random(derive_seed(self.seed, "start-stickers", episode, seat))
            for kind in self.data.start_stickers(episode):
                self._place_sticker(seat, kind, rng, choose)
        seed = derive_seed(self.seed, "episode", episode)
        seats = [agents(seat, spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(self.seats)]
        options: dict[str, OptionValue] = {
            "mode": "campaign",
            "episode": episode,
            "campaign": self.state_option(),
            "board": self.board,
            "chapters": self.chapters,
        }
        match = play_match(GAME, self.num_players, seats, options=options, seed=seed)
        state = match.state
        assert isinstance(state, MyCityState)
        ranks = state.ranks()
        awarded: list[list[str]] = []
        for seat in range(self.num_players):
            self.marks[seat] += state.marks[seat]
            row = state.award_rank(seat)
            rng = random.Random(derive_seed(self.seed, "awards", episode, seat))
            placed = [
                f"{kind}@{self._place_sticker(seat, kind, rng, choose)}" for kind in self.data.awards(episode)[row]
            ]
            awarded.append(placed)
        entry = {
            "episode": episode,
            "seats": list(self.seats),
            "scores": [int(s) for s in state.score],
            "ranks": ranks,
            "marks": list(state.marks),
            "awards": awarded,
            "final": state.final,
        }
        if church4 is not None:
            entry["church4"] = church4
        self.history.append(entry)
        self.next_episode += 1
        return entry

    def winners(self) -> list[int]:
        """Seats with the most progress marks (MYC-LEG-9); tied seats share the win."""
        best = max(self.marks)
        return [seat for seat, marks in enumerate(self.marks) if marks == best]


def mark_rows(count: int, per_row: int | None = None) -> list[str]:
    """Progress marks drawn as filled top row first, left to right (MYC-LEG-8)."""
    per_row = per_row or campaign_option("").marks_per_row
    rows = []
    start = 0
    while start < max(count, 2 * per_row):  # the board's two rows, more if a long campaign fills them
        filled = max(0, min(per_row, count - start))
        rows.append("●" * filled + "○" * (per_row - filled))
        start += per_row
    return rows


def run(
    path: Path,
    episodes: int,
    agents: AgentFactory,
    on_episode: Callable[[dict[str, Any]], None] | None = None,
) -> Campaign:
    """Play up to `episodes` more episodes of the campaign in `path`, saving after each one."""
    campaign = Campaign.load(path)
    for _ in range(episodes):
        if campaign.finished:
            break
        entry = campaign.play_episode(agents)
        campaign.save(path)
        if on_episode is not None:
            on_episode(entry)
    return campaign


__all__ = ["Campaign", "ChurchChooser", "mark_rows", "run"]
