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

  function describe(target) {
    const cellEl = target?.closest?.("[data-cell]");
    if (!cellEl || !root.contains(cellEl)) return null;
    const { view, game } = board.config;
    const area = view?.areas.find((a) => a.id === cellEl.dataset.area);
    const cell = area?.cells.find((c) => c.id === cellEl.dataset.cell);
    if (!cell) return null;
    const partEl = target.closest("[data-part]");
    const part = partEl && cellEl.contains(partEl) ? cell.parts.find((p) => p.id === partEl.dataset.part) : null;
    const says = (game.describe || fallback.describe).call(game, cell, area, view, board.context(), part || null);
    return says ? { key: `${area.id}|${cell.id}|${part?.id ?? ""}`, ...says } : null;
  }

  function show(says, x, y) {
    if (!says) return hide();
    if (shownFor !== says.key) {
      const lines = (says.lines || []).filter(Boolean).map((line) => h("p", {}, line));
      tip.replaceChildren(h("strong", {}, says.title || ""), ...lines);
      shownFor = says.key;
    }
    tip.hidden = false;
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
    clearTimeout(timer);
  }

  root.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" || event.buttons) return;
    show(describe(event.target), event.clientX, event.clientY);
  });
  root.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hide();
  });
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return hide();
    // a finger: the tip of what it touched, for a while (a drag or a pinch hides it)
    const says = describe(event.target);
    clearTimeout(timer);
    show(says, event.clientX, event.clientY - 60);
    timer = setTimeout(hide, TAP_MS);
  });
  root.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" && event.buttons) hide();
  });
  root.addEventListener("focusin", (event) => {
    const r = event.target.getBoundingClientRect?.();
    if (r) show(describe(event.target), r.right, r.top);
  });
  root.addEventListener("focusout", hide);
  return { hide };
}
