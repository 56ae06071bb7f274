// The board's controls under the SVG: what to do next, the part, rotation, flip, confirm and
// cancel buttons, the choice among actions that share a place, and zoom.
import { canFlip, canRotate } from "./state.js";

export function renderControls(el, board, narrowed, h) {
  const { t } = board.config;
  const bar = [];
  const button = (id, text, onclick, extra = {}) => h("button", { type: "button", id, onclick, ...extra }, text);
  if (narrowed.stage === "part") {
    bar.push(h("span", { class: "hint" }, t("pick-part")));
    const cell = findCell(board.config.view, narrowed.at[0].target);
    for (const part of narrowed.parts) {
      const label = part === null ? t("whole-cell") : cell?.parts?.find((p) => p.id === part)?.label || part;
      bar.push(button(null, label, () => board.pick(undefined, undefined, part), { "data-part-choice": part ?? "" }));
    }
  }
  if (narrowed.stage === "orient" || narrowed.stage === "choose") {
    if (canRotate(narrowed)) bar.push(button("rotate", `⟳ ${t("rotate")} (R)`, () => board.rotate(1)));
    if (canFlip(narrowed)) bar.push(button("flip", `⇋ ${t("flip")} (F)`, () => board.flip()));
  }
  if (narrowed.stage === "orient") {
    bar.push(button("confirm", `✓ ${t("confirm")}`, () => board.confirm(), { class: "primary" }));
  }
  if (narrowed.stage === "choose") {
    bar.push(h("span", { class: "hint" }, t("pick-action")));
    for (const action of narrowed.candidates) {
      bar.push(button(null, action.text, () => board.config.events.act(action), { "data-choice": action.id }));
    }
  }
  if (narrowed.stage !== "idle") bar.push(button("cancel", `✕ ${t("cancel")}`, () => board.cancel()));
  el.replaceChildren(...bar);
  el.hidden = bar.length === 0;
}

function findCell(view, target) {
  return view?.areas.find((a) => a.id === target.area)?.cells.find((c) => c.id === target.cell);
}
