"""Import cycles inside the townhall package, found with grimp (`python -m tests.architecture.cycles`)."""

from __future__ import annotations

import sys

import grimp


def cycles(graph: grimp.ImportGraph | None = None) -> list[tuple[str, ...]]:
    """Every pair of modules that import each other, directly or through others (shortest chain)."""
    graph = graph if graph is not None else grimp.build_graph("townhall")
    modules = sorted(graph.modules)
    found: list[tuple[str, ...]] = []
    for index, first in enumerate(modules):
        for second in modules[index + 1 :]:
            if graph.chain_exists(importer=first, imported=second) and graph.chain_exists(
                importer=second, imported=first
            ):
                there = graph.find_shortest_chain(importer=first, imported=second) or ()
                back = graph.find_shortest_chain(importer=second, imported=first) or ()
                found.append(tuple(there) + tuple(back[1:]))
    return found


if __name__ == "__main__":
    prefix = sys.argv[1] if len(sys.argv) > 1 else "townhall"
    shown = [cycle for cycle in cycles() if cycle[0].startswith(prefix)]
    for cycle in shown:
        print(" -> ".join(cycle))
    print(f"{len(shown)} cycles")
