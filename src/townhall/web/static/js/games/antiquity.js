// Antiquity: the hex countryside (terrain, pollution, goods, cities, inns, producers, zones of
// control, face-down exploration tokens) and every city map with its polyomino buildings; the
// player areas' goods and workers. Drawn from the board view only.
import {
  fitText,
  hasMark,
  hexPoints as hexagon,
  markValues,
  ownerColour,
  square,
  text as write,
  tipOf,
  word,
} from "../board/draw.js";

const S = 40; // hex radius on the map; side of a city square
const TERRAIN = { forest: "#4e8a3e", grass: "#bcd882", mountain: "#a39480", water: "#5e9fd8" };
const GOOD = {
  grain: "#e3c04a",
  sheep: "#f2f2ee",
  olives: "#6d7d2a",
  fish: "#6aa7c9",
  gold: "#f2b90f",
  wine: "#7b1f45",
  pearls: "#e9e1f0",
  dye: "#4b3ba8",
  wood: "#8b5a2b",
  stone: "#8e8e8e",
};
const BUILDING = {
  market: "#e2a13b",
  explorer: "#3f8fb5",
  harbor: "#2f6a9a",
  university: "#7a4fb0",
  biology: "#5aa05a",
  alchemy: "#b05a9a",
  theology: "#c9b27a",
  philosophy: "#9a7ac9",
  brewery: "#b5762a",
  hospital: "#e36b6b",
  forced_labour: "#6b5a4a",
  stables: "#a0754a",
  cathedral: "#d9c9a0",
  dump: "#7a7a5a",
  granary: "#d9b44a",
  cart_shop: "#9a6a3a",
  fountain: "#6ac9d9",
  storage: "#b9a58a",
  house: "#d98a5a",
};

const hexPoints = (scale = 1) => hexagon(S * scale);
const text = (ctx, g, x, y, s, attrs = {}) => write(ctx, g, x, y, s, { "font-size": 12, ...attrs });
const seatColour = (ctx, owner) => ownerColour(ctx, owner, "#777");

function terrainGlyph(ctx, g, terrain) {
  if (terrain === "forest") {
    for (const [x, y] of [
      [-12, -6],
      [10, -10],
      [0, 10],
    ]) {
      g.append(ctx.svg("path", { d: `M${x},${y - 9} L${x + 7},${y + 5} L${x - 7},${y + 5} Z`, fill: "#2e5f27" }));
    }
  } else if (terrain === "mountain") {
    g.append(
      ctx.svg("path", {
        d: "M-20,12 L-6,-12 L2,0 L8,-8 L20,12 Z",
        fill: "#7d6f5d",
        stroke: "#5e5243",
        "stroke-width": 1,
      }),
    );
    g.append(ctx.svg("path", { d: "M-9,-7 L-6,-12 L-3,-7 Z", fill: "#fff" }));
  } else if (terrain === "water") {
    g.append(
      ctx.svg("path", {
        d: "M-16,-4 q4,-4 8,0 t8,0 t8,0 t8,0 M-16,6 q4,-4 8,0 t8,0 t8,0 t8,0",
        fill: "none",
        stroke: "#cfe4f7",
        "stroke-width": 1.6,
      }),
    );
  } else if (terrain === "grass") {
    g.append(
      ctx.svg("path", {
        d: "M-10,4 l2,-6 l2,6 M6,-6 l2,-6 l2,6 M0,12 l2,-6 l2,6",
        fill: "none",
        stroke: "#8aae4f",
        "stroke-width": 1.3,
      }),
    );
  }
}

function cityGlyph(ctx, g, owner) {
  const colour = seatColour(ctx, owner);
  const el = ctx.svg("g", { class: "piece city" });
  el.append(ctx.svg("polygon", { points: hexPoints(0.86), fill: colour, opacity: 0.55 }));
  el.append(
    ctx.svg("path", {
      d: "M-14,10 V-4 H-10 V-8 H-6 V-4 H-2 V-12 H2 V-4 H6 V-8 H10 V-4 H14 V10 Z",
      fill: "#efe6d2",
      stroke: "#333",
      "stroke-width": 1.3,
    }),
  );
  el.append(ctx.svg("rect", { x: -3, y: 2, width: 6, height: 8, fill: "#333" }));
  g.append(el);
}

function producerGlyph(ctx, g, piece) {
  const colour = seatColour(ctx, piece.owner);
  const el = ctx.svg("g", { class: `piece ${piece.kind}` });
  if (piece.kind === "inn") {
    el.append(
      ctx.svg("path", { d: "M-11,10 V-2 L0,-12 L11,-2 V10 Z", fill: colour, stroke: "#222", "stroke-width": 1.5 }),
    );
    el.append(ctx.svg("rect", { x: -3, y: 2, width: 6, height: 8, fill: "#222" }));
  } else {
    el.append(
      ctx.svg("rect", {
        x: -12,
        y: -12,
        width: 24,
        height: 24,
        rx: 4,
        fill: colour,
        stroke: "#222",
        "stroke-width": 1.5,
      }),
    );
    const good = GOOD[piece.label];
    if (good) el.append(ctx.svg("circle", { cx: 0, cy: 0, r: 7, fill: good, stroke: "#222" }));
  }
  g.append(el);
}

function goodToken(ctx, g, piece, x, y) {
  g.append(
    ctx.svg("circle", {
      cx: x,
      cy: y,
      r: 8,
      fill: GOOD[piece.label] ?? "#ccc",
      stroke: "#222",
      "stroke-width": 1.5,
      class: "piece good",
    }),
  );
}

function drawHex(g, cell, ctx) {
  g.append(
    ctx.svg("polygon", {
      points: hexPoints(),
      fill: TERRAIN[cell.terrain] ?? "#ddd",
      stroke: "#5c5c4c",
      "stroke-width": 1,
    }),
  );
  const pieces = cell.pieces ?? [];
  const city = pieces.find((p) => p.kind === "city");
  if (!pieces.length && !hasMark(cell, "token")) terrainGlyph(ctx, g, cell.terrain);
  if (hasMark(cell, "polluted")) {
    g.append(ctx.svg("polygon", { points: hexPoints(), fill: "#5a4632", opacity: 0.55 }));
    g.append(
      ctx.svg("path", {
        d: "M-20,-8 L8,20 M-8,-20 L20,8 M-24,6 L-6,24 M6,-24 L24,-6",
        stroke: "#3a2a1a",
        "stroke-width": 1.5,
        opacity: 0.6,
      }),
    );
  }
  // zones of control: one inner ring per player whose zone holds the hex
  markValues(cell, "zone").forEach((seat, i) => {
    g.append(
      ctx.svg("polygon", {
        points: hexPoints(0.9 - i * 0.1),
        fill: "none",
        stroke: ctx.playerColor(seat),
        "stroke-width": 3,
        opacity: 0.9,
        class: "zone",
      }),
    );
  });
  if (city) cityGlyph(ctx, g, city.owner);
  const others = pieces.filter((p) => p.kind !== "city" && p.kind !== "good");
  for (const p of others) producerGlyph(ctx, g, p);
  pieces.filter((p) => p.kind === "good").forEach((p, i) => goodToken(ctx, g, p, 14 - i * 6, 14));
  if (hasMark(cell, "token")) {
    g.append(
      ctx.svg("circle", {
        cx: 0,
        cy: 0,
        r: 19,
        fill: "#3a3a4a",
        stroke: "#d9c98a",
        "stroke-width": 2.5,
        class: "token",
      }),
    );
    text(ctx, g, 0, 10, "?", { "font-size": 28, fill: "#d9c98a", "font-weight": "bold" });
  }
}

// Per city area: the building label at each (col,row), to draw borders where a building ends.
const cache = new WeakMap();
function buildingsOf(area) {
  let map = cache.get(area);
  if (map) return map;
  map = new Map();
  for (const c of area.cells ?? []) {
    const b = (c.pieces ?? []).find((p) => p.kind !== "grave");
    if (b) map.set(`${c.col},${c.row}`, b.label ?? b.kind);
  }
  cache.set(area, map);
  return map;
}

function firstCellOf(area, label) {
  let best = null;
  for (const c of area.cells ?? []) {
    if (!(c.pieces ?? []).some((p) => p.kind !== "grave" && (p.label ?? p.kind) === label)) continue;
    if (!best || c.row < best.row || (c.row === best.row && c.col < best.col)) best = c;
  }
  return best;
}

// Each building's name over the cells, on its top row (squeezed to the building's width).
function buildingNames(ctx, g, area) {
  const map = buildingsOf(area);
  const seen = new Set();
  for (const cell of area.cells ?? []) {
    const building = (cell.pieces ?? []).find((p) => p.kind !== "grave");
    if (!building) continue;
    const label = building.label ?? building.kind;
    const first = firstCellOf(area, label);
    if (seen.has(label) || !first) continue;
    seen.add(label);
    let wide = 1;
    while (map.get(`${first.col + wide},${first.row}`) === label) wide += 1;
    const name = text(
      ctx,
      g,
      first.col * S + 3,
      first.row * S + 14,
      word(ctx, `building.${building.kind}`).replace("_", " "),
      {
        "text-anchor": "start",
        "font-size": 13,
        fill: "#111",
        "font-weight": "bold",
      },
    );
    fitText(name, wide * S - 6);
  }
}

// The sides of a square (a neighbour's offset, the line along that side).
const SIDES = [
  [0, -1, `M0,1.5 H${S}`],
  [0, 1, `M0,${S - 1.5} H${S}`],
  [-1, 0, `M1.5,0 V${S}`],
  [1, 0, `M${S - 1.5},0 V${S}`],
];

// One square of a polyomino building, outlined where the building ends (`sameAt(dx, dy)` is
// false); a placed one is a piece (class), a previewed one is not.
function buildingSquare(ctx, g, kind, outline, sameAt, placed = true) {
  square(ctx, g, S, 0, { fill: BUILDING[kind] ?? "#c0b090", class: placed ? `piece ${kind}` : null });
  for (const [dx, dy, d] of SIDES) {
    if (!sameAt(dx, dy)) g.append(ctx.svg("path", { d, stroke: outline, "stroke-width": 3 }));
  }
}

function drawSquare(g, cell, area, ctx) {
  g.append(
    ctx.svg("rect", { x: 0, y: 0, width: S, height: S, fill: "#ece4d0", stroke: "#b5a888", "stroke-width": 0.8 }),
  );
  const building = (cell.pieces ?? []).find((p) => p.kind !== "grave");
  if (building) {
    const label = building.label ?? building.kind;
    const map = buildingsOf(area);
    buildingSquare(
      ctx,
      g,
      building.kind,
      "#2b2b2b",
      (dx, dy) => map.get(`${cell.col + dx},${cell.row + dy}`) === label,
    );
  }
  if (hasMark(cell, "manned")) {
    const colour = seatColour(ctx, area.owner);
    g.append(ctx.svg("circle", { cx: S / 2, cy: S / 2 - 2, r: 4, fill: colour, stroke: "#111" }));
    g.append(
      ctx.svg("path", {
        d: `M${S / 2 - 7},${S / 2 + 12} Q${S / 2},${S / 2 - 4} ${S / 2 + 7},${S / 2 + 12} Z`,
        fill: colour,
        stroke: "#111",
        class: "worker",
      }),
    );
  }
  if (hasMark(cell, "grave") || (cell.pieces ?? []).some((p) => p.kind === "grave")) {
    const x = building ? S - 12 : S / 2;
    const y = building ? S - 12 : S / 2;
    const k = building ? 0.55 : 1;
    g.append(
      ctx.svg("path", {
        d: `M${x - 8 * k},${y + 10 * k} V${y - 4 * k} A${8 * k},${8 * k} 0 0 1 ${x + 8 * k},${y - 4 * k} V${y + 10 * k} Z`,
        fill: "#8a8a8a",
        stroke: "#333",
        "stroke-width": 1.2,
        class: "grave",
      }),
    );
    g.append(
      ctx.svg("path", {
        d: `M${x},${y - 6 * k} V${y + 4 * k} M${x - 3 * k},${y - 2 * k} H${x + 3 * k}`,
        stroke: "#333",
        "stroke-width": 1.2,
      }),
    );
  }
}

// The squares a building covers turned k quarter turns clockwise ((x, y) -> (-y, x)), shifted
// so that its first square (top row, then leftmost) is at (0, 0).
function placed(cells, k) {
  let shape = cells.map((c) => [c.col, c.row]);
  for (let i = 0; i < ((k % 4) + 4) % 4; i++) shape = shape.map(([x, y]) => [-y, x]);
  shape.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const [x0, y0] = shape[0];
  return shape.map(([x, y]) => [x - x0, y - y0]);
}

// What a tip says of a cell: the terrain or city square, then what stands or lies there.
function describe(cell, area, view, ctx) {
  const said = [];
  if (area.layout === "hex") {
    said.push(`${area.label} · ${cell.label ?? cell.id}`, word(ctx, cell.terrain, cell.terrain ?? ""));
    for (const piece of cell.pieces ?? []) {
      if (piece.kind === "good") said.push(`${word(ctx, "goods")}: ${piece.label}`);
      else if (piece.kind === "city" || piece.kind === "inn") said.push(word(ctx, `country.${piece.kind}`));
      else said.push(`${word(ctx, `country.${piece.kind}`, piece.kind)} · ${piece.label ?? ""}`);
    }
    if (hasMark(cell, "token")) said.push(word(ctx, "exploration-token"));
    if (hasMark(cell, "polluted")) said.push(word(ctx, "pollution"));
    if (markValues(cell, "zone").length) said.push(word(ctx, "zone-of-control"));
    return tipOf(said);
  }
  said.push(`${area.label} · ${cell.id}`);
  const building = (cell.pieces ?? []).find((p) => p.kind !== "grave");
  if (building) said.push(word(ctx, `building.${building.kind}`, building.kind).replace("_", " "));
  if (hasMark(cell, "manned")) said.push(`${word(ctx, "worker")} · ${word(ctx, "manning")}`);
  if (hasMark(cell, "grave") || (cell.pieces ?? []).some((p) => p.kind === "grave")) said.push(word(ctx, "grave"));
  return tipOf(said);
}

export default {
  cellSize: S,
  describe,
  titleSize: 30,

  // The countryside, then each player's cities with their goods (a hex at least 26 px wide).
  sheets(view, ctx) {
    const sheets = [{ id: "map", label: word(ctx, "countryside"), areas: ["map"], minScale: 26 / (S * Math.sqrt(3)) }];
    for (const area of view.areas) {
      if (area.layout !== "row") continue;
      const own = view.areas.filter((a) => a.id === area.id || a.id.startsWith(`${area.id}.`)).map((a) => a.id);
      sheets.push({ id: area.id, label: area.label, areas: own, minScale: 0.8 });
    }
    return sheets;
  },

  drawCell(g, cell, area, view, ctx) {
    if (area.layout === "hex") drawHex(g, cell, ctx);
    else drawSquare(g, cell, area, ctx);
  },

  // A building being placed (area "p<seat>.build", unturned) previewed at a city square.
  drawGhost(g, target, action, view, ctx) {
    const seat = target.area.split(".")[0];
    const build = view.areas.find((a) => a.id === `${seat}.build`);
    if (!build || !(build.cells ?? []).length) return;
    const piece = build.cells[0].pieces?.[0] ?? { kind: "storage" };
    const squares = placed(build.cells, target.rotation ?? 0);
    const own = new Set(squares.map(([x, y]) => `${x},${y}`));
    const ghost = ctx.svg("g", { class: "ghost", opacity: 0.8 });
    for (const [x, y] of squares) {
      const cg = ctx.svg("g", { transform: `translate(${x * S},${y * S})` });
      buildingSquare(ctx, cg, piece.kind, "#fff", (dx, dy) => own.has(`${x + dx},${y + dy}`), false);
      ghost.append(cg);
    }
    g.append(ghost);
  },

  // A city map's frame in its owner's colour (cells are named in their tooltips); a player's
  // area: goods as numbered tokens, then workers, graves and saint, 280 units wide as a city.
  drawAreaExtras(g, area, view, ctx) {
    if (area.layout === "square" && area.id.endsWith(".build")) return;
    if (area.layout === "square") {
      const size = 1 + Math.max(0, ...(area.cells ?? []).map((c) => c.col));
      square(ctx, g, size * S, 0, { fill: "none", stroke: seatColour(ctx, area.owner), "stroke-width": 3 });
      buildingNames(ctx, g, area);
      return;
    }
    if (area.layout !== "row" || (area.cells ?? []).length) return;
    const colour = seatColour(ctx, area.owner);
    const tracks = area.tracks ?? [];
    const goods = tracks.filter((t) => GOOD[t.id.split(".").pop()]);
    const rest = tracks
      .filter((t) => !GOOD[t.id.split(".").pop()])
      .map((t) => `${t.label} ${t.value}${t.maximum ? `/${t.maximum}` : ""}`);
    const items = (area.items ?? []).map((i) => (i.kind === "saint" ? ctx.t("an-saint", { name: i.label }) : i.label));
    const lines = [...rest, ...items];
    const top = 4 + Math.ceil(goods.length / 5) * 62;
    const height = top + Math.ceil(lines.length / 2) * 22 + 10;
    g.append(
      ctx.svg("rect", { x: 0, y: 0, width: 280, height, rx: 8, fill: "#fbf7ec", stroke: colour, "stroke-width": 3 }),
    );
    goods.forEach((t, i) => {
      const name = t.id.split(".").pop();
      const [x, y] = [28 + (i % 5) * 56, 30 + Math.floor(i / 5) * 62];
      const token = ctx.svg("g", { class: "good-count" });
      const tip = ctx.svg("title");
      tip.textContent = `${word(ctx, `good.${name}`, name)}: ${t.value}`;
      token.append(tip);
      token.append(
        ctx.svg("circle", { cx: x, cy: y, r: 16, fill: GOOD[name], stroke: "#222", opacity: t.value ? 1 : 0.35 }),
      );
      g.append(token);
      text(ctx, g, x, y + 6, t.value, {
        "font-size": 17,
        "font-weight": "bold",
        fill: ["sheep", "pearls", "grain", "gold"].includes(name) ? "#222" : "#fff",
      });
      text(ctx, g, x, y + 33, word(ctx, `good.${name}`, name), { "font-size": 13, fill: "#444" });
    });
    lines.forEach((line, i) => {
      text(ctx, g, 12 + (i % 2) * 134, top + 18 + Math.floor(i / 2) * 22, line, {
        "text-anchor": "start",
        "font-size": 15,
      });
    });
  },
};
