// The default view (docs/web-client.md, "The default view"): what the current decision is about,
// at a scale where every board text and every target reads and clicks without zooming, steady
// across the steps of a turn. Pure geometry on the placement that render() returns.
import { targets } from "./state.js";
import { cellCentre, cellOrigin } from "./svg.js";

export const MIN_TEXT_PX = 10.5; // the 10 CSS px, with a margin for rounding
export const MIN_CELL_PX = 32; // a target of at least 24 CSS px (WCAG 2.2), with a margin
export const MAX_CELL_PX = 150; // a lone start tile does not fill the screen
const PAD = 0.25; // room round the focus, in cells

// The keys ("area" or "area|cell") the default view shows: the advice shown to a viewer who may not
// act (a reviewed move), else the game's own choice (its `focus` hook), else the cells of the legal
// targets, else the viewer's own areas, else every area.
export function focusKeys(config) {
  const { game, view } = config;
  if (!view) return [];
  if (!config.movable && config.advice?.length) return config.advice.map((a) => a.key);
  const legal = config.movable ? config.legal : [];
  const chosen = game?.focus ? game.focus(view, legal, { viewer: view.viewer ?? null }) : null;
  if (chosen?.length) return chosen;
  const at = [...targets(legal).keys()];
  if (at.length) return at;
  const own = view.areas.filter((a) => a.owner !== null && a.owner === view.viewer).map((a) => a.id);
  return own.length ? own : view.areas.map((a) => a.id);
}

// The boxes (board units) of those keys in the placement; unknown keys are left out.
export function focusBoxes(keys, placed, size) {
  const boxes = [];
  for (const key of keys) {
    const [areaId, cellId] = key.split("|");
    const area = placed.get(areaId);
    if (!area) continue;
    if (cellId === undefined) {
      boxes.push(area.box);
      continue;
    }
    const cell = area.cells.get(cellId);
    if (!cell) continue;
    const [ox, oy] = cellOrigin(area.layout, cell, size);
    const [cx, cy] = cellCentre(area.layout, size);
    const half = area.layout === "hex" ? size : size / 2;
    boxes.push({ x: area.dx + ox + cx - half, y: area.dy + oy + cy - half, width: 2 * half, height: 2 * half });
  }
  return boxes;
}

// The range of scales (pixels per board unit) of a default view: a cell at least MIN_CELL_PX
// (or the game's minCellPx) and the smallest text at least MIN_TEXT_PX, at most MAX_CELL_PX.
export function scaleLimits(game, size, layer) {
  const extent = size * (game?.cellExtent ?? 1);
  let smallest = Infinity;
  const base = layer.getScreenCTM?.();
  const unit = base ? Math.hypot(base.a, base.b) : 1;
  for (const el of layer.querySelectorAll("text")) {
    if (!el.textContent.trim() || el.closest(".wb-ghost")) continue;
    const m = el.getScreenCTM?.();
    const relative = m && unit ? Math.hypot(m.a, m.b) / unit : 1;
    const font = parseFloat(getComputedStyle(el).fontSize) || 16;
    smallest = Math.min(smallest, font * relative);
  }
  const min = Math.max((game?.minCellPx ?? MIN_CELL_PX) / extent, smallest < Infinity ? MIN_TEXT_PX / smallest : 0);
  const max = Math.max((game?.maxCellPx ?? MAX_CELL_PX) / extent, min);
  return { min, max };
}

export function union(boxes) {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

const inside = (box, view) =>
  box.x >= view.x - 0.5 &&
  box.y >= view.y - 0.5 &&
  box.x + box.width <= view.x + view.width + 0.5 &&
  box.y + box.height <= view.y + view.height + 0.5;

// The default viewBox for a frame of w×h pixels: the focus fitted, within the scale limits;
// when the focus is larger than the view, the view is centred where most of it shows.
export function defaultBox(boxes, frame, limits, size) {
  const all = union(boxes);
  const pad = PAD * size;
  const want = { x: all.x - pad, y: all.y - pad, width: all.width + 2 * pad, height: all.height + 2 * pad };
  const fit = Math.min(frame.w / want.width, frame.h / want.height);
  const scale = Math.min(Math.max(fit, limits.min), limits.max);
  const width = frame.w / scale;
  const height = frame.h / scale;
  let centre = [want.x + want.width / 2, want.y + want.height / 2];
  if (want.width > width + 0.5 || want.height > height + 0.5) {
    let best = -1;
    for (const b of boxes) {
      // a view with this box at its centre, kept inside the focus where it can be
      const cx = clamp(b.x + b.width / 2, want.x + width / 2, want.x + want.width - width / 2);
      const cy = clamp(b.y + b.height / 2, want.y + height / 2, want.y + want.height - height / 2);
      const view = { x: cx - width / 2, y: cy - height / 2, width, height };
      const seen = boxes.filter((o) => inside(o, view)).length;
      if (seen > best) [best, centre] = [seen, [cx, cy]];
    }
  }
  return { x: centre[0] - width / 2, y: centre[1] - height / 2, width, height };
}

// A view kept as it is, or moved as little as possible, when it still shows the focus at a
// scale within the limits; null when the default view is needed.
export function steadyBox(current, boxes, frame, limits) {
  const scale = Math.min(frame.w / current.width, frame.h / current.height);
  if (scale < limits.min * 0.995 || scale > limits.max * 1.005) return null;
  const all = union(boxes);
  if (inside(all, current)) return current;
  if (all.width > current.width || all.height > current.height) return null;
  const x = clamp(current.x, all.x + all.width - current.width, all.x);
  const y = clamp(current.y, all.y + all.height - current.height, all.y);
  return { ...current, x, y };
}

function clamp(value, low, high) {
  return low > high ? (low + high) / 2 : Math.min(Math.max(value, low), high);
}

// The view nudged (by less than a cell) so that no target is cut to a sliver at its edge: each
// target shows wholly, not at all, or at least MIN_SLIVER_PX wide and high.
const MIN_SLIVER_PX = 27;
export function uncut(view, boxes, scale, size) {
  const sliver = MIN_SLIVER_PX / scale;
  const bad = (v) =>
    boxes.some((b) => {
      const w = Math.min(b.x + b.width, v.x + v.width) - Math.max(b.x, v.x);
      const hgt = Math.min(b.y + b.height, v.y + v.height) - Math.max(b.y, v.y);
      return w > 0 && hgt > 0 && (w < Math.min(sliver, b.width) - 0.01 || hgt < Math.min(sliver, b.height) - 0.01);
    });
  if (!bad(view)) return view;
  const step = 2 / scale;
  const reach = size * 0.75;
  let best = null;
  for (let dx = 0; dx <= reach; dx += step) {
    for (let dy = 0; dy <= reach; dy += step) {
      if (best && Math.hypot(dx, dy) >= best.d) continue;
      for (const [sx, sy] of [
        [1, 1],
        [-1, 1],
        [1, -1],
        [-1, -1],
      ]) {
        const v = { ...view, x: view.x + sx * dx, y: view.y + sy * dy };
        if (!bad(v)) best = { v, d: Math.hypot(dx, dy) };
      }
    }
  }
  return best ? best.v : view;
}

// The default view of a sheet (the game's `sheets`): the whole sheet with a small margin, as
// ⤢ shows it; when that draws it below the sheet's `minScale` (CSS px per board unit), a view at
// that scale centred on the legal targets, kept within the sheet.
export function sheetBox(whole, targetBoxes, frame, least) {
  const margin = Math.max(whole.width, whole.height) * 0.03 + 4;
  const fitted = {
    x: whole.x - margin,
    y: whole.y - margin,
    width: whole.width + 2 * margin,
    height: whole.height + 2 * margin,
  };
  if (!least || Math.min(frame.w / fitted.width, frame.h / fitted.height) >= least) return fitted;
  const focus = union(targetBoxes) || whole;
  const [width, height] = [frame.w / least, frame.h / least];
  const cx = clamp(focus.x + focus.width / 2, whole.x + width / 2, whole.x + whole.width - width / 2);
  const cy = clamp(focus.y + focus.height / 2, whole.y + height / 2, whole.y + whole.height - height / 2);
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}
