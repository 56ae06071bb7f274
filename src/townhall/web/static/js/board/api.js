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
import { cellKey, flipOrientation, narrow, nextRotation, normalize, targets } from "./state.js";
import { svg } from "./svg.js";

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
  element.replaceChildren(h("div", { class: "board-frame" }, root, zoomBar), controls);
  const view = panZoom(root);
  let selection = null;
  let narrowed = narrow([], null);
  let contentKey = "";
  let legalKey = "";

  const board = {
    config,
    get selection() {
      return narrowed;
    },
    set(next) {
      configure(config, "view" in next ? { ...next, view: normalize(next.view) } : next);
      // A new decision drops the selection; a chat line or a clock tick keeps it.
      const key = `${config.movable}:${config.legal.map((a) => a.id).join(",")}`;
      if (key !== legalKey) selection = null;
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
    render(layer, config, narrowed, fallback, aspect);
    renderControls(controls, board, narrowed, h);
    element.dataset.stage = narrowed.stage;
    element.dataset.rotation = narrowed.orientation?.rotation ?? "";
    element.dataset.flipped = narrowed.orientation?.flipped ?? "";
    // Fit the whole board while the player has not panned or zoomed, and when it grew.
    const box = layer.getBBox();
    const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
    if (!view.touched || key !== contentKey) view.fit(box);
    contentKey = key;
  }

  function fitAll() {
    view.fit(layer.getBBox());
  }

  redraw();
  return board;
}
