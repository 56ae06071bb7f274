"""The import graph: no cycle anywhere in the package (the layers are checked by import-linter,
`lint-imports`, which `make test` runs)."""

from __future__ import annotations

from tests.architecture.cycles import cycles


def test_no_import_cycle_in_any_package() -> None:
    found = cycles()
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(cycle) for cycle in found)


def test_the_cycle_finder_sees_a_cycle() -> None:
    import grimp

    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b"):
        graph.add_module(module)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.a")
    assert cycles(graph) == [("pkg.a", "pkg.b", "pkg.a")]
