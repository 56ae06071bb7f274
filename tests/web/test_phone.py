"""A whole game on a phone-sized screen with touch input: the board pans with one finger and
zooms with two (real touch events through Chromium's input pipeline), every control is tapped."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, open_lobby_and_create, play_to_end

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def _view_box(page: Page) -> list[float]:
    return [float(x) for x in (page.locator(".board-svg").get_attribute("viewBox") or "").split()]


def _touch(page: Page, context: BrowserContext, strokes: list[list[tuple[float, float]]]) -> None:
    """Fingers moving together: strokes[i] is the path of finger i, in page pixels."""
    cdp = context.new_cdp_session(page)

    def points(step: int) -> list[dict[str, float]]:
        return [{"x": path[step][0], "y": path[step][1], "id": i} for i, path in enumerate(strokes)]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(0)})
    for step in range(1, len(strokes[0])):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(step)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_whole_game_on_a_phone_by_touch(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    context = new_context(**PHONE)
    page = context.new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    table = TablePage(page, touch=True)
    table.wait_loaded()
    board = page.locator(".board-svg")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    assert box is not None and box["width"] <= 390
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    before = _view_box(page)
    _touch(page, context, [[(cx - 30 - 12 * i, cy) for i in range(8)], [(cx + 30 + 12 * i, cy) for i in range(8)]])
    zoomed = _view_box(page)
    assert zoomed[2] < before[2] * 0.8, (before, zoomed)  # two fingers apart: closer
    _touch(page, context, [[(cx + 10 * i, cy) for i in range(10)]])
    panned = _view_box(page)
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2], (zoomed, panned)  # one finger right: the board follows
    page.locator(".zoom-fit").tap()
    expect(page.locator("body")).to_have_attribute("data-my-turn", "yes")

    on_board = play_to_end(table, random.Random("phone"), lambda n: n == 8 and screenshot(page, "phone"))
    assert on_board > 0
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end tr[data-rank]")).to_have_count(2)
