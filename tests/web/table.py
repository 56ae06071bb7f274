"""Driving the table page as a player does: clicks on the board, the R key, buttons."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, Request, expect
from playwright.sync_api import Error as PlaywrightError

from tests.server.client import http


def wait_until(page: Page, expression: str, arg: Any = None, timeout: float = 20) -> None:
    """Poll a page expression until it is true. Not `page.wait_for_function`: that evaluates a string
    inside the page, which the page's Content-Security-Policy (no 'unsafe-eval') refuses."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {expression} ({arg})")
        page.wait_for_timeout(50)


@dataclass
class Legal:
    id: int
    text: str
    target: dict[str, Any] | None

    @property
    def on_board(self) -> bool:
        return self.target is not None and self.target.get("cell") is not None


def new_table(base: str, game: str, seats: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    response = http.post(f"{base}/api/tables", json={"game": game, "seats": seats, "options": options or {}})
    assert response.status_code == 201, response.text
    return dict(response.json())


def open_lobby_and_create(page: Page, base: str, game: str, seats: list[str], options: dict[str, Any]) -> str:
    """Create a table through the lobby form; returns the table id (the page is then at the table)."""
    page.goto(f"{base}/")
    page.fill("#name", "ann")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.click("#create")
    page.wait_for_url(f"{base}/tables/*")
    return page.url.rsplit("/", 1)[1].split("?")[0]


class TablePage:
    """One player's table page; `touch` plays by taps and the on-screen buttons (a phone)."""

    def __init__(self, page: Page, *, touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.sent = 0  # actions posted by the page
        page.on("request", self._count)

    def _count(self, request: Request) -> None:
        if request.method == "POST" and request.url.split("?")[0].endswith("/actions"):
            self.sent += 1

    def press(self, selector: str) -> None:
        locator = self.page.locator(selector).first
        if self.touch:
            locator.tap()
        else:
            locator.click()

    @property
    def state_id(self) -> int:
        return int(self.page.locator("body").get_attribute("data-state-id") or -1)

    def wait_loaded(self) -> None:
        self.page.wait_for_selector("body[data-state-id]")

    def legal(self) -> list[Legal]:
        rows = self.page.locator("#action-list button").evaluate_all(
            "els => els.map(e => ({id: Number(e.dataset.id), text: e.textContent, target: JSON.parse(e.dataset.target)}))"
        )
        return [Legal(row["id"], row["text"], row["target"]) for row in rows]

    def wait_turn_or_end(self, timeout: float = 60) -> bool:
        """True when this page may act, False once the game is over."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            body = self.page.locator("body")
            if body.get_attribute("data-status") == "over":
                return False
            if body.get_attribute("data-my-turn") == "yes" and body.get_attribute("data-busy") != "yes":
                return True
            self.page.wait_for_timeout(50)
        raise AssertionError(f"no turn and no end within {timeout} s (state {self.state_id})")

    def play(self, action: Legal) -> None:
        """Play one legal action through the board (cell, part, R until the rotation, confirm) or,
        without a place on the board, through its button, answering yes when the page asks to
        confirm a decision that cannot be taken back, and no when it asks about another action (a
        tap that the browser's touch adjustment gave to a neighbouring small part, as a player
        would cancel it), then choosing again; checks the request names that action."""
        before = self.state_id
        with self.page.expect_request(lambda r: r.url.split("?")[0].endswith("/actions")) as request:
            sent_before = self.sent
            self.choose(action)
            for _ in range(3):
                if self.confirm_if_asked(sent_before, expected=action.text):
                    break
                self.choose(action, by_bar=True)  # the cell, then the part from the bar of choices
        sent = json.loads(request.value.post_data or "{}")
        assert sent["action"] == action.id, (sent, action)
        wait_until(self.page, STATE_ABOVE, before)

    def choose(self, action: Legal, by_bar: bool = False) -> None:
        """The clicks or taps that choose `action` (the page may then ask to confirm it); `by_bar`:
        a part through the board's bar of choices rather than a tap on the part itself."""
        if action.on_board:
            self._on_board(action, by_bar)
        else:
            self.press(f"#offboard button[data-id='{action.id}']")

    def asked(self) -> bool:
        """Whether the page asks to confirm a decision now."""
        return self.page.locator("#confirm-bar").is_visible()

    def confirm_if_asked(self, sent_before: int, timeout: float = 5, expected: str | None = None) -> bool:
        """Answer yes if the page asks to confirm, until the action is sent; when the question
        names an action and not `expected`, answer no and return False (choose again)."""
        deadline = time.monotonic() + timeout
        while self.sent <= sent_before and time.monotonic() < deadline:
            if self.asked():
                question = self.page.locator("#confirm-question").inner_text()
                if expected is not None and _names_another(question, expected):
                    self.press("#confirm-no")
                    wait_until(self.page, "() => document.querySelector('#confirm-bar').hidden")
                    return False
                self.press("#confirm-yes")
            self.page.wait_for_timeout(20)
        return True

    def _on_board(self, action: Legal, by_bar: bool = False) -> None:
        target = action.target or {}
        board = self.page.locator("#board")
        cell = board.locator(f'[data-area="{target["area"]}"][data-cell="{target["cell"]}"]')
        part = target.get("part")
        sent = self.sent
        spot = self._pick_cell(cell, None if by_bar else part)
        for attempt in range(100):
            if self.sent > sent or self.asked():
                return  # the last click played it (or asks to confirm it)
            stage = board.get_attribute("data-stage")
            if stage == "idle" and attempt == 50:
                # Nothing happened for a second: the board was redrawn under the finger, or a tap at
                # the screen's edge went elsewhere. As a player would: the cell, then its part from the bar.
                by_bar = True
                spot = self._pick_cell(cell, None)
                continue
            if stage == "part":
                spot = None if by_bar else _part_spot(cell, part)
                if spot is not None:
                    self.click_at(spot)
                else:
                    self.tap_or_click(board.locator(f'[data-part-choice="{part if part is not None else ""}"]'))
            elif stage in ("orient", "choose"):
                flipped = target.get("flipped")
                rotation = target.get("rotation")
                if flipped is not None and board.get_attribute("data-flipped") != str(flipped).lower():
                    self.key_or_button("f", "#flip")
                elif rotation is not None and board.get_attribute("data-rotation") != str(rotation):
                    self.key_or_button("r", "#rotate")
                elif stage == "choose":
                    self.tap_or_click(board.locator(f'[data-choice="{action.id}"]'))
                    return
                else:
                    self.tap_or_click(board.locator("#confirm"))
                    return
            else:
                self.page.wait_for_timeout(20)
        stage = board.get_attribute("data-stage")
        there = None if spot is None else self.page.evaluate(WHAT_IS_AT, list(spot))
        raise AssertionError(f"the board never narrowed to {action} (stage {stage}; at the spot {spot}: {there})")

    def _pick_cell(self, cell: Locator, part: str | None) -> tuple[float, float] | None:
        """One click (or Enter) choosing the cell, on its part when one is named; where it clicked."""
        spot = _part_spot(cell, part)
        if spot is not None:
            self.click_at(spot)  # one click on a part chooses its cell too
        elif (spot := _spot(cell, part=False)) is not None:
            self.click_at(spot)
        else:  # the cell's middle is covered by another part: the keyboard chooses the cell
            cell.focus()
            self.page.keyboard.press("Enter")
        return spot

    def click_at(self, point: tuple[float, float]) -> None:
        if self.touch:
            self.page.touchscreen.tap(*point)
        else:
            self.page.mouse.click(*point)

    def tap_or_click(self, locator: Locator) -> None:
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def key_or_button(self, key: str, button: str) -> None:
        """The keyboard on a desktop, the on-screen button on a phone."""
        if self.touch:
            self.page.locator(button).tap()
        else:
            self.page.keyboard.press(key)


def _names_another(question: str, expected: str) -> bool:
    """Whether the confirmation of a follower placement ("Place …?", the one a tap on a part asks)
    names another placement than `expected`."""
    return question.startswith("Place ") and expected not in question


def _part_spot(cell: Locator, part: str | None) -> tuple[float, float] | None:
    """A point where a click lands on the part (drawn in one or several pieces), if any."""
    if part is None:
        return None
    pieces = cell.locator(f'[data-part="{part}"]')
    for index in range(pieces.count()):
        spot = _spot(pieces.nth(index), part=True)
        if spot is not None:
            return spot
    return None


def _spot(locator: Locator, *, part: bool) -> tuple[float, float] | None:
    """The middle of the element (a stroke's middle for a line) if a click there lands on it: a
    part on that part, a cell on the cell and not on one of its parts. A game may draw anything
    on top, so the browser's own hit test decides."""
    script = """(el, part) => {
        let x, y;
        if (el.getTotalLength && el.getAttribute('fill') === 'none') {
            const length = el.getTotalLength();
            const p = el.getPointAtLength(length / 2).matrixTransform(el.getScreenCTM());
            [x, y] = [p.x, p.y];
        } else {
            const r = el.getBoundingClientRect();
            [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
        }
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(el === hit || el.contains(hit))) return null;
        return part || !hit.closest('[data-part]') ? [x, y] : null;
    }"""
    last: Exception | None = None
    for _ in range(3):  # a view arriving meanwhile redraws the board: look again
        try:
            locator.scroll_into_view_if_needed()
            found = locator.evaluate(script, part)
            return None if found is None else (float(found[0]), float(found[1]))
        except PlaywrightError as error:
            last = error
            time.sleep(0.1)
    raise AssertionError(f"{locator} stays detached: {last}")


def play_to_end(table: TablePage, rng: random.Random, shot: Any = None, limit: int = 400) -> int:
    """Random legal actions through the page until the game is over; returns how many were made
    on the board. `shot(n)` is called after each action (for a mid-game screenshot)."""
    on_board = 0
    for n in range(limit):
        if not table.wait_turn_or_end():
            return on_board
        choice = rng.choice(table.legal())
        on_board += choice.on_board
        table.play(choice)
        if shot:
            shot(n)
    raise AssertionError(f"the game did not end within {limit} actions")


def seat_browser(context: BrowserContext, base: str, table: str, seat: int, token: str, game: str) -> None:
    """Give a browser context a seat's token as the lobby would have kept it."""
    page = context.new_page()
    page.goto(f"{base}/static/css/townhall.css")
    entry = {table: {"game": game, "seats": {str(seat): token}, "at": 1}}
    page.evaluate("entry => localStorage.setItem('townhall.seats', JSON.stringify(entry))", entry)
    page.close()


STATE_ABOVE = "before => Number(document.body.dataset.stateId) > before"
__all__ = [
    "Legal",
    "TablePage",
    "expect",
    "new_table",
    "open_lobby_and_create",
    "play_to_end",
    "seat_browser",
    "wait_until",
]

# What a tap at a point would hit now, for a failure's message.
WHAT_IS_AT = """([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    const cell = hit?.closest('[data-cell]');
    const part = hit?.closest('[data-part]');
    return hit && `${hit.tagName} cell=${cell?.dataset.cell} part=${part?.dataset.part}`;
}"""
