"""The board view of Kutná Hora (docs/board-kutna-hora.md): the town, the mine, the town hall,
the market, the council, St. Barbara, the drawn mine tiles and one board per player, as data a
client draws without knowing the rules; and the target of each legal action on it.

Everything shown is public (KH-IO-3): the tiles below the stack tops, the mine deck and the
face-down events appear only as counts.
"""

from __future__ import annotations

from typing import Any

from townhall.engine.board import BOARD_FORMAT, MarkKind
from townhall.engine.protocol import Json
from townhall.games.kutna_hora import economy, mine, rounds, scoring
from townhall.games.kutna_hora.actions import IDLE, SPACE, TAKE_COLS
from townhall.games.kutna_hora.data import (
    ACTIONS,
    COLOURS,
    DATA,
    DECK_NAMES,
    GOODS,
    GUILD_OF_GOOD,
    cell_name,
)
from townhall.games.kutna_hora.position import EMPTY, OVER, PHASES, ROCK, KutnaHoraPosition
from townhall.games.kutna_hora.tables import MINE_TILES
from townhall.games.kutna_hora.views import describe_task
from townhall.games.kutna_hora.words import _, action_name, colour, event_card_name, good, guild, player, term
from townhall.i18n import N_

B = DATA.buildings
TILES = MINE_TILES
CARD_PARTS = (*ACTIONS[:IDLE], "idle")  # the part of a card cell an action picks
OFF_BOARD = frozenset({"set", "order", "buy", "tax", "resolve", "decline"})
SIDE_WORDS = {"large": N_("large"), "small": N_("small")}
# The marks a cell may carry (docs/board-kutna-hora.md; published in docs/schemas/kutna-hora/board-marks.schema.json).
MARKS = [
    MarkKind(kind="guild", meaning="the guild of a building, a house row or a good", values=list(GUILD_OF_GOOD)),
    MarkKind(kind="noble", meaning="the noble colour of a public building", values=list(COLOURS)),
    MarkKind(kind="wood", meaning="the wood a building costs", value_type="int"),
    MarkKind(kind="cost", meaning="the groschen a mine or technology tile costs", value_type="int"),
    MarkKind(kind="ore", meaning="the ore a mine tile produces", value_type="int"),
    MarkKind(kind="pop", meaning="the population a mine tile adds", value_type="int"),
    MarkKind(kind="points", meaning="the points a mine tile is worth", value_type="int"),
    MarkKind(kind="stars", meaning="the stars of a mine tile or a rock", value_type="int"),
    MarkKind(kind="no-demand", meaning="the good has no demand now"),
    MarkKind(kind="turned", meaning="the St. Barbara tile is turned"),
    MarkKind(kind="next", meaning="the St. Barbara tile turned next"),
    MarkKind(kind="used", meaning="the action card is used this round"),
    MarkKind(kind="action", meaning="an action printed on a player's card, in order", values=list(ACTIONS)),
    MarkKind(kind="icon", meaning="an icon beside a town plot, in order", values=list(DATA.icons)),
]


def _column_cost(col: int) -> str:
    paid, amount = DATA.column_costs[col]
    if paid < 0:
        return _("{amount} groschen").format(amount=amount)
    return _("{amount} {good}").format(amount=amount, good=good(paid))


def hall_cell(row: int, col: int) -> str:
    return f"R{row + 1}C{col + 1}"


def _building_marks(tile: int) -> list[Json]:
    """What the tile shows: its guild (or the noble colour of a public building) and wood cost."""
    b = B[tile]
    side: Json = {"kind": "noble", "value": COLOURS[b.noble]} if b.public else _guild_mark(b.guild)
    return [side, {"kind": "wood", "value": b.wood}]


def _guild_mark(good_index: int) -> Json:
    return {"kind": "guild", "value": GUILD_OF_GOOD[good_index]}


def _mine_tile_marks(tile: int) -> list[Json]:
    """What a mine or technology tile shows: its cost, ore, population, points and stars."""
    t = TILES[tile]
    shown = (("cost", t.cost), ("ore", t.ore), ("pop", t.pop), ("points", t.points), ("stars", t.stars))
    return [{"kind": kind, "value": value} for kind, value in shown]


def _building_piece(tile: int, owner: int | None) -> dict[str, Json]:
    b = B[tile]
    kind = "public-building" if b.public else "building"
    return {"kind": kind, "owner": owner, "label": b.id}


def _town(s: KutnaHoraPosition) -> dict[str, Json]:
    side = DATA.sides[s.side]
    cells: list[dict[str, Json]] = []
    for cell in range(side.rows * side.cols):
        r, c = divmod(cell, side.cols)
        out: dict[str, Json] = {
            "id": cell_name(side.cols, cell),
            "col": c,
            "row": r,
            "terrain": "plot" if side.plots[cell] else "blocked",
        }
        marks: list[Json] = []
        if side.edges[cell]:
            out["label"] = "+".join(term("icon." + DATA.icons[i]) for i in side.edges[cell])
            marks = [{"kind": "icon", "value": DATA.icons[i]} for i in side.edges[cell]]
        if s.town[cell] >= 0:
            owner = s.town_owner[cell]
            out["pieces"] = [_building_piece(s.town[cell], owner if owner >= 0 else None)]
            marks += _building_marks(s.town[cell])
        elif s.town_plot[cell] >= 0:
            out["pieces"] = [{"kind": "plot-marker", "owner": s.town_plot[cell]}]
        if marks:
            out["marks"] = marks
        cells.append(out)
    return {
        "id": "town",
        "label": _("Town ({side})").format(side=_(SIDE_WORDS[side.name])),
        "layout": "square",
        "cells": cells,
    }


def _mine(s: KutnaHoraPosition) -> dict[str, Json]:
    cells: list[dict[str, Json]] = []
    for cell in range(DATA.mine_rows * DATA.mine_cols):
        r, c = divmod(cell, DATA.mine_cols)
        tile = s.mine[cell]
        out: dict[str, Json] = {"id": cell_name(DATA.mine_cols, cell), "col": c, "row": r}
        out["terrain"] = "entrance" if cell in DATA.entrances else "rock" if tile == ROCK else "ground"
        if tile == ROCK:
            out["pieces"] = [{"kind": "rock", "label": _("{stars} stars").format(stars=s.rock_stars[cell])}]
            out["marks"] = [{"kind": "stars", "value": s.rock_stars[cell]}]
        elif tile != EMPTY:
            kind = "technology" if TILES[tile].group == 3 else "mine-tile"
            out["pieces"] = [{"kind": kind, "owner": s.mine_owner[cell], "label": TILES[tile].id}]
            out["marks"] = _mine_tile_marks(tile)
        cells.append(out)
    tracks = [
        {"id": "level", "label": _("technology level"), "value": mine.level(s)},
        {"id": "deck", "label": _("mine tiles in the deck"), "value": sum(len(x) for x in s.layers)},
        {"id": "discards", "label": _("discarded mine tiles"), "value": len(s.discard)},
    ]
    return {"id": "mine", "label": _("Mine"), "layout": "square", "cells": cells, "tracks": tracks}


def _hall(s: KutnaHoraPosition) -> dict[str, Json]:
    cells: list[dict[str, Json]] = []
    for r, hall_row in enumerate(s.hall):
        for c in range(TAKE_COLS):
            stack = hall_row[c] if c < len(hall_row) else -1
            top = s.stack_top[stack] if stack >= 0 else -1
            out: dict[str, Json] = {"id": hall_cell(r, c), "col": c, "row": r, "label": _column_cost(c)}
            if top >= 0:
                below = len(s.stack_hidden[stack]) + (s.stack_bottom[stack] >= 0)
                out["terrain"] = "stack"
                out["pieces"] = [_building_piece(top, None), {"kind": "face-down", "count": below}]
                out["marks"] = _building_marks(top)
            else:
                out["terrain"] = "empty"
            cells.append(out)
    return {"id": "hall", "label": _("Town hall"), "layout": "square", "cells": cells}


def _market(s: KutnaHoraPosition) -> dict[str, Json]:
    blocked = economy.no_demand(s)
    cells: list[dict[str, Json]] = []
    tracks: list[dict[str, Json]] = []
    for g, name in enumerate(GOODS):
        marks = [_guild_mark(g), {"kind": "no-demand"}] if g in blocked else [_guild_mark(g)]
        cell: dict[str, Json] = {"id": name, "col": g, "row": 0, "label": guild(g), "marks": marks}
        cells.append(cell)
        tracks.append(
            {"id": f"price.{name}", "label": _("{good} price").format(good=good(g)), "value": economy.price(s, g)}
        )
        tracks.append(
            {
                "id": f"slider.{name}",
                "label": _("{good} slider column").format(good=good(g)),
                "value": s.sliders[g],
                "maximum": DATA.columns - 1,
            }
        )
    for deck, deck_name in enumerate(DECK_NAMES):
        value = s.ore_position if deck else s.population_position
        tracks.append(
            {
                "id": f"deck.{deck_name}",
                "label": _("{deck} deck card").format(deck=term("deck." + deck_name)),
                "value": value,
                "maximum": DATA.deck_len[deck] - 1,
            }
        )
    return {"id": "market", "label": _("Market"), "layout": "row", "cells": cells, "tracks": tracks}


def _council(s: KutnaHoraPosition) -> dict[str, Json]:
    cells: list[dict[str, Json]] = []
    tracks: list[dict[str, Json]] = []
    for k, noble in enumerate(COLOURS):
        cell: dict[str, Json] = {
            "id": noble,
            "col": k,
            "row": 0,
            "label": _("{colour} nobles").format(colour=colour(k)),
        }
        if s.council[k]:
            cell["pieces"] = [{"kind": "noble", "label": colour(k), "count": s.council[k]}]
        cells.append(cell)
        tracks.append(
            {
                "id": f"pool.{noble}",
                "label": _("{colour} nobles in the pool").format(colour=colour(k)),
                "value": s.noble_pool[k],
            }
        )
        tracks.append(
            {
                "id": f"bank.{noble}",
                "label": _("{colour} nobles in the bank").format(colour=colour(k)),
                "value": s.bank[k],
            }
        )
    return {"id": "council", "label": _("Council"), "layout": "row", "cells": cells, "tracks": tracks}


BARBARA_ROW = 6  # St. Barbara's tiles in rows of six, so that the row reads on a phone


def _barbara(s: KutnaHoraPosition) -> dict[str, Json]:
    cells: list[dict[str, Json]] = []
    for t in range(len(DATA.barbara_tax)):
        marks: list[Json] = []
        if t <= s.barbara_next:
            marks.append({"kind": "turned" if t < s.barbara_next else "next"})
        cells.append(
            {
                "id": f"B{t + 1}",
                "col": t % BARBARA_ROW,
                "row": t // BARBARA_ROW,
                "label": _("tax +{amount}").format(amount=DATA.barbara_tax[t]),
                "marks": marks,
            }
        )
    return {"id": "barbara", "label": _("St. Barbara"), "layout": "row", "cells": cells}


def _drawn(s: KutnaHoraPosition) -> dict[str, Json]:
    cells: list[dict[str, Json]] = [
        {
            "id": f"D{k + 1}",
            "col": k,
            "row": 0,
            "pieces": [{"kind": "mine-tile", "label": TILES[t].id}],
            "marks": _mine_tile_marks(t),
        }
        for k, t in enumerate(s.drawn)
    ]
    return {"id": "drawn", "label": _("Drawn mine tiles"), "layout": "row", "cells": cells}


def _final_labels() -> tuple[str, ...]:
    """The words of `scoring.FINAL_PARTS`, in its order."""
    return (
        _("town buildings"),
        _("mine majorities"),
        _("final income"),
        _("final reputation"),
        _("leftover buildings, plots and pelicans"),
    )


def _player(s: KutnaHoraPosition, p: int) -> dict[str, Json]:
    """Three columns, as the player's board reads on a phone: the cards in two rows, the house
    rows, the licence slots."""
    cells: list[dict[str, Json]] = []
    for card in range(6):
        printed = DATA.cards[card]
        cells.append(
            {
                "id": f"card{card + 1}",
                "col": card % 3,
                "row": card // 3,
                "label": "+".join(action_name(a) for a in printed),
                "parts": [{"id": part, "kind": "action"} for part in CARD_PARTS],
                "marks": [{"kind": "action", "value": ACTIONS[a]} for a in printed]
                + ([{"kind": "used"}] if s.used_cards[p] >> card & 1 else []),
            }
        )
    for row in range(3):
        guild_name = guild(s.guilds[p][row]) if row < len(s.guilds[p]) else None
        cell: dict[str, Json] = {"id": f"house{row + 1}", "col": row, "row": 2, "label": guild_name}
        if row < len(s.guilds[p]):
            cell["marks"] = [_guild_mark(s.guilds[p][row])]
        if row < len(s.houses[p]) and s.houses[p][row]:
            cell["pieces"] = [{"kind": "house", "owner": p, "count": s.houses[p][row]}]
        cells.append(cell)
    for slot in range(DATA.slots):
        cell = {"id": f"slot{slot + 1}", "col": slot, "row": 3, "label": _("licence")}
        if slot < len(s.slots[p]):
            cell["pieces"] = [_building_piece(s.slots[p][slot], p)]
            cell["marks"] = _building_marks(s.slots[p][slot])
        cells.append(cell)
    values: list[tuple[str, str, float]] = [
        ("money", _("groschen"), s.money[p]),
        ("points", _("points"), s.points[p]),
        ("reputation", _("reputation"), s.reputation[p]),
        ("income", _("income"), economy.income(s, p)),
        ("miners.pool", _("miners in the pool"), s.pool[p]),
        ("miners.reserve", _("miners beside the pool"), s.reserve[p]),
        ("pelicans", _("unused pelicans"), s.pelicans_unused[p]),
        ("pelicans.used", _("used pelicans"), s.pelicans_used[p]),
        ("tax", _("tax due"), rounds.tax_due(s, p)),
    ]
    values += [
        (f"production.{name}", _("{good} production").format(good=good(g)), economy.production(s, p, g))
        for g, name in enumerate(GOODS)
    ]
    if s.final:  # over: the points by source, for the end screen's breakdown
        parts = s.final[p]
        values += [
            (f"final-{name}", label, points)
            for name, label, points in zip(scoring.FINAL_PARTS, _final_labels(), parts, strict=True)
        ]
        values.append(("final-play", _("points scored during the game"), s.points[p] - sum(parts)))
    tracks = [{"id": i, "label": label, "value": value, "owner": p} for i, label, value in values]
    return {
        "id": f"player{p}",
        "label": _("Player {number}").format(number=p + 1),
        "layout": "row",
        "owner": p,
        "cells": cells,
        "tracks": tracks,
    }


def _prompt(s: KutnaHoraPosition) -> str:
    if s.phase == OVER:
        return _("the game is over")
    what = describe_task(s.tasks[-1]) if s.tasks else term("phase." + PHASES[s.phase])
    return _("{player}: {task}").format(player=player(s.current), task=what)


def board_view(s: KutnaHoraPosition, viewer: int | None) -> dict[str, Json]:
    areas = [_town(s), _mine(s), _hall(s), _market(s), _council(s), _barbara(s), _drawn(s)]
    areas += [_player(s, p) for p in range(s.num_players)]
    tracks: list[dict[str, Json]] = [
        {"id": "round", "label": _("round"), "value": s.round, "maximum": s.rounds},
        {"id": "tax", "label": _("tax marker"), "value": s.tax, "maximum": DATA.tax_cap},
    ]
    items: list[dict[str, Json]] = []
    if s.event_current >= 0:
        items.append({"id": "event", "kind": "event", "label": event_card_name(DATA.events[s.event_current].id)})
    for deck, left in enumerate(s.events_left):
        items.append(
            {
                "id": f"events.{'AB'[deck]}",
                "kind": "event",
                "label": _("face-down events"),
                "count": len(left),
                "hidden": True,
            }
        )
    return {
        "format": BOARD_FORMAT,
        "game": "kutna-hora",
        "viewer": viewer,
        "areas": areas,
        "tracks": tracks,
        "items": items,
        "prompt": _prompt(s),
    }


def action_target(s: KutnaHoraPosition, player: int, action: int) -> dict[str, Json] | None:
    """Where an action goes on the board view (None for the off-board kinds in OFF_BOARD)."""
    kind, v = SPACE.decode(action)
    target: dict[str, Any]
    if kind == "play":
        card, act = v
        target = {"area": f"player{player}", "cell": f"card{card + 1}", "part": CARD_PARTS[act]}
    elif kind == "keep":
        target = {"area": "drawn", "cell": f"D{v[0] + 1}"}
    elif kind in ("mine", "tech"):
        target = {"area": "mine", "cell": cell_name(DATA.mine_cols, v[0])}
    elif kind == "take":
        target = {"area": "hall", "cell": hall_cell(*v)}
    elif kind in ("plot", "score"):
        target = {"area": "town", "cell": cell_name(s.town_columns, v[0])}
    elif kind == "build":
        target = {"area": "town", "cell": cell_name(s.town_columns, v[1])}
    elif kind == "noble":
        target = {"area": "council", "cell": COLOURS[v[0]]}
    elif kind == "house":
        target = {"area": f"player{player}", "cell": f"house{v[0] + 1}"}
    else:
        assert kind in OFF_BOARD, kind
        return None
    return target
