// Drawing a board view: each area's cells through the game's module, the widget's own marks
// on top (legal targets, the selection, last moves, flashes, advice), then the areas laid out in rows.
// Returns the placement: per area, where it went (for the default view and a steady board).
import { cellKey, targets } from "./state.js";
import { cellCentre, cellOrigin, cellOutline, svg } from "./svg.js";

const GAP = 0.6; // between areas, in cells
const TITLE = 0.3; // an area's title height, in cells

export function render(layer, config, narrowed, fallback, aspect = 1.4, focus = null) {
  const { view, game } = config;
  layer.replaceChildren();
  if (!view) return new Map();
  const size = game.cellSize || fallback.cellSize;
  const ctx = context(config, size);
  const legalAt = config.movable ? targets(config.legal) : new Map();
  const last = lastMoveColours(config);
  const flash = new Set(config.flash);
  const advice = adviceKinds(config);
  const selectedKey =
    narrowed.stage === "idle" ? null : cellKey(narrowed.at[0].target.area, narrowed.at[0].target.cell);
  const groups = [];
  const areas = ordered(view, game);
  for (const area of areas) {
    const group = svg("g", { class: `area layout-${area.layout}`, "data-area": area.id });
    layer.append(group);
    const cells = svg("g", { class: "cells" });
    group.append(cells);
    for (const cell of area.cells) {
      const key = cellKey(area.id, cell.id);
      const [x, y] = cellOrigin(area.layout, cell, size);
      const g = svg("g", {
        class: "cell",
        "data-area": area.id,
        "data-cell": cell.id,
        transform: `translate(${x} ${y})`,
      });
      cells.append(g);
      (game.drawCell || fallback.drawCell).call(game, g, cell, area, view, ctx);
      decorate(g, key, area, size, { legalAt, last, flash, advice, selectedKey, narrowed, config });
    }
    ctx.bounds = bounds(area, size);
    const extras = svg("g", { class: "extras" });
    group.append(extras);
    (game.drawAreaExtras || fallback.drawAreaExtras).call(game, extras, area, view, ctx);
    if (narrowed.stage === "orient" || narrowed.stage === "choose")
      ghost(cells, area, narrowed, config, ctx, fallback, size);
    groups.push(group);
  }
  const focused = focus ? areas.map((a) => focus.has(a.id)) : null;
  // One area alone on a sheet is named by its tab, a board the page names (titles: false) by the
  // page; a game may ask for taller titles than a cell's 0.3.
  const untitled = config.titles === false || (areas.length === 1 && config.sheet);
  const title = untitled ? 0 : (game.titleSize ?? TITLE * size);
  return arrange(groups, areas, size, ctx, { aspect, focused, game, view, title });
}

// The areas in the game's order (its areaOrder hook: the viewer's own first), else the view's.
function ordered(view, game) {
  if (!game.areaOrder) return view.areas;
  const rank = new Map(game.areaOrder(view).map((id, i) => [id, i]));
  const last = rank.size;
  return [...view.areas].sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last));
}

export function context(config, size) {
  const { playerColor, lang, t, words } = config;
  const name = config.names || ((seat) => t("player-n", { n: seat + 1 }));
  return { playerColor, svg, lang, t, words, cellSize: size, name };
}

function lastMoveColours(config) {
  const found = new Map();
  for (const [seat, keys] of Object.entries(config.lastMoves || {})) {
    for (const key of keys) found.set(key, config.playerColor(Number(seat)));
  }
  return found;
}

// Per cell, the kinds of advice shown there (a move reviewed, the search's choice, a hint).
function adviceKinds(config) {
  const found = new Map();
  for (const { key, kind } of config.advice || []) found.set(key, [...(found.get(key) || []), kind]);
  return found;
}

// The widget's marks over a cell drawn by the game: they never catch the pointer.
function decorate(g, key, area, size, { legalAt, last, flash, advice, selectedKey, narrowed, config }) {
  const mark = (cls, attrs = {}) => g.append(cellOutline(area.layout, size, { class: cls, ...attrs }));
  if (last.has(key)) mark("wb-last-move", { style: `--seat:${last.get(key)}` });
  if (flash.has(key)) {
    mark("wb-flash");
    arrive(g, size);
  }
  if (legalAt.has(key)) {
    g.classList.add("target");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    const texts = legalAt.get(key).map((a) => a.text);
    g.setAttribute("aria-label", texts.length === 1 ? texts[0] : `${g.dataset.cell}: ${texts.length}`);
    mark("wb-target");
    g.prepend(cellOutline(area.layout, size, { class: "wb-hit" })); // clickable even where the game drew nothing
  } else if (config.movable || config.game.describe) {
    // A click on a place that is not legal asks why not; a game that describes its cells gets a tip.
    const kinds = [config.movable && "wb-hit wb-refused", config.game.describe && "wb-cell"].filter(Boolean);
    g.prepend(cellOutline(area.layout, size, { class: kinds.join(" ") }));
  }
  if (key === selectedKey) {
    g.classList.add("selected");
    mark("wb-selected");
    if (narrowed.stage === "part") {
      for (const part of narrowed.parts) {
        if (part === null) continue;
        for (const el of g.querySelectorAll(`[data-part="${CSS.escape(part)}"]`)) el.classList.add("wb-part-target");
      }
    }
  }
  if (config.movable && legalAt.size && !legalAt.has(key)) g.classList.add("inert");
  // advice last: over a legal target's mark (a hint names one of them)
  for (const kind of advice.get(key) || []) mark(`wb-advice wb-advice-${kind}`, { "data-advice": kind });
}

// The placement being oriented, previewed at its cell (never catching the pointer).
function ghost(cells, area, narrowed, config, ctx, fallback, size) {
  const target = narrowed.orientation || narrowed.candidates[0].target;
  if (target.area !== area.id) return;
  const cell = area.cells.find((c) => c.id === target.cell) || { col: 0, row: 0 };
  const [x, y] = cellOrigin(area.layout, cell, size);
  const g = svg("g", { class: "wb-ghost", transform: `translate(${x} ${y})`, "data-ghost": target.cell });
  cells.append(g);
  const draw = config.game.drawGhost || fallback.drawGhost;
  draw.call(config.game, g, target, narrowed.candidates[0], config.view, ctx);
}

function bounds(area, size) {
  if (!area.cells.length) return { x: 0, y: 0, width: 0, height: 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const [cx, cy] = cellCentre(area.layout, size);
  const half = area.layout === "hex" ? size : size / 2;
  for (const cell of area.cells) {
    const [x, y] = cellOrigin(area.layout, cell, size);
    minX = Math.min(minX, x + cx - half);
    minY = Math.min(minY, y + cy - half);
    maxX = Math.max(maxX, x + cx + half);
    maxY = Math.max(maxY, y + cy + half);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

// Shelf layout: areas left to right, a new row when the row is full, each with its title above
// it. The row width is the one among the natural breaks that lets the focused areas (those of
// the default view), then the whole, fit the element (of width/height `aspect`) at the largest
// scale. An area's title is the game's `areaTitle` (a seat's name rather than "player 1"), else
// its label, in a row `title` units high (none when 0).
function arrange(groups, areas, size, ctx, { aspect, focused, game, view, title }) {
  const boxes = groups.map((g) => g.getBBox());
  const gap = GAP * size;
  const font = title * 0.7;
  // the titles first: an area is as wide as its title
  const titles = groups.map((group, i) => {
    const words = title && (game.areaTitle ? game.areaTitle(areas[i], view, ctx) : areas[i].label);
    if (!words) return 0;
    const box = boxes[i];
    const label = ctx.svg("text", { class: "area-title", x: box.x, y: box.y - title * 0.3, "font-size": font });
    label.textContent = words;
    group.prepend(label);
    return label.getComputedTextLength?.() || 0;
  });
  const widths = boxes.map((b, i) => Math.max(b.width, titles[i], size * 2));
  const limits = new Set([Math.max(...widths, 0)]);
  let sum = 0;
  for (const width of widths) {
    sum += width + (sum ? gap : 0);
    limits.add(sum);
  }
  let best = null;
  for (const limit of limits) {
    const placed = shelves(boxes, widths, limit, gap, title);
    const fits = (w, hgt) => Math.min((aspect * 1000) / w, 1000 / hgt);
    const scale = fits(placed.width, placed.height);
    const chosen = focused?.some(Boolean) ? focusSpan(placed.at, boxes, widths, focused, title) : null;
    const first = chosen ? fits(chosen[0], chosen[1]) : scale;
    if (!best || first > best.first * 1.0001 || (first > best.first * 0.9999 && scale > best.scale)) {
      best = { ...placed, scale, first };
    }
  }
  const placed = new Map();
  groups.forEach((group, i) => {
    const box = boxes[i];
    const [x, y] = best.at[i];
    const [dx, dy] = [x - box.x, y + title - box.y];
    group.setAttribute("transform", `translate(${dx} ${dy})`);
    const local = group.getBBox();
    placed.set(areas[i].id, {
      dx,
      dy,
      layout: areas[i].layout,
      cells: new Map(areas[i].cells.map((c) => [c.id, c])),
      box: { x: local.x + dx, y: local.y + dy, width: local.width, height: local.height },
    });
  });
  return placed;
}

// The width and height that the focused areas span in a placement.
function focusSpan(at, boxes, widths, focused, title) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  at.forEach(([x, y], i) => {
    if (!focused[i]) return;
    [x0, y0] = [Math.min(x0, x), Math.min(y0, y)];
    [x1, y1] = [Math.max(x1, x + widths[i]), Math.max(y1, y + boxes[i].height + title)];
  });
  return [x1 - x0, y1 - y0];
}

function shelves(boxes, widths, limit, gap, title) {
  const at = [];
  let [x, y, rowHeight, width] = [0, 0, 0, 0];
  boxes.forEach((box, i) => {
    if (x > 0 && x + widths[i] > limit + 0.5) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    at.push([x, y]);
    x += widths[i] + gap;
    width = Math.max(width, x - gap);
    rowHeight = Math.max(rowHeight, box.height + title);
  });
  return { at, width, height: y + rowHeight };
}

// The others' last move comes into place: a copy of what it put on the cell drops onto it and
// fades, over the real drawing (which settles in). The copy never catches the pointer and carries
// no data attributes, so clicks and queries always meet the real cell.
const CALM = window.matchMedia?.("(prefers-reduced-motion: reduce)");

function arrive(g, size) {
  if (CALM?.matches) return;
  const ghost = svg("g", { class: "wb-arrive", "aria-hidden": "true", style: `--drop:${-size * 0.6}px` });
  for (const child of g.children) {
    if (child.matches(".wb-flash, .wb-hit, .wb-cell, .wb-last-move, .wb-target, .wb-advice")) continue;
    const copy = child.cloneNode(true);
    for (const el of [copy, ...copy.querySelectorAll("*")]) {
      for (const name of el.getAttributeNames())
        if (name.startsWith("data-") || name === "id") el.removeAttribute(name);
    }
    ghost.append(copy);
  }
  if (!ghost.children.length) return;
  ghost.addEventListener("animationend", () => ghost.remove());
  g.append(ghost);
}
