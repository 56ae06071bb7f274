"""A game's rules page (`GET /rules/{game}`): the Markdown its package ships, rendered here with raw
HTML off (any `<` in the text shows as text), inside the page template of `townhall.web`."""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt

from townhall import games, web
from townhall.engine.errors import UnknownName
from townhall.i18n import LANGUAGES, title_of, using
from townhall.i18n.rulebook import about, rules_text
from townhall.server.words import _, ngettext

# The languages as their speakers name them (the switcher of every page names them so).
NATIVE = {"en": "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文", "ja": "日本語"}
_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def markdown_of(game: Any, language: str) -> str:
    """The rules' Markdown of a game in `language`; UnknownName when the game ships none."""
    module = type(game).__module__
    text = rules_text(module, language)
    if text is None:
        raise UnknownName(_("{game} has no rules page").format(game=game.meta.name))
    return text


@cache
def render(name: str, language: str) -> str:
    """The whole rules page of game `name` in `language` (the files never change while serving)."""
    game = games.get(name)
    module = type(game).__module__
    body = _MARKDOWN.render(markdown_of(game, language))
    with using(language):
        title = _("{game}: rules").format(game=title_of(module, game.meta.title))
        facts = facts_line(game)
        languages_label = _("language")
    links = " ".join(
        f'<a href="/rules/{escape(name)}?lang={code}" hreflang="{code}" lang="{code}"'
        f"{' aria-current=page' if code == language else ''}>{escape(NATIVE[code])}</a>"
        for code in LANGUAGES
    )
    fill = {
        "lang": escape(language),
        "title": escape(title),
        "game": escape(name),
        "languages_label": escape(languages_label),
        "languages": links,
        "facts": escape(facts),
        "body": body,
    }
    page = web.RULES.read_text(encoding="utf-8")
    for key, value in fill.items():
        page = page.replace("{" + key + "}", value)
    return page


def facts_line(game: Any) -> str:
    """ "2–5 players · 30–45 minutes" in the language in force."""
    meta = game.meta
    if meta.min_players == meta.max_players:
        players = ngettext("{n} player", "{n} players", meta.min_players).format(n=meta.min_players)
    else:
        players = _("{least}–{most} players").format(least=meta.min_players, most=meta.max_players)
    found = about(type(game).__module__)
    if found is None:
        return players
    least, most = found.minutes
    minutes = _("{least}–{most} minutes").format(least=least, most=most)
    return f"{players} · {minutes}"
