"""`townhall campaign`: start, continue and inspect a My City legacy campaign saved in a file.

Seats are agent names ("random", "greedy", ...) or "human" (a person at this terminal).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from townhall.agents import check_spec, make_agent
from townhall.cli.words import _, game_title
from townhall.engine import TownhallError
from townhall.engine.agent import Agent, Budget, PlayerView
from townhall.games.my_city import GAME
from townhall.games.my_city.campaign import Campaign, ChurchChooser, StickerChooser, mark_rows
from townhall.games.my_city.data import cell_name
from townhall.games.my_city.words import term

app = typer.Typer(help="My City legacy campaign: 24 episodes saved after each one.", no_args_is_help=True)
console = Console()
HUMAN = "human"


class HumanSeat:
    """A person choosing by typing an action's text, a unique start of it, or its number."""

    name = HUMAN

    def __init__(self, seat: int, ask: Callable[[str], str] = input) -> None:
        self.seat = seat
        self.ask = ask

    def act(self, view: PlayerView, legal: Sequence[int], budget: Budget) -> int:
        console.print(view.render(), highlight=False)
        texts = [view.action_text(a) for a in legal]
        console.print(
            _("{count} legal actions; type one (e.g. {example!r}), '{list}' to see them all.").format(
                count=len(texts), example=texts[0], list=_("list")
            )
        )
        while True:
            try:
                answer = self.ask(_("seat {number}> ").format(number=self.seat + 1)).strip().lower()
            except EOFError:
                raise TownhallError(_("input ended; the campaign file keeps the last finished episode")) from None
            if answer in ("list", _("list")):
                for number, text in enumerate(texts, 1):
                    console.print(f"  {number:>3}. {text}", highlight=False)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(texts):
                return legal[int(answer) - 1]
            found = [i for i, t in enumerate(texts) if t.lower() == answer] or [
                i for i, t in enumerate(texts) if t.lower().startswith(answer)
            ]
            if len(found) == 1:
                return legal[found[0]]
            why = _("ambiguous {answer!r}") if found else _("no legal action reads {answer!r}")
            console.print(f"[yellow]{why.format(answer=answer)}[/yellow]")


def _sticker_prompt(campaign: Campaign, ask: Callable[[str], str] = input) -> StickerChooser:
    """Human seats choose their sticker squares; bot seats leave it to the seeded draw."""

    def choose(seat: int, kind: str, free: list[int]) -> int | None:
        if campaign.seats[seat] != HUMAN:
            return None
        names = [cell_name(c) for c in free]
        listed = " ".join(f"{number}:{name}" for number, name in enumerate(names, 1))
        while True:
            try:
                question = _("seat {number}: put a {kind} sticker on which square? ({listed}) ")
                answer = ask(question.format(number=seat + 1, kind=term(kind), listed=listed)).strip().upper()
            except EOFError:
                raise TownhallError(_("input ended; the campaign file keeps the last finished episode")) from None
            if answer.isdigit() and 1 <= int(answer) <= len(names):
                return free[int(answer) - 1]
            if answer in names:
                return free[names.index(answer)]
            console.print(_("[yellow]{answer!r} is not a free sticker square[/yellow]").format(answer=answer))

    return choose


def _church_prompt(campaign: Campaign, ask: Callable[[str], str] = input) -> ChurchChooser:
    """A human seat that won chooses the 4th church's shape (chapter 2); bots leave it to the draw."""

    def choose(seat: int, shapes: list[str]) -> str | None:
        if campaign.seats[seat] != HUMAN:
            return None
        listed = " ".join(f"{number}:{name}" for number, name in enumerate(shapes, 1))
        while True:
            try:
                answer = ask(
                    _("seat {number}: choose the 4th church ({listed}) ").format(number=seat + 1, listed=listed)
                )
                answer = answer.strip().upper()
            except EOFError:
                raise TownhallError(_("input ended; the campaign file keeps the last finished episode")) from None
            if answer.isdigit() and 1 <= int(answer) <= len(shapes):
                return shapes[int(answer) - 1]
            if answer in shapes:
                return answer
            console.print(_("[yellow]{answer!r} is not one of the 4th church shapes[/yellow]").format(answer=answer))

    return choose


def default_agents(seat: int, spec: str, seed: int) -> Agent:
    """The bot for a campaign seat: the seat's agent spec, seeded per seat and episode."""
    return make_agent(spec, GAME, seed)


def _agents(seat: int, spec: str, seed: int) -> Agent:
    if spec == HUMAN:
        return HumanSeat(seat)
    return default_agents(seat, spec, seed)


def _check_seat(spec: str) -> str:
    """Reject an unknown agent or a bad parameter before anything is saved."""
    return spec if spec == HUMAN else check_spec(spec, GAME)


def _sticker(award: str) -> str:
    """A sticker award `kind@cell` with the kind in the language in force."""
    kind, at, cell = award.partition("@")
    return f"{term(kind)}{at}{cell}"


def _report(entry: dict[str, Any]) -> None:
    console.print(
        _("episode {episode}: scores {scores}, ranks {ranks}, marks {marks}, stickers {stickers}").format(
            episode=entry["episode"],
            scores=entry["scores"],
            ranks=entry["ranks"],
            marks=entry["marks"],
            stickers=[[_sticker(award) for award in awards] for awards in entry["awards"]],
        ),
        highlight=False,
    )
    if "church4" in entry:
        chosen = entry["church4"]
        console.print(
            _("seat {number} chose the 4th church: {piece}").format(number=chosen["seat"] + 1, piece=chosen["piece"]),
            highlight=False,
        )


def _fail(error: Exception) -> None:
    console.print(f"[red]{error}[/red]")
    raise typer.Exit(1)


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="campaign file to create")],
    seats: Annotated[str, typer.Option(help="comma-separated seats: agent names or human")] = "random,random",
    seed: Annotated[int, typer.Option(help="campaign seed")] = 1,
    board: Annotated[str, typer.Option(help="legacy board file ('' = built-in stand-in)")] = "",
    chapters: Annotated[str, typer.Option(help="chapter modules file ('' = built-in data/campaign.json)")] = "",
    episodes: Annotated[int, typer.Option(help="episodes to play now")] = 0,
    force: Annotated[bool, typer.Option(help="overwrite an existing file")] = False,
) -> None:
    """Start a campaign (and optionally play its first episodes)."""
    try:
        if file.exists() and not force:
            raise TownhallError(_("{file} exists; use --force to overwrite it").format(file=file))
        seat_list = [_check_seat(s.strip()) for s in seats.split(",") if s.strip()]
        Campaign.new(seat_list, seed, board, chapters=chapters).save(file)
        console.print(_("campaign of {count} seats saved to {file}").format(count=len(seat_list), file=file))
        _play(file, episodes)
    except TownhallError as error:
        _fail(error)


def _play(file: Path, episodes: int) -> None:
    campaign = Campaign.load(file)
    for _episode in range(episodes):
        if campaign.finished:
            break
        entry = campaign.play_episode(_agents, _sticker_prompt(campaign), _church_prompt(campaign))
        campaign.save(file)
        _report(entry)
    if campaign.finished:
        winners = ", ".join(campaign.players[s] for s in campaign.winners())
        console.print(_("campaign over: winner(s) {winners}").format(winners=winners))


@app.command(name="continue")
def continue_(
    file: Annotated[Path, typer.Argument(help="campaign file")],
    episodes: Annotated[int, typer.Option(help="episodes to play")] = 1,
    take_over: Annotated[list[str] | None, typer.Option(help="SEAT=AGENT[:NAME], a new player takes a seat")] = None,
) -> None:
    """Play the next episode(s), saving after each one."""
    try:
        campaign = Campaign.load(file)
        for item in take_over or []:
            seat, sep, rest = item.partition("=")
            if not sep or not seat.strip().isdigit():
                raise TownhallError(_("--take-over is SEAT=AGENT[:NAME], not {item!r}").format(item=item))
            agent, _colon, name = rest.partition(":")
            campaign.take_over(int(seat) - 1, _check_seat(agent.strip()), name.strip() or None)
        campaign.save(file)
        _play(file, episodes)
    except TownhallError as error:
        _fail(error)


@app.command()
def status(file: Annotated[Path, typer.Argument(help="campaign file")]) -> None:
    """Show seats, progress marks, stickers and the last results."""
    try:
        campaign = Campaign.load(file)
    except TownhallError as error:
        _fail(error)
        return
    try:
        data = campaign.data
    except TownhallError as error:
        _fail(error)
        return
    episode = min(campaign.next_episode, data.episodes)
    if campaign.finished:
        state = _("over")
    else:
        state = _("next episode {episode} (chapter {chapter})").format(
            episode=episode, chapter=data.chapter_of(episode)
        )
    table = Table(title=_("{title} campaign: {state}").format(title=game_title(GAME), state=state))
    for column in (_("seat"), _("player"), _("agent"), _("marks"), _("progress"), _("stickers")):
        table.add_column(column)
    for seat in range(campaign.num_players):
        table.add_row(
            str(seat + 1),
            campaign.players[seat],
            campaign.seats[seat],
            str(campaign.marks[seat]),
            "\n".join(mark_rows(campaign.marks[seat], data.marks_per_row)),
            " ".join(f"{term(kind)}@{cell}" for cell, kind in campaign.stickers[seat]) or "-",
        )
    console.print(table)
    if campaign.history:
        _report(campaign.history[-1])
    if campaign.finished:
        console.print(
            _("winner(s): {winners}").format(winners=", ".join(campaign.players[s] for s in campaign.winners()))
        )
