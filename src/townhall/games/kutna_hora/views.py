"""Text for people: action texts (unique within a decision) and the board rendering."""

from __future__ import annotations

from townhall.games.kutna_hora import economy, mine, rounds, scoring
from townhall.games.kutna_hora.actions import (
    IDLE,
    OPT_BARBARA,
    OPT_ORE_LEFT,
    OPT_POP,
    OPT_SLIDER,
    PERMS,
    SPACE,
    T_BARB,
    T_BUILD,
    T_BUY,
    T_HOUSE,
    T_KEEP,
    T_LIC,
    T_NOBLE,
    T_OPT,
    T_PLACE,
    T_PLOT,
    T_SCORE,
    T_TECH,
)
from townhall.games.kutna_hora.data import ACTIONS, COLOURS, DATA, GOODS, GUILD_OF_GOOD, cell_name
from townhall.games.kutna_hora.position import OVER, PHASES, KutnaHoraPosition, Step, TurnBarbaraTileDown, step_to_json

B = DATA.buildings
TILE_NAMES = [t.id for t in economy.MINE_TILES]


def action_text(state: KutnaHoraPosition, action: int) -> str:
    kind, v = SPACE.decode(action)
    p = state.current
    if kind == "set":
        sets = DATA.guild_sets[state.setup_card][state.num_players]
        names = "+".join(GUILD_OF_GOOD[g] for g in sets[v[0]]) if v[0] < len(sets) else "?"
        return f"set {v[0] + 1} {names}"
    if kind == "order":
        guilds = state.guilds[p] if len(state.guilds[p]) == 3 else [0, 1, 2]
        return "order " + ">".join(GUILD_OF_GOOD[guilds[i]] for i in PERMS[v[0]])
    if kind == "play":
        card, act = v
        if act == IDLE:
            return f"c{card + 1} idle"
        joker = act not in DATA.cards[card]
        return f"c{card + 1} {'joker ' if joker else ''}{ACTIONS[act]}"
    if kind == "buy":
        return f"buy {v[0]} miner{'s' if v[0] > 1 else ''}"
    if kind == "keep":
        if v[0] < len(state.drawn):
            t = economy.MINE_TILES[state.drawn[v[0]]]
            return f"keep {t.id} (cost {t.cost} ore {t.ore} pop {t.pop} pts {t.points} stars {t.stars})"
        return f"keep {v[0] + 1}"
    if kind in ("mine", "tech"):
        return f"{kind} {cell_name(DATA.mine_cols, v[0])}"
    if kind == "take":
        row, col = v
        stack = state.hall[row][col] if col < len(state.hall[row]) else -1
        tile = state.stack_top[stack] if stack >= 0 else -1
        return f"take {row + 1}{col + 1} {B[tile].id if tile >= 0 else '-'}"
    if kind in ("plot", "score"):
        return f"{kind} {cell_name(state.town_columns, v[0])}"
    if kind == "build":
        slot, cell = v
        tile = state.slots[p][slot] if slot < len(state.slots[p]) else -1
        return f"build {B[tile].id if tile >= 0 else slot + 1} {cell_name(state.town_columns, cell)}"
    if kind == "noble":
        return f"noble {COLOURS[v[0]]}"
    if kind == "house":
        guilds = state.guilds[p]
        return f"house {GUILD_OF_GOOD[guilds[v[0]]] if v[0] < len(guilds) else v[0] + 1}"
    if kind == "tax":
        return f"pay tax {rounds.tax_due(state, p)}" if v[0] else "tax penalty"
    return kind


def describe_task(task: Step) -> str:
    kind, a, b = step_to_json(task)  # the step's [kind, a, b] form keys the texts
    if kind == T_OPT:
        what = {
            OPT_SLIDER: f"move the {GOODS[b]} slider right",
            OPT_ORE_LEFT: "move the ore slider left",
            OPT_BARBARA: "turn the lowest St. Barbara tile down (tax rises)",
            OPT_POP: f"advance the population deck by {b}",
        }[a]
        return f"{what}? (resolve / decline)"
    if kind == T_BARB:
        cost = " (declining still costs the reputation)" if a in (2, 4) else ""
        return f"St. Barbara tile {a + 1}, {BARBARA_TEXTS[a]}: resolve or decline{cost}"
    return {
        T_BUY: "buy miners? (one permit)",
        T_KEEP: "keep which drawn mine tile?",
        T_PLACE: "where does the mine go?",
        T_TECH: "where does the technology tile go (decline removes it)?",
        T_LIC: ["take a licence", "take a free licence", "take a free public licence"][a],
        T_PLOT: ["buy a plot", "take a free plot anywhere"][a],
        T_BUILD: ["build", "build without wood cost"][a],
        T_NOBLE: ["pay 10 to seat a noble from the pool?", "seat a noble from the bank?"][a],
        T_HOUSE: "remove a house for +2 production?",
        T_SCORE: "score which own building?",
    }.get(kind, "?")


def _icons(tile: int) -> str:
    """Scored icons in capitals, shown icons in lower case (first letters)."""
    b = B[tile]
    scores = "".join(DATA.icons[i][0].upper() for i in sorted(b.scores))
    return f"{scores}/{''.join(DATA.icons[i][0] for i in b.shows)}"


BARBARA_TEXTS = (
    "+2 reputation",
    "+1 reputation, a free licence",
    "-1 reputation, remove a house for +2 production",
    "+1 reputation, a free plot anywhere",
    "-2 reputation, two income actions",
    "+2 points, a noble from the bank to the council",
    "+1 reputation per public building beside your buildings",
    "+1 point, a build without wood cost",
    "two mine actions without wood cost",
    "score one of your buildings",
    "+5 points, afterwards +2 reputation per St. Barbara action",
)


def _effect(effect: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{kind}+{amount}" for kind, amount in effect)


def _building(tile: int) -> str:
    b = B[tile]
    if b.public:
        return f"{b.id}({COLOURS[b.noble]} w{b.wood} p{b.plot_price} {_icons(tile)} {_effect(b.effect)})"
    extra = (" StBarbara" if b.barbara else "") + (f" pop+{b.pop}" if b.pop else "")
    return f"{b.id}({GOODS[b.guild]}+{b.production} w{b.wood} p{b.plot_price} {_icons(tile)}{extra})"


def render(state: KutnaHoraPosition, viewer: int | None) -> str:
    n = state.num_players
    lines = [
        f"Kutná Hora (stand-in components) - round {state.round}/{state.rounds}, {PHASES[state.phase]}, "
        f"start player {state.start + 1}, tax {state.tax}"
        + ("" if state.phase == OVER else f", player {state.current + 1} to move"),
    ]
    lines.append(
        f"Decks: population {state.population_position}, ore {state.ore_position}; red X: "
        + (",".join(GOODS[g] for g in sorted(economy.no_demand(state))) or "none")
    )
    lines.append("Prices (the slider's column in brackets; X = no demand):")
    blocked = economy.no_demand(state)
    for g in range(6):
        position = state.ore_position if DATA.good_deck[g] else state.population_position
        prices = DATA.prices[g][position]
        shown = " ".join(f"[{v}]" if c == state.sliders[g] else f" {v} " for c, v in enumerate(prices))
        lines.append(f"  {GOODS[g]:<8}{'X' if g in blocked else ' '} {shown}   now {economy.price(state, g)}")
    lines.append("Town hall (row/column: top tile (good, wood, plot price, icons scored/shown), tiles below):")
    for r, hall_row in enumerate(state.hall):
        cells = []
        for c, stack in enumerate(hall_row):
            top = state.stack_top[stack]
            if top < 0:
                break  # emptied stacks are no columns: the others slid left (KH-LIC-4)
            below = len(state.stack_hidden[stack]) + (state.stack_bottom[stack] >= 0)
            cells.append(f"{r + 1}{c + 1} {_building(top)} +{below}")
        lines.append("  " + (" | ".join(cells) or f"row {r + 1}: no tiles left"))
    side = DATA.sides[state.side]
    lines.append("Town (. free plot, x no plot, plotN = plot marker of player N, ID/owner = building, pub = public):")
    lines.append("     " + "".join(f"{c + 1:<9}" for c in range(side.cols)))
    for r in range(side.rows):
        row: list[str] = []
        for c in range(side.cols):
            cell = r * side.cols + c
            if not side.plots[cell]:
                row.append("x")
            elif state.town[cell] >= 0:
                owner = state.town_owner[cell]
                row.append(f"{B[state.town[cell]].id}/{'pub' if owner < 0 else owner + 1}")
            elif state.town_plot[cell] >= 0:
                row.append(f"plot{state.town_plot[cell] + 1}")
            else:
                row.append(".")
        lines.append(f"  {chr(65 + r)}  " + "".join(f"{x:<9}" for x in row))
    edges = [f"{cell_name(side.cols, c)} {'+'.join(DATA.icons[i] for i in e)}" for c, e in enumerate(side.edges) if e]
    lines.append("Board edge icons: " + ", ".join(edges))
    built = [f"{B[t].id} {_icons(t)}" for t in state.town if t >= 0]
    if built:
        lines.append("Built icons (scored/shown): " + ", ".join(built))
    lines.append(
        f"Mine (level {mine.level(state)}; deck {[len(x) for x in state.layers]}, discards {len(state.discard)}):"
    )
    for r in range(DATA.mine_rows):
        row = []
        for c in range(DATA.mine_cols):
            cell = r * DATA.mine_cols + c
            tile = state.mine[cell]
            if tile == -2:
                row.append(f"rock*{state.rock_stars[cell]}")
            elif tile >= 0:
                row.append(f"{TILE_NAMES[tile]}/{state.mine_owner[cell] + 1}")
            else:
                row.append("entr" if cell in DATA.entrances else ".")
        lines.append(f"  {chr(65 + r)}  " + "".join(f"{x:<9}" for x in row))
    nxt = state.barbara_next
    lines.append(
        f"St. Barbara: {nxt}/11 tiles turned"
        + (
            f", {'resolving' if TurnBarbaraTileDown(nxt) in state.tasks else 'next'} tile {nxt + 1}: {BARBARA_TEXTS[nxt]}"
            if nxt < len(BARBARA_TEXTS)
            else ", all turned: +2 reputation"
        )
        + f"; nobles bank {state.bank}, pool {state.noble_pool}, council {state.council} (green, silver, yellow, red)"
    )
    penalty = DATA.tracks[n].penalties[state.round - 1]
    lines.append(
        f"Round end: pay tax {state.tax} (land tax +{DATA.land_tax.get(2, 0)} with 2 plots, "
        f"+{DATA.land_tax.get(3, 0)} with 3) or lose {penalty} reputation"
    )
    if state.event_current >= 0:
        e = DATA.events[state.event_current]
        lines.append(f"Event {e.id}: population +{e.population}, ore +{e.ore} at round end")
    for p in range(n):
        prod = " ".join(f"{GOODS[g][:2]}{economy.production(state, p, g)}" for g in range(6))
        slots = ",".join(_building(t) for t in state.slots[p]) or "-"
        cards = "".join("-" if state.used_cards[p] >> k & 1 else str(k + 1) for k in range(6))
        houses = " ".join(
            f"{GUILD_OF_GOOD[g]}:{h}"
            + (f"(next {_effect(DATA.house_effects[row][DATA.houses_per_row - h])})" if h else "")
            for row, (g, h) in enumerate(zip(state.guilds[p], state.houses[p], strict=False))
        )
        lines.append(
            f"P{p + 1}: {state.money[p]} gr, {state.points[p]} pts, rep {state.reputation[p]}, prod {prod}, income {economy.income(state, p)}; "
            f"pelicans {state.pelicans_unused[p]}/{state.pelicans_used[p]} used; miners pool {state.pool[p]} beside {state.reserve[p]}; "
            f"cards {cards}; houses {houses}; slots {slots}; plots "
            + (",".join(cell_name(state.town_columns, c) for c in state.plots[p]) or "-")
        )
    if state.final:
        for p, parts in enumerate(state.final):
            lines.append(
                f"P{p + 1} final: " + ", ".join(f"{k} {v}" for k, v in zip(scoring.FINAL_PARTS, parts, strict=True))
            )
    if state.drawn:
        lines.append("Drawn mine tiles: " + ", ".join(TILE_NAMES[t] for t in state.drawn))
    if state.tasks:
        lines.append(f"Pending for player {state.current + 1}: {describe_task(state.tasks[-1])}")
    del viewer  # everything shown is public
    return "\n".join(lines)


def statistics(state: KutnaHoraPosition, ranks: list[int]) -> dict[str, float]:
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
    winners = [p for p in range(n) if ranks[p] == 1]
    out["winners"] = float(len(winners))
    for g, guild in enumerate(GUILD_OF_GOOD):
        out[f"winner.guild.{guild}"] = float(sum(g in state.guilds[p] for p in winners))
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
