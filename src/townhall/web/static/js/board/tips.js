// The board's tooltip: hovering (a mouse), tapping (a finger) or focusing (the keyboard) a cell,
// a part or a piece names it and says what it does, in the player's language. The words come
// from the game module's `describe` hook; the tip never catches the pointer, so it never
// covers a target.
import { h } from "../dom.js";

const TAP_MS = 4000; // a tapped tip stays this long

export function bindTips(frame, root, board, fallback) {
  const tip = h("div", { class: "board-tip", role: "tooltip", id: "board-tip", hidden: true });
  frame.append(tip);
  let timer = null;
  let shownFor = null;
  let shown = null; // {at, x, y} of the tip on screen

  // What lies under a point: the part the pointer is on (parts catch it), else the cell there
  // (most cells let the pointer through, so it is found by geometry).
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

  // The module's words for a place {area, cell, part} of the board view now, or null.
  function words(at) {
    const { view, game } = board.config;
    const area = view?.areas.find((a) => a.id === at.area);
    const cell = area?.cells.find((c) => c.id === at.cell);
    if (!cell) return null;
    const part = at.part ? cell.parts.find((p) => p.id === at.part) || null : null;
    const says = (game.describe || fallback.describe).call(game, cell, area, view, board.context(), part);
    return says ? { key: `${area.id}|${cell.id}|${part?.id ?? ""}`, at, ...says } : null;
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
      const lines = (says.lines || []).filter(Boolean).map((line) => h("p", {}, line));
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

  root.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" || event.buttons) return;
    show(describe(event.target, event.clientX, event.clientY), event.clientX, event.clientY);
  });
  root.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hide();
  });
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return hide();
    // a finger: the tip of what it touched, for a while (a drag or a pinch hides it)
    const says = describe(event.target, event.clientX, event.clientY);
    clearTimeout(timer);
    show(says, event.clientX, event.clientY - 60);
    timer = setTimeout(hide, TAP_MS);
  });
  root.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" && event.buttons) hide();
  });
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
