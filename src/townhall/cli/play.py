"""Terminal play: humans and bots at one table, the position rendered as text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from townhall.agents import make_agent
from townhall.cli.words import _, game_title, ngettext
from townhall.engine.agent import Agent, Budget, choose_typed, derive_seed
from townhall.engine.errors import IllegalAction, MalformedAction, TownhallError
from townhall.engine.match import Match
from townhall.engine.options import OptionValue
from townhall.engine.protocol import Event, Game

HUMAN = "human"


def help_text() -> str:
    return _(
        "Type the number of an action, its text (or a unique start of it), "
        "'undo' to take back your last step, 'board' to show the position again, or 'quit' to leave."
    )


def _is(command: str, *english: str, shown: str) -> bool:
    """Whether a typed command is one of the table's words, in English or in the language shown."""
    return command in english or command == shown.lower()


class Quit(TownhallError):
    """The person left the table."""


def seat_label(seat: int, spec: str) -> str:
    return _("Player {number} ({spec})").format(number=seat + 1, spec=_("human") if spec == HUMAN else spec)


def play_game(
    game: Game[Any],
    num_players: int,
    seats: Sequence[str],
    options: dict[str, OptionValue],
    seed: int | None,
    console: Console,
    ask: Callable[[str], str] = input,
    budget: Budget | None = None,
) -> Match:
    """Run a game at the terminal until it ends (Quit if a person leaves)."""
    match = Match(game, num_players, options, seed, seats, undo=True)
    agents: dict[int, Agent] = {
        seat: make_agent(spec, game, derive_seed(match.seed, "seat", seat))
        for seat, spec in enumerate(seats)
        if spec != HUMAN
    }
    humans = [seat for seat, spec in enumerate(seats) if spec == HUMAN]
    console.print(
        ngettext(
            "[bold]{title}[/bold], {count} player, seed {seed}",
            "[bold]{title}[/bold], {count} players, seed {seed}",
            num_players,
        ).format(title=game_title(game), count=num_players, seed=match.seed)
    )
    shown_events = 0
    while not match.is_over():
        movers = match.to_move()
        player = movers[0]
        shown_events = _show_events(console, game, match.events, shown_events, humans)
        if player in agents:
            view = match.view(player)
            action = agents[player].act(view, view.legal_actions(), budget or Budget())
            text = match.state.action_text(action)
            secret = match.simultaneous
            match.apply(player, action)
            if secret:
                console.print(_("{seat} has decided.").format(seat=seat_label(player, seats[player])))
            else:
                console.print(f"{seat_label(player, seats[player])}: {text}")
            continue
        _human_turn(match, player, seats, console, ask)
    _show_events(console, game, match.events, shown_events, humans)
    console.print(game.render(match.state, None))
    console.print(result_table(match, seats))
    return match


def _human_turn(match: Match, player: int, seats: Sequence[str], console: Console, ask: Callable[[str], str]) -> None:
    console.print(match.game.render(match.state, player))
    while True:
        legal = match.state.legal_actions(player)
        texts = [match.state.action_text(a) for a in legal]
        for number, text in enumerate(texts, 1):
            console.print(f"  {number:>3}. {text}", highlight=False)
        try:
            answer = ask(f"{seat_label(player, seats[player])}> ")
        except EOFError:
            raise Quit(_("input ended; the game was left unfinished")) from None
        command = answer.strip().lower()
        if command in (text.lower() for text in texts):
            command = ""  # an action's own text (e.g. a game's 'exit') wins over the table's words
        if _is(command, "quit", "q", shown=_("quit")):
            raise Quit(_("you left the game"))
        if _is(command, "help", "?", shown=_("help")):
            console.print(help_text())
            continue
        if _is(command, "board", shown=_("board")):
            console.print(match.game.render(match.state, player))
            continue
        if _is(command, "undo", shown=_("undo")):
            if match.undo(player):
                console.print(_("Taken back."))
                console.print(match.game.render(match.state, player))
            else:
                console.print(_("[yellow]Nothing to take back: a draw or another player has acted since.[/yellow]"))
            continue
        try:
            picked = pick_action(match, legal, texts, answer)
        except MalformedAction as error:
            console.print(f"[yellow]{escape(str(error))}[/yellow] ({help_text()})")
            continue
        try:
            match.apply(player, legal[picked])
        except IllegalAction as error:  # the player's words; the clause stays on the error
            console.print(f"[red]{escape(error.message)}[/red]")
            continue
        return


def pick_action(match: Match, legal: Sequence[int], texts: Sequence[str], answer: str) -> int:
    """The index an answer picks: typed in the language shown, or else in English (the engine's
    one parser of typed actions, which the server uses too)."""
    return choose_typed(match.state, legal, texts, answer)


def _show_events(console: Console, game: Game[Any], events: Sequence[Event], start: int, humans: Sequence[int]) -> int:
    for event in events[start:]:
        if event.visible_to is None or any(h in event.visible_to for h in humans):
            console.print(f"  [cyan]{escape(game.event_text(event))}[/cyan]", highlight=False)
    return len(events)


def result_table(match: Match, seats: Sequence[str]) -> Table:
    table = Table(title=_("Result"))
    table.add_column(_("Rank"), justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Score"), justify="right")
    scores = match.state.scores()
    ranks = match.state.ranks()
    for seat in sorted(range(match.num_players), key=lambda s: ranks[s]):
        table.add_row(str(ranks[seat]), seat_label(seat, seats[seat]), f"{scores[seat]:g}")
    return table
