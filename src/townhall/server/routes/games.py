"""GET /api/games: the games, their player counts, length, one-line summary, guided first game's
tips and options with defaults (each with its label, help and choices in words); GET
/api/games/{name}/words: a game's terms (its glossary) in the request's language, which the
browser's drawing modules show (guilds, goods, buildings, followers...); GET
/api/games/{name}/rules: its rules for players, as Markdown, in the request's language."""

from __future__ import annotations

from fastapi import APIRouter

from townhall import games
from townhall.agents import LEVELS
from townhall.engine.protocol import Json
from townhall.i18n import gettext_of, term_of, title_of, using
from townhall.i18n.glossary import beside
from townhall.i18n.rulebook import about, guide, rules_text
from townhall.server.context import REFUSALS
from townhall.server.routes.language import LanguageDep
from townhall.server.rules_page import markdown_of

router = APIRouter(prefix="/api/games", tags=["games"], responses=REFUSALS)


@router.get("")
def list_games(lang: LanguageDep) -> list[dict[str, Json]]:
    found: list[dict[str, Json]] = []
    for name in games.names():
        game = games.get(name)
        meta = game.meta
        module = type(game).__module__
        with using(lang):
            title = title_of(module, meta.title)
            helps = {spec.name: term_of(module, f"option.{spec.name}", spec.help) for spec in meta.options}
            labels = {spec.name: option_label(module, spec.name) for spec in meta.options}
            choices = {
                spec.name: {c: term_of(module, f"option.{spec.name}.choice.{c}", c) for c in spec.choices}
                for spec in meta.options
            }
            facts = meta.facts.to_json()
            facts["hidden_information"] = [gettext_of(module, text) for text in meta.facts.hidden]
            facts["end_reasons"] = {code: gettext_of(module, text) for code, text in meta.facts.end_reasons.items()}
            facts["tie_breaks"] = {code: gettext_of(module, text) for code, text in meta.facts.tie_breaks.items()}
        card = about(module)
        found.append(
            {
                "name": meta.name,
                "title": title,
                "min_players": meta.min_players,
                "max_players": meta.max_players,
                "daily": meta.daily_players > 0,  # a daily challenge (GET /api/daily/{name})
                "options": [
                    {
                        "name": spec.name,
                        "label": labels[spec.name],
                        "default": spec.default,
                        "help": helps[spec.name],
                        "choices": list(spec.choices),
                        "choice_labels": choices[spec.name],
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        "names_file": spec.names_file,  # over the network: data only (docs/server.md)
                        "data_prefixes": list(spec.data_prefixes),
                    }
                    for spec in meta.options
                ],
                "facts": facts,
                "bot_levels": dict(LEVELS),
                "minutes": None if card is None else list(card.minutes),
                "summary": "" if card is None else card.line(lang),
                "rules": f"/rules/{meta.name}" if rules_text(module, lang) is not None else None,
                "guide": dict(guide(module, lang)),
                "campaign": game.campaign_module is not None,  # POST /api/campaigns plays it
            }
        )
    return found


def option_label(module: str, name: str) -> str:
    """An option's label in words: its glossary's `option.<name>.label`, else its key spaced out."""
    return term_of(module, f"option.{name}.label", name.replace("_", " ").capitalize())


@router.get("/{name}/words")
def game_words(name: str, lang: LanguageDep) -> dict[str, Json]:
    """Every term of the game's glossary in `lang` ({} for a game without one); 404 for an
    unknown game."""
    game = games.get(name)
    glossary = beside(type(game).__module__.rpartition(".")[0])
    words: dict[str, Json] = {}
    if glossary is not None:
        words = {key: glossary.term(key, lang) for key in glossary}
    return {"game": game.meta.name, "language": lang, "words": words}


@router.get("/{name}/rules")
def game_rules(name: str, lang: LanguageDep) -> dict[str, Json]:
    """The game's rules for players in `lang` (Markdown; English where that language has none);
    404 for an unknown game or one without rules. The page `/rules/{name}` shows them."""
    game = games.get(name)
    with using(lang):
        title = title_of(type(game).__module__, game.meta.title)
    return {"game": game.meta.name, "language": lang, "title": title, "markdown": markdown_of(game, lang)}
