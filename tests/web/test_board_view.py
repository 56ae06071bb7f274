"""The board's default view and its help (issue 33, docs/web-client.md "The default view"): the
scale stays steady across the steps of a turn, the zoom buttons sit beside the board and `+`
zooms on the decision, and hovering or tapping a tile, part or cell names it in words."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, open_lobby_and_create, wait_until

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

# A cell's box on screen, in CSS px from the board's corner (the page may scroll meanwhile).
_CELL_BOX = """([area, cell]) => {
  const el = document.querySelector(`#board [data-area="${area}"][data-cell="${cell}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const frame = document.querySelector('#board .board-svg').getBoundingClientRect();
  return [r.left - frame.left, r.top - frame.top, r.width, r.height];
}"""


# The middle and width on screen of the viewer's board and the card together (My City's focus).
_FOCUS_CENTRE = """() => {
  const rects = [...document.querySelectorAll('#board g.area')]
    .filter((g) => g.dataset.area === 'card' || g.dataset.area === 'board-0')
    .map((g) => g.getBoundingClientRect());
  const left = Math.min(...rects.map((r) => r.left)), right = Math.max(...rects.map((r) => r.right));
  const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
  return [(left + right) / 2, (top + bottom) / 2, right - left];
}"""


def _cell_box(page: Page, area: str, cell: str) -> list[float] | None:
    box: list[float] | None = page.evaluate(_CELL_BOX, [area, cell])
    return box


def _wholly_shown(page: Page, box: list[float] | None) -> bool:
    frame = page.locator("#board .board-svg").bounding_box()
    assert frame is not None and box is not None
    return box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= frame["width"] and box[1] + box[3] <= frame["height"]


def _place_then_deploy(page: Page, table: TablePage, rng: random.Random) -> tuple[list[float], list[float], bool]:
    """The start tile's box on screen at a tile's placing and at the follower's decision after it,
    and whether the placed tile was wholly in view when it was placed."""
    for _ in range(12):
        assert table.wait_turn_or_end()
        legal = table.legal()
        places = [a for a in legal if a.on_board and a.target and a.target.get("rotation") is not None]
        if not places:
            table.play(rng.choice(legal))
            continue
        page.wait_for_timeout(300)
        before = _cell_box(page, "table", "0,0")
        place = rng.choice(places)
        shown = _wholly_shown(page, _cell_box(page, "table", (place.target or {})["cell"]))
        table.play(place)
        assert table.wait_turn_or_end()
        if any(a.target and a.target.get("part") for a in table.legal()):
            page.wait_for_timeout(300)
            after = _cell_box(page, "table", "0,0")
            assert before is not None and after is not None
            return before, after, shown
    raise AssertionError("no follower decision after a placed tile")


def test_the_scale_stays_steady_from_a_tile_to_its_follower(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    for size in (DESKTOP, PHONE):
        page = new_context(**size).new_page()
        open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
        table = TablePage(page, touch="has_touch" in size)
        table.wait_loaded()
        for turn in range(3):
            before, after, shown = _place_then_deploy(page, table, random.Random(turn))
            # the same size on screen; and the board did not move, unless to bring the placed tile
            # wholly into view
            assert abs(before[2] - after[2]) < 0.5 and abs(before[3] - after[3]) < 0.5, (before, after)
            if shown:
                assert abs(before[0] - after[0]) < 1 and abs(before[1] - after[1]) < 1, (before, after)
            table.play(random.Random(turn).choice(table.legal()))
        page.close()


def test_the_zoom_buttons_sit_beside_the_board_and_plus_zooms_on_the_decision(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**PHONE).new_page()
    open_lobby_and_create(page, server.url, "my-city", ["me", "bot:easy"], {})
    table = TablePage(page, touch=True)
    table.wait_loaded()
    assert table.wait_turn_or_end()
    page.wait_for_timeout(300)
    svg = page.locator("#board .board-svg").bounding_box()
    for button in (".zoom-in", ".zoom-out", ".zoom-focus", ".zoom-fit"):
        box = page.locator(button).bounding_box()
        assert svg is not None and box is not None
        assert box["y"] >= svg["y"] + svg["height"] - 0.5, button  # under the board, not over it
        assert min(box["width"], box["height"]) >= 24, button
    # + keeps the decision (the player's board and the card) where it is on screen, and brings it closer
    page.locator(".zoom-bar").scroll_into_view_if_needed()  # the tap must not scroll the page
    before = page.evaluate(_FOCUS_CENTRE)
    page.locator(".zoom-in").tap()
    after = page.evaluate(_FOCUS_CENTRE)
    assert after[2] > before[2] * 1.2, (before, after)
    assert abs(after[0] - before[0]) < 1.5 and abs(after[1] - before[1]) < 1.5, (before, after)
    # ◎ brings the default view back
    page.locator(".zoom-focus").tap()
    again = page.evaluate(_FOCUS_CENTRE)
    assert abs(again[2] - before[2]) < 1, (before, again)


def _tip(page: Page) -> str:
    tip = page.locator("#board .board-tip")
    expect(tip).to_be_visible()
    return tip.inner_text()


def test_hovering_or_tapping_names_what_is_there(server: Server, new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(**DESKTOP).new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    TablePage(page).wait_loaded()
    wait_until(page, "document.querySelector('#board [data-cell=\"0,0\"] [data-part]') !== null")
    # the start tile's road (it crosses the tile's middle): its name and how it scores, in words
    tile = page.locator('#board [data-area="table"][data-cell="0,0"]').bounding_box()
    assert tile is not None
    page.mouse.move(tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] / 2)
    said = _tip(page)
    assert "tile" in said and "road" in said and "thief" in said, said
    assert "cc-" not in said and "{" not in said, said
    screenshot(page, "tooltip-desktop")
    page.mouse.move(2, 2)
    expect(page.locator("#board .board-tip")).to_be_hidden()

    phone = new_context(**PHONE).new_page()
    open_lobby_and_create(phone, server.url, "my-city", ["me", "bot:easy"], {})
    TablePage(phone, touch=True).wait_loaded()
    wait_until(phone, 'document.querySelector(\'#board [data-area="board-0"] [data-cell="A1"]\') !== null')
    # a cell that is no target (a mountain): a tap names it and says what it means
    phone.locator("#board .board-svg").scroll_into_view_if_needed()
    cell: Any = phone.locator('#board [data-area="board-0"] [data-cell="A1"]').bounding_box()
    phone.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    said = _tip(phone)
    assert "A1" in said and "mountain" in said and "mc-" not in said, said
    screenshot(phone, "tooltip-phone")
