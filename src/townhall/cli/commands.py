"""The `townhall` command: list games, play at the terminal, simulate, replay and benchmark."""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from townhall import games
from townhall.agents import HUMAN, TableSpec, agent_names, split_specs
from townhall.cli.expanding import expanding
from townhall.cli.words import _, game_notes, game_title, option_line
from townhall.engine.errors import OptionError, TownhallError
from townhall.engine.options import OptionValue, parse_option_texts
from townhall.engine.protocol import Game
from townhall.i18n import UnknownLanguage, choose, from_environment

if TYPE_CHECKING:
    from townhall.sim.run import Tally, Where

app = typer.Typer(
    name="townhall",
    help="Medieval city-building board games: play, simulate, replay and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option, key=value (repeatable).")]
PlayersArg = Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")]
BoardArg = Annotated[
    Path | None, typer.Option("--board", help="Another board file, for games with a board option (my-city).")
]
SeedArg = Annotated[int | None, typer.Option("--seed", "-s", help="Seed of the match's chance.")]


def show_version(asked: bool) -> None:
    """`townhall --version`: the package's version and which build of the rules runs."""
    if not asked:
        return
    from importlib.metadata import version

    from townhall.engine.build import build_of

    choose(from_environment())
    build = build_of()
    words = (
        _("compiled build")
        if build == "compiled"
        else _("pure-Python build")
        if build == "pure"
        else _("partly compiled build")
    )
    console.print(f"townhall {version('townhall')} ({words})", highlight=False)
    raise typer.Exit()


@app.callback()
def language(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Show the version and the build (compiled or pure)."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language of the words: en, zh-Hans, zh-Hant or ja (default: TOWNHALL_LANG, then the locale).",
        ),
    ] = None,
) -> None:
    """Medieval city-building board games: play, simulate, replay and benchmark."""
    try:
        ctx.call_on_close(choose(lang if lang is not None else from_environment()))
    except UnknownLanguage as error:
        errors.print(f"[red]error:[/red] {escape(str(error))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Turn the errors a person can cause into a message and exit status 2, never a traceback."""
    try:
        yield
    except TownhallError as error:
        errors.print(
            _("[red]error:[/red] {message}").format(message=escape(str(error))), highlight=False, soft_wrap=True
        )  # one line; [x] is text
        raise typer.Exit(2) from None
    except OSError as error:
        errors.print(
            _("[red]error:[/red] {message}").format(message=f"{error.strerror or error}: {error.filename or ''}"),
            highlight=False,
        )
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        errors.print(_("interrupted"))
        raise typer.Exit(130) from None


def resolve_table(
    game: Game[Any],
    players: int | None,
    seats_text: str | None,
    option_texts: list[str] | None,
    default_seat: str,
    board: Path | None = None,
) -> TableSpec:
    """The table the command line describes: `--seats` split, `--board` and `--option` read, then
    checked with the game as every door checks it."""
    option_texts = list(option_texts or [])
    if board is not None:
        if "board" not in {spec.name for spec in game.meta.options}:
            raise OptionError(_("{title} has no board option").format(title=game_title(game)))
        if not board.is_file():
            raise OptionError(_("there is no board file {file}").format(file=board))
        option_texts.append(f"board={board}")
    seats = split_specs(seats_text) if seats_text else []
    options = parse_option_texts(game.meta.options, option_texts)
    return TableSpec.resolve(game, players, seats, options, default_seat=default_seat)


class RateColumn(ProgressColumn):
    """Games per second over rich's recent window."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="progress.data.speed")


def _progress(quiet: bool) -> Progress:
    """A progress bar with rate and ETA on standard error, shown only on a terminal and not with --json."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=quiet or not errors.is_terminal,
    )


@app.command("games")
def list_games() -> None:
    """The games, their player counts and options."""
    with friendly_errors():
        table = Table(title=_("Townhall games"))
        for column in (_("Name"), _("Title"), _("Players"), _("Options"), _("Notes")):
            table.add_column(column, overflow="fold")
        for name in games.names():
            try:
                game = games.get(name)
            except TownhallError as error:
                table.add_row(name, "-", "-", "-", _("unavailable: {error}").format(error=error))
                continue
            meta = game.meta
            options = "\n".join(option_line(spec) for spec in meta.options) or "-"
            table.add_row(name, game_title(game), f"{meta.min_players}-{meta.max_players}", options, game_notes(game))
        console.print(table)
        console.print(_("Agents: {names} (and 'human' in play)").format(names=", ".join(agent_names())))


@app.command()
def play(
    game_name: Annotated[str | None, typer.Argument(metavar="GAME", help="Game to play (asks when left out).")] = None,
    seats: Annotated[str | None, typer.Option(help="Comma-separated seats: human or an agent name.")] = None,
    players: PlayersArg = None,
    option: OptionArg = None,
    board: BoardArg = None,
    seed: SeedArg = None,
) -> None:
    """Play at the terminal against bots or friends (hot seat)."""
    from townhall.cli.play import play_game

    with friendly_errors():
        if game_name is None:
            game_name, seats = _ask_table()
        game = games.get(game_name)
        table = resolve_table(game, players, seats or HUMAN, option, "random", board)
        play_game(game, table.players, list(table.seats), table.options, seed, console)


def _ask_table() -> tuple[str, str]:
    names = games.names()
    if not names:
        raise TownhallError(_("no game is installed"))
    console.print(_("Games: ") + ", ".join(f"{i}. {name}" for i, name in enumerate(names, 1)))
    while True:
        try:
            answer = input(_("Which game? ")).strip()
        except EOFError:
            raise TownhallError(_("no answer on standard input; name a game: townhall play GAME")) from None
        chosen = names[int(answer) - 1] if answer.isdigit() and 1 <= int(answer) <= len(names) else answer
        if chosen in names:
            break
        console.print(_("[yellow]{answer!r} is not one of the games[/yellow]").format(answer=answer))
    game = games.get(chosen)
    default = ",".join(["human"] + ["random"] * (game.meta.min_players - 1))
    try:
        seats = input(
            _("Seats, comma-separated (human, {names}) [{default}]: ").format(
                names=", ".join(agent_names()), default=default
            )
        ).strip()
    except EOFError:
        seats = ""
    return chosen, seats or default


BackendArg = Annotated[str, typer.Option(help="Where games run: local (process pool) or ray (a Ray cluster).")]
AddressArg = Annotated[
    str | None, typer.Option(help="Ray cluster address (host:port or auto); without it a local Ray instance.")
]
ResultsOutArg = Annotated[
    Path | None, typer.Option(help="Stream one row per game here: JSON lines, or Parquet when the name ends .parquet.")
]
ResumeArg = Annotated[bool, typer.Option(help="Continue the interrupted run in --out (same arguments).")]


JobsArg = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (local Ray: CPUs).", min=1)]
RecordsArg = Annotated[bool, typer.Option(help="Put each game's full record in --out (replay reads it).")]
RunSeedArg = Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")]
SummaryJsonArg = Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]


@dataclass(frozen=True)
class RunOptions:
    """How simulate and tournament run their games: seed, where, the results file, --json."""

    seed: int
    where: Where
    records: bool
    as_json: bool

    def execute(self, table: TableSpec, n: int, tally: Tally, title: str) -> float:
        """Run n games at this table into `tally`, with a progress bar: the seconds they took.
        Full records need a results file to go into."""
        from townhall.sim.play import RunPlan
        from townhall.sim.run import execute

        if self.records and self.where.out is None:
            raise OptionError(_("--records writes into --out; give --out"))
        plan = RunPlan.of(table, self.seed, n, self.records)
        with _progress(self.as_json) as bar:
            task = bar.add_task(title, total=plan.n_games)
            return execute(plan, self.where, tally, lambda k: bar.advance(task, k))


def _run_options(
    seed: RunSeedArg = 1,
    jobs: JobsArg = 1,
    backend: BackendArg = "local",
    address: AddressArg = None,
    out: ResultsOutArg = None,
    records: RecordsArg = False,
    resume: ResumeArg = False,
    as_json: SummaryJsonArg = False,
) -> RunOptions:
    from townhall.sim.run import Where

    return RunOptions(seed, Where(backend, jobs, address, out, resume), records, as_json)


with_run_options = expanding(
    "run", list(inspect.signature(_run_options, eval_str=True).parameters.values()), _run_options
)


@app.command()
@with_run_options
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 100,
    players: PlayersArg = None,
    seats: Annotated[str | None, typer.Option(help="Comma-separated agents, one per seat (default random).")] = None,
    option: OptionArg = None,
    board: BoardArg = None,
    *,
    run: RunOptions,
) -> None:
    """Play many games between agents and summarise win rates, scores and speed."""
    from townhall.sim.simulate import SimulationTally

    with friendly_errors():
        game = games.get(game_name)
        table = resolve_table(game, players, seats, option, "random", board)
        if table.humans:
            raise OptionError(_("simulate plays bots only; use `townhall play` for human seats"))
        tally = SimulationTally(table.players)
        seconds = run.execute(table, n, tally, game_name)
        result = tally.result(game_name, table.options, list(table.seats), seconds)
        if run.as_json:
            print(json.dumps(result.to_json(), indent=2))
            return
        _print_simulation(result.to_json())
        if run.where.out is not None:
            console.print(_("Results written to {file}").format(file=run.where.out))


def _print_simulation(summary: dict[str, object]) -> None:
    table = Table(
        title=_("{game}: {games} games, {players} players").format(
            game=summary["game"], games=summary["games"], players=summary["players"]
        )
    )
    for column in (_("Seat"), _("Agent"), _("Win rate"), _("95% interval"), _("Score mean"), _("min"), _("max")):
        table.add_column(column, justify="right")
    seats = summary["seats"]
    assert isinstance(seats, list)
    for seat in seats:
        low, high = seat["win_rate_95"]
        score = seat["score"]
        table.add_row(
            str(seat["seat"]),
            seat["agent"],
            f"{seat['win_rate']:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{score['mean']:.1f}",
            f"{score['min']:g}",
            f"{score['max']:g}",
        )
    console.print(table)
    length = summary["length"]
    assert isinstance(length, dict)
    console.print(
        _("Game length: {mean:.1f} decisions (min {min:g}, max {max:g}); {rate} games/s over {seconds} s").format(
            **length, rate=summary["games_per_second"], seconds=summary["seconds"]
        )
    )


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) or records (JSON lines).")],
    index: Annotated[int, typer.Option(help="Which record of a JSON-lines file (1 = first).", min=1)] = 1,
    step: Annotated[bool | None, typer.Option("--step/--no-step", help="Wait for Enter between steps.")] = None,
) -> None:
    """Step through a recorded game."""
    from townhall.engine.records import load_records
    from townhall.engine.records import replay as frames

    with friendly_errors():
        records = load_records(file)
        if index > len(records):
            raise TownhallError(
                _("{file} holds {count} records, not {index}").format(file=file, count=len(records), index=index)
            )
        record = records[index - 1]
        game = games.get(record.game) if record.game in games.names() else None
        if game is None:
            raise TownhallError(
                _("the record is of game {game!r}, which this build does not know").format(game=record.game)
            )
        interactive = sys.stdin.isatty() if step is None else step
        console.print(
            _("[bold]{title}[/bold], {count} players, seats {seats}").format(
                title=game_title(game), count=record.num_players, seats=", ".join(record.seats)
            )
        )
        last = None
        for frame in frames(record, games.get):
            last = frame
            if frame.step is None:
                if interactive:
                    console.print(game.render(frame.state, None))
                continue
            console.print(
                _("{index:>4}. player {number}: {action}").format(
                    index=frame.index + 1, number=frame.step.player + 1, action=frame.action_text
                ),
                highlight=False,
            )
            for event in frame.events:
                console.print(f"      [cyan]{escape(game.event_text(event))}[/cyan]", highlight=False)
            if interactive:
                console.print(game.render(frame.state, None))
                try:
                    if input(_("Enter: next, q: quit> ")).strip().lower() == "q":
                        return
                except EOFError:
                    interactive = False
        if last is not None:
            console.print(game.render(last.state, None))
            console.print(
                _("Final scores: {scores}; ranks {ranks}").format(
                    scores=", ".join(f"{s:g}" for s in last.state.scores()), ranks=last.state.ranks()
                )
            )


@app.command()
def bench(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 2,
    option: OptionArg = None,
    seconds: Annotated[float, typer.Option(help="Length of the throughput run.", min=0.1)] = 5.0,
    agent: Annotated[str, typer.Option(help="random: game speed; mcts: search iterations per second.")] = "random",
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    env: Annotated[
        bool, typer.Option("--env", help="The PettingZoo AEC environment against the raw engine (the rl extra).")
    ] = False,
) -> None:
    """Games per second, decisions per second, µs per legal/apply/clone, memory, machine reference."""
    with friendly_errors():
        game = games.get(game_name)
        options = parse_option_texts(game.meta.options, option or [])
        if env:
            from townhall.rl.bench import run_env_bench

            figures = run_env_bench(game, players, options, seconds)
        elif agent == "random":
            from townhall.sim.bench import run_bench

            figures = run_bench(game, players, options, seconds).to_json()
        else:
            figures = _search_bench(game, players, options, seconds, agent)
        if as_json:
            print(json.dumps(figures, indent=2))
            return
        table = Table(title=_("bench {game}").format(game=game_name))
        table.add_column(_("figure"))
        table.add_column(_("value"), justify="right")
        for key, value in figures.items():
            table.add_row(key, str(value))
        console.print(table)


@app.command()
@with_run_options
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[str, typer.Option(help="Comma-separated agent specs.")] = "mcts,greedy,random",
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 30,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 2,
    option: OptionArg = None,
    *,
    run: RunOptions,
) -> None:
    """Seat-rotated games between agents: win rates with 95% intervals, score margins, Elo."""
    from townhall.sim.tournament import TournamentTally, render_table

    with friendly_errors():
        game = games.get(game_name)
        options = parse_option_texts(game.meta.options, option or [])
        table = TableSpec.rotation(game, players, split_specs(agents), options)
        tally = TournamentTally(table.seats, players)
        seconds = run.execute(table, n, tally, f"{game_name} tournament")
        # the games are in --out; the summary holds only running totals
        summary = tally.summary(game_name, run.seed, dict(table.options), seconds)
        if run.as_json:
            print(json.dumps(summary.to_json(with_games=False), indent=2))
            return
        console.print(render_table(summary))


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="Results of simulate or tournament (--out): JSON lines or Parquet.")],
    out: Annotated[Path, typer.Option(help="Directory for the plots and index.html.")],
    compare: Annotated[Path | None, typer.Option(help="Another results set, shown side by side.")] = None,
) -> None:
    """Plots and one static HTML page of a results set: win rates, scores, lengths, statistics, Elo."""
    from townhall.sim.report import write_report

    with friendly_errors():
        index = write_report(results, out, compare)
        console.print(_("Report written to {file}").format(file=index))


def _search_bench(
    game: Game[Any], players: int, options: dict[str, OptionValue], seconds: float, agent: str
) -> dict[str, object]:
    from townhall.sim.search_bench import measure

    result: dict[str, object] = dict(measure(game, players, options, seconds=seconds, agent=agent))
    return result


def _setting(name: str, words: str) -> Any:
    """A `serve` option that may also come from the environment: TOWNHALL_<NAME>."""
    return typer.Option(envvar=f"TOWNHALL_{name.upper()}", help=words)


LIMITED = {  # the server's rate limits, as --limit-KIND or TOWNHALL_LIMIT_KIND: what each counts
    "actions": "Moves and chat lines per seat (N/s, N/min, N/h, N/10s or off; default 200/10s).",
    "bad_tokens": "Refused seat tokens per client address (10/min).",
    "tables": "New tables per client address (30/min).",
    "sign_ins": "Sign-ins per client address, and refused passwords per account name (10/min).",
}
LIMIT_OPTIONS = [
    inspect.Parameter(
        f"limit_{kind}",
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[str | None, _setting(f"limit_{kind}", counted)],
    )
    for kind, counted in LIMITED.items()
]


def _limits_given(**texts: str | None) -> dict[str, str]:
    return {name.removeprefix("limit_"): text for name, text in texts.items() if text is not None}


@app.command()
@expanding("limits_given", LIMIT_OPTIONS, _limits_given)
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        _setting(
            "database",
            "Database URL (default: data/townhall.db in the checkout, its path printed; or postgresql://...).",
        ),
    ] = None,
    redis: Annotated[
        str | None, typer.Option(help="Redis URL: pub/sub and rate limits shared by server processes.")
    ] = None,
    *,
    limits_given: dict[str, str],
    analysis_seconds: Annotated[
        float, typer.Option(min=0.01, max=30.0, help="Most seconds one analysis or hint may think.")
    ] = 1.0,
    analysis_iterations: Annotated[
        int,
        typer.Option(min=1, max=100_000, help="Playouts for the chances and search iterations per decision analysed."),
    ] = 100,
    smtp: Annotated[
        str | None,
        _setting(
            "smtp",
            "SMTP server (smtp://host:port) for turn mails: a turn-based table mails the player whose move it is.",
        ),
    ] = None,
) -> None:
    """The game server: tables where people and bots play together over HTTP and WebSocket."""
    from townhall.server.analysis import Settings as AnalysisSettings
    from townhall.server.app import serve as run_server
    from townhall.server.mail import smtp_address
    from townhall.server.ratelimit import Limits, parse_rate

    try:
        limits = Limits(**{kind: parse_rate(text) for kind, text in limits_given.items()})
        if smtp:
            smtp_address(smtp)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    with friendly_errors():
        run_server(
            host,
            port,
            database,
            redis,
            lambda line: console.print(line, highlight=False, soft_wrap=True),
            limits,
            AnalysisSettings(seconds=analysis_seconds, iterations=analysis_iterations),
            smtp,
        )


def _mount_campaign() -> None:
    """The My City campaign commands (imported only when the command runs)."""
    from townhall.cli.campaign import app as campaign_app

    app.add_typer(campaign_app, name="campaign", help="My City legacy campaign: new, continue, status.")


def main() -> None:
    _mount_campaign()
    app()


if __name__ == "__main__":
    main()
