// Carcassonne: a tile is drawn from its parts (segments) and the edges they touch, already turned
// by the game; nothing here knows a rule. Geometry in a 100-unit square; north is up.
import { hasMark, ownerColour, square, word } from "../board/draw.js";

const S = 100;
const C = S / 2;
const EDGES = ["N", "E", "S", "W"];
// The two halves of each edge, clockwise from the tile's north-west corner.
const HALVES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
const HALF_ENDS = {
  Nw: [
    [0, 0],
    [C, 0],
  ],
  Ne: [
    [C, 0],
    [S, 0],
  ],
  En: [
    [S, 0],
    [S, C],
  ],
  Es: [
    [S, C],
    [S, S],
  ],
  Se: [
    [S, S],
    [C, S],
  ],
  Sw: [
    [C, S],
    [0, S],
  ],
  Ws: [
    [0, S],
    [0, C],
  ],
  Wn: [
    [0, C],
    [0, 0],
  ],
};
const EDGE_MID = { N: [C, 0], E: [S, C], S: [C, S], W: [0, C] };
const CORNER = { NE: [S, 0], ES: [S, S], SW: [0, S], NW: [0, 0], EN: [S, 0], SE: [S, S], WS: [0, S], WN: [0, 0] };

const COLOURS = {
  field: "#8dbb4f",
  fieldLine: "#7aa843",
  city: "#d8b06a",
  cityRoof: "#b9894a",
  wall: "#6e4f2a",
  road: "#f4efe1",
  roadEdge: "#8b8270",
  river: "#4f8fd6",
  riverEdge: "#2f6aa8",
  cloister: "#efe3c8",
  roof: "#b4472f",
  pennant: "#2756a8",
  open: "#5a5a5a",
  last: "#ff9800",
  border: "#3d4a2a",
};

// A city's shape by its edge pattern in a canonical orientation, then turned k quarter turns.
const CITY_SHAPES = {
  one: { fill: "M0,0 H100 Q50,60 0,0 Z", walls: ["M100,0 Q50,60 0,0"], meeple: [50, 14], pennant: [22, 9] },
  corner: { fill: "M0,0 H100 V100 Q62,38 0,0 Z", walls: ["M100,100 Q62,38 0,0"], meeple: [70, 30], pennant: [88, 12] },
  band: {
    fill: "M0,0 H100 C70,30 70,70 100,100 H0 C30,70 30,30 0,0 Z",
    walls: ["M100,0 C70,30 70,70 100,100", "M0,0 C30,30 30,70 0,100"],
    meeple: [50, 62],
    pennant: [50, 22],
  },
  three: {
    fill: "M0,0 H100 V100 Q50,55 0,100 Z",
    walls: ["M100,100 Q50,55 0,100"],
    meeple: [50, 42],
    pennant: [20, 20],
  },
  four: { fill: "M0,0 H100 V100 H0 Z", walls: [], meeple: [50, 50], pennant: [22, 22] },
};

const MEEPLE =
  "M0,-15 C5,-15 6,-9 4,-7 L13,-4 C16,-3 15,2 11,1 L7,0 L12,13 L3,13 L0,7 L-3,13 L-12,13 " +
  "L-7,0 L-11,1 C-15,2 -16,-3 -13,-4 L-4,-7 C-6,-9 -5,-15 0,-15 Z";
const SHIELD = "M-7,-7 H7 V1 C7,5 3,8 0,9 C-3,8 -7,5 -7,1 Z";

function turnPoint([x, y], k) {
  for (let i = 0; i < ((k % 4) + 4) % 4; i++) [x, y] = [S - y, x];
  return [x, y];
}

// Turn an edge name (N, E, S, W or a half-edge such as Nw) k quarter turns clockwise.
export function turnEdge(edge, k) {
  const turns = ((k % 4) + 4) % 4;
  if (edge.length === 1) return EDGES[(EDGES.indexOf(edge) + turns) % 4];
  return HALVES[(HALVES.indexOf(edge) + 2 * turns) % 8];
}

function cityShape(edges) {
  const idx = edges
    .map((e) => EDGES.indexOf(e))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  if (idx.length === 4) return [CITY_SHAPES.four, 0];
  if (idx.length === 3) {
    const missing = [0, 1, 2, 3].find((i) => !idx.includes(i));
    return [CITY_SHAPES.three, (missing + 2) % 4];
  }
  if (idx.length === 2) {
    const [a, b] = idx;
    if (b - a === 2) return [CITY_SHAPES.band, a];
    return [CITY_SHAPES.corner, b - a === 1 ? a : 3];
  }
  return [CITY_SHAPES.one, idx[0] ?? 0];
}

// Marks a clickable part; a ghost's parts are not clickable (the tile is not laid yet).
let tagging = true;
function tag(el, part) {
  if (part && tagging) el.setAttribute("data-part", part.id);
  return el;
}

function lerp([x, y], t) {
  return [x + (C - x) * t, y + (C - y) * t];
}

// The path of a road or river through the tile: straight, curved round a corner, or to the centre.
function linePath(edges, stub) {
  if (edges.length === 2) {
    const [a, b] = edges;
    const [ax, ay] = EDGE_MID[a];
    const [bx, by] = EDGE_MID[b];
    const corner = CORNER[a + b];
    if (!corner) return { d: `M${ax},${ay} L${bx},${by}`, anchor: [C, C] };
    const sweep = (EDGES.indexOf(b) - EDGES.indexOf(a) + 4) % 4 === 1 ? 0 : 1;
    const [cx, cy] = corner;
    const r = C / Math.SQRT2;
    const anchor = [cx + ((C - cx) / C) * r, cy + ((C - cy) / C) * r];
    return { d: `M${ax},${ay} A${C},${C} 0 0 ${sweep} ${bx},${by}`, anchor };
  }
  const ds = edges.map((e) => {
    const [x, y] = EDGE_MID[e];
    const [ex, ey] = lerp([x, y], stub);
    return `M${x},${y} L${ex},${ey}`;
  });
  const first = EDGE_MID[edges[0]] ?? [C, 0];
  return { d: ds.join(" "), anchor: lerp(first, 0.42) };
}

function fieldAnchor(part, parts) {
  const own = new Set(part.edges);
  let best = part.edges[0];
  let bestScore = -1;
  for (const h of part.edges) {
    const i = HALVES.indexOf(h);
    const score = (own.has(HALVES[(i + 1) % 8]) ? 1 : 0) + (own.has(HALVES[(i + 7) % 8]) ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [h, score];
  }
  const [[x1, y1], [x2, y2]] = HALF_ENDS[best] ?? [
    [0, 0],
    [C, 0],
  ];
  const hasCloister = parts.some((p) => p.kind === "cloister");
  return lerp([(x1 + x2) / 2, (y1 + y2) / 2], hasCloister ? 0.22 : 0.32);
}

// A field made of two halves meeting at a corner, cut off by a curved road: a quarter disc.
function cornerField(edges) {
  if (edges.length !== 2) return null;
  const key = edges.slice().sort().join("+");
  const corners = { "Ne+En": [S, 0], "Es+Se": [S, S], "Sw+Ws": [0, S], "Nw+Wn": [0, 0] };
  return corners[key] ?? null;
}

function drawMeeple(ctx, g, [x, y], owner, kind, part) {
  const colour = ownerColour(ctx, owner, "#999");
  const turn = kind === "farmer" ? " rotate(-90)" : "";
  const el = ctx.svg("path", {
    d: MEEPLE,
    transform: `translate(${x},${y}) scale(0.95)${turn}`,
    fill: colour,
    stroke: "#111",
    "stroke-width": 1.6,
    "stroke-linejoin": "round",
    class: `piece ${kind}`,
  });
  g.append(tag(el, part));
}

// Draws a tile (its parts, with edges already turned) and its followers into g.
export function drawTile(g, parts, pieces, ctx, options = {}) {
  const anchors = {};
  const fields = parts.filter((p) => p.kind === "field");
  const cities = parts.filter((p) => p.kind === "city");
  const roads = parts.filter((p) => p.kind === "road");
  const rivers = parts.filter((p) => p.kind === "river");
  const cloisters = parts.filter((p) => p.kind === "cloister");
  g.append(ctx.svg("rect", { x: 0, y: 0, width: S, height: S, fill: COLOURS.field }));
  for (const f of fields) {
    for (const h of f.edges) {
      const ends = HALF_ENDS[h];
      if (!ends) continue;
      const pts = [[C, C], ...ends].map((p) => p.join(",")).join(" ");
      g.append(
        tag(ctx.svg("polygon", { points: pts, fill: COLOURS.field, stroke: COLOURS.field, "stroke-width": 0.6 }), f),
      );
    }
  }
  for (const f of fields) {
    const corner = cornerField(f.edges);
    if (!corner) continue;
    const [cx, cy] = corner;
    const sx = cx === 0 ? C : S - C;
    const sy = cy === 0 ? C : S - C;
    const d = `M${cx},${cy} L${sx},${cy} A${C},${C} 0 0 ${cx === cy ? 1 : 0} ${cx},${sy} Z`;
    g.append(tag(ctx.svg("path", { d, fill: COLOURS.field }), f));
  }
  for (const f of fields) anchors[f.id] = fieldAnchor(f, parts);
  const singleRoads = roads.filter((r) => r.edges.length === 1).length;
  const village = singleRoads >= 3;
  for (const r of rivers) {
    const { d } = linePath(r.edges, 1);
    g.append(
      ctx.svg("path", { d, fill: "none", stroke: COLOURS.riverEdge, "stroke-width": 20, "stroke-linecap": "butt" }),
    );
    g.append(ctx.svg("path", { d, fill: "none", stroke: COLOURS.river, "stroke-width": 15, "stroke-linecap": "butt" }));
    if (r.edges.length === 1) {
      g.append(
        ctx.svg("ellipse", {
          cx: C,
          cy: C,
          rx: 24,
          ry: 18,
          fill: COLOURS.river,
          stroke: COLOURS.riverEdge,
          "stroke-width": 2.5,
        }),
      );
    }
  }
  for (const r of roads) {
    const stub = village ? 0.78 : 1;
    const { d, anchor } = linePath(r.edges, stub);
    anchors[r.id] = anchor;
    g.append(
      tag(
        ctx.svg("path", { d, fill: "none", stroke: COLOURS.roadEdge, "stroke-width": 12, "stroke-linecap": "butt" }),
        r,
      ),
    );
    g.append(
      tag(ctx.svg("path", { d, fill: "none", stroke: COLOURS.road, "stroke-width": 8.5, "stroke-linecap": "butt" }), r),
    );
  }
  if (village) {
    g.append(
      ctx.svg("rect", {
        x: 38,
        y: 38,
        width: 24,
        height: 24,
        rx: 3,
        fill: "#e8dcc0",
        stroke: COLOURS.roadEdge,
        "stroke-width": 2,
      }),
    );
    g.append(ctx.svg("path", { d: "M41,50 L50,41 L59,50 Z", fill: COLOURS.roof }));
    g.append(
      ctx.svg("rect", { x: 44, y: 50, width: 12, height: 9, fill: "#f6efe0", stroke: "#7a6a50", "stroke-width": 1 }),
    );
  }
  for (const city of cities) {
    const [shape, k] = cityShape(city.edges);
    const turn = `rotate(${k * 90} ${C} ${C})`;
    g.append(tag(ctx.svg("path", { d: shape.fill, transform: turn, fill: COLOURS.city }), city));
    // a few roofs so that a city reads as a town
    const [mx, my] = turnPoint(shape.meeple, k);
    for (const [dx, dy] of [
      [-14, -12],
      [12, -10],
      [-2, 12],
    ]) {
      const [rx, ry] = [mx + dx * 0.9, my + dy * 0.6];
      g.append(
        tag(
          ctx.svg("path", {
            d: `M${rx - 5},${ry + 2} L${rx},${ry - 4} L${rx + 5},${ry + 2} Z`,
            fill: COLOURS.cityRoof,
            opacity: 0.55,
          }),
          city,
        ),
      );
    }
    for (const w of shape.walls) {
      g.append(
        ctx.svg("path", {
          d: w,
          transform: turn,
          fill: "none",
          stroke: COLOURS.wall,
          "stroke-width": 4,
          "stroke-dasharray": "6 2",
        }),
      );
    }
    anchors[city.id] = [mx, my];
    if ((city.label ?? "").includes("pennant")) {
      const [px, py] = turnPoint(shape.pennant, k);
      const shield = ctx.svg("g", { transform: `translate(${px},${py})` });
      shield.append(ctx.svg("path", { d: SHIELD, fill: COLOURS.pennant, stroke: "#fff", "stroke-width": 1.5 }));
      shield.append(ctx.svg("path", { d: "M-4,-3 L0,1 L4,-3", fill: "none", stroke: "#fff", "stroke-width": 1.5 }));
      g.append(tag(shield, city));
    }
  }
  for (const cl of cloisters) {
    const b = ctx.svg("g", { class: "cloister" });
    b.append(
      ctx.svg("rect", {
        x: 33,
        y: 42,
        width: 34,
        height: 26,
        fill: COLOURS.cloister,
        stroke: "#6b5a3a",
        "stroke-width": 1.5,
      }),
    );
    b.append(
      ctx.svg("path", { d: "M29,44 L50,27 L71,44 Z", fill: COLOURS.roof, stroke: "#6b2a1a", "stroke-width": 1.5 }),
    );
    b.append(ctx.svg("rect", { x: 46, y: 54, width: 8, height: 14, fill: "#6b4a2a" }));
    b.append(ctx.svg("path", { d: "M50,14 V26 M45.5,18.5 H54.5", stroke: "#5a3a1a", "stroke-width": 2 }));
    for (const el of b.children) tag(el, cl);
    g.append(b);
    anchors[cl.id] = [C, 58];
  }
  if (!options.ghost) {
    square(ctx, g, S, 0, { fill: "none", stroke: COLOURS.border, "stroke-width": 1, opacity: 0.6 });
  }
  const byId = Object.fromEntries(parts.map((p) => [p.id, p]));
  for (const piece of pieces) {
    const at = anchors[piece.part] ?? [C, C];
    drawMeeple(ctx, g, at, piece.owner, piece.kind, byId[piece.part]);
  }
  return anchors;
}

// What a part does, for the tooltip: the feature, its follower, how it scores.
const PART_TIP = {
  city: ["cc-tip-city", "knight"],
  road: ["cc-tip-road", "thief"],
  field: ["cc-tip-field", "farmer"],
  cloister: ["cc-tip-cloister", "monk"],
};

function partWords(part, ctx) {
  const tip = PART_TIP[part.kind];
  if (!tip) return part.kind === "river" ? ctx.t("cc-tip-river", { tile: word(ctx, "river-tile") }) : null;
  const [key, follower] = tip;
  return ctx.t(key, {
    [part.kind]: word(ctx, part.kind),
    follower: word(ctx, follower),
    city: word(ctx, "city"),
    pennant: word(ctx, "pennant"),
  });
}

function featureNames(parts, ctx) {
  const kinds = [...new Set(parts.map((p) => p.kind))].filter((k) => k in PART_TIP);
  return kinds.map((k) => word(ctx, k)).join(" · ");
}

function handCell(view) {
  const area = view.areas.find((a) => a.id === "hand");
  return area ? area.cells[0] : null;
}

export default {
  cellSize: S,

  // The places of the decision and the tile in hand (shown beside them).
  focus(view, legal) {
    const keys = legal.filter((a) => a.target?.cell != null).map((a) => `${a.target.area}|${a.target.cell}`);
    if (!keys.length) return null;
    return view.areas.some((a) => a.id === "hand") ? [...new Set(keys), "hand"] : [...new Set(keys)];
  },

  // An open place, the tile in hand or a laid tile; over a part, what that part does. The
  // tile's code (its letter in the rulebook's tile list) is there for experts.
  describe(cell, area, view, ctx, part) {
    const parts = cell.parts ?? [];
    if (!parts.length) return { title: ctx.t("cc-tip-open-title"), lines: [ctx.t("cc-tip-open")] };
    const code = cell.label ? ` (${cell.label})` : "";
    const title = `${word(ctx, area.id === "hand" ? "tile" : "tile")}${code}: ${featureNames(parts, ctx)}`;
    const lines = [];
    if (area.id === "hand") lines.push(ctx.t("cc-tip-hand"));
    const shown = part ? [part] : parts.filter((p) => p.kind in PART_TIP);
    for (const p of shown) lines.push(partWords(p, ctx));
    for (const piece of cell.pieces ?? []) {
      const on = parts.find((p) => p.id === piece.part);
      lines.push(
        ctx.t("cc-tip-follower", {
          kind: word(ctx, piece.kind),
          name: ctx.name ? ctx.name(piece.owner) : String(Number(piece.owner) + 1),
          feature: on ? word(ctx, on.kind) : "",
        }),
      );
    }
    return { title, lines };
  },

  drawCell(g, cell, area, view, ctx) {
    if (hasMark(cell, "open") && !(cell.parts ?? []).length) {
      square(ctx, g, S, 3, {
        rx: 6,
        fill: "#ffffff",
        "fill-opacity": 0.25,
        stroke: COLOURS.open,
        "stroke-width": 2,
        "stroke-dasharray": "7 5",
        class: "open",
      });
      return;
    }
    if (hasMark(cell, "closed")) {
      // beside the landscape, but the tile in hand fits nowhere here (a click asks why)
      square(ctx, g, S, 8, {
        rx: 6,
        fill: "none",
        stroke: "#b9bcb5",
        "stroke-width": 1.5,
        "stroke-dasharray": "3 6",
        class: "closed",
      });
      return;
    }
    drawTile(g, cell.parts ?? [], cell.pieces ?? [], ctx);
    if (hasMark(cell, "last-move")) {
      square(ctx, g, S, 2, { fill: "none", stroke: COLOURS.last, "stroke-width": 4, class: "last-move" });
    }
  },

  // The tile in hand (area "hand", printed orientation) turned to the target's rotation.
  drawGhost(g, target, action, view, ctx) {
    const hand = handCell(view);
    if (!hand || target.rotation === null || target.rotation === undefined) return;
    const k = target.rotation;
    const parts = hand.parts.map((p) => ({ ...p, edges: p.edges.map((e) => turnEdge(e, k)) }));
    const ghost = ctx.svg("g", { class: "ghost", opacity: 0.85 });
    tagging = false;
    try {
      drawTile(ghost, parts, [], ctx, { ghost: true });
    } finally {
      tagging = true;
    }
    ghost.append(
      ctx.svg("rect", { x: 1.5, y: 1.5, width: S - 3, height: S - 3, fill: "none", stroke: "#fff", "stroke-width": 3 }),
    );
    g.append(ghost);
  },
};
