// The board's tooltip: hovering (a mouse), tapping or pressing (a finger) or focusing (the
// keyboard) a cell, a part or a piece names it and says what it does, in the player's language:
// the game module's `describe(cell, area, view, ctx, part)` → {title, lines}, then what a click
// there plays (its legal actions). A press held a moment only tells: it plays nothing. The tip
// never catches the pointer, so it never covers a target.
import { h } from "../dom.js";
import { cellKey, targets } from "./state.js";

const TAP_MS = 4000; // a tapped tip stays this long
const PRESS_MS = 500; // a press this long shows the tip instead of clicking
const SLOP = 6; // pixels a finger may move and still be a tap or a press

export function bindTips(frame, root, board, fallback) {
  const tip = h("div", { class: "board-tip", role: "tooltip", id: "board-tip", hidden: true });
  frame.append(tip);
  let timer = null;
  let shownFor = null;
  let shown = null; // {at, x, y} of the tip on screen
  let press = null; // a finger down: {x, y, at, says}
  let pressed = false; // that finger was held long enough: its click only tells

  // What lies under a point: the part the pointer is on (parts catch it), else the cell there
  // (a cell that lets the pointer through is found by geometry).
  function describe(target, x, y) {
    const partEl = target?.closest?.("[data-part]");
    const cellEl = target?.closest?.("[data-cell]");
    const found =
      cellEl && root.contains(cellEl)
        ? { area: cellEl.dataset.area, cell: cellEl.dataset.cell }
        : x !== undefined
          ? board.cellAt(x, y)
          : null;
    if (!found) return null;
    const part = partEl && cellEl?.contains(partEl) ? partEl.dataset.part : null;
    return words({ ...found, part });
  }

  // The module's words for a place {area, cell, part} of the board view now, and what a click
  // there plays; null when nothing is known of it.
  function words(at) {
    const { view, game, movable, legal } = board.config;
    const area = view?.areas.find((a) => a.id === at.area);
    const cell = area?.cells.find((c) => c.id === at.cell);
    if (!cell) return null;
    const part = at.part ? (cell.parts ?? []).find((p) => p.id === at.part) || null : null;
    const says = (game.describe || fallback.describe).call(game, cell, area, view, board.context(), part);
    if (!says) return null;
    const acts = movable ? (targets(legal).get(cellKey(area.id, cell.id)) ?? []) : [];
    const lines = [...(says.lines || []), ...acts.map((a) => `▸ ${a.text}`)];
    return { key: `${area.id}|${cell.id}|${part?.id ?? ""}|${acts.length}`, at, title: says.title, lines };
  }

  // After a redraw: the shown tip says what its place holds now (or goes).
  function refresh() {
    if (tip.hidden || !shown) return;
    const says = words(shown.at);
    shownFor = null;
    if (says) show(says, shown.x, shown.y);
    else hide();
  }

  function show(says, x, y) {
    if (!says) return hide();
    if (shownFor !== says.key) {
      const lines = says.lines.filter(Boolean).map((line) => h("p", {}, line));
      tip.replaceChildren(h("strong", {}, says.title || ""), ...lines);
      shownFor = says.key;
    }
    tip.hidden = false;
    shown = { at: says.at, x, y };
    // beside the point, inside the frame
    const bounds = frame.getBoundingClientRect();
    const [w, hgt] = [tip.offsetWidth, tip.offsetHeight];
    let left = x - bounds.left + 14;
    let top = y - bounds.top + 14;
    if (left + w > bounds.width - 4) left = Math.max(4, x - bounds.left - w - 14);
    if (top + hgt > bounds.height - 4) top = Math.max(4, y - bounds.top - hgt - 14);
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
  }

  function hide() {
    tip.hidden = true;
    shownFor = null;
    shown = null;
    clearTimeout(timer);
  }

  // How long the finger was down is read from the events' own times, not from a timer: a busy
  // page (a redraw, a slow phone) must not turn a quick tap into a press.
  const lift = (event) => {
    pressed = Boolean(press?.says) && event.timeStamp - press.at >= PRESS_MS;
    press = null;
  };
  root.addEventListener("pointermove", (event) => {
    if (event.pointerType === "mouse") {
      if (!event.buttons) show(describe(event.target, event.clientX, event.clientY), event.clientX, event.clientY);
      return;
    }
    // a finger that moves drags or pinches: no tip, no press
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) {
      press = null;
      hide();
    }
  });
  root.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hide();
  });
  root.addEventListener("pointerdown", (event) => {
    pressed = false; // a second finger (a pinch) is no press
    if (event.pointerType === "mouse") return hide();
    if (!event.isPrimary) {
      press = null;
      return hide();
    }
    // a finger: the tip of what it touched, for a while; held, it only tells
    const [x, y] = [event.clientX, event.clientY];
    const says = describe(event.target, x, y);
    clearTimeout(timer);
    show(says, x, y - 60);
    timer = setTimeout(hide, TAP_MS);
    press = { x, y, at: event.timeStamp, says: Boolean(says) };
  });
  root.addEventListener("pointerup", lift);
  root.addEventListener("pointercancel", () => (press = null));
  // The click of a held press plays nothing (captured before the board's own click).
  root.addEventListener(
    "click",
    (event) => {
      if (!pressed) return;
      pressed = false;
      event.stopPropagation();
      event.preventDefault();
      clearTimeout(timer);
      timer = setTimeout(hide, TAP_MS);
    },
    true,
  );
  // the keyboard: the tip of the focused cell, beside it
  root.addEventListener("focusin", (event) => {
    if (!event.target.closest?.("[data-cell]")) return;
    const r = event.target.getBoundingClientRect();
    show(describe(event.target), r.right, r.top);
  });
  root.addEventListener("focusout", (event) => {
    if (event.target.closest?.("[data-cell]")) hide();
  });
  return { hide, refresh };
}
