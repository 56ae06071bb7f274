"""The text view (every player's board: column letters A-K, row numbers 1-11, what players type;
the episode's summary card) and the statistics of a finished game."""

from __future__ import annotations

from townhall.games.my_city.actions import card_name, card_words
from townhall.games.my_city.chapters import RuleSet
from townhall.games.my_city.data import COLOUR_NAMES, COLUMNS, SIZE, cell_name
from townhall.games.my_city.pieces import CATALOGUE, COLOURS
from townhall.games.my_city.position import MyCityPosition
from townhall.games.my_city.scoring import ITEMS
from townhall.games.my_city.state import MyCityState
from townhall.games.my_city.words import _, term

TERRAIN_TEXT = {
    "M": "^^",
    "F": "%%",
    ".": " .",
    "o": " o",
    "T": "T2",
    "t": "T1",
    "R": "R2",
    "r": "R1",
    "W": " W",
    "G": " G",
}
LAND_TEXT = " :"  # chapter 4: a mountain/forest cell that is light green now
SHAFT_ENTRANCE = ("ey", "er", "eb")  # chapter 6: a mine-shaft entrance by colour; deeper cells #2, #3, ...
# One letter per shape, so that neighbouring pieces of one colour stay apart.
SHAPE_LETTER = {
    "I4": "I",
    "O4": "O",
    "T4": "T",
    "S4": "S",
    "D2": "D",
    "U5": "U",
    "L4": "L",
    "L3": "l",
    "I3": "i",
    "P1": "P",
}


def legend() -> str:
    return _(
        "legend: ^^ mountain, %% forest, . light green, o sticker square, T2/T1 trees, R2/R1 rocks, W well, "
        "G gold mine, : new land (chapter 4), ey/er/eb mine-shaft entrance for yellow/red/blue and #2.. its depth "
        "(chapter 6), y?/r?/b?/c? yellow/red/blue/church buildings, n? the investor (second letter: the shape, "
        "e.g. yL = YL4, yl = YL3, ci = CI3), | and ~~ the river"
    )


def card_text(card: int) -> str:
    """A card's name in the language in force: its building in words with the id a person types
    (`[YT4]`), or the blockade card."""
    name = card_name(card)
    return card_words(card) if name == "blockade" else f"{card_words(card)} [{name}]"


def render_board(state: MyCityState, player: int) -> list[str]:
    owner: dict[int, str] = {}
    for piece, mask in state.placed[player]:
        shown = CATALOGUE.pieces[piece]
        letter = COLOURS[shown.colour].lower() + SHAPE_LETTER.get(shown.shape, shown.shape[0])
        m = mask
        while m:
            low = m & -m
            owner[low.bit_length() - 1] = letter
            m ^= low
    cells = state.features[player].cells
    shown_cells = chapter_cells(state)
    river = state.board_spec.river
    lines = ["    " + "".join(f"  {c}" for c in COLUMNS)]
    for r in range(SIZE):
        parts = []
        for c in range(SIZE):
            i = r * SIZE + c
            sep = "|" if c == river[r] else " "
            parts.append(sep + owner.get(i, shown_cells.get(i) or TERRAIN_TEXT[cells[i]]))
        lines.append(f"{r + 1:>3} " + "".join(parts))
        if r < SIZE - 1:
            low, high = sorted((river[r], river[r + 1]))
            if low != high:
                lines.append("    " + "".join(" ~~" if low <= c < high else "   " for c in range(SIZE)))
    return lines


def chapter_cells(state: MyCityState) -> dict[int, str]:
    """Cells the chapter rules change on every board: new land, mine-shaft stickers."""
    rules = state.rules
    out: dict[int, str] = {}
    land = state.terrain.land
    while land:
        low = land & -land
        out[low.bit_length() - 1] = LAND_TEXT
        land ^= low
    for colour, *shaft in rules.mine_shafts:
        for depth, cell in enumerate(shaft, 1):
            out[cell] = SHAFT_ENTRANCE[colour] if depth == 1 else f"#{depth}"
    return out


def chapter_lines(state: MyCityState) -> list[str]:
    """The chapter mechanics of this episode in words (MYC-LEG-1)."""
    rules = state.rules
    out = []
    if rules.church4 >= 0:
        out.append(_("4th church (chosen by results): {card}").format(card=card_text(rules.church4)))
    if state.terrain.land:
        names = [cell_name(c) for c in range(SIZE * SIZE) if state.terrain.land >> c & 1]
        out.append(_("more land (the water has receded): ") + " ".join(names))
    for colour, *shaft in rules.mine_shafts:
        out.append(
            _("mine shaft of {colour}: ").format(colour=term(COLOUR_NAMES[colour]))
            + " ".join(cell_name(c) for c in shaft)
        )
    if rules.removed:
        out.append(_("removed (no factory mark): ") + ", ".join(card_text(p) for p in rules.removed))
    return out


def render_turns(piece: int) -> list[str]:
    """The revealed piece in each distinct rotation (the anchor is the top-left of each drawing)."""
    drawings: list[tuple[str, list[str]]] = []
    for rotation, turn in enumerate(CATALOGUE.pieces[piece].turns):
        if turn is None:
            continue
        height = max(r for r, _ in turn) + 1
        width = max(c for _, c in turn) + 1
        rows = ["".join("#" if (r, c) in turn else "." for c in range(width)) for r in range(height)]
        drawings.append((f"r{rotation * 90}", rows))
    depth = max(len(rows) for _, rows in drawings)
    column = max(6, *(len(rows[0]) + 2 for _, rows in drawings))
    lines = ["  " + "".join(name.ljust(column) for name, _ in drawings)]
    for line in range(depth):
        lines.append("  " + "".join((rows[line] if line < len(rows) else "").ljust(column) for _, rows in drawings))
    return lines


def render(state: MyCityState, viewer: int | None) -> str:
    rules = state.rules
    title = term("title")
    if rules.mode == "evergreen":
        head = _("{title}, evergreen").format(title=title)
    else:
        head = _("{title}, campaign episode {episode} (chapter {chapter})").format(
            title=title, episode=rules.episode, chapter=rules.chapter
        )
    out = [head]
    if rules.east_only:
        out.append(_("the flood: build only east of the river; the west bank does not count"))
    out.extend(chapter_lines(state))
    if rules.mode == "campaign":
        out.append(_("summary: ") + "; ".join(f"{when}: {item} {points}" for when, item, points in summary(rules)))
    if state.over:
        out.append(_("game over"))
    else:
        out.append(_("card: {card}   cards left: {left}").format(card=card_text(state.card), left=len(state.deck)))
        out.extend(render_turns(state.card))
    if state.blocked:
        out.append(_("blocked: ") + ", ".join(card_text(c) for c in state.blocked))
    for p in range(state.num_players):
        out.append(_player_line(state, p, viewer))
        if viewer == p and state.pending[p] >= 0:
            out.append(_("  your choice: {action}").format(action=state.action_text(state.pending[p])))
        out.extend(render_board(state, p))
    out.append(legend())
    out.append(
        _(
            'actions: "{place} <piece> {at} <cell> r<0|90|180|270>" (cell = top-left corner of the drawing of that '
            'rotation), "{pass_}", "{exit}"'
        ).format(place=term("action.place"), at=term("action.at"), pass_=term("action.pass"), exit=term("action.exit"))
    )
    return "\n".join(out)


def _player_line(state: MyCityState, p: int, viewer: int | None) -> str:
    if state.over:
        items = ", ".join(f"{term('score.' + k)} {v:+d}" for k, v in (state.final or [])[p].items())
        status = _("final {items}").format(items=items)
    elif not state.active[p]:
        status = _("exited")
    else:
        status = _("decided") if state.pending[p] >= 0 else _("deciding")
    marks = _(", progress marks +{marks}").format(marks=state.marks[p]) if state.rules.mode == "campaign" else ""
    you = _(" (you)") if viewer == p else ""
    frozen = _(" (frozen at 50)") if state.frozen[p] else ""
    return _("player {number}{you}: score {score}{frozen}{marks}, {status}").format(
        number=p + 1, you=you, score=state.score[p], frozen=frozen, marks=marks, status=status
    )


def summary(rules: RuleSet) -> list[tuple[str, str, str]]:
    """The episode's summary card: (when, item, points), "immediately" or "at the end", in the
    language in force."""
    now, end = _("immediately"), _("at the end")
    items: list[tuple[str, str, str]] = []
    if rules.can_pass:
        items.append((now, term("action.pass"), "-1"))
    if rules.gold_mines:
        items.append((now, _("first to cover both gold mines"), f"+{rules.gold_points}"))
    if rules.cap:
        reach = _("{marks} progress mark, marker stops").format(marks=rules.reach_cap_marks)
        items.append((now, _("marker reaches {cap}").format(cap=rules.cap), reach))
    items += [(end, term("tree"), "+1"), (end, term("rock"), "-1")]
    if rules.investor_points:
        items.append((now, _("building placed next to your investor"), f"+{rules.investor_points}"))
    if rules.colour_groups:
        items.append((end, _("largest group of yellow, red, blue"), _("+1 per building")))
    if rules.church_bonus:
        items.append((end, _("church touching yellow, red and blue"), f"+{rules.church_bonus}"))
    if rules.wells and not rules.well_cells_plain:
        items.append((end, _("well with four different buildings around"), f"+{rules.well_points}"))
    if rules.railroad_points:
        items.append((end, _("building on the bottom row (railroad)"), f"+{rules.railroad_points}"))
    if rules.mine_shafts:
        points = "/".join(f"{p:+d}" for p in rules.mine_rewards)
        items.append((end, _("mine shaft: depth its entrance colour's group reaches (0, 1, 2, ...)"), points))
    if rules.park_points:
        park = _("park (uncovered area of {cells}+ cells, no rock, a tree)").format(cells=rules.park_min_cells)
        items.append((end, park, f"+{rules.park_points}"))
    if rules.east_only:
        items.append((end, _("empty light-green cell east of the river"), "-1"))
    else:
        items.append((end, _("empty light-green cell"), "-1"))
    return items


def statistics(position: MyCityPosition) -> dict[str, float]:
    """Figures of a finished game, summed over players: points by end-of-game item, passes,
    buildings placed, players who exited, the winning margin."""
    out: dict[str, float] = {f"points.{item}": 0.0 for item in ITEMS}
    for items in position.final or []:
        for item, points in items.items():
            out[f"points.{item}"] += points
    start = 1 if position.start_occupied else 0
    scores = sorted(position.score, reverse=True)
    out |= {
        "passes": float(sum(position.passes)),
        "pieces_placed": float(sum(len(placed) - start for placed in position.placed)),
        "exits": float(position.active.count(False)),
        "cards_blocked": float(len(position.blocked)),
        "gold_claimed": float(position.gold_claimed),
        "score.max": float(scores[0]),
        "score.mean": sum(scores) / len(scores),
        "margin": float(scores[0] - scores[1]),
    }
    return out
