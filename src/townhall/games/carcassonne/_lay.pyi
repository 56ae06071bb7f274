# The compiled build's tile laying on the board window (_lay.c); the observer falls back on Python.
from typing import Any

WIDTH: int
FRONTIER: int

def lay(items: Any, occupied: bytearray, x: int, y: int, layout: int, planes: bytes, neighbours: bool, /) -> None: ...
