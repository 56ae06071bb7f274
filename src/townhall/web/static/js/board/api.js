// The board widget: createBoard(element, config) → {set, pick, rotate, flip, confirm, cancel}.
// The host feeds it the board view and the legal actions with their targets; the widget reports
// the chosen action through config.events.act, as chessground reports moves.
import { h } from "../dom.js";
import fallback from "../games/generic.js";
import { configure, defaults, playerColor } from "./config.js";
import { renderControls } from "./controls.js";
import { panZoom } from "./drag.js";
import { bindInput } from "./events.js";
import { defaultBox, focusBoxes, focusKeys, scaleLimits, sheetBox, steadyBox, uncut, union } from "./focus.js";
import { context, render } from "./render.js";
import { chooseSheet, renderTabs, sheetView, sheetsOf, targetCounts } from "./sheets.js";
import { cellKey, flipOrientation, narrow, nextRotation, normalize, targets } from "./state.js";
import { cellUnder, svg } from "./svg.js";
import { bindTips } from "./tips.js";

export function createBoard(element, patch = {}) {
  const config = configure({ ...defaults(), playerColor }, patch);
  const root = svg("svg", { class: "board-svg", role: "group", preserveAspectRatio: "xMidYMid meet" });
  const layer = svg("g", { class: "layer" });
  root.append(layer);
  const controls = h("div", { class: "board-controls", role: "toolbar" });
  const { t } = config;
  const tool = (cls, label, text, onclick) =>
    h("button", { type: "button", class: cls, "aria-label": label, title: label, onclick }, text);
  // Beside the board, never over it: a button never covers a target.
  const zoomBar = h(
    "div",
    { class: "zoom-bar", role: "toolbar" },
    tool("zoom-in", t("zoom-in"), "+", () => zoomOnFocus(1.25)),
    tool("zoom-out", t("zoom-out"), "−", () => zoomOnFocus(0.8)),
    tool("zoom-focus", t("zoom-focus"), "◎", () => showDefault(true)),
    tool("zoom-fit", t("zoom-fit"), "⤢", () => fitAll()),
  );
  const tabs = h("div", { class: "board-sheets", role: "tablist", hidden: true });
  const frame = h("div", { class: "board-frame" }, root, zoomBar);
  element.replaceChildren(tabs, frame, controls);
  const view = panZoom(root);
  let selection = null;
  let narrowed = narrow([], null);
  let legalKey = "";
  let placed = new Map();
  let focused = false; // the default view has been shown once
  let decision = ""; // the decision the view last settled on
  let settledSheet = null; // the sheet it settled on
  let whole = false; // the player asked for the whole board (⤢)
  let sheet = null; // the sheet shown, when the game has sheets
  let shown = null; // that sheet's {id, label, areas, minScale}
  let decisionChanged = true;
  let othersMoved = false;
  let flashKey = "";
  let adviceKey = "";
  let advised = false; // new advice to show (its sheet, then its cells)

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
      // Another player's move just arrived: while the viewer has nothing to decide, its sheet opens.
      const flashed = (config.flash || []).join(",");
      if (flashed && flashed !== flashKey) othersMoved = true;
      flashKey = flashed;
      const advice = (config.advice || []).map((a) => a.key).join(",");
      if (advice !== adviceKey) advised = Boolean(advice);
      adviceKey = advice;
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
    focus: () => showDefault(true),
    zoom: (factor) => zoomOnFocus(factor),
    // the area and cell under a point of the page (clientX, clientY), or null
    cellAt(x, y) {
      const m = layer.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(x, y).matrixTransform(m.inverse());
      for (const [id, area] of placed) {
        const cell = cellUnder(area, p.x - area.dx, p.y - area.dy, cellSize());
        if (cell) return { area: id, cell: cell.id };
      }
      return null;
    },
    // the drawing context the game's hooks get (describe, areaTitle)
    context: () => context(config, cellSize()),
    get viewBox() {
      return view.viewBox;
    },
    destroy: () => unbind(),
  };
  const unbind = bindInput(root, board);
  const tips = bindTips(frame, root, board, fallback);

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
    shown = showSheet();
    decisionChanged = false;
    const before = placed;
    const focus = new Set(focusKeys(drawn()).map((key) => key.split("|")[0]));
    placed = render(layer, drawn(), narrowed, fallback, aspect, focus);
    renderControls(controls, board, narrowed, h);
    element.dataset.stage = narrowed.stage;
    element.dataset.rotation = narrowed.orientation?.rotation ?? "";
    element.dataset.flipped = narrowed.orientation?.flipped ?? "";
    tips.refresh();
    follow(before);
    settle();
    if (fresh) showFrame();
  }

  // What is drawn: the config with only the shown sheet's areas (all of them without sheets).
  function drawn() {
    return shown ? { ...config, view: sheetView(config.view, shown), sheet: shown } : config;
  }

  // A new decision on the board brings the board into the window (a button below may have scrolled it away).
  function showFrame() {
    const top = (tabs.hidden ? frame : tabs).getBoundingClientRect().top;
    if (top < 0) (tabs.hidden ? frame : tabs).scrollIntoView({ block: "start" });
    else if (frame.getBoundingClientRect().bottom > window.innerHeight) frame.scrollIntoView({ block: "end" });
  }

  // The sheet to draw (null: the whole board), its tabs and each tab's count of targets.
  function showSheet() {
    const sheets = sheetsOf(config.game, config.view, { t: config.t, words: config.words, lang: config.lang });
    if (!sheets) {
      renderTabs(tabs, null);
      sheet = null;
      return null;
    }
    const counts = targetCounts(sheets, config.movable ? targets(config.legal) : new Map());
    const moved = targetCounts(sheets, new Map((config.flash || []).map((key) => [key, true])));
    const deciding = config.movable && targets(config.legal).size > 0;
    sheet = chooseSheet(sheets, sheet, counts, decisionChanged && config.movable);
    if (othersMoved && !deciding) sheet = chooseSheet(sheets, sheet, moved, true);
    if (advised && !deciding) {
      const advice = targetCounts(sheets, new Map((config.advice || []).map((a) => [a.key, true])));
      sheet = chooseSheet(sheets, sheet, advice, true);
    }
    othersMoved = false;
    renderTabs(tabs, sheets, sheet, counts, openSheet, h, lastMoveSheets(sheets));
    return sheets.find((s) => s.id === sheet);
  }

  // The sheets holding a player's last move (their tabs are marked).
  function lastMoveSheets(sheets) {
    const keys = new Map();
    for (const moved of Object.values(config.lastMoves || {})) for (const key of moved) keys.set(key, true);
    const counts = targetCounts(sheets, keys);
    return new Set(sheets.filter((s) => counts.get(s.id) > 0).map((s) => s.id));
  }

  // A tab: that sheet, at its default view.
  function openSheet(id) {
    sheet = id;
    redraw();
  }

  // A relayout moves the areas: the view follows an area that stays, so the board keeps still.
  function follow(before) {
    if (!focused) return;
    const keys = focusKeys(drawn()).map((k) => k.split("|")[0]);
    const ids = [...new Set([...keys, ...placed.keys()])].filter((id) => before.has(id) && placed.has(id));
    if (!ids.length) return;
    const [was, now] = [before.get(ids[0]), placed.get(ids[0])];
    if (was.dx !== now.dx || was.dy !== now.dy) view.shift(now.dx - was.dx, now.dy - was.dy);
  }

  // The default view on a new decision (a new legal set), unless the player moved the view or
  // the current one still shows the decision at a readable scale (the steps of one turn). Another
  // sheet (a tab, or the sheet of a new decision) always opens at its default view.
  function settle() {
    if (!placed.size || !root.clientWidth) return;
    const key = `${config.movable}:${config.legal.map((a) => a.id).join(",")}`;
    if (focused && (shown?.id ?? null) !== settledSheet) {
      decision = key;
      return showDefault(true);
    }
    if (advised && !config.movable) {
      advised = false; // a move reviewed: its cells come into view, the view kept if it shows them
      decision = key;
      return showDefault(false);
    }
    if (focused && view.touched) return; // the player's own view
    if (whole) return fitAll(); // the whole board, as the player asked (⤢)
    // the same decision, or a viewer who may not act (waiting, watching): the view stays
    if (focused && (key === decision || !config.movable)) return;
    decision = key;
    showDefault(false);
  }

  function cellSize() {
    return config.game?.cellSize || fallback.cellSize;
  }

  function frameSize() {
    return { w: root.clientWidth, h: root.clientHeight };
  }

  function focusNow() {
    const boxes = focusBoxes(focusKeys(drawn()), placed, cellSize());
    return boxes.length ? boxes : [layer.getBBox()];
  }

  // The default view: the decision's focus within the scale limits (focus.js); on a sheet, the
  // whole sheet unless that is smaller than its minScale (then that scale, on the targets).
  function showDefault(asked) {
    if (!placed.size || !root.clientWidth) return;
    const frame = frameSize();
    const legal = config.movable ? [...targets(config.legal).keys()] : [];
    const targetBoxes = focusBoxes(legal, placed, cellSize());
    let box;
    if (shown) {
      const steady = focused && !asked ? steadyBox(view.viewBox, focusNow(), frame, sheetLimits()) : null;
      box = steady || sheetBox(layer.getBBox(), targetBoxes, frame, shown.minScale);
    } else {
      const boxes = focusNow();
      const limits = scaleLimits(config.game, cellSize(), layer);
      const steady = focused && !asked ? steadyBox(view.viewBox, boxes, frame, limits) : null;
      box = steady || defaultBox(boxes, frame, limits, cellSize());
    }
    const scale = Math.min(frame.w / box.width, frame.h / box.height);
    view.show(uncut(box, targetBoxes, scale, cellSize()));
    focused = true;
    whole = false;
    settledSheet = shown?.id ?? null;
  }

  // A sheet's scale limits: its own least scale, no most.
  function sheetLimits() {
    return { min: shown.minScale || 0, max: Infinity };
  }

  // + and − keep the decision's area where it is on screen (the view's middle when it is out of view).
  function zoomOnFocus(factor) {
    const all = union(focusNow());
    let [px, py] = [root.clientWidth / 2, root.clientHeight / 2];
    if (all) {
      const [x, y] = view.toPixels(all.x + all.width / 2, all.y + all.height / 2);
      if (x >= 0 && y >= 0 && x <= root.clientWidth && y <= root.clientHeight) [px, py] = [x, y];
    }
    view.zoom(factor, px, py);
  }

  // The whole board, kept whole as it grows, until the player pans, zooms or asks for ◎.
  function fitAll() {
    whole = true;
    view.fit(layer.getBBox(), false);
  }

  // Laid out before the page knew its size (a hidden board): settle once it has one.
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      if (!focused) settle();
    }).observe(root);
  }

  redraw();
  return board;
}
