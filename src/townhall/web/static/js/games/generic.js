// The fallback drawing of any game (docs/web-client.md): terrain colours, labels, parts as
// clickable chips, pieces as circles in their owner's colour, an area's tracks and items as text.
import { hasMark, hexPoints as hexagon, text as write } from "../board/draw.js";

const SIZE = 100;
const TERRAIN = {
  grass: "#b9dc8c",
  land: "#cfe3a3",
  forest: "#5f9e5a",
  mountain: "#a89f91",
  water: "#8cc4ec",
  river: "#9fd0f0",
  plot: "#e8dcc0",
  blocked: "#b0a89a",
  rock: "#9b958c",
  ground: "#cdb793",
  entrance: "#7e6a4f",
  stack: "#e9e2cf",
  empty: "#f4f1ea",
};
const PART = { city: "#c8874a", road: "#f7f3e8", field: "#8fc26a", cloister: "#c0504d", river: "#4a9ad8" };
// Where each edge and half-edge sits on a square cell (fractions of its side): an edge's middle
// lies 0.14 inside it; its halves (named clockwise, as the view names them) at 0.3 and 0.7 along
// it, 0.1 inside. Each side: its first corner clockwise, its direction, the way into the cell.
const SIDES = {
  N: [[0, 0], [1, 0], [0, 1], "Nw", "Ne"],
  E: [[1, 0], [0, 1], [-1, 0], "En", "Es"],
  S: [[1, 1], [-1, 0], [0, -1], "Se", "Sw"],
  W: [[0, 1], [0, -1], [1, 0], "Ws", "Wn"],
};
// In hundredths, so that each point is the decimal it names (0.86, not 0.8599999999999999).
const at = ([corner, along, inward], how, depth) =>
  [0, 1].map((i) => (corner[i] * 100 + along[i] * how + inward[i] * depth) / 100);
const EDGE = Object.fromEntries(
  Object.entries(SIDES).flatMap(([name, side]) => [
    [name, at(side, 50, 14)],
    [side[3], at(side, 30, 10)],
    [side[4], at(side, 70, 10)],
  ]),
);

function hashColour(text) {
  let hash = 0;
  for (const ch of String(text)) hash = (hash * 31 + ch.codePointAt(0)) % 360;
  return `hsl(${hash} 45% 78%)`;
}

const terrainColour = (terrain) => (terrain ? TERRAIN[terrain] || hashColour(terrain) : "#f7f5f0");

// A centred line of text into g.
function text(ctx, g, x, y, content, size, attrs = {}) {
  return write(ctx, g, x, y, content, { "font-size": size, "dominant-baseline": "central", ...attrs });
}

// A mark in words: its kind, and its value when it has one.
const markWords = (mark) =>
  mark.value === null || mark.value === undefined ? mark.kind : `${mark.kind} ${mark.value}`;
const hexPoints = (size) => hexagon(size * 0.97);

// The local frame of a cell: squares span (0,0)-(s,s), hexes are centred on (0,0).
function frame(area, size) {
  return area.layout === "hex"
    ? { x0: -size * 0.75, y0: -size * 0.75, side: size * 1.5 }
    : { x0: 0, y0: 0, side: size };
}

function partPositions(parts, f) {
  const placed = [];
  const loose = parts.filter((p) => !p.edges?.length);
  for (const part of parts) {
    let x;
    let y;
    if (part.edges?.length) {
      x = part.edges.reduce((sum, e) => sum + (EDGE[e]?.[0] ?? 0.5), 0) / part.edges.length;
      y = part.edges.reduce((sum, e) => sum + (EDGE[e]?.[1] ?? 0.5), 0) / part.edges.length;
    } else {
      const i = loose.indexOf(part);
      const columns = Math.min(loose.length, 3);
      x = (0.5 + (i % columns)) / columns;
      y = loose.length > 1 ? 0.45 + 0.22 * Math.floor(i / columns) : 0.5;
    }
    while (placed.some(([, px, py]) => Math.hypot(px - x, py - y) < 0.12)) {
      x += 0.1;
      y += 0.06;
    }
    placed.push([part, x, y]);
  }
  return placed.map(([part, x, y]) => [part, f.x0 + x * f.side, f.y0 + y * f.side]);
}

function drawCell(g, cell, area, view, ctx) {
  const size = ctx.cellSize || SIZE;
  const f = frame(area, size);
  const open = hasMark(cell, "open");
  const shape =
    area.layout === "hex"
      ? ctx.svg("polygon", { points: hexPoints(size) })
      : ctx.svg("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: 4 });
  shape.setAttribute("class", open ? "terrain open" : "terrain");
  shape.setAttribute("fill", open ? "none" : terrainColour(cell.terrain));
  g.append(shape);
  const title = ctx.svg("title");
  title.textContent = [cell.id, cell.terrain, cell.label, ...(cell.marks || []).map(markWords)]
    .filter(Boolean)
    .join(" · ");
  g.append(title);
  const label = [cell.label, cell.rotation ? `↻${cell.rotation}` : ""].filter(Boolean).join(" ");
  if (label) text(ctx, g, f.x0 + f.side / 2, f.y0 + f.side * 0.12, label, size * 0.13, { class: "cell-label" });
  const positions = partPositions(cell.parts || [], f);
  const where = new Map();
  for (const [part, x, y] of positions) {
    where.set(part.id, [x, y]);
    const chip = ctx.svg("circle", {
      cx: x,
      cy: y,
      r: size * 0.1,
      "data-part": part.id,
      class: "part",
      fill: PART[part.kind] || hashColour(part.kind),
    });
    const tip = ctx.svg("title");
    tip.textContent = part.label || `${part.kind} ${part.id}`;
    chip.append(tip);
    g.append(chip);
  }
  (cell.pieces || []).forEach((piece, i) => {
    const [x, y] = where.get(piece.part) || [
      f.x0 + f.side * (0.3 + 0.2 * (i % 3)),
      f.y0 + f.side * (0.55 + 0.2 * Math.floor(i / 3)),
    ];
    const dot = ctx.svg("circle", {
      cx: x,
      cy: y,
      r: size * 0.12,
      class: "piece",
      fill: ctx.playerColor(piece.owner),
      stroke: "#222",
      "stroke-width": 1.5,
    });
    const tip = ctx.svg("title");
    tip.textContent = [piece.kind, piece.label, piece.count > 1 ? `×${piece.count}` : ""].filter(Boolean).join(" ");
    dot.append(tip);
    g.append(dot);
    const short = piece.count > 1 ? String(piece.count) : String(piece.label || piece.kind).slice(0, 3);
    text(ctx, g, x, y, short, size * 0.09, { class: "piece-label", fill: "#fff" });
  });
  const marks = (cell.marks || []).filter((m) => m.kind !== "open" && m.kind !== "last-move").map(markWords);
  if (marks.length) {
    text(ctx, g, f.x0 + f.side / 2, f.y0 + f.side * 0.9, marks.join(" "), size * 0.09, { class: "cell-marks" });
  }
}

function drawGhost(g, target, action, view, ctx) {
  const size = ctx.cellSize || SIZE;
  const area = view.areas.find((a) => a.id === target.area) || { layout: "square" };
  const f = frame(area, size);
  const shape =
    area.layout === "hex"
      ? ctx.svg("polygon", { points: hexPoints(size) })
      : ctx.svg("rect", { x: 4, y: 4, width: size - 8, height: size - 8, rx: 6 });
  shape.setAttribute("class", "ghost-shape");
  g.append(shape);
  const turn = target.rotation ?? 0;
  text(ctx, g, f.x0 + f.side / 2, f.y0 + f.side * 0.4, "▲", size * 0.3, {
    transform: `rotate(${turn * 90} ${f.x0 + f.side / 2} ${f.y0 + f.side * 0.4})`,
    class: "ghost-arrow",
  });
  const words = `${target.rotation != null ? `↻${turn}` : ""}${target.flipped ? " ⇋" : ""}`;
  text(ctx, g, f.x0 + f.side / 2, f.y0 + f.side * 0.78, words.trim(), size * 0.14, { class: "ghost-text" });
}

// An area's tracks and items as lines of text under its cells.
function drawAreaExtras(g, area, view, ctx) {
  const size = ctx.cellSize || SIZE;
  const bounds = ctx.bounds || { x: 0, y: 0, width: 0, height: 0 };
  const lines = [
    ...(area.tracks || []).map((tr) => `${tr.label}: ${tr.value}${tr.maximum != null ? ` / ${tr.maximum}` : ""}`),
    ...(area.items || []).map((it) => `${it.label}${it.count > 1 ? ` ×${it.count}` : ""}${it.hidden ? " (?)" : ""}`),
  ];
  const lineHeight = size * 0.22;
  const columns = Math.max(1, Math.floor(Math.max(bounds.width, size * 3) / (size * 2.2)));
  lines.forEach((line, i) => {
    const x = bounds.x + (i % columns) * size * 2.2;
    const y = bounds.y + bounds.height + lineHeight * (1 + Math.floor(i / columns));
    const el = ctx.svg("text", { x, y, "font-size": size * 0.16, class: "area-line", "data-line": i });
    el.textContent = line.length > 28 ? `${line.slice(0, 27)}…` : line;
    const tip = ctx.svg("title");
    tip.textContent = line;
    el.append(tip);
    g.append(el);
  });
}

// The tooltip of a cell (or one of its parts): what the view says of it, in its own labels.
function describe(cell, area, view, ctx, part) {
  const pieces = (cell.pieces || []).map((p) =>
    [p.label || p.kind, p.owner !== null ? ctx.name(p.owner) : "", p.count > 1 ? `×${p.count}` : ""]
      .filter(Boolean)
      .join(" "),
  );
  return {
    title: part ? part.label || part.kind : cell.label || `${area.label} ${cell.id}`,
    lines: [
      cell.terrain,
      ...pieces,
      (cell.marks || [])
        .filter((m) => m.kind !== "last-move")
        .map(markWords)
        .join(", "),
    ],
  };
}

export default { cellSize: SIZE, drawCell, drawGhost, drawAreaExtras, describe };
