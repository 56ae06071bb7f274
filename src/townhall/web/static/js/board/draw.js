// The drawing kit the game modules share: text, the game's words, seat colours, typed marks
// ({kind, value}, docs/board-view.md), hexagons and panels. Nothing here knows a game.
import { hexPoints as hexagon } from "./svg.js";

const FONT = "sans-serif";

// A <text> appended to g: centred, 14 units, dark grey unless attrs say otherwise.
export function text(ctx, g, x, y, content, attrs = {}) {
  const el = ctx.svg("text", {
    x,
    y,
    "font-size": 14,
    "font-family": FONT,
    fill: "#222",
    "text-anchor": "middle",
    ...attrs,
  });
  el.textContent = String(content);
  g.append(el);
  return el;
}

// Squeeze a text into `width` units when its words run longer: the letters keep their height,
// so a long word in another language stays as readable as a short one.
export function fitText(el, width) {
  if (el.getComputedTextLength?.() > width) {
    el.setAttribute("textLength", width);
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return el;
}

// A term of the game's glossary in the page's language (GET /api/games/{name}/words, given to
// the board as config.words), or `fallback` (the data id) when the game has no such term.
export function word(ctx, key, fallback = key) {
  return ctx.words?.[key] ?? fallback;
}

// A seat's colour, or `none` for a neutral piece (no owner).
export function ownerColour(ctx, owner, none = null) {
  return owner === null || owner === undefined ? none : ctx.playerColor(owner);
}

// The marks of a cell: the first mark of a kind, its value, whether it is there, all its values.
export function findMark(cell, kind) {
  return (cell.marks ?? []).find((mark) => mark.kind === kind);
}

export function markValue(cell, kind) {
  return findMark(cell, kind)?.value ?? null;
}

export function hasMark(cell, kind) {
  return findMark(cell, kind) !== undefined;
}

export function markValues(cell, kind) {
  return (cell.marks ?? []).filter((mark) => mark.kind === kind).map((mark) => mark.value);
}

// The points of a pointy-top hexagon of that radius centred on (0, 0).
export function hexPoints(radius) {
  return hexagon(radius);
}

// A track of an area by id.
export function track(area, id) {
  return (area.tracks ?? []).find((t) => t.id === id);
}

// A box of [label, value] rows with an optional title, 250 units wide.
export function panel(ctx, g, x, y, rows, title) {
  const height = 32 + rows.length * 20;
  g.append(ctx.svg("rect", { x, y, width: 250, height, rx: 8, fill: "#fffdf6", stroke: "#b8a57a" }));
  if (title) text(ctx, g, x + 12, y + 18, title, { "text-anchor": "start", "font-weight": "bold" });
  rows.forEach(([label, value], i) => {
    text(ctx, g, x + 12, y + 40 + i * 20, label, { "text-anchor": "start", "font-size": 13, fill: "#444" });
    text(ctx, g, x + 238, y + 40 + i * 20, value, { "text-anchor": "end", "font-size": 14, "font-weight": "bold" });
  });
}

// A square of that side with its corner at (0, 0), drawn `inset` units inside it: a cell's
// background, frame or highlight.
export function square(ctx, g, side, inset, attrs = {}) {
  const el = ctx.svg("rect", { x: inset, y: inset, width: side - 2 * inset, height: side - 2 * inset, ...attrs });
  g.append(el);
  return el;
}

// A tip ({title, lines}, what `describe` returns) from a list of lines, the name first.
export function tipOf([title, ...lines]) {
  return { title, lines };
}
