"""The town-hall stacks and rows: revealing, taking and moving stacks (KH-LIC-4, KH-PRICE-5)."""

from __future__ import annotations

from townhall.engine.chance import Chance
from townhall.games.kutna_hora.position import KutnaHoraPosition


def reveal_top(position: KutnaHoraPosition, stack: int, chance: Chance) -> None:
    position.hall_revision += 1
    hidden = position.stack_hidden[stack]
    if hidden:
        position.stack_top[stack] = hidden.pop(chance.below(len(hidden)))
    elif position.stack_bottom[stack] >= 0:
        position.stack_top[stack], position.stack_bottom[stack] = position.stack_bottom[stack], -1
    else:
        position.stack_top[stack] = -1


def take_from_stack(position: KutnaHoraPosition, stack: int, chance: Chance) -> int:
    tile = position.stack_top[stack]
    reveal_top(position, stack, chance)
    move_to_row_end(position, stack)
    return tile


def move_to_row_end(position: KutnaHoraPosition, stack: int) -> None:
    """KH-LIC-4 / KH-PRICE-5: the stack moves to the row end, the others slide left."""
    for row in position.hall:
        if stack in row:
            row.remove(stack)
            put_at_row_end(position, row, stack)
            return


def put_at_row_end(position: KutnaHoraPosition, row: list[int], stack: int) -> None:
    """KH-LIC-4, compact rows (RULINGS.md): a stack with tiles goes behind the last stack with
    tiles, an emptied one to the very end."""
    if position.stack_top[stack] < 0:
        row.append(stack)
        return
    top = position.stack_top
    k = len(row)
    while k and top[row[k - 1]] < 0:
        k -= 1
    row.insert(k, stack)
