"""Rules at hand: the table links to the game's rules page (a new tab, in the page's language),
and a click on a place where nothing is legal says why, in the engine's words."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.server.conftest import Server
from tests.web.conftest import screenshot
from tests.web.table import TablePage, open_lobby_and_create, wait_until
from townhall import games

CODE = re.compile(r"\b[A-Z]{2,5}-[A-Z0-9]+-\d+\b")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_table_links_to_its_rules_in_the_page_language(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    context = new_context(viewport={"width": 1280, "height": 800}, locale="ja-JP" if language == "ja" else "en-US")
    page = context.new_page()
    open_lobby_and_create(page, server.url, "carcassonne", ["me", "bot:easy"], {})
    TablePage(page).wait_loaded()
    link = page.locator("#rules-link")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", f"/rules/carcassonne?lang={language}")
    expect(link).to_have_attribute("target", "_blank")
    with context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("html")).to_have_attribute("lang", language)
    expect(rules.locator("h1")).to_contain_text("カルカソンヌ" if language == "ja" else "Carcassonne")
    assert rules.locator("article h2").count() >= 4
    assert not CODE.search(rules.locator("article").inner_text())
    if language == "en":
        rules.click('nav.languages a[hreflang="zh-Hant"]')
        expect(rules.locator("h1")).to_contain_text("卡卡頌")


@pytest.mark.parametrize("name", games.shipped())
def test_every_rules_page_reads_well_on_a_laptop_and_a_phone(
    server: Server, new_context: Callable[..., BrowserContext], name: str
) -> None:
    for size, options in (("1280x800", {"viewport": {"width": 1280, "height": 800}}), ("390x844", PHONE)):
        page = new_context(**options).new_page()
        answer = page.goto(f"{server.url}/rules/{name}?lang=en")
        assert answer is not None and answer.status == 200
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{name} {size}: the page scrolls sideways ({width} px)"
        sizes = page.evaluate(
            "[...document.querySelectorAll('article p, article li')].map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert sizes and min(sizes) >= 14
        screenshot(page, f"rules-{name}-{size}")


@pytest.mark.parametrize("name", games.shipped())
def test_a_click_where_nothing_is_legal_says_why(
    server: Server, new_context: Callable[..., BrowserContext], name: str
) -> None:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_lobby_and_create(page, server.url, name, ["me", "bot:easy"], {})
    table = TablePage(page)
    table.wait_loaded()
    assert table.wait_turn_or_end()
    # a drawn place of the board with no legal action, in an area where the seat may act if any
    spot = page.evaluate(
        """() => {
          const targets = [...document.querySelectorAll('#board .cell.target')].map(c => c.dataset.area);
          const cells = [...document.querySelectorAll('#board .cell:not(.target)')]
            .filter(c => !targets.length || targets.includes(c.dataset.area))
            .filter(c => { const r = c.getBoundingClientRect(); return r.width >= 8 && r.height >= 8; });
          const c = cells[0];
          return c && {area: c.dataset.area, cell: c.dataset.cell};
        }"""
    )
    assert spot, f"{name}: no place without a legal action is drawn"
    cell = page.locator(f'#board .cell[data-area="{spot["area"]}"][data-cell="{spot["cell"]}"]')
    before = table.state_id
    cell.dispatch_event("click")  # the cell itself (its middle may hold another area's drawing)
    why = page.locator("#why")
    expect(why).to_be_visible()
    text = why.inner_text().strip()
    assert text and not CODE.search(text), text
    assert table.state_id == before  # nothing was played
    if name == "carcassonne":  # the start tile: its place is taken
        page.locator('#board .cell[data-area="table"][data-cell="0,0"]').click()
        expect(why).to_contain_text("already")
        expect(why).to_have_attribute("data-cell", "0,0")
        closed = page.locator("#board .cell:has(.closed)")
        if closed.count():  # an empty cell beside the landscape where the tile fits in no way
            closed.first.click()
            expect(why).to_contain_text("match")
        screenshot(page, "why-carcassonne-1280x800")
    # a legal move clears the answer
    table.play(table.legal()[0])
    wait_until(page, "() => document.getElementById('why').hidden")
