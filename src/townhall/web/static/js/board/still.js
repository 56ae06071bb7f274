// A board drawn once, read only (the campaign page's boards): the table's drawing (render.js
// through the game's module) without pan, zoom, targets or clicks, as large as its element is
// wide; hovering or tapping a cell names it (tips.js). The element must be in the page: the
// layout measures the drawing.
import { h } from "../dom.js";
import fallback from "../games/generic.js";
import { configure, defaults, playerColor } from "./config.js";
import { context, render } from "./render.js";
import { narrow } from "./state.js";
import { svg } from "./svg.js";
import { bindTips } from "./tips.js";

const MARGIN = 4; // around the drawing, in board units

// config as createBoard's (game, view, lang, t, words, names) and `label`, the board's name for
// assistive technology (the page gives its words as text beside it); no area titles unless
// `titles` (the page names the board).
export function drawStill(element, patch) {
  const config = configure({ ...defaults(), playerColor, titles: false }, patch);
  const root = svg("svg", { class: "still-board", role: "img", "aria-label": config.label });
  const layer = svg("g", { class: "layer" });
  root.append(layer);
  const frame = h("div", { class: "still-frame" }, root);
  element.replaceChildren(frame);
  render(layer, config, narrow([], null), fallback);
  const box = layer.getBBox();
  const viewBox = [box.x - MARGIN, box.y - MARGIN, box.width + 2 * MARGIN, box.height + 2 * MARGIN];
  root.setAttribute("viewBox", viewBox.join(" "));
  const size = config.game?.cellSize || fallback.cellSize;
  const board = { config, context: () => context(config, size), cellAt: () => null };
  bindTips(frame, root, board, fallback);
  frame.querySelector(".board-tip").removeAttribute("id"); // one page, many boards: no id twice
  return root;
}
