// Kutná Hora: the town, the mine, the town hall, the market (price table), the council, St.
// Barbara, the drawn mine tiles and each player's board, drawn from the board view only.
import { hasMark, markValue, markValues, ownerColour, panel, square, text, track, word } from "../board/draw.js";

const S = 100;
const GUILD = {
  builders: "#9a6232",
  scribes: "#7b62b8",
  grocers: "#5f9e3c",
  innkeepers: "#d9962b",
  miners: "#6e6e6e",
  metallurgists: "#8fb0cf",
};
const NOBLE = { green: "#3f9a4a", silver: "#b8c2cc", yellow: "#e8c22c", red: "#c8372d" };
const ACTION_GLYPH = {
  mine: "⚒",
  licence: "✎",
  plot: "⚑",
  build: "⌂",
  income: "¤",
  barbara: "✝",
  joker: "★",
  idle: "–",
};

// A building tile: guild (or noble) colour, its id, its wood cost; the owner as a coloured band.
function building(ctx, g, cell, piece, x = 8, y = 8, w = S - 16, h = S - 16) {
  const guild = markValue(cell, "guild");
  const noble = markValue(cell, "noble");
  const fill = guild ? (GUILD[guild] ?? "#aaa") : (NOBLE[noble] ?? "#ccc");
  g.append(
    ctx.svg("rect", {
      x,
      y,
      width: w,
      height: h,
      rx: 6,
      fill,
      stroke: "#2b2b2b",
      "stroke-width": 2,
      class: `piece ${piece.kind}`,
    }),
  );
  if (piece.kind === "public-building") {
    g.append(
      ctx.svg("path", {
        d: `M${x + w / 2 - 14},${y + 26} L${x + w / 2},${y + 10} L${x + w / 2 + 14},${y + 26} Z`,
        fill: "#fff",
        opacity: 0.75,
      }),
    );
  } else {
    g.append(ctx.svg("rect", { x: x + w / 2 - 11, y: y + 12, width: 22, height: 14, fill: "#fff", opacity: 0.75 }));
    g.append(
      ctx.svg("path", {
        d: `M${x + w / 2 - 14},${y + 13} L${x + w / 2},${y + 4} L${x + w / 2 + 14},${y + 13} Z`,
        fill: "#fff",
        opacity: 0.75,
      }),
    );
  }
  text(ctx, g, x + w / 2, y + h / 2 + 14, piece.label ?? "", { "font-size": 15, "font-weight": "bold", fill: "#111" });
  const wood = markValue(cell, "wood");
  if (wood !== null)
    text(ctx, g, x + w / 2, y + h - 6, ctx.t("kh-wood-count", { n: wood }), { "font-size": 11, fill: "#111" });
  const colour = ownerColour(ctx, piece.owner);
  if (colour)
    g.append(
      ctx.svg("rect", { x, y: y + h - 4, width: w, height: 6, fill: colour, stroke: "#222", "stroke-width": 1 }),
    );
}

function mineTile(ctx, g, cell, piece) {
  const tech = piece.kind === "technology";
  square(ctx, g, S, 8, {
    rx: 8,
    fill: tech ? "#7c93a8" : "#c9b28a",
    stroke: "#3b2e1e",
    "stroke-width": 2,
    class: `piece ${piece.kind}`,
  });
  text(ctx, g, S / 2, 28, piece.label ?? "", { "font-size": 14, "font-weight": "bold" });
  const ore = markValue(cell, "ore") ?? 0;
  for (let i = 0; i < ore; i++) {
    g.append(
      ctx.svg("path", {
        d: `M${24 + i * 16},56 l6,-8 l7,2 l2,8 l-7,5 Z`,
        fill: "#b9c3cc",
        stroke: "#4a4a4a",
        "stroke-width": 1,
      }),
    );
  }
  const stars = markValue(cell, "stars") ?? 0;
  text(ctx, g, S / 2, 80, "★".repeat(stars), { "font-size": 13, fill: "#7a5a00" });
  const colour = ownerColour(ctx, piece.owner);
  if (colour)
    g.append(ctx.svg("circle", { cx: S - 18, cy: S - 18, r: 8, fill: colour, stroke: "#222", "stroke-width": 1.5 }));
}

const ICON = {
  cross: (ctx, g, x, y) =>
    g.append(
      ctx.svg("path", {
        d: `M${x},${y - 7} V${y + 7} M${x - 5},${y - 2} H${x + 5}`,
        stroke: "#5a2d0c",
        "stroke-width": 2.5,
      }),
    ),
  hammer: (ctx, g, x, y) =>
    g.append(
      ctx.svg("path", {
        d: `M${x - 6},${y - 6} H${x + 4} V${y - 2} H${x - 6} Z M${x - 1},${y - 2} V${y + 7}`,
        stroke: "#333",
        "stroke-width": 2,
        fill: "#666",
      }),
    ),
  tankard: (ctx, g, x, y) =>
    g.append(
      ctx.svg("path", {
        d: `M${x - 5},${y - 6} H${x + 3} V${y + 6} H${x - 5} Z M${x + 3},${y - 3} H${x + 6} V${y + 3} H${x + 3}`,
        stroke: "#7a4a10",
        "stroke-width": 1.6,
        fill: "#e8b64a",
      }),
    ),
  wheat: (ctx, g, x, y) =>
    g.append(
      ctx.svg("path", {
        d: `M${x},${y + 7} V${y - 7} M${x},${y - 3} l-4,-3 M${x},${y - 3} l4,-3 M${x},${y + 1} l-4,-3 M${x},${y + 1} l4,-3`,
        stroke: "#a07a10",
        "stroke-width": 1.8,
        fill: "none",
      }),
    ),
};

function townCell(g, cell, ctx) {
  const plot = cell.terrain === "plot";
  square(ctx, g, S, 1, { fill: plot ? "#e9dcc0" : "#7e8f6a", stroke: "#8a7a5a", "stroke-width": 1.5 });
  if (!plot) {
    g.append(ctx.svg("path", { d: "M10,90 L90,10 M10,50 L50,10 M50,90 L90,50", stroke: "#6b7a58", "stroke-width": 3 }));
  }
  const icons = markValues(cell, "icon");
  icons.forEach((icon, i) => {
    const [x, y] = [16 + i * 20, S - 14];
    g.append(ctx.svg("circle", { cx: x, cy: y, r: 9, fill: "#fff8e8", stroke: "#8a7a5a" }));
    if (ICON[icon]) ICON[icon](ctx, g, x, y);
    else text(ctx, g, x, y + 4, icon[0], { "font-size": 10 });
  });
  for (const piece of cell.pieces ?? []) {
    if (piece.kind === "plot-marker") {
      g.append(
        ctx.svg("rect", {
          x: 30,
          y: 22,
          width: 40,
          height: 40,
          rx: 4,
          fill: ctx.playerColor(piece.owner),
          stroke: "#222",
          "stroke-width": 2,
          class: "piece plot-marker",
          transform: "rotate(45 50 42)",
        }),
      );
    } else {
      building(ctx, g, cell, piece, 6, 6, S - 12, S - 30);
    }
  }
}

function mineCell(g, cell, ctx) {
  const fill = { entrance: "#4a3521", rock: "#8b8680", ground: "#a5835a" }[cell.terrain] ?? "#a5835a";
  g.append(ctx.svg("rect", { x: 1, y: 1, width: S - 2, height: S - 2, fill, stroke: "#3b2e1e", "stroke-width": 1.5 }));
  if (cell.terrain === "entrance") {
    g.append(
      ctx.svg("path", {
        d: "M25,95 V45 A25,25 0 0 1 75,45 V95 Z",
        fill: "#1e140b",
        stroke: "#8a6a40",
        "stroke-width": 4,
      }),
    );
  }
  const piece = (cell.pieces ?? [])[0];
  if (!piece) return;
  if (piece.kind === "rock") {
    g.append(
      ctx.svg("path", {
        d: "M15,80 L25,35 L55,20 L85,40 L88,80 Z",
        fill: "#9d9891",
        stroke: "#4d4a45",
        "stroke-width": 2,
      }),
    );
    text(ctx, g, S / 2, 64, "★".repeat(markValue(cell, "stars") ?? 0), { "font-size": 16, fill: "#5a4300" });
  } else {
    mineTile(ctx, g, cell, piece);
  }
}

function hallCell(g, cell, ctx) {
  g.append(
    ctx.svg("rect", { x: 1, y: 1, width: S - 2, height: S - 2, fill: "#f3ead6", stroke: "#b8a57a", "stroke-width": 1 }),
  );
  const [top, below] = cell.pieces ?? [];
  if (top) {
    if (below && below.count > 0) {
      for (let i = Math.min(below.count, 3); i > 0; i--) {
        g.append(
          ctx.svg("rect", {
            x: 8 + i * 3,
            y: 8 + i * 3,
            width: S - 28,
            height: S - 34,
            rx: 6,
            fill: "#6b5a40",
            stroke: "#2b2b2b",
          }),
        );
      }
    }
    building(ctx, g, cell, top, 6, 6, S - 24, S - 30);
    if (below)
      text(ctx, g, S - 12, 22, below.count ? `+${below.count}` : "", { "font-size": 12, "font-weight": "bold" });
  } else {
    g.append(
      ctx.svg("rect", {
        x: 8,
        y: 8,
        width: S - 16,
        height: S - 32,
        rx: 6,
        fill: "none",
        stroke: "#b8a57a",
        "stroke-dasharray": "5 4",
      }),
    );
  }
  text(ctx, g, S / 2, S - 7, cell.label ?? "", { "font-size": 11, fill: "#5a4a2a" });
}

// One good of the price table: its guild colour, the current price, the slider's column.
function marketCell(g, cell, area, ctx) {
  const guild = markValue(cell, "guild");
  g.append(
    ctx.svg("rect", {
      x: 2,
      y: 2,
      width: S - 4,
      height: S * 1.4 - 4,
      rx: 6,
      fill: "#fbf6ea",
      stroke: GUILD[guild] ?? "#888",
      "stroke-width": 3,
    }),
  );
  g.append(ctx.svg("rect", { x: 2, y: 2, width: S - 4, height: 22, rx: 6, fill: GUILD[guild] ?? "#888" }));
  text(ctx, g, S / 2, 18, word(ctx, `good.${cell.id}`, cell.id), {
    "font-size": 13,
    fill: "#fff",
    "font-weight": "bold",
  });
  const price = track(area, `price.${cell.id}`);
  text(ctx, g, S / 2, 66, price ? price.value : "?", { "font-size": 38, "font-weight": "bold" });
  text(ctx, g, S / 2, 84, cell.label ?? "", { "font-size": 11, fill: "#555" });
  const slider = track(area, `slider.${cell.id}`);
  if (slider && slider.maximum) {
    const n = slider.maximum + 1;
    const step = (S - 20) / (n - 1 || 1);
    for (let i = 0; i < n; i++) {
      g.append(
        ctx.svg("circle", {
          cx: 10 + i * step,
          cy: 112,
          r: i === slider.value ? 6 : 3,
          fill: i === slider.value ? "#222" : "#bbb",
        }),
      );
    }
    text(ctx, g, S / 2, 132, ctx.t("kh-slider"), { "font-size": 10, fill: "#777" });
  }
  if (hasMark(cell, "no-demand")) {
    g.append(
      ctx.svg("path", { d: "M20,34 L80,90 M80,34 L20,90", stroke: "#d0021b", "stroke-width": 7, opacity: 0.85 }),
    );
  }
}

function councilCell(g, cell, ctx) {
  const colour = NOBLE[cell.id] ?? "#ccc";
  square(ctx, g, S, 2, { rx: 10, fill: "#f5f0e6", stroke: colour, "stroke-width": 4 });
  const seated = (cell.pieces ?? []).find((p) => p.kind === "noble");
  const n = seated ? seated.count : 0;
  for (let i = 0; i < n; i++) {
    const [x, y] = [24 + (i % 3) * 26, 32 + Math.floor(i / 3) * 30];
    g.append(ctx.svg("circle", { cx: x, cy: y - 8, r: 6, fill: colour, stroke: "#333" }));
    g.append(
      ctx.svg("path", { d: `M${x - 9},${y + 12} Q${x},${y - 8} ${x + 9},${y + 12} Z`, fill: colour, stroke: "#333" }),
    );
  }
  text(ctx, g, S / 2, S - 10, cell.label ?? cell.id, { "font-size": 11 });
}

function barbaraCell(g, cell, ctx) {
  const turned = hasMark(cell, "turned");
  const next = hasMark(cell, "next");
  square(ctx, g, S, 4, {
    rx: 8,
    fill: turned ? "#5d4a6b" : "#efe6f5",
    stroke: next ? "#ff9800" : "#5d4a6b",
    "stroke-width": next ? 5 : 2,
  });
  if (!turned) ICON.cross(ctx, g, S / 2, 40);
  text(ctx, g, S / 2, 76, cell.label ?? "", { "font-size": 13, fill: turned ? "#fff" : "#333" });
}

// A player's action card: the two printed actions, the joker's choices, and "idle" (no effect).
function actionCard(g, cell, ctx) {
  const used = hasMark(cell, "used");
  square(ctx, g, S, 4, { rx: 8, fill: used ? "#c9c3b5" : "#fffaf0", stroke: "#6b5a40", "stroke-width": 2 });
  const printed = markValues(cell, "action");
  const parts = new Map((cell.parts ?? []).map((p) => [p.id, p]));
  const half = (action, y, h) => {
    if (parts.has(action)) {
      const hit = ctx.svg("rect", {
        x: 8,
        y,
        width: S - 16,
        height: h,
        rx: 5,
        fill: used ? "#bdb6a6" : "#f1e3c4",
        stroke: "#a08a60",
        "data-part": action,
      });
      g.append(hit);
      text(ctx, g, 22, y + h / 2 + 6, ACTION_GLYPH[action] ?? "?", { "font-size": 17, "data-part": action });
      text(ctx, g, 60, y + h / 2 + 5, word(ctx, `action.${action}`, action), { "font-size": 13, "data-part": action });
    }
  };
  half(printed[0], 8, 30);
  if (printed[1] === "joker") {
    const others = [...parts.keys()].filter((a) => a !== printed[0] && a !== "idle");
    text(ctx, g, 16, 52, ACTION_GLYPH.joker, { "font-size": 13, fill: "#a07a10" });
    others.forEach((action, i) => {
      const [x, y] = [26 + (i % 3) * 22, 42 + Math.floor(i / 3) * 16];
      g.append(
        ctx.svg("rect", {
          x,
          y,
          width: 20,
          height: 14,
          rx: 3,
          fill: "#f6e7a8",
          stroke: "#a07a10",
          "data-part": action,
        }),
      );
      text(ctx, g, x + 10, y + 11, ACTION_GLYPH[action] ?? "?", { "font-size": 11, "data-part": action });
    });
  } else {
    half(printed[1], 42, 30);
  }
  if (parts.has("idle")) {
    g.append(
      ctx.svg("rect", {
        x: 8,
        y: 76,
        width: S - 16,
        height: 16,
        rx: 4,
        fill: "#e8e2d4",
        stroke: "#a08a60",
        "data-part": "idle",
      }),
    );
    text(ctx, g, S / 2, 88, ctx.t("kh-idle"), { "font-size": 10, fill: "#555", "data-part": "idle" });
  }
  if (used) {
    g.append(ctx.svg("rect", { x: S - 38, y: 0, width: 36, height: 13, rx: 3, fill: "#7a1010" }));
    text(ctx, g, S - 20, 10, ctx.t("kh-used"), { "font-size": 10, fill: "#fff", "font-weight": "bold" });
  }
}

function houseCell(g, cell, area, ctx) {
  const guild = markValue(cell, "guild");
  square(ctx, g, S, 4, { rx: 6, fill: "#f7f1e3", stroke: GUILD[guild] ?? "#999", "stroke-width": 4 });
  text(ctx, g, S / 2, 22, cell.label ?? "", { "font-size": 11 });
  const houses = (cell.pieces ?? []).find((p) => p.kind === "house");
  const n = houses ? houses.count : 0;
  const colour = ctx.playerColor(area.owner);
  for (let i = 0; i < n; i++) {
    const [x, y] = [14 + (i % 4) * 19, 44 + Math.floor(i / 4) * 22];
    g.append(
      ctx.svg("path", {
        d: `M${x},${y + 14} V${y + 5} L${x + 7},${y} L${x + 14},${y + 5} V${y + 14} Z`,
        fill: colour,
        stroke: "#222",
        class: "piece house",
      }),
    );
  }
}

function slotCell(g, cell, ctx) {
  square(ctx, g, S, 4, { rx: 6, fill: "none", stroke: "#b8a57a", "stroke-dasharray": "5 4" });
  const piece = (cell.pieces ?? [])[0];
  if (piece) building(ctx, g, cell, piece);
  else text(ctx, g, S / 2, S / 2 + 5, cell.label ?? "", { "font-size": 12, fill: "#9a8a6a" });
}

// A player's panel: the game's terms where it has them, the page's words elsewhere.
const playerRows = (ctx, value) => [
  [word(ctx, "groschen"), value("money")],
  [word(ctx, "points"), value("points")],
  [word(ctx, "reputation"), value("reputation")],
  [ctx.t("kh-income"), value("income")],
  [ctx.t("kh-tax-due"), value("tax")],
  [ctx.t("kh-miners-pool"), value("miners.pool")],
  [ctx.t("kh-miners-reserve"), value("miners.reserve")],
  [ctx.t("kh-pelicans"), value("pelicans")],
  [ctx.t("kh-pelicans-used"), value("pelicans.used")],
];

export default {
  cellSize: S,

  drawCell(g, cell, area, view, ctx) {
    const id = area.id;
    if (id === "town") townCell(g, cell, ctx);
    else if (id === "mine") mineCell(g, cell, ctx);
    else if (id === "hall") hallCell(g, cell, ctx);
    else if (id === "market") marketCell(g, cell, area, ctx);
    else if (id === "council") councilCell(g, cell, ctx);
    else if (id === "barbara") barbaraCell(g, cell, ctx);
    else if (id === "drawn") {
      const piece = (cell.pieces ?? [])[0];
      if (piece) mineTile(ctx, g, cell, piece);
    } else if (id.startsWith("player")) {
      if (cell.id.startsWith("card")) actionCard(g, cell, ctx);
      else if (cell.id.startsWith("house")) houseCell(g, cell, area, ctx);
      else slotCell(g, cell, ctx);
    } else {
      g.append(ctx.svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, fill: "#eee", stroke: "#999" }));
      text(ctx, g, S / 2, S / 2, cell.label ?? cell.id, { "font-size": 12 });
    }
  },

  drawAreaExtras(g, area, view, ctx) {
    const cols = area.cells.length ? 1 + Math.max(...area.cells.map((c) => c.col)) : 0;
    const x = cols * S + 16;
    const value = (id) => track(area, id)?.value ?? "";
    if (area.id === "mine") {
      panel(
        ctx,
        g,
        x,
        0,
        [
          [ctx.t("kh-technology-level"), value("level")],
          [ctx.t("kh-tiles-in-deck"), value("deck")],
          [ctx.t("kh-discarded"), value("discards")],
        ],
        ctx.t("kh-mine"),
      );
    } else if (area.id === "market") {
      const rows = (area.tracks ?? [])
        .filter((t) => t.id.startsWith("deck."))
        .map((t) => [t.label, `${t.value} / ${t.maximum ?? "?"}`]);
      panel(ctx, g, x, 0, rows, ctx.t("kh-price-decks"));
    } else if (area.id === "council") {
      const rows = Object.keys(NOBLE).map((c) => [
        ctx.t("kh-pool-bank", { colour: word(ctx, `noble.${c}`, c) }),
        `${value(`pool.${c}`)} / ${value(`bank.${c}`)}`,
      ]);
      panel(ctx, g, x, 0, rows, ctx.t("kh-nobles"));
    } else if (area.id === "drawn" && !area.cells.length) {
      text(ctx, g, 0, 20, ctx.t("kh-no-mine-tiles"), { "text-anchor": "start", fill: "#888" });
    } else if (area.id.startsWith("player")) {
      const colour = ownerColour(ctx, area.owner, "#888");
      panel(ctx, g, x, 0, playerRows(ctx, value), "");
      g.append(ctx.svg("rect", { x, y: 0, width: 250, height: 26, rx: 8, fill: colour }));
      text(ctx, g, x + 12, 18, area.label, { "text-anchor": "start", "font-weight": "bold", fill: "#fff" });
      const prod = (area.tracks ?? []).filter((t) => t.id.startsWith("production."));
      // a good's colour is its guild's, as the market's cell for the good marks it
      const market = view.areas.find((a) => a.id === "market")?.cells ?? [];
      const guildOf = (good) => markValue(market.find((c) => c.id === good) ?? {}, "guild");
      const px = 3 * S + 16;
      text(ctx, g, px, S + 20, word(ctx, "production"), {
        "text-anchor": "start",
        "font-size": 13,
        "font-weight": "bold",
      });
      prod.forEach((t, i) => {
        const good = t.id.slice("production.".length);
        const [cx, cy] = [px + (i % 3) * 92, S + 34 + Math.floor(i / 3) * 30];
        g.append(
          ctx.svg("rect", {
            x: cx,
            y: cy,
            width: 86,
            height: 24,
            rx: 5,
            fill: GUILD[guildOf(good)] ?? "#ccc",
            opacity: t.value ? 1 : 0.35,
          }),
        );
        text(ctx, g, cx + 43, cy + 17, `${word(ctx, `good.${good}`, good)} ${t.value}`, {
          "font-size": 12,
          fill: "#fff",
          "font-weight": "bold",
        });
      });
    }
  },
};
