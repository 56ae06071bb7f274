"""Pictures of a game for `render_mode="rgb_array"` and `"human"`, drawn from its board view
(`Game.board_view`, docs/board-view.md) with matplotlib, knowing no rule: each area with cells is
a panel (squares at their column and row, hexes at their axial coordinates, a row's cells side by
side), its cells coloured by terrain, the parts of a cell as dots towards the edges they touch,
pieces as discs in their owner's colour, marks as small squares in a colour of their kind; the tracks, items and prompt are written beside them.
Every frame has the same size (FRAME_SIZE), so that frames make a video.

`human` shows the frame in a matplotlib window. With no display (matplotlib then picks a
non-interactive backend such as Agg) it draws nothing and shows nothing: it never fails."""

from __future__ import annotations

import colorsys
import math
import zlib
from typing import Any, Final

import numpy as np

RENDER_MODES: Final = ("ansi", "rgb_array", "human")
FRAME_SIZE: Final = (640, 480)  # width, height in pixels
DPI: Final = 80
# Colours of common terrain words (as the browser's generic drawing has them); other words get a
# colour of their own from their name.
TERRAIN: Final = {
    "grass": "#b9dc8c",
    "land": "#cfe3a3",
    "forest": "#5f9e5a",
    "mountain": "#a89f91",
    "water": "#8cc4ec",
    "river": "#9fd0f0",
    "plot": "#e8dcc0",
    "blocked": "#b0a89a",
    "rock": "#9b958c",
    "ground": "#cdb793",
    "entrance": "#7e6a4f",
    "stack": "#e9e2cf",
    "empty": "#f4f1ea",
}
PART: Final = {"city": "#c8874a", "road": "#f7f3e8", "field": "#8fc26a", "cloister": "#c0504d", "river": "#4a9ad8"}
SEATS: Final = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
NEUTRAL: Final = "#333333"
# Where an edge or half-edge sits on a unit cell (x right, y down), for a part's dot.
EDGE: Final = {
    "N": (0.5, 0.14), "E": (0.86, 0.5), "S": (0.5, 0.86), "W": (0.14, 0.5),
    "Nw": (0.3, 0.1), "Ne": (0.7, 0.1), "En": (0.9, 0.3), "Es": (0.9, 0.7),
    "Se": (0.7, 0.9), "Sw": (0.3, 0.9), "Ws": (0.1, 0.7), "Wn": (0.1, 0.3),
}  # fmt: skip
LINES: Final = 24  # lines of text at most in the text panel


def word_colour(word: str) -> tuple[float, float, float]:
    """A light colour of its own for a word (the same in every run)."""
    hue = (zlib.crc32(word.encode()) % 360) / 360.0
    return colorsys.hls_to_rgb(hue, 0.78, 0.45)


def terrain_colour(terrain: str | None) -> Any:
    if terrain is None:
        return "#f7f5f0"
    return TERRAIN.get(terrain) or word_colour(terrain)


def seat_colour(owner: int | None) -> str:
    return NEUTRAL if owner is None else SEATS[owner % len(SEATS)]


def _centre(layout: str, cell: dict[str, Any], index: int) -> tuple[float, float]:
    """Where a cell's centre is drawn, in cell units (y down)."""
    col, row = float(cell.get("col", index)), float(cell.get("row", 0))
    if layout == "hex":  # axial q, r: pointy-top hexes
        return math.sqrt(3) * (col + row / 2), 1.5 * row
    return col, row


class Frames:
    """Draws a game's board views into frames of FRAME_SIZE (one matplotlib figure, reused)."""

    def __init__(self) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        width, height = FRAME_SIZE
        self.figure = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
        self.canvas: Any = FigureCanvasAgg(self.figure)  # (untyped in matplotlib)
        self.window: Any = None  # the human mode's window (matplotlib.pyplot), made at first show

    def frame(self, view: dict[str, Any]) -> Any:
        """The board view as an HxWx3 uint8 image."""
        figure = self.figure
        figure.clear()
        panels = [area for area in view.get("areas", []) if area.get("cells")]
        count = len(panels) + 1  # and the text panel
        columns = math.ceil(math.sqrt(count))
        rows = math.ceil(count / columns)
        for index, area in enumerate(panels):
            self._area(figure.add_subplot(rows, columns, index + 1), area)
        self._text(figure.add_subplot(rows, columns, count), view)
        figure.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.01, wspace=0.05, hspace=0.15)
        self.canvas.draw()
        return np.asarray(self.canvas.buffer_rgba())[:, :, :3].copy()

    def _area(self, axes: Any, area: dict[str, Any]) -> None:
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Rectangle, RegularPolygon

        layout = area.get("layout", "square")
        axes.set_title(str(area.get("label", area.get("id", ""))), fontsize=7, color=seat_colour(area.get("owner")))
        axes.set_axis_off()
        axes.set_aspect("equal")
        shapes: list[Any] = []
        colours: list[Any] = []
        dots: list[tuple[float, float, Any]] = []
        discs: list[tuple[float, float, str]] = []
        marks: list[tuple[float, float, Any]] = []
        for index, cell in enumerate(area["cells"]):
            x, y = _centre(layout, cell, index)
            if layout == "hex":
                shapes.append(RegularPolygon((x, y), 6, radius=1.0))
            else:
                shapes.append(Rectangle((x - 0.48, y - 0.48), 0.96, 0.96))
            colours.append(terrain_colour(cell.get("terrain")))
            for part in cell.get("parts", []):
                edges = [EDGE[e] for e in part.get("edges", []) if e in EDGE] or [(0.5, 0.5)]
                px = sum(e[0] for e in edges) / len(edges) - 0.5
                py = sum(e[1] for e in edges) / len(edges) - 0.5
                turn = cell.get("rotation", 0) % 4  # quarter turns clockwise (y down)
                for _ in range(turn):
                    px, py = -py, px
                kind = str(part.get("kind", ""))
                dots.append((x + px, y + py, PART.get(kind) or word_colour(kind)))
            for number, mark in enumerate(cell.get("marks", [])[:3]):  # a square per kind, top left
                marks.append((x - 0.3 + 0.2 * number, y - 0.3, word_colour(str(mark.get("kind", "")))))
            pieces = cell.get("pieces", [])
            for number, piece in enumerate(pieces):
                if piece.get("count", 1) <= 0:
                    continue
                offset = (number - (len(pieces) - 1) / 2) * 0.3
                discs.append((x + offset, y + 0.2, seat_colour(piece.get("owner"))))
        axes.add_collection(PatchCollection(shapes, facecolors=colours, edgecolors="#777777", linewidths=0.3))
        if dots:
            axes.scatter([d[0] for d in dots], [d[1] for d in dots], s=6, c=[d[2] for d in dots], zorder=2)
        if marks:
            axes.scatter(
                [m[0] for m in marks], [m[1] for m in marks], s=5, c=[m[2] for m in marks], marker="s", zorder=2
            )
        if discs:
            xs, ys, cs = zip(*discs, strict=True)
            axes.scatter(xs, ys, s=18, c=cs, edgecolors="white", linewidths=0.5, zorder=3)
        axes.autoscale_view()
        axes.invert_yaxis()  # rows go down, as in the browser

    def _text(self, axes: Any, view: dict[str, Any]) -> None:
        """The prompt, then the tracks and items of the view and of its areas, as lines of text."""
        axes.set_axis_off()
        lines: list[tuple[str, str]] = []
        if view.get("prompt"):
            lines.append((str(view["prompt"]), NEUTRAL))
        for area in [view, *view.get("areas", [])]:
            for track in area.get("tracks", []):
                lines.append(
                    (f"{track.get('label', track.get('id'))}: {track.get('value')}", seat_colour(track.get("owner")))
                )
            for item in area.get("items", []):
                words = "?" if item.get("hidden") else item.get("label", item.get("id"))
                lines.append((f"{words} x{item.get('count', 1)}", seat_colour(item.get("owner"))))
        for number, (words, colour) in enumerate(lines[:LINES]):
            axes.text(
                0.0, 1.0 - number / LINES, words[:60], fontsize=6, color=colour, va="top", transform=axes.transAxes
            )

    def show(self, image: Any) -> None:
        """The frame in a matplotlib window; nothing with no display (a non-interactive backend)."""
        import matplotlib
        import matplotlib.pyplot as plt

        if not interactive(matplotlib.get_backend()):
            return
        if self.window is None or not plt.fignum_exists(self.window[0].number):
            figure, axes = plt.subplots(figsize=self.figure.get_size_inches(), dpi=DPI)
            axes.set_axis_off()
            self.window = (figure, axes.imshow(image))
            plt.show(block=False)
        else:
            self.window[1].set_data(image)
        plt.pause(0.001)

    def close(self) -> None:
        if self.window is not None:
            import matplotlib.pyplot as plt

            plt.close(self.window[0])
            self.window = None


def shown() -> bool:
    """Whether matplotlib can show a window here (its backend is interactive)."""
    import matplotlib

    return interactive(matplotlib.get_backend())


def interactive(backend: str) -> bool:
    """Whether a matplotlib backend opens windows (Agg, pdf, svg... do not)."""
    from matplotlib.backends import registry

    interactive_ones: list[str] = registry.backend_registry.list_builtin(registry.BackendFilter.INTERACTIVE)  # type: ignore[no-untyped-call]
    return backend.lower() in interactive_ones


class Renderer:
    """What an environment's `render()` gives in its mode: the game's text (`ansi`), a frame
    (`rgb_array`), or None after showing the frame (`human`). Figures are made at the first frame;
    a snapshot (pickle) keeps only the mode."""

    def __init__(self, mode: str | None) -> None:
        check_render_mode(mode)
        self.mode = mode
        self.frames: Frames | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"mode": self.mode, "frames": None}

    def render(self, game: Any, state: Any) -> Any:
        if self.mode is None:
            return None
        if self.mode == "ansi":
            return game.render(state, None)
        if self.mode == "human" and not shown():  # no display: nothing to draw for
            return None
        if self.frames is None:
            self.frames = Frames()
        image = self.frames.frame(game.board_view(state, None))
        if self.mode == "human":
            self.frames.show(image)
            return None
        return image

    def close(self) -> None:
        if self.frames is not None:
            self.frames.close()


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode is None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}")


__all__ = ["FRAME_SIZE", "RENDER_MODES", "Frames", "Renderer", "check_render_mode", "interactive"]
