"""Terminal play: humans and bots at one table, the position rendered as text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from townhall.agents import make_agent
from townhall.engine.agent import Agent, Budget, choose_action, derive_seed
from townhall.engine.errors import IllegalAction, MalformedAction, TownhallError
from townhall.engine.match import Match
from townhall.engine.options import OptionValue
from townhall.engine.protocol import Event, Game

HUMAN = "human"
HELP = (
    "Type the number of an action, its text (or a unique start of it), "
    "'undo' to take back your last step, 'board' to show the position again, or 'quit' to leave."
)


class Quit(TownhallError):
    """The person left the table."""


def seat_label(seat: int, spec: str) -> str:
    return f"Player {seat + 1} ({spec})"


def play_game(
    game: Game,
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
    console.print(f"[bold]{game.meta.title}[/bold], {num_players} players, seed {match.seed}")
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
                console.print(f"{seat_label(player, seats[player])} has decided.")
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
            raise Quit("input ended; the game was left unfinished") from None
        command = answer.strip().lower()
        if command in (text.lower() for text in texts):
            command = ""  # an action's own text (e.g. a game's 'exit') wins over the table's words
        if command in {"quit", "q"}:
            raise Quit("you left the game")
        if command in {"help", "?"}:
            console.print(HELP)
            continue
        if command == "board":
            console.print(match.game.render(match.state, player))
            continue
        if command == "undo":
            if match.undo(player):
                console.print("Taken back.")
                console.print(match.game.render(match.state, player))
            else:
                console.print("[yellow]Nothing to take back: a draw or another player has acted since.[/yellow]")
            continue
        try:
            picked = choose_action(texts, answer)
        except MalformedAction as error:
            console.print(f"[yellow]{error}[/yellow] ({HELP})")
            continue
        try:
            match.apply(player, legal[picked])
        except IllegalAction as error:
            console.print(f"[red]{error}[/red]")
            continue
        return


def _show_events(console: Console, game: Game, events: Sequence[Event], start: int, humans: Sequence[int]) -> int:
    for event in events[start:]:
        if event.visible_to is None or any(h in event.visible_to for h in humans):
            console.print(f"  [cyan]{escape(game.event_text(event))}[/cyan]", highlight=False)
    return len(events)


def result_table(match: Match, seats: Sequence[str]) -> Table:
    table = Table(title="Result")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    scores = match.state.scores()
    ranks = match.state.ranks()
    for seat in sorted(range(match.num_players), key=lambda s: ranks[s]):
        table.add_row(str(ranks[seat]), seat_label(seat, seats[seat]), f"{scores[seat]:g}")
    return table
