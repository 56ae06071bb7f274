"""The board widget alone, on a made-up board view: narrowing by cell, part, rotation and flip,
the choice among actions sharing a place, confirm and cancel, by mouse and keyboard. The games'
own boards have no mirrored placement, so the flip is proved here."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server

VIEW = {
    "format": 2,
    "game": "toy",
    "viewer": 0,
    "areas": [
        {
            "id": "grid",
            "label": "grid",
            "layout": "square",
            "cells": [
                {"id": "a", "col": 0, "row": 0, "terrain": "grass"},
                {
                    "id": "b",
                    "col": 1,
                    "row": 0,
                    "parts": [{"id": "n", "kind": "city", "edges": ["N"]}, {"id": "s", "kind": "road", "edges": ["S"]}],
                },
                {"id": "c", "col": 2, "row": 0},
                {"id": "d", "col": 3, "row": 0},
            ],
        },
        {"id": "hexes", "label": "hexes", "layout": "hex", "cells": [{"id": "h", "col": 0, "row": 0}]},
    ],
}


def _action(id: int, text: str, **target: Any) -> dict[str, Any]:
    return {"id": id, "text": text, "json": {}, "target": target}


LEGAL = [
    _action(1, "place a", area="grid", cell="a"),
    _action(2, "north of b", area="grid", cell="b", part="n"),
    _action(3, "south of b", area="grid", cell="b", part="s"),
    *[
        _action(
            10 + 2 * r + f, f"c r{r} {'flipped' if f else 'plain'}", area="grid", cell="c", rotation=r, flipped=bool(f)
        )
        for r in (0, 2)
        for f in (0, 1)
    ],
    _action(20, "build the mill on d", area="grid", cell="d"),
    _action(21, "build the well on d", area="grid", cell="d"),
    _action(30, "the hex", area="hexes", cell="h"),
    {"id": 40, "text": "pass", "json": {}, "target": None},
]


@pytest.fixture
def widget(server: Server, context: BrowserContext) -> Page:
    page = context.new_page()
    page.goto(f"{server.url}/static/css/townhall.css")
    page.set_content('<link rel="stylesheet" href="/static/css/townhall.css"><div id="board" class="board"></div>')
    page.evaluate(
        """async ([view, legal]) => {
            const { createBoard } = await import('/static/js/board/api.js');
            const generic = (await import('/static/js/games/generic.js')).default;
            window.played = [];
            window.board = createBoard(document.querySelector('#board'), {
                game: generic, view, legal, movable: true,
                // the host takes the action and hands the same decision back (a toy host)
                events: { act: (a) => { window.played.push(a.id); queueMicrotask(() => window.board.set({ movable: true })); } },
            });
        }""",
        [VIEW, LEGAL],
    )
    return page


def _played(page: Page) -> list[int]:
    return list(page.evaluate("window.played"))


def _cell(page: Page, area: str, cell: str) -> Any:
    return page.locator(f'[data-area="{area}"][data-cell="{cell}"]')


def test_one_click_plays_the_only_action_of_a_cell(widget: Page) -> None:
    expect(widget.locator(".cell.target")).to_have_count(5)
    _cell(widget, "grid", "a").click(position={"x": 20, "y": 20})
    assert _played(widget) == [1]
    _cell(widget, "hexes", "h").click()
    assert _played(widget) == [1, 30]


def test_parts_narrow_by_click_or_button(widget: Page) -> None:
    cell = _cell(widget, "grid", "b")
    cell.click(position={"x": 20, "y": 60})  # the cell, not a part
    expect(widget.locator("#board")).to_have_attribute("data-stage", "part")
    expect(cell.locator(".wb-part-target")).to_have_count(2)
    cell.locator('[data-part="s"]').click()
    assert _played(widget) == [3]
    cell.locator('[data-part="n"]').click()  # a part alone chooses its cell too
    assert _played(widget) == [3, 2]
    cell.click(position={"x": 20, "y": 60})
    widget.click('[data-part-choice="s"]')
    assert _played(widget) == [3, 2, 3]


def test_rotation_and_flip_step_through_the_legal_placements_only(widget: Page) -> None:
    board = widget.locator("#board")
    _cell(widget, "grid", "c").click()
    expect(board).to_have_attribute("data-stage", "orient")
    seen = [board.get_attribute("data-rotation")]
    for _ in range(2):
        widget.keyboard.press("r")
        seen.append(board.get_attribute("data-rotation"))
    assert seen == ["0", "2", "0"]  # never 1 or 3: not legal
    expect(board).to_have_attribute("data-flipped", "false")
    widget.keyboard.press("f")
    expect(board).to_have_attribute("data-flipped", "true")
    expect(board).to_have_attribute("data-rotation", "0")  # the same turn, mirrored
    widget.click("#rotate")
    expect(board).to_have_attribute("data-rotation", "2")
    expect(widget.locator(".wb-ghost")).to_have_count(1)
    assert _played(widget) == []  # nothing is played before the confirmation
    widget.keyboard.press("Enter")
    assert _played(widget) == [15]  # rotation 2, flipped
    _cell(widget, "grid", "c").click()
    widget.click("#flip")
    expect(board).to_have_attribute("data-flipped", "true")
    _cell(widget, "grid", "c").click()  # a second click on the chosen cell confirms
    assert _played(widget) == [15, 11]


def test_actions_sharing_a_place_are_chosen_by_text_and_escape_cancels(widget: Page) -> None:
    board = widget.locator("#board")
    _cell(widget, "grid", "d").click()
    expect(board).to_have_attribute("data-stage", "choose")
    expect(board.locator("[data-choice]")).to_have_text(["build the mill on d", "build the well on d"])
    widget.keyboard.press("Escape")
    expect(board).to_have_attribute("data-stage", "idle")
    expect(board.locator("[data-choice]")).to_have_count(0)
    _cell(widget, "grid", "d").click()
    board.locator('[data-choice="21"]').click()
    assert _played(widget) == [21]


def test_nothing_is_offered_when_the_viewer_may_not_act(widget: Page) -> None:
    widget.evaluate("window.board.set({movable: false})")
    expect(widget.locator(".cell.target")).to_have_count(0)
    _cell(widget, "grid", "a").click(position={"x": 20, "y": 20}, force=True)
    assert _played(widget) == []
