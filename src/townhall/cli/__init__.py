"""The `townhall` command: game list, terminal play, simulation, tournaments, replays, benchmarks,
the My City campaign."""

from townhall.cli.commands import app, main

__all__ = ["app", "main"]
