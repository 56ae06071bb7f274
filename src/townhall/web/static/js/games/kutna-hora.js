// Kutná Hora: the town, the mine, the town hall, the market (price table), the council, St.
// Barbara, the drawn mine tiles and each player's board, drawn from the board view only.
import {
  fitText,
  hasMark,
  markValue,
  markValues,
  ownerColour,
  square,
  text,
  tipOf,
  track,
  word,
} from "../board/draw.js";

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
  // the tile's id is no player word: its cost in wood says what matters on the tile
  const wood = markValue(cell, "wood");
  if (wood !== null)
    fitText(
      text(ctx, g, x + w / 2, y + h / 2 + 16, ctx.t("kh-wood-count", { n: wood }), {
        "font-size": 18,
        "font-weight": "bold",
        fill: "#111",
      }),
      w - 8,
    );
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
  const ore = markValue(cell, "ore") ?? 0;
  for (let i = 0; i < ore; i++) {
    g.append(
      ctx.svg("path", {
        d: `M${20 + i * 22},${46} l9,-12 l10,3 l3,12 l-10,7 Z`,
        fill: "#b9c3cc",
        stroke: "#4a4a4a",
        "stroke-width": 1,
      }),
    );
  }
  const stars = markValue(cell, "stars") ?? 0;
  text(ctx, g, S / 2, 88, "★".repeat(stars), { "font-size": 26, fill: "#7a5a00" });
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
    // an edge icon half again as large as drawn, to be told apart on a phone
    const mark = ctx.svg("g", { transform: `translate(${20 + i * 30} ${S - 20}) scale(1.5)` });
    mark.append(ctx.svg("circle", { cx: 0, cy: 0, r: 9, fill: "#fff8e8", stroke: "#8a7a5a" }));
    if (ICON[icon]) ICON[icon](ctx, mark, 0, 0);
    else text(ctx, mark, 0, 4, icon[0], { "font-size": 10 });
    g.append(mark);
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
    text(ctx, g, S / 2, 68, "★".repeat(markValue(cell, "stars") ?? 0), { "font-size": 26, fill: "#5a4300" });
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
            width: S - 40,
            height: S - 34,
            rx: 6,
            fill: "#6b5a40",
            stroke: "#2b2b2b",
          }),
        );
      }
    }
    building(ctx, g, cell, top, 6, 6, S - 34, S - 30);
    if (below)
      text(ctx, g, S - 10, 30, below.count ? `+${below.count}` : "", { "font-size": 18, "font-weight": "bold" });
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
  text(ctx, g, S / 2, S - 6, cell.label ?? "", { "font-size": 16, fill: "#5a4a2a" });
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
  g.append(ctx.svg("rect", { x: 2, y: 2, width: S - 4, height: 30, rx: 6, fill: GUILD[guild] ?? "#888" }));
  text(ctx, g, S / 2, 24, word(ctx, `good.${cell.id}`, cell.id), {
    "font-size": 19,
    fill: "#fff",
    "font-weight": "bold",
  });
  const price = track(area, `price.${cell.id}`);
  text(ctx, g, S / 2, 78, price ? price.value : "?", { "font-size": 40, "font-weight": "bold" });
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
  text(ctx, g, S / 2, S - 8, word(ctx, `noble.${cell.id}`, cell.label ?? cell.id), { "font-size": 18 });
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
  text(ctx, g, S / 2, 84, cell.label ?? "", { "font-size": 20, fill: turned ? "#fff" : "#333" });
}

// A player's action card: the two printed actions, the joker (its choices come as buttons),
// and "idle" (no effect), each in words large enough for a phone.
function actionCard(g, cell, ctx) {
  const used = hasMark(cell, "used");
  square(ctx, g, S, 2, { rx: 8, fill: used ? "#c9c3b5" : "#fffaf0", stroke: "#6b5a40", "stroke-width": 2 });
  const printed = markValues(cell, "action");
  const parts = new Map((cell.parts ?? []).map((p) => [p.id, p]));
  const half = (action, y, h, label, part) => {
    const attrs = part ? { "data-part": action } : {};
    g.append(
      ctx.svg("rect", {
        x: 6,
        y,
        width: S - 12,
        height: h,
        rx: 5,
        fill: used ? "#bdb6a6" : action === "joker" ? "#f6e7a8" : "#f1e3c4",
        stroke: "#a08a60",
        ...attrs,
      }),
    );
    const el = text(ctx, g, S / 2, y + h / 2 + 6, label, {
      "font-size": 18,
      "font-weight": "bold",
      fill: "#2b2b2b",
      ...attrs,
    });
    fitText(el, S - 18);
  };
  const name = (action) => `${ACTION_GLYPH[action] ?? ""} ${word(ctx, `action.${action}`, action)}`.trim();
  if (printed[0]) half(printed[0], 6, 28, name(printed[0]), parts.has(printed[0]));
  // the joker stands for any other action: a chip each (a click on the card offers them by name)
  if (printed[1] === "joker") {
    g.append(ctx.svg("rect", { x: 6, y: 36, width: S - 12, height: 32, rx: 5, fill: "#f6e7a8", stroke: "#a07a10" }));
    text(ctx, g, 16, 58, ACTION_GLYPH.joker, { "font-size": 14, fill: "#7a5a00" });
    const others = [...parts.keys()].filter((a) => a !== printed[0] && a !== "idle");
    others.forEach((action, i) => {
      const [x, y] = [27 + (i % 3) * 22, 38 + Math.floor(i / 3) * 15];
      g.append(
        ctx.svg("rect", {
          x,
          y,
          width: 20,
          height: 14,
          rx: 3,
          fill: "#fffaf0",
          stroke: "#a07a10",
          "data-part": action,
        }),
      );
      text(ctx, g, x + 10, y + 11, ACTION_GLYPH[action] ?? "?", { "font-size": 11, "data-part": action });
    });
  } else if (printed[1]) half(printed[1], 38, 28, name(printed[1]), parts.has(printed[1]));
  if (parts.has("idle")) half("idle", 70, 26, ctx.t("kh-idle"), true);
  if (used)
    g.append(ctx.svg("path", { d: `M8,8 L${S - 8},${S - 8}`, stroke: "#7a1010", "stroke-width": 4, opacity: 0.6 }));
}

function houseCell(g, cell, area, ctx) {
  const guild = markValue(cell, "guild");
  square(ctx, g, S, 4, { rx: 6, fill: "#f7f1e3", stroke: GUILD[guild] ?? "#999", "stroke-width": 4 });
  fitText(text(ctx, g, S / 2, 26, cell.label ?? "", { "font-size": 18 }), S - 14);
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
  else text(ctx, g, S / 2, S / 2 + 6, cell.label ?? "", { "font-size": 18, fill: "#9a8a6a" });
}

// Lines of [label, value] under an area's cells, in words a phone reads.
function lines(ctx, g, rows, below = 0) {
  const top = ctx.bounds.y + ctx.bounds.height + below;
  rows.forEach(([label, value], i) => {
    const el = text(ctx, g, ctx.bounds.x + 4, top + 34 + i * 30, `${label}: ${value}`, {
      "text-anchor": "start",
      "font-size": 24,
      fill: "#333",
    });
    fitText(el, Math.max(ctx.bounds.width - 8, 300));
  });
}

// What a tip says of a cell: its place, then each piece and mark in the game's words.
function describe(cell, area, view, ctx) {
  const said = [`${area.label} · ${cell.id}`];
  if (cell.terrain === "plot") said.push(word(ctx, "short.plot"));
  if (cell.label) said.push(cell.label);
  // whose piece: the label of that player's board
  const owner = (piece) =>
    piece.owner === null || piece.owner === undefined
      ? ""
      : ` (${view.areas.find((a) => a.id === `player${piece.owner}`)?.label ?? piece.owner + 1})`;
  const guild = markValue(cell, "guild");
  const noble = markValue(cell, "noble");
  for (const piece of cell.pieces ?? []) {
    const count = piece.count > 1 ? ` ×${piece.count}` : "";
    if (piece.kind === "building")
      said.push(`${word(ctx, `guild.${guild}`, guild ?? "")} · ${word(ctx, "guild")}${owner(piece)}`);
    else if (piece.kind === "public-building")
      said.push(`${word(ctx, "public-building")} · ${word(ctx, `noble.${noble}`, noble ?? "")}`);
    else if (piece.kind === "mine-tile") said.push(`${word(ctx, "mine-tile")}${owner(piece)}`);
    else if (piece.kind === "technology") said.push(`${word(ctx, "technology-tile")}${owner(piece)}`);
    else if (piece.kind === "plot-marker") said.push(`${word(ctx, "action.plot")}${owner(piece)}`);
    else if (piece.kind === "house") said.push(`${word(ctx, "house")}${count}`);
    else if (piece.kind === "noble") said.push(`${word(ctx, "noble")}${count}`);
    else if (piece.kind === "face-down") said.push(`+${piece.count}`);
  }
  const wood = markValue(cell, "wood");
  if (wood !== null) said.push(ctx.t("kh-wood-count", { n: wood }));
  const numbers = [
    ["cost", word(ctx, "groschen")],
    ["ore", word(ctx, "good.ore")],
    ["pop", word(ctx, "deck.population")],
    ["points", word(ctx, "points")],
  ];
  for (const [kind, name] of numbers) {
    const n = markValue(cell, kind);
    if (n !== null) said.push(`${name}: ${n}`);
  }
  const stars = markValue(cell, "stars");
  if (stars) said.push("★".repeat(stars));
  if (hasMark(cell, "used")) said.push(ctx.t("kh-used"));
  return tipOf(said);
}

export default {
  cellSize: S,
  describe,
  titleSize: 36, // area titles of 25 units: the eight columns of the mine read on a phone

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
    const value = (id) => track(area, id)?.value ?? "";
    if (area.id === "mine") {
      lines(ctx, g, [
        [ctx.t("kh-technology-level"), value("level")],
        [ctx.t("kh-tiles-in-deck"), value("deck")],
        [ctx.t("kh-discarded"), value("discards")],
      ]);
    } else if (area.id === "market") {
      const decks = (area.tracks ?? []).filter((t) => t.id.startsWith("deck."));
      lines(
        ctx,
        g,
        decks.map((t) => [t.label, `${t.value} / ${t.maximum ?? "?"}`]),
        S * 0.4, // a market cell is 1.4 cells tall
      );
    } else if (area.id === "council") {
      lines(
        ctx,
        g,
        Object.keys(NOBLE).map((c) => [
          ctx.t("kh-pool-bank", { colour: word(ctx, `noble.${c}`, c) }),
          `${value(`pool.${c}`)} / ${value(`bank.${c}`)}`,
        ]),
      );
    } else if (area.id === "drawn" && !area.cells.length) {
      text(ctx, g, 0, 30, ctx.t("kh-no-mine-tiles"), { "text-anchor": "start", "font-size": 22, fill: "#777" });
    }
    // a player's numbers and production are in the players' panel beside the board
  },

  // One sheet per place of the game, each player's board its own: each reads on a phone.
  sheets(view) {
    const label = (id) => view.areas.find((a) => a.id === id)?.label ?? id;
    const sheets = [
      { id: "town", label: label("town"), areas: ["town"] },
      { id: "hall", label: label("hall"), areas: ["hall"] },
      { id: "mine", label: label("mine"), areas: ["mine", "drawn"] },
      { id: "market", label: label("market"), areas: ["market", "council", "barbara"] },
    ];
    for (const area of view.areas) {
      if (area.id.startsWith("player")) sheets.push({ id: area.id, label: area.label, areas: [area.id] });
    }
    return sheets.map((s) => ({ ...s, areas: s.areas.filter((id) => view.areas.some((a) => a.id === id)) }));
  },
};
