// My City: a player's 11x11 board (terrain, river, printed features, campaign marks) and the
// buildings on it, coloured by kind; the revealed card's building (area "card") is previewed at a
// target by turning its cells clockwise. Everything comes from the board view; no rule here.
import { hasMark, markValue, ownerColour, square, text, word } from "../board/draw.js";

const S = 50;
const TERRAIN = { grass: "#b9d98a", forest: "#4f8a3c", mountain: "#9c9184" };
const KIND = {
  yellow: "#f3c531",
  red: "#d9472f",
  blue: "#3a7bc8",
  church: "#e9e4d8",
  neutral: "#9a9a9a",
  palace: "#8e4fb0",
};
const KIND_EDGE = {
  yellow: "#9a7a10",
  red: "#7d2414",
  blue: "#1d4577",
  church: "#6d6658",
  neutral: "#505050",
  palace: "#4d2463",
};
const RIVER = "#4a93d8";
const MINE = { red: "#b5402c", blue: "#2f64a8", yellow: "#c9a21b", green: "#3f8a3c", black: "#333" };

// Per area: the building label on each (col,row) and the river's column per row (cached).
const cache = new WeakMap();
function areaInfo(area) {
  let info = cache.get(area);
  if (info) return info;
  const labels = new Map();
  const river = new Map();
  for (const c of area.cells) {
    const piece = (c.pieces ?? [])[0];
    if (piece) labels.set(`${c.col},${c.row}`, piece.label ?? piece.kind);
    if (hasMark(c, "river-east")) river.set(c.row, c.col + 1);
  }
  info = { labels, river };
  cache.set(area, info);
  return info;
}

function tree(ctx, g, x, y, r = 7) {
  g.append(ctx.svg("rect", { x: x - 1.2, y: y + r * 0.5, width: 2.4, height: r * 0.7, fill: "#6b4a2a" }));
  g.append(ctx.svg("circle", { cx: x, cy: y, r, fill: "#2f7d32", stroke: "#1b4d1d", "stroke-width": 1 }));
}

function rock(ctx, g, x, y, r = 7) {
  const d =
    `M${x - r},${y + r * 0.6} L${x - r * 0.6},${y - r * 0.5} L${x + r * 0.1},${y - r * 0.8} ` +
    `L${x + r},${y - r * 0.1} L${x + r * 0.8},${y + r * 0.6} Z`;
  g.append(ctx.svg("path", { d, fill: "#8d8d8d", stroke: "#4a4a4a", "stroke-width": 1.2 }));
}

function well(ctx, g, x, y) {
  g.append(ctx.svg("circle", { cx: x, cy: y, r: 10, fill: "#a08d6e", stroke: "#5a4a35", "stroke-width": 1.5 }));
  g.append(ctx.svg("circle", { cx: x, cy: y, r: 6, fill: "#3c8ad8" }));
}

function goldMine(ctx, g, x, y) {
  g.append(ctx.svg("path", { d: `M${x - 12},${y + 9} L${x},${y - 11} L${x + 12},${y + 9} Z`, fill: "#5b4636" }));
  g.append(ctx.svg("circle", { cx: x, cy: y + 3, r: 5, fill: "#f4c20d", stroke: "#8a6a00", "stroke-width": 1 }));
}

function forestTexture(ctx, g) {
  tree(ctx, g, 14, 16, 6);
  tree(ctx, g, 34, 30, 6);
}

function mountainTexture(ctx, g) {
  g.append(
    ctx.svg("path", {
      d: "M6,40 L20,16 L30,30 L36,22 L46,40 Z",
      fill: "#7d7267",
      stroke: "#5c534a",
      "stroke-width": 1,
    }),
  );
  g.append(ctx.svg("path", { d: "M17,21 L20,16 L23,21 Z", fill: "#f4f4f4" }));
}

// The printed features the cell's marks name (trees, rocks, well, gold mine, sticker, mine shaft).
const FEATURES = new Set(["trees", "rocks", "well", "gold-mine"]);
function drawFeatures(ctx, g, cell) {
  const has = (kind) => hasMark(cell, kind);
  const sticker = has("sticker");
  if (has("sticker-square") || sticker) {
    square(ctx, g, S, 5, {
      class: sticker ? "sticker" : "sticker-square",
      rx: 4,
      fill: sticker ? "#f5f0dc" : "none",
      stroke: "#7a6a4a",
      "stroke-width": 1.5,
      "stroke-dasharray": sticker ? null : "4 3",
    });
  }
  const trees = markValue(cell, "trees");
  const rocks = markValue(cell, "rocks");
  if (trees === 1) tree(ctx, g, S / 2, S / 2 - 3, 9);
  if (trees === 2) {
    tree(ctx, g, S * 0.32, S * 0.36, 8);
    tree(ctx, g, S * 0.66, S * 0.56, 8);
  }
  if (rocks === 1) rock(ctx, g, S / 2, S / 2, 10);
  if (rocks === 2) {
    rock(ctx, g, S * 0.32, S * 0.38, 8);
    rock(ctx, g, S * 0.68, S * 0.62, 8);
  }
  if (has("well")) well(ctx, g, S / 2, S / 2);
  if (has("gold-mine")) goldMine(ctx, g, S / 2, S / 2);
  const shaft = markValue(cell, "mine-shaft");
  if (shaft !== null) {
    const colour = MINE[shaft] ?? "#444";
    g.append(
      ctx.svg("rect", { x: 3, y: 3, width: S - 6, height: S - 6, fill: "none", stroke: colour, "stroke-width": 4 }),
    );
    text(ctx, g, S - 6, 20, markValue(cell, "mine-depth") ?? "", {
      "font-size": FONT,
      "text-anchor": "end",
      fill: colour,
      "font-weight": "bold",
    });
  }
}

function drawRiver(ctx, g, cell, area) {
  const w = 7;
  if (hasMark(cell, "river-east")) g.append(ctx.svg("rect", { x: S - w, y: 0, width: w, height: S, fill: RIVER }));
  if (hasMark(cell, "river-west")) g.append(ctx.svg("rect", { x: 0, y: 0, width: w, height: S, fill: RIVER }));
  // where the river steps sideways between two rows it runs along their shared edge
  const { river } = areaInfo(area);
  for (const [other, side] of [
    [cell.row + 1, "bottom"],
    [cell.row - 1, "top"],
  ]) {
    const here = river.get(cell.row);
    const there = river.get(other);
    if (here === undefined || there === undefined || here === there) continue;
    const lo = Math.min(here, there);
    const hi = Math.max(here, there);
    if (cell.col < lo || cell.col >= hi) continue;
    const y = side === "bottom" ? S - w : 0;
    g.append(ctx.svg("rect", { x: 0, y, width: S, height: w, fill: RIVER }));
  }
}

// A building square with a border on the sides where its building ends.
function drawBuilding(ctx, g, piece, neighbour) {
  const fill = KIND[piece.kind] ?? "#bbb";
  const edge = KIND_EDGE[piece.kind] ?? "#333";
  g.append(ctx.svg("rect", { x: 0, y: 0, width: S, height: S, fill, class: `piece ${piece.kind}` }));
  const sides = {
    top: [0, -1, "M0,1.5 H50"],
    bottom: [0, 1, "M0,48.5 H50"],
    left: [-1, 0, "M1.5,0 V50"],
    right: [1, 0, "M48.5,0 V50"],
  };
  for (const [dx, dy, d] of Object.values(sides)) {
    if (neighbour(dx, dy) !== (piece.label ?? piece.kind)) {
      g.append(ctx.svg("path", { d, stroke: edge, "stroke-width": 3, fill: "none" }));
    }
  }
  if (piece.kind === "church")
    g.append(ctx.svg("path", { d: "M25,14 V36 M17,22 H33", stroke: "#6d6658", "stroke-width": 3 }));
  if (piece.kind === "palace")
    g.append(ctx.svg("path", { d: "M14,34 L14,18 L20,25 L25,14 L30,25 L36,18 L36,34 Z", fill: "#f4d03f" }));
}

function cardCells(view) {
  const card = view.areas.find((a) => a.id === "card");
  return card ? card.cells : [];
}

// Every text on the board is FONT units: readable (10 CSS px) at the scale where a board fits a
// phone's width (docs/web-client.md, "The default view").
const FONT = 20;
// The board's own lines, from their start.
const LINE = { "font-size": FONT, "text-anchor": "start" };

// The revealed card in words: "building card: blue (4 squares)".
function cardTitle(view, ctx) {
  const cells = cardCells(view);
  const kind = cells[0]?.pieces?.[0]?.kind;
  if (!kind) return null;
  return ctx.t("mc-card-title", { card: word(ctx, "building-card"), kind: word(ctx, kind), n: cells.length });
}

const TERRAIN_WORD = { grass: "light-green", forest: "forest", mountain: "mountain" };

// What a cell holds and does (the tooltip), from the view's marks and pieces.
function cellLines(cell, ctx) {
  const lines = [];
  const has = (kind) => hasMark(cell, kind);
  if (cell.terrain === "mountain" || cell.terrain === "forest") {
    lines.push(ctx.t("mc-tip-unbuildable", { terrain: word(ctx, cell.terrain) }));
  }
  if (markValue(cell, "trees")) lines.push(ctx.t("mc-tip-trees", { tree: word(ctx, "tree") }));
  if (markValue(cell, "rocks")) lines.push(ctx.t("mc-tip-rocks", { rock: word(ctx, "rock") }));
  if (has("well")) lines.push(ctx.t("mc-tip-well", { well: word(ctx, "well") }));
  if (has("gold-mine")) lines.push(word(ctx, "gold-mine"));
  if (has("sticker")) lines.push(word(ctx, "sticker"));
  if (markValue(cell, "mine-shaft") !== null) {
    lines.push(`${word(ctx, "mine-shaft")} ${markValue(cell, "mine-depth") ?? ""}`.trim());
  }
  if (has("river-east") || has("river-west")) lines.push(ctx.t("mc-tip-river", { river: word(ctx, "river") }));
  return lines;
}

function buildingWords(piece, ctx) {
  // the glossary's term of the kind; the investor's piece by its name; the palace (no term of its
  // own in the rulebooks) as a building
  const term = { neutral: "investor", palace: "building" }[piece.kind] ?? piece.kind;
  const kind = word(ctx, term);
  const owner = piece.owner !== null && piece.owner !== undefined ? ctx.name?.(piece.owner) : null;
  return owner ? ctx.t("mc-tip-building-of", { kind, name: owner }) : kind;
}

export default {
  cellSize: S,
  titleSize: FONT / 0.7, // titles in FONT units

  // The viewer's own board and the card to build: what a decision is about.
  focus(view, legal, { viewer }) {
    const own = view.areas.find((a) => a.id.startsWith("board-") && a.owner === viewer);
    if (!own) return null;
    const card = view.areas.find((a) => a.id === "card");
    return card ? [own.id, card.id] : [own.id];
  },

  // The viewer's board first, the card beside it, then the others.
  areaOrder(view) {
    const ids = view.areas.map((a) => a.id);
    const own = view.areas.find((a) => a.id.startsWith("board-") && a.owner === view.viewer)?.id;
    if (!own) return ids;
    return [own, ...ids.filter((id) => id === "card"), ...ids.filter((id) => id !== own && id !== "card")];
  },

  // A player's board under its seat's name; the card under its words.
  areaTitle(area, view, ctx) {
    if (area.id === "card") return cardTitle(view, ctx) || area.label;
    if (area.owner !== null && area.owner !== undefined && ctx.name) return ctx.name(area.owner);
    return area.label;
  },

  describe(cell, area, view, ctx) {
    const piece = (cell.pieces ?? [])[0];
    if (area.id === "card") {
      return { title: cardTitle(view, ctx) || area.label, lines: [ctx.t("mc-tip-card")] };
    }
    const terrain = word(ctx, TERRAIN_WORD[cell.terrain] ?? cell.terrain ?? "light-green");
    const lines = cellLines(cell, ctx);
    if (piece) lines.unshift(buildingWords(piece, ctx));
    return { title: `${cell.id} · ${terrain}`, lines };
  },

  drawCell(g, cell, area, view, ctx) {
    const piece = (cell.pieces ?? [])[0];
    if (area.id === "card") {
      const { labels } = areaInfo(area);
      drawBuilding(ctx, g, piece ?? { kind: "neutral" }, (dx, dy) => labels.get(`${cell.col + dx},${cell.row + dy}`));
      return;
    }
    square(ctx, g, S, 0, { fill: TERRAIN[cell.terrain] ?? "#ddd", stroke: "#6f8a55", "stroke-width": 0.6 });
    if (cell.terrain === "forest") forestTexture(ctx, g);
    if (cell.terrain === "mountain") mountainTexture(ctx, g);
    if (hasMark(cell, "new-land")) square(ctx, g, S, 2, { fill: "none", stroke: "#e8f5c8", "stroke-width": 3 });
    if (piece) {
      const { labels } = areaInfo(area);
      drawBuilding(ctx, g, piece, (dx, dy) => labels.get(`${cell.col + dx},${cell.row + dy}`));
      // a printed feature under a building still shows, small, in the corner
      const under = (cell.marks ?? []).filter((m) => FEATURES.has(m.kind));
      if (under.length) {
        const small = ctx.svg("g", { transform: `translate(${S * 0.62},${S * 0.62}) scale(0.36)`, opacity: 0.85 });
        drawFeatures(ctx, small, { marks: under });
        g.append(small);
      }
    } else {
      drawFeatures(ctx, g, cell);
    }
    if (hasMark(cell, "flooded")) {
      g.append(ctx.svg("rect", { x: 0, y: 0, width: S, height: S, fill: RIVER, opacity: 0.35 }));
    }
    drawRiver(ctx, g, cell, area);
  },

  // The card's building turned `rotation` quarter turns clockwise, its first covered cell (top
  // row, then leftmost) on the target cell.
  drawGhost(g, target, action, view, ctx) {
    const cells = cardCells(view);
    if (!cells.length) return;
    let shape = cells.map((c) => [c.row, c.col]);
    for (let k = 0; k < (((target.rotation ?? 0) % 4) + 4) % 4; k++) shape = shape.map(([r, c]) => [c, -r]);
    shape.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const [r0, c0] = shape[0];
    const piece = cells[0].pieces?.[0] ?? { kind: "neutral" };
    const labels = new Set(shape.map(([r, c]) => `${c - c0},${r - r0}`));
    const ghost = ctx.svg("g", { class: "ghost", opacity: 0.8 });
    for (const [r, c] of shape) {
      const [x, y] = [c - c0, r - r0];
      const cg = ctx.svg("g", { transform: `translate(${x * S},${y * S})` });
      drawBuilding(ctx, cg, { kind: piece.kind, label: "ghost" }, (dx, dy) =>
        labels.has(`${x + dx},${y + dy}`) ? "ghost" : null,
      );
      ghost.append(cg);
    }
    g.append(ghost);
  },

  // Column letters and row numbers round a player's board; its score, passes and status below.
  drawAreaExtras(g, area, view, ctx) {
    if (area.id === "card" && !(area.cells ?? []).length) {
      text(ctx, g, 0, 20, area.label, { ...LINE, "font-weight": "bold" }); // the blockade: no building
      return;
    }
    if (!area.id.startsWith("board-")) return;
    const size = 1 + Math.max(...area.cells.map((c) => c.col));
    for (let i = 0; i < size; i++) {
      text(ctx, g, i * S + S / 2, -7, String.fromCharCode(65 + i), {
        "text-anchor": "middle",
        "font-size": FONT,
        fill: "#444",
      });
      text(ctx, g, -7, i * S + S / 2 + 7, String(i + 1), { "text-anchor": "end", "font-size": FONT, fill: "#444" });
    }
    square(ctx, g, size * S, 0, { fill: "none", stroke: "#333", "stroke-width": 2 });
    const parts = (area.tracks ?? [])
      .filter((t) => !t.id.startsWith("final-"))
      .map((t) => `${t.label} ${t.value}${t.maximum ? `/${t.maximum}` : ""}`);
    const status = (area.items ?? []).find((i) => i.kind === "status");
    if (status) parts.push(status.label);
    if (!parts.length) return; // a board alone (a campaign's, between episodes): nothing to say under it
    const colour = ownerColour(ctx, area.owner, "#888");
    const y = size * S + 26;
    g.append(ctx.svg("circle", { cx: 10, cy: y - 7, r: 9, fill: colour, stroke: "#222" }));
    text(ctx, g, 24, y, parts.join(" · "), LINE);
    const finals = (area.tracks ?? []).filter((t) => t.id.startsWith("final-"));
    if (finals.length) text(ctx, g, 24, y + 26, finals.map((t) => `${t.label} ${t.value}`).join(" · "), LINE);
    const choice = (area.items ?? []).find((i) => i.kind === "choice");
    if (choice)
      text(ctx, g, 24, y + (finals.length ? 52 : 26), ctx.t("mc-your-choice", { choice: choice.label }), {
        ...LINE,
        fill: "#444",
      });
  },
};
