"""The browser client: static files (HTML, CSS, ES modules, translation catalogs) that the server
serves as they are. No build step; nothing here knows a game's rules (docs/web-client.md)."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).with_name("static")
# Each page's body; the <head> is one for all pages, naming the page's script.
HEAD = STATIC / "page-head.html"
PAGES = {"lobby": STATIC / "lobby.html", "table": STATIC / "table.html", "campaign": STATIC / "campaign.html"}
# The rules page is a whole document the server fills in (its text is rendered there, not by a script).
RULES = STATIC / "rules.html"
FAVICON = STATIC / "img" / "favicon.svg"


def page(name: str) -> str:
    """The HTML of one page of the client (`lobby`, `table` or `campaign`): the shared head, then its body."""
    head = HEAD.read_text(encoding="utf-8").replace("{page}", name)
    return head + PAGES[name].read_text(encoding="utf-8")
