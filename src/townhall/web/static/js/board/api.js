// The board widget: createBoard(element, config) → {set, pick, rotate, flip, confirm, cancel}.
// The host feeds it the board view and the legal actions with their targets; the widget reports
// the chosen action through config.events.act, as chessground reports moves.
import { h } from "../dom.js";
import fallback from "../games/generic.js";
import { configure, defaults, playerColor } from "./config.js";
import { renderControls } from "./controls.js";
import { panZoom } from "./drag.js";
import { bindInput } from "./events.js";
import { render } from "./render.js";
import { chooseSheet, renderTabs, sheetView, sheetsOf, targetCounts } from "./sheets.js";
import { cellKey, flipOrientation, narrow, nextRotation, normalize, targets } from "./state.js";
import { svg } from "./svg.js";
import { bindTips } from "./tips.js";

export function createBoard(element, patch = {}) {
  const config = configure({ ...defaults(), playerColor }, patch);
  const root = svg("svg", { class: "board-svg", role: "group", preserveAspectRatio: "xMidYMid meet" });
  const layer = svg("g", { class: "layer" });
  root.append(layer);
  const controls = h("div", { class: "board-controls", role: "toolbar" });
  const zoomBar = h(
    "div",
    { class: "zoom-bar" },
    h("button", { type: "button", class: "zoom-in", "aria-label": "+", onclick: () => view.zoom(1.25) }, "+"),
    h("button", { type: "button", class: "zoom-out", "aria-label": "−", onclick: () => view.zoom(0.8) }, "−"),
    h("button", { type: "button", class: "zoom-fit", onclick: () => fitAll() }, "⤢"),
  );
  const tabs = h("div", { class: "board-sheets", role: "tablist", hidden: true });
  element.replaceChildren(tabs, h("div", { class: "board-frame" }, root, zoomBar), controls);
  const view = panZoom(root);
  let selection = null;
  let narrowed = narrow([], null);
  let contentKey = "";
  let legalKey = "";
  let sheet = null; // the sheet shown, when the game has sheets
  let decisionChanged = true;

  const board = {
    config,
    get selection() {
      return narrowed;
    },
    set(next) {
      configure(config, "view" in next ? { ...next, view: normalize(next.view) } : next);
      // A new decision drops the selection; a chat line or a clock tick keeps it.
      const key = `${config.movable}:${config.legal.map((a) => a.id).join(",")}`;
      if (key !== legalKey) {
        selection = null;
        decisionChanged = true;
        tips.hide();
      }
      legalKey = key;
      redraw();
    },
    pick(area, cell, part) {
      if (!config.movable) return;
      if (area !== undefined && !targets(config.legal).has(cellKey(area, cell))) {
        selection = null; // a place where nothing is legal: the host may say why
        update();
        config.events.refused({ area, cell, part });
        return;
      }
      const base = selection || {};
      if (area !== undefined && (base.area !== area || base.cell !== cell)) {
        selection = { area, cell, part, orientation: 0 };
      } else if (area !== undefined && part === undefined && narrowed.stage === "orient") {
        return board.confirm(); // a second click on the chosen cell confirms
      } else {
        selection = { ...base, part: part === undefined ? base.part : part };
      }
      update();
    },
    rotate(step = 1) {
      if (narrowed.stage !== "orient" && narrowed.stage !== "choose") return;
      selection = { ...selection, orientation: nextRotation(narrowed, step) };
      update();
    },
    flip() {
      if (narrowed.stage !== "orient" && narrowed.stage !== "choose") return;
      selection = { ...selection, orientation: flipOrientation(narrowed) };
      update();
    },
    confirm() {
      if (narrowed.stage === "orient") act(narrowed.candidates[0]);
    },
    cancel() {
      selection = null;
      update();
    },
    fit: () => fitAll(),
    zoom: (factor) => view.zoom(factor),
    get viewBox() {
      return view.viewBox;
    },
    destroy: () => unbind(),
  };
  const unbind = bindInput(root, board);
  const tips = bindTips(root, root.parentElement, board, h);

  function act(action) {
    selection = null;
    config.movable = false; // until the host answers with the next decision
    redraw();
    config.events.act(action);
  }

  function update() {
    narrowed = narrow(config.movable ? config.legal : [], selection);
    if (narrowed.stage === "act") return act(narrowed.candidates[0]);
    if (narrowed.stage === "idle") selection = null;
    redraw();
    config.events.change(narrowed);
  }

  function redraw() {
    narrowed = narrow(config.movable ? config.legal : [], selection);
    const aspect = root.clientWidth && root.clientHeight ? root.clientWidth / root.clientHeight : 1.4;
    const fresh = decisionChanged && config.movable && targets(config.legal).size > 0;
    const shown = showSheet();
    decisionChanged = false;
    render(layer, { ...config, view: sheetView(config.view, shown), sheet: shown }, narrowed, fallback, aspect);
    renderControls(controls, board, narrowed, h);
    element.dataset.stage = narrowed.stage;
    element.dataset.rotation = narrowed.orientation?.rotation ?? "";
    element.dataset.flipped = narrowed.orientation?.flipped ?? "";
    // Fit the whole board while the player has not panned or zoomed, and when it grew.
    const box = layer.getBBox();
    const key = `${shown?.id ?? ""}:${Math.round(box.width)}x${Math.round(box.height)}`;
    if (!view.touched || key !== contentKey) fitDefault(shown);
    contentKey = key;
    if (fresh) showFrame();
  }

  // A new decision on the board brings the board into the window (a button below may have scrolled it away).
  function showFrame() {
    const frame = root.parentElement;
    const top = (tabs.hidden ? frame : tabs).getBoundingClientRect().top;
    if (top < 0) (tabs.hidden ? frame : tabs).scrollIntoView({ block: "start" });
    else if (frame.getBoundingClientRect().bottom > window.innerHeight) frame.scrollIntoView({ block: "end" });
  }

  // The sheet to draw (null: the whole board), its tabs and each tab's count of targets.
  function showSheet() {
    const sheets = sheetsOf(config.game, config.view, { t: config.t, words: config.words, lang: config.lang });
    if (!sheets) {
      renderTabs(tabs, null);
      return null;
    }
    const counts = targetCounts(sheets, config.movable ? targets(config.legal) : new Map());
    sheet = chooseSheet(sheets, sheet, counts, decisionChanged && config.movable);
    renderTabs(tabs, sheets, sheet, counts, openSheet, h);
    return sheets.find((s) => s.id === sheet);
  }

  function openSheet(id) {
    sheet = id;
    redraw();
  }

  function fitAll() {
    view.fit(layer.getBBox());
  }

  // The default view: the whole board (or sheet); a sheet with a smallest scale (px per board
  // unit) is shown at that scale around its legal targets when all of it would be drawn smaller.
  function fitDefault(shown) {
    const box = layer.getBBox();
    view.fit(box);
    const least = shown?.minScale;
    const [width, height] = [root.clientWidth, root.clientHeight];
    const fitted = view.viewBox;
    if (!least || !width || !height || Math.min(width / fitted.width, height / fitted.height) >= least) return;
    const focus = targetsBox() || box;
    const [w, h] = [width / least, height / least];
    const cx = Math.min(Math.max(focus.x + focus.width / 2, box.x + w / 2), box.x + box.width - w / 2);
    const cy = Math.min(Math.max(focus.y + focus.height / 2, box.y + h / 2), box.y + box.height - h / 2);
    view.frame({
      x: box.width > w ? cx - w / 2 : box.x + box.width / 2 - w / 2,
      y: box.height > h ? cy - h / 2 : box.y + box.height / 2 - h / 2,
      width: w,
      height: h,
    });
  }

  // The legal targets' box in board units, or null.
  function targetsBox() {
    const inverse = layer.getScreenCTM()?.inverse();
    if (!inverse) return null;
    let found = null;
    for (const el of layer.querySelectorAll(".cell.target")) {
      const b = el.getBBox();
      const m = inverse.multiply(el.getScreenCTM());
      for (const [x, y] of [
        [b.x, b.y],
        [b.x + b.width, b.y + b.height],
      ]) {
        const p = new DOMPoint(x, y).matrixTransform(m);
        found = found
          ? {
              x0: Math.min(found.x0, p.x),
              y0: Math.min(found.y0, p.y),
              x1: Math.max(found.x1, p.x),
              y1: Math.max(found.y1, p.y),
            }
          : { x0: p.x, y0: p.y, x1: p.x, y1: p.y };
      }
    }
    return found && { x: found.x0, y: found.y0, width: found.x1 - found.x0, height: found.y1 - found.y0 };
  }

  redraw();
  return board;
}
