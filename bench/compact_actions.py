"""The compact action spaces of townhall.rl checked along many random games (issue 35), as a report.

Every decision of every game: each legal engine action has a compact id, distinct actions
distinct ids, each id decodes back to its action, and `encode_all` agrees (townhall.rl.compact).
For Carcassonne it also measures how far boards reach from the start tile (the compact space's
window is the observation's, x and y in -15..15) and how often a placement lies outside it
(those take the slots after the window).

    PYTHONPATH=src .venv/bin/python bench/compact_actions.py -n 10000 --my-city 1000 \
        --md docs/measurements/compact-actions-2026-11-28.md

Carcassonne game i has the seed derive_seed(seed, "compact-actions", i), 2 + i % 4 players and
the River in every other game; My City game i the same seed with "my-city", 2 + i % 3 players.
One process: about 15 ms a Carcassonne game in the pure build.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from townhall import games
from townhall.engine.agent import derive_seed
from townhall.engine.build import build_of
from townhall.engine.chance import Chance
from townhall.games.carcassonne.compact import OUTSIDE_AT
from townhall.games.carcassonne.observer import RADIUS
from townhall.games.carcassonne.tiles import xy_of
from townhall.rl.compact import checked_ids


@dataclass
class Tally:
    """What the games of one kind showed."""

    games: int = 0
    decisions: int = 0
    actions: int = 0
    most_legal: int = 0
    most_ids: int = 0  # the largest compact id used
    seconds: float = 0.0
    # Carcassonne: boards and placements outside the window.
    reach: int = 0  # the largest |x| or |y| of a tile from the start tile
    widest: int = 0  # the largest width or height of a board's bounding box
    reaches: list[int] = field(default_factory=list)
    outside_decisions: int = 0
    outside_actions: int = 0
    outside_games: int = 0
    most_outside_cells: int = 0


def play(name: str, players: int, options: dict[str, Any], seed: int, tally: Tally) -> None:
    game = games.get(name)
    resolved = game.meta.resolve(options)
    space = game.compact_actions(players, resolved)
    assert space is not None, f"{name} has no compact action space"
    chance = Chance(derive_seed(seed, "chance"))
    rng = random.Random(seed)
    state = game.new_state(players, resolved, chance)
    outside_here = 0
    while movers := state.to_move():
        for player in movers:
            legal = state.legal_actions(player)
            ids = checked_ids(space, state, legal)
            tally.decisions += 1
            tally.actions += len(legal)
            tally.most_legal = max(tally.most_legal, len(legal))
            tally.most_ids = max(tally.most_ids, max(ids, default=0))
            if name == "carcassonne":
                outside = [compact for compact in ids if compact >= OUTSIDE_AT]
                if outside:
                    tally.outside_decisions += 1
                    tally.outside_actions += len(outside)
                    outside_here += 1
                    cells = len({(compact - OUTSIDE_AT) >> 2 for compact in outside})
                    tally.most_outside_cells = max(tally.most_outside_cells, cells)
            state.apply(player, legal[int(rng.random() * len(legal))], chance)
    tally.games += 1
    if name == "carcassonne":
        xs, ys = zip(*(xy_of(cell) for cell in state.placed_cells), strict=True)  # type: ignore[attr-defined]
        reach = max(max(abs(x) for x in xs), max(abs(y) for y in ys))
        tally.reaches.append(reach)
        tally.reach = max(tally.reach, reach)
        tally.widest = max(tally.widest, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        tally.outside_games += outside_here > 0


def run(name: str, count: int, seed: int, kinds: dict[str, Tally]) -> None:
    for index in range(count):
        game_seed = derive_seed(seed, "compact-actions" if name == "carcassonne" else name, index)
        if name == "carcassonne":
            players, river = 2 + index % 4, index % 2 == 1
            key, options = f"carcassonne, {'River' if river else 'base'}", {"river": river}
        else:
            players, key, options = 2 + index % 3, name, {}
        tally = kinds.setdefault(key, Tally())
        started = time.process_time()
        play(name, players, options, game_seed, tally)
        tally.seconds += time.process_time() - started


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0


def report(kinds: dict[str, Tally], command: str, build: str) -> str:
    sizes = {name: games.get(name).compact_actions(2, games.get(name).meta.resolve({})) for name in games.shipped()}
    lines = [
        f"# Compact action spaces checked along random games ({datetime.date.today().isoformat()})",
        "",
        f"`{command}` ({build} build, Python {platform.python_version()}, one process).",
        "Every decision: each legal engine action has a compact id, distinct actions distinct ids, each id",
        "decodes back to its action, `encode_all` agrees (`townhall.rl.compact.checked_ids`). "
        "**No failure** (the script stops at the first one).",
        "",
        "| games | count | decisions | legal actions checked | most legal at once | largest id used | space | CPU s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, tally in kinds.items():
        space = sizes["carcassonne" if key.startswith("carcassonne") else key]
        size = space.size if space is not None else 0
        lines.append(
            f"| {key} | {tally.games:,} | {tally.decisions:,} | {tally.actions:,} | {tally.most_legal} | "
            f"{tally.most_ids:,} | {size:,} | {tally.seconds:.1f} |"
        )
    lines += [
        "",
        f"Carcassonne's boards: the window of the compact space (and of the observation) holds x and y in "
        f"-{RADIUS}..{RADIUS} from the start tile; a placement lies outside it only next to a tile at {RADIUS} "
        "from the start (or beyond).",
        "",
        "| games | largest reach from the start tile | 99th percentile | median | widest board (tiles) | "
        "games with a placement outside | decisions with one | placements outside | most cells outside at once |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for key, tally in kinds.items():
        if not key.startswith("carcassonne"):
            continue
        lines.append(
            f"| {key} | {tally.reach} | {percentile(tally.reaches, 0.99)} | {percentile(tally.reaches, 0.5)} | "
            f"{tally.widest} | {tally.outside_games:,} ({100 * tally.outside_games / max(1, tally.games):.2f}%) | "
            f"{tally.outside_decisions:,} ({100 * tally.outside_decisions / max(1, tally.decisions):.3f}%) | "
            f"{tally.outside_actions:,} | {tally.most_outside_cells} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, default=10_000, help="Carcassonne games")
    parser.add_argument("--my-city", type=int, default=1_000, help="My City games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--md", type=Path, help="write the report here (else print it)")
    args = parser.parse_args(argv)
    kinds: dict[str, Tally] = {}
    run("carcassonne", args.games, args.seed, kinds)
    run("my-city", args.my_city, args.seed, kinds)
    game = games.get("carcassonne")
    build = build_of(game.new_state(2, game.meta.resolve({}), Chance(0)))
    command = "PYTHONPATH=src python bench/compact_actions.py " + " ".join(sys.argv[1:] if argv is None else argv)
    text = report(kinds, command.strip(), build)
    if args.md:
        args.md.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
