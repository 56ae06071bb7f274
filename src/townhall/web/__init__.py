"""The browser client: static files (HTML, CSS, ES modules, translation catalogs) that the server
serves as they are. No build step; nothing here knows a game's rules (docs/web-client.md)."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).with_name("static")
# Each page's body; the <head> is one for all pages, naming the page's script.
HEAD = STATIC / "page-head.html"
PAGES = {
    "lobby": STATIC / "lobby.html",
    "table": STATIC / "table.html",
    "player": STATIC / "player.html",  # a player's profile
    "leaderboard": STATIC / "leaderboard.html",  # a game's best players
    "settings": STATIC / "settings.html",  # the signed-in account's settings
    "campaign": STATIC / "campaign.html",  # a campaign's standings and choices
}
# The small pages' body starts with one header (the title and the language); theirs is the rest.
SMALL_HEADER = STATIC / "small-header.html"
SMALL = frozenset({"player", "leaderboard", "settings", "campaign"})
# The rules page is a whole document the server fills in (its text is rendered there, not by a script).
RULES = STATIC / "rules.html"
FAVICON = STATIC / "img" / "favicon.svg"


def page(name: str) -> str:
    """The HTML of one page of the client (a name of `PAGES`): the shared head, then its body."""
    head = HEAD.read_text(encoding="utf-8").replace("{page}", name)
    if name in SMALL:
        head += SMALL_HEADER.read_text(encoding="utf-8").replace("{page}", name)
    return head + PAGES[name].read_text(encoding="utf-8")
