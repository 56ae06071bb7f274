"""A seeded random board (`board=random:SEED`) that keeps the public facts (RULINGS.md, MYC-EVG-9)."""

from __future__ import annotations

import random

from townhall.games.my_city.data import SIZE, UNBUILDABLE, BoardSpec, parse_cell


def random_board(seed: int, *, legacy: bool = False) -> BoardSpec:
    rng = random.Random(seed)
    while True:
        spec = _attempt(rng, legacy)
        if spec is not None:
            return BoardSpec(f"random:{seed}", spec[0], spec[1], "stand-in")


def _attempt(rng: random.Random, legacy: bool) -> tuple[str, tuple[int, ...]] | None:
    river = [rng.choice((4, 5))]
    for _ in range(SIZE - 1):
        river.append(min(6, max(4, river[-1] + rng.choice((-1, 0, 0, 1)))))
    mountains = [1] * SIZE
    forests = [0] * SIZE
    if legacy:  # the gold mines at A8 and K1 are light green
        mountains[7] = 0
    rows = [r for r in range(SIZE) if not (legacy and r in (0, 7))]
    while sum(mountains) < 12:
        mountains[rng.choice(rows)] += 1
    for _ in range(UNBUILDABLE - 12):
        forests[rng.choice(rows)] += 1
    cells = []
    for r in range(SIZE):
        if mountains[r] > river[r] - 2 or forests[r] > SIZE - river[r] - 2:
            return None
        row = ["M"] * mountains[r] + ["."] * (SIZE - mountains[r] - forests[r]) + ["F"] * forests[r]
        cells.extend(row)
    fixed = {parse_cell("A8"), parse_cell("K1")} if legacy else set()
    blocked = sum(1 for c in cells if c in "MF")
    if blocked != UNBUILDABLE:
        return None
    west = sum(1 for r in range(SIZE) for c in range(river[r]) if cells[r * SIZE + c] == ".")
    if west <= 30:
        return None
    plain = [i for i, c in enumerate(cells) if c == "." and i not in fixed]
    rng.shuffle(plain)

    def take(code: str, count: int) -> None:
        for _ in range(count):
            cells[plain.pop()] = code

    if legacy:
        for cell in fixed:
            cells[cell] = "G"
        take("T", 5)
        take("R", 5)
        take("o", 40)  # the most stickers one seat can be awarded over the built-in campaign
    else:
        wells = 0
        for i in list(plain):
            r, c = divmod(i, SIZE)
            if wells == 2 or not (0 < r < SIZE - 1 and 0 < c < SIZE - 1):
                continue
            bank = c < river[r]
            around = (i - SIZE, i + SIZE, i - 1, i + 1)
            if all(cells[n] == "." and (n % SIZE < river[n // SIZE]) == bank for n in around):
                cells[i] = "W"
                plain.remove(i)
                wells += 1
        if wells < 2:
            return None
        take("T", 5)
        take("R", 8)
        take("G", 2)
    return "".join(cells), tuple(river)
