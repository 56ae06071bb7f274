// Tips: hovering a cell (a mouse), tapping a cell that is no target, or pressing any cell a
// moment (a finger) shows what lies there, in the game's words (the module's `describe(cell,
// area, view, ctx)` → [name, detail...]) and what a click there does (its legal actions).
import { cellKey, targets } from "./state.js";

const PRESS_MS = 500; // a press this long shows the tip instead of clicking
const SHOWN_MS = 5000; // a tapped tip stays this long

export function bindTips(root, frame, board, h) {
  const tip = h("div", { class: "board-tip", role: "tooltip", hidden: true });
  frame.append(tip);
  let pointerType = "mouse";
  let press = null;
  let pressed = false;
  let timer = null;

  const lines = (el) => {
    const { config } = board;
    const area = config.view?.areas.find((a) => a.id === el.dataset.area);
    const cell = area?.cells.find((c) => c.id === el.dataset.cell);
    if (!cell) return [];
    const ctx = { t: config.t, words: config.words, lang: config.lang, playerColor: config.playerColor };
    const said = config.game.describe?.(cell, area, config.view, ctx) ?? [];
    const acts = config.movable ? (targets(config.legal).get(cellKey(area.id, cell.id)) ?? []) : [];
    return [...said.filter(Boolean), ...acts.map((a) => `▸ ${a.text}`)];
  };

  function show(el, x, y) {
    const found = el ? lines(el) : [];
    if (!found.length) return hide();
    const [name, ...rest] = found;
    tip.replaceChildren(h("strong", {}, name), ...rest.map((line) => h("div", {}, line)));
    tip.hidden = false;
    const box = frame.getBoundingClientRect();
    const left = Math.min(x - box.left + 14, box.width - tip.offsetWidth - 4);
    const top =
      y - box.top + 18 + tip.offsetHeight > box.height ? y - box.top - tip.offsetHeight - 12 : y - box.top + 18;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, top)}px`;
  }

  function hide() {
    tip.hidden = true;
    clearTimeout(timer);
  }

  const cellAt = (event) => event.target.closest?.("[data-cell]");
  const release = () => press && clearTimeout(press.timer);
  root.addEventListener("pointermove", (event) => {
    if (event.pointerType === "mouse" && !event.buttons) show(cellAt(event), event.clientX, event.clientY);
    else if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 6) clearTimeout(press.timer);
  });
  root.addEventListener("pointerleave", (event) => event.pointerType === "mouse" && hide());
  root.addEventListener("pointerdown", (event) => {
    pointerType = event.pointerType;
    pressed = false;
    release(); // a second finger (a pinch) is no press
    if (event.pointerType === "mouse" || !event.isPrimary) return hide();
    const el = cellAt(event);
    const [x, y] = [event.clientX, event.clientY];
    press = { x, y, timer: setTimeout(() => ((pressed = true), show(el, x, y)), PRESS_MS) };
  });
  root.addEventListener("pointerup", release);
  root.addEventListener("pointercancel", release);
  // A long press only shows; a tap on a cell that is no target shows for a while.
  root.addEventListener(
    "click",
    (event) => {
      if (pressed) {
        pressed = false;
        event.stopPropagation();
        event.preventDefault();
        clearTimeout(timer);
        timer = setTimeout(hide, SHOWN_MS);
        return;
      }
      const el = cellAt(event);
      if (pointerType !== "mouse" && el && !el.classList.contains("target")) {
        show(el, event.clientX, event.clientY);
        clearTimeout(timer);
        timer = setTimeout(hide, SHOWN_MS);
      } else if (pointerType !== "mouse") hide();
    },
    true,
  );
  return { hide };
}
