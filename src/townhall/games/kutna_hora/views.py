"""Text for people: the board rendering, the pending step's text and the statistics of a game."""

from __future__ import annotations

from townhall.games.kutna_hora import economy, mine, scoring
from townhall.games.kutna_hora.actions import OPT_BARBARA, OPT_ORE_LEFT, OPT_SLIDER
from townhall.games.kutna_hora.data import DATA, GOODS, GUILD_OF_GOOD, cell_name
from townhall.games.kutna_hora.position import OVER, PHASES, KutnaHoraPosition
from townhall.games.kutna_hora.steps import STEP_NAMES, Step, TurnBarbaraTileDown, step_to_json
from townhall.games.kutna_hora.tables import BUILDINGS, MINE_TILES
from townhall.games.kutna_hora.words import _, colour, good, guild, icon_letter, term

TILE_NAMES = [t.id for t in MINE_TILES]


def describe_task(task: Step) -> str:
    name = STEP_NAMES[type(task)][0]
    _kind, a, b = step_to_json(task)  # the step's saved fields a and b fill the texts
    if name == "optional_icon":
        if a == OPT_SLIDER:
            what = _("move the {good} slider right").format(good=good(b))
        elif a == OPT_ORE_LEFT:
            what = _("move the ore slider left")
        elif a == OPT_BARBARA:
            what = _("turn the lowest St. Barbara tile down (tax rises)")
        else:
            what = _("advance the population deck by {count}").format(count=b)
        return _("{what}? (resolve / decline)").format(what=what)
    if name == "resolve_barbara_tile":
        cost = _(" (declining still costs the reputation)") if a in (2, 4) else ""
        return _("St. Barbara tile {number}, {effect}: resolve or decline{cost}").format(
            number=a + 1, effect=barbara_text(a), cost=cost
        )
    texts = {
        "buy_miners": lambda: _("buy miners? (one permit)"),
        "keep_mine_tile": lambda: _("keep which drawn mine tile?"),
        "place_mine": lambda: _("where does the mine go?"),
        "place_technology": lambda: _("where does the technology tile go (decline removes it)?"),
        "take_licence": lambda: [_("take a licence"), _("take a free licence"), _("take a free public licence")][a],
        "buy_plot": lambda: [_("buy a plot"), _("take a free plot anywhere")][a],
        "build_building": lambda: [_("build"), _("build without wood cost")][a],
        "seat_noble": lambda: [_("pay 10 to seat a noble from the pool?"), _("seat a noble from the bank?")][a],
        "remove_house": lambda: _("remove a house for +2 production?"),
        "score_building": lambda: _("score which own building?"),
    }
    text = texts.get(name)
    return text() if text is not None else "?"


def _icons(tile: int) -> str:
    """Scored icons in capitals, shown icons in lower case (first letters; short forms in other languages)."""
    b = BUILDINGS[tile]
    scores = "".join(icon_letter(i, scored=True) for i in sorted(b.scores))
    return f"{scores}/{''.join(icon_letter(i, scored=False) for i in b.shows)}"


def barbara_text(tile: int) -> str:
    """What St. Barbara tile `tile` (from 0) does, in the language in force."""
    return (
        _("+2 reputation"),
        _("+1 reputation, a free licence"),
        _("-1 reputation, remove a house for +2 production"),
        _("+1 reputation, a free plot anywhere"),
        _("-2 reputation, two income actions"),
        _("+2 points, a noble from the bank to the council"),
        _("+1 reputation per public building beside your buildings"),
        _("+1 point, a build without wood cost"),
        _("two mine actions without wood cost"),
        _("score one of your buildings"),
        _("+5 points, afterwards +2 reputation per St. Barbara action"),
    )[tile]


BARBARA_TILES = 11


def _effect(effect: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{term('effect.' + kind)}+{amount}" for kind, amount in effect)


def _building(tile: int) -> str:
    b = BUILDINGS[tile]
    wood, plot = term("short.wood"), term("short.plot-price")
    if b.public:
        return f"{b.id}({colour(b.noble)} {wood}{b.wood} {plot}{b.plot_price} {_icons(tile)} {_effect(b.effect)})"
    extra = (" " + term("short.barbara") if b.barbara else "") + (f" {term('short.pop')}+{b.pop}" if b.pop else "")
    return f"{b.id}({good(b.guild)}+{b.production} {wood}{b.wood} {plot}{b.plot_price} {_icons(tile)}{extra})"


def _head(state: KutnaHoraPosition) -> list[str]:
    head = _("{title} (stand-in components) - round {round}/{rounds}, {phase}, start player {start}, tax {tax}").format(
        title=term("title"),
        round=state.round,
        rounds=state.rounds,
        phase=term("phase." + PHASES[state.phase]),
        start=state.start + 1,
        tax=state.tax,
    )
    if state.phase != OVER:
        head += _(", player {number} to move").format(number=state.current + 1)
    no_demand = ",".join(good(g) for g in sorted(economy.no_demand(state))) or _("none")
    lines = [head]
    lines.append(
        _("Decks: population {population}, ore {ore}; red X: {goods}").format(
            population=state.population_position, ore=state.ore_position, goods=no_demand
        )
    )
    lines.append(_("Prices (the slider's column in brackets; X = no demand):"))
    blocked = economy.no_demand(state)
    for g in range(6):
        position = state.ore_position if DATA.good_deck[g] else state.population_position
        prices = DATA.prices[g][position]
        shown = " ".join(f"[{v}]" if c == state.sliders[g] else f" {v} " for c, v in enumerate(prices))
        name = _pad(good(g), 8)
        lines.append(
            f"  {name}{'X' if g in blocked else ' '} {shown}   "
            + _("now {price}").format(price=economy.price(state, g))
        )
    return lines


def _pad(text: str, width: int) -> str:
    """Left-aligned in `width` terminal columns (a CJK character takes two)."""
    used = sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)
    return text + " " * max(0, width - used)


def _hall_and_town(state: KutnaHoraPosition) -> list[str]:
    lines = [_("Town hall (row/column: top tile (good, wood, plot price, icons scored/shown), tiles below):")]
    for r, hall_row in enumerate(state.hall):
        cells = []
        for c, stack in enumerate(hall_row):
            top = state.stack_top[stack]
            if top < 0:
                break  # emptied stacks are no columns: the others slid left (KH-LIC-4)
            below = len(state.stack_hidden[stack]) + (state.stack_bottom[stack] >= 0)
            cells.append(f"{r + 1}{c + 1} {_building(top)} +{below}")
        lines.append("  " + (" | ".join(cells) or _("row {number}: no tiles left").format(number=r + 1)))
    side = DATA.sides[state.side]
    lines.append(
        _(
            "Town (. free plot, x no plot, {plot}N = plot marker of player N, ID/owner = building, {pub} = public):"
        ).format(plot=term("short.plot"), pub=term("short.public"))
    )
    lines.append("     " + "".join(f"{c + 1:<9}" for c in range(side.cols)))
    for r in range(side.rows):
        row: list[str] = []
        for c in range(side.cols):
            cell = r * side.cols + c
            if not side.plots[cell]:
                row.append("x")
            elif state.town[cell] >= 0:
                owner = state.town_owner[cell]
                row.append(f"{BUILDINGS[state.town[cell]].id}/{term('short.public') if owner < 0 else owner + 1}")
            elif state.town_plot[cell] >= 0:
                row.append(f"{term('short.plot')}{state.town_plot[cell] + 1}")
            else:
                row.append(".")
        lines.append(f"  {chr(65 + r)}  " + "".join(_pad(x, 9) for x in row))
    edges = [
        f"{cell_name(side.cols, c)} {'+'.join(term('icon.' + DATA.icons[i]) for i in e)}"
        for c, e in enumerate(side.edges)
        if e
    ]
    lines.append(_("Board edge icons: ") + ", ".join(edges))
    built = [f"{BUILDINGS[t].id} {_icons(t)}" for t in state.town if t >= 0]
    if built:
        lines.append(_("Built icons (scored/shown): ") + ", ".join(built))
    return lines


def _mine(state: KutnaHoraPosition) -> list[str]:
    lines = [
        _("Mine (level {level}; deck {deck}, discards {discards}):").format(
            level=mine.level(state), deck=[len(x) for x in state.layers], discards=len(state.discard)
        )
    ]
    for r in range(DATA.mine_rows):
        row = []
        for c in range(DATA.mine_cols):
            cell = r * DATA.mine_cols + c
            tile = state.mine[cell]
            if tile == -2:
                row.append(f"{term('short.rock')}*{state.rock_stars[cell]}")
            elif tile >= 0:
                row.append(f"{TILE_NAMES[tile]}/{state.mine_owner[cell] + 1}")
            else:
                row.append(term("short.entrance") if cell in DATA.entrances else ".")
        lines.append(f"  {chr(65 + r)}  " + "".join(_pad(x, 9) for x in row))
    return lines


def _barbara_and_round(state: KutnaHoraPosition) -> list[str]:
    nxt = state.barbara_next
    text = _("St. Barbara: {turned}/11 tiles turned").format(turned=nxt)
    if nxt < BARBARA_TILES:
        if TurnBarbaraTileDown(nxt) in state.tasks:
            text += _(", resolving tile {number}: {effect}").format(number=nxt + 1, effect=barbara_text(nxt))
        else:
            text += _(", next tile {number}: {effect}").format(number=nxt + 1, effect=barbara_text(nxt))
    else:
        text += _(", all turned: +2 reputation")
    text += _("; nobles bank {bank}, pool {pool}, council {council} (green, silver, yellow, red)").format(
        bank=state.bank, pool=state.noble_pool, council=state.council
    )
    lines = [text]
    penalty = DATA.tracks[state.num_players].penalties[state.round - 1]
    lines.append(
        _(
            "Round end: pay tax {tax} (land tax +{two} with 2 plots, +{three} with 3) or lose {penalty} reputation"
        ).format(tax=state.tax, two=DATA.land_tax.get(2, 0), three=DATA.land_tax.get(3, 0), penalty=penalty)
    )
    if state.event_current >= 0:
        e = DATA.events[state.event_current]
        lines.append(
            _("Event {id}: population +{population}, ore +{ore} at round end").format(
                id=e.id, population=e.population, ore=e.ore
            )
        )
    return lines


def _player(state: KutnaHoraPosition, p: int) -> str:
    prod = " ".join(f"{term('abbr.' + GOODS[g])}{economy.production(state, p, g)}" for g in range(6))
    slots = ",".join(_building(t) for t in state.slots[p]) or "-"
    cards = "".join("-" if state.used_cards[p] >> k & 1 else str(k + 1) for k in range(6))
    houses = " ".join(
        f"{guild(g)}:{h}"
        + (
            "(" + _("next {effect}").format(effect=_effect(DATA.house_effects[row][DATA.houses_per_row - h])) + ")"
            if h
            else ""
        )
        for row, (g, h) in enumerate(zip(state.guilds[p], state.houses[p], strict=False))
    )
    plots = ",".join(cell_name(state.town_columns, c) for c in state.plots[p]) or "-"
    return _(
        "P{number}: {money} gr, {points} pts, rep {reputation}, prod {production}, income {income}; "
        "pelicans {pelicans}/{pelicans_used} used; miners pool {pool} beside {reserve}; "
        "cards {cards}; houses {houses}; slots {slots}; plots {plots}"
    ).format(
        number=p + 1,
        money=state.money[p],
        points=state.points[p],
        reputation=state.reputation[p],
        production=prod,
        income=economy.income(state, p),
        pelicans=state.pelicans_unused[p],
        pelicans_used=state.pelicans_used[p],
        pool=state.pool[p],
        reserve=state.reserve[p],
        cards=cards,
        houses=houses,
        slots=slots,
        plots=plots,
    )


def render(state: KutnaHoraPosition, viewer: int | None) -> str:
    lines = _head(state) + _hall_and_town(state) + _mine(state) + _barbara_and_round(state)
    for p in range(state.num_players):
        lines.append(_player(state, p))
    if state.final:
        for p, parts in enumerate(state.final):
            final = ", ".join(f"{term('final.' + k)} {v}" for k, v in zip(scoring.FINAL_PARTS, parts, strict=True))
            lines.append(_("P{number} final: ").format(number=p + 1) + final)
    if state.drawn:
        lines.append(_("Drawn mine tiles: ") + ", ".join(TILE_NAMES[t] for t in state.drawn))
    if state.tasks:
        lines.append(
            _("Pending for player {number}: {task}").format(
                number=state.current + 1, task=describe_task(state.tasks[-1])
            )
        )
    del viewer  # everything shown is public
    return "\n".join(lines)


def statistics(state: KutnaHoraPosition) -> dict[str, float]:
    """Figures of a finished game (flat names, numbers): points by source summed over players
    (`points.<part>` of the final scoring; `points.play` is everything scored during the game:
    mine tiles, council nobles, St. Barbara), the winners' guilds, rounds, margin and table counts."""
    n = state.num_players
    out: dict[str, float] = {"rounds": float(state.round), "players": float(n)}
    final = state.final or [[0] * len(scoring.FINAL_PARTS) for _ in range(n)]
    for k, name in enumerate(scoring.FINAL_PARTS):
        out[f"points.{name}"] = float(sum(parts[k] for parts in final))
    out["points.play"] = float(sum(state.points) - sum(sum(parts) for parts in final))
    out["points.total"] = float(sum(state.points))
    ordered = sorted(state.points, reverse=True)
    out["margin"] = float(ordered[0] - ordered[1]) if n > 1 else 0.0
    ranks = scoring.ranks(state)
    winners = [p for p in range(n) if ranks[p] == 1]
    out["winners"] = float(len(winners))
    for g, name in enumerate(GUILD_OF_GOOD):
        out[f"winner.guild.{name}"] = float(sum(g in state.guilds[p] for p in winners))
    out["winner.points"] = float(ordered[0])
    out["buildings.guild"] = float(sum(1 for owner in state.town_owner if owner >= 0))
    out["buildings.public"] = float(
        sum(1 for cell, t in enumerate(state.town) if t >= 0 and state.town_owner[cell] < 0)
    )
    out["mine.tiles"] = float(sum(1 for owner in state.mine_owner if owner >= 0))
    out["council.nobles"] = float(sum(state.council))
    out["barbara.turned"] = float(state.barbara_next)
    out["tax.final"] = float(state.tax)
    out["money.left"] = float(sum(state.money))
    out["reputation.mean"] = sum(state.reputation) / n
    return out
