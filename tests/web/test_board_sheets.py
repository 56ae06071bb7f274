"""Issue 33's boards in sheets and tips (Kutná Hora, Antiquity): one sheet at a time, opened on
the current decision's targets, the others behind tabs; hovering a cell (a mouse) or tapping one
that is no target (a finger) names what lies there in the game's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.server.conftest import Server
from tests.web.table import TablePage, open_lobby_and_create, wait_until
from tests.web.test_readable import SIZES
from townhall import games

WEB_GAMES = Path(__file__).resolve().parents[2] / "src" / "townhall" / "web" / "static" / "js" / "games"
# The games whose drawing module splits the board into sheets.
GAMES = [name for name in games.shipped() if re.search(r"^  sheets\(", (WEB_GAMES / f"{name}.js").read_text(), re.M)]

# The areas drawn now, the tab shown, and the tabs holding legal targets.
SHOWN = """() => ({
  areas: [...document.querySelectorAll('#board .area')].map((a) => a.dataset.area),
  tab: document.querySelector('#board .sheet-tab[aria-selected="true"]')?.dataset.areas.split(' '),
  withTargets: [...document.querySelectorAll('#board .sheet-tab.has-targets')].map((t) => t.dataset.sheet),
  targets: [...document.querySelectorAll('#board .cell.target')].map((c) => c.dataset.area),
})"""


# The first cell that is no target and whose middle shows in the board's frame.
VISIBLE_CELL = """() => {
  const frame = document.querySelector('#board .board-svg').getBoundingClientRect();
  for (const cell of document.querySelectorAll('#board .cell:not(.target)')) {
    const r = cell.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < frame.left + 10 || x > frame.right - 60 || y < frame.top + 10 || y > frame.bottom - 10) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && cell.contains(hit)) return [cell.dataset.cell, cell.dataset.area, [x, y]];
  }
  return null;
}"""


def _table(page: Page, server: Server, game: str, touch: bool) -> TablePage:
    open_lobby_and_create(page, server.url, game, ["me", "bot:easy"], {})
    table = TablePage(page, touch=touch)
    table.wait_loaded()
    return table


@pytest.mark.parametrize("game", GAMES)
def test_one_sheet_at_a_time_opened_on_the_decision(
    game: str, server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**SIZES["desktop"]).new_page()
    table = _table(page, server, game, touch=False)
    for _ in range(4):
        assert table.wait_turn_or_end()
        legal = table.legal()
        shown = page.evaluate(SHOWN)
        assert set(shown["areas"]) <= set(shown["tab"]), shown  # only the shown sheet is drawn
        if any(action.on_board for action in legal):
            # the sheet shown holds targets, and every tab with targets says so
            assert shown["targets"], shown
            assert set(shown["targets"]) <= set(shown["tab"]), shown
        table.play(next((a for a in legal if a.on_board), legal[0]))
    # another tab shows its own areas and keeps every target of the decision reachable by its tab
    tabs = page.locator("#board .sheet-tab")
    assert tabs.count() >= 3
    other = page.locator('#board .sheet-tab[aria-selected="false"]').first
    areas = other.get_attribute("data-areas").split(" ")
    other.click()
    wait_until(
        page,
        "(areas) => [...document.querySelectorAll('#board .area')].every((a) => areas.includes(a.dataset.area))",
        areas,
    )
    assert page.locator('#board .sheet-tab[aria-selected="true"]').get_attribute("data-areas") == " ".join(areas)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_a_cell_names_what_lies_there(
    game: str, size: str, server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**SIZES[size]).new_page()
    table = _table(page, server, game, touch=size == "phone")
    page.wait_for_selector("#board .cell")
    page.wait_for_timeout(300)
    # a cell that is no target, in view: a tap must not play it, only tell
    found = page.evaluate(VISIBLE_CELL)
    assert found is not None
    _, area, point = found
    before = table.state_id
    if size == "phone":
        page.touchscreen.tap(*point)
    else:
        page.mouse.move(*point)
    tip = page.locator("#board .board-tip")
    tip.wait_for(state="visible")
    words = tip.inner_text()
    assert words.strip(), words
    page.wait_for_timeout(200)
    assert table.state_id == before  # telling plays nothing
    assert "_" not in words and "undefined" not in words and "{" not in words, words
    size_px = float(tip.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size_px >= 10, size_px
    # the tip names the place as the board does (the area's label)
    label = page.evaluate("(id) => window.townhall.page.view.board.areas.find((a) => a.id === id).label", area)
    assert label in words, (label, words)


# The middle of the first legal target whose middle shows in the board's frame.
VISIBLE_TARGET = """() => {
  const frame = document.querySelector('#board .board-svg').getBoundingClientRect();
  for (const cell of document.querySelectorAll('#board .cell.target')) {
    const r = cell.querySelector('.wb-hit').getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < frame.left + 10 || x > frame.right - 60 || y < frame.top + 10 || y > frame.bottom - 10) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && cell.contains(hit)) return [x, y];
  }
  return null;
}"""


def test_a_long_press_on_a_target_tells_and_plays_nothing(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context(**SIZES["phone"]).new_page()
    table = _table(page, server, "antiquity", touch=True)
    assert table.wait_turn_or_end()  # founding the first city: the countryside's hexes are targets
    page.wait_for_timeout(300)
    point = page.evaluate(VISIBLE_TARGET)
    assert point is not None
    before = table.state_id
    touch = page.context.new_cdp_session(page)
    spot = [{"x": point[0], "y": point[1]}]
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": spot})
    page.wait_for_timeout(800)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tip = page.locator("#board .board-tip")
    tip.wait_for(state="visible")
    words = tip.inner_text()
    assert "▸" in words, words  # the tip says what a tap there would do
    page.wait_for_timeout(300)
    assert table.state_id == before and page.locator("#board").get_attribute("data-stage") == "idle"
    # a plain tap on the same target still plays (after a yes, where the move cannot be taken back)
    with page.expect_request(lambda r: r.url.split("?")[0].endswith("/actions")):
        sent_before = table.sent
        page.touchscreen.tap(point[0], point[1])
        table.confirm_if_asked(sent_before)
