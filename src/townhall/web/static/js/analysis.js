// Analysis for players (docs/server.md, Analysis and hints): the bar of each seat's chance to win
// (a spectator's live table, the replay's step, a training table's players), the hint button of a
// training table, and the board marks of an action the search names.
import { cellKey } from "./board/state.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export const percent = (share) => Math.round(share * 100);

// An action's place on the board as the widget marks it ([{key, kind}]); none off the board.
export function adviceFor(action, kind) {
  const target = action?.target;
  return target && target.cell != null ? [{ key: cellKey(target.area, target.cell), kind }] : [];
}

// A swatch in the colour of a board mark, before the words that name it.
export const swatch = (kind) => h("span", { class: `advice-swatch advice-${kind}`, "aria-hidden": "true" });

// The bar: asks for the position it is told (`show(key, ask)`), one request at a time; a position
// that changes meanwhile is asked once the answer is in (the server computes each position once,
// within its time bound, and keeps it), so it never asks faster than the server answers.
export function createWinBar(el, names) {
  let wanted = null;
  let busy = false;
  let shown = null;
  async function pump() {
    if (busy || !wanted || wanted.key === shown) return;
    const { key, ask } = wanted;
    busy = true;
    try {
      const answer = await ask();
      if (wanted?.key === key) drawBar(el, key, answer, names);
    } catch {
      if (wanted?.key === key) el.hidden = true; // refused (a seat while its game runs): no bar
    } finally {
      if (wanted?.key === key) shown = key;
      busy = false;
      pump();
    }
  }
  return {
    show(key, ask) {
      wanted = { key, ask };
      pump();
    },
    hide() {
      wanted = null;
      shown = null;
      el.hidden = true;
    },
  };
}

function drawBar(el, key, answer, names) {
  const seats = answer.seats;
  const words = seats.map((s) => t("win-chance-of", { name: names(s.seat), p: percent(s.win) }));
  el.dataset.key = String(key);
  el.dataset.stateId = String(answer.state_id);
  clear(
    el,
    h("span", { class: "win-title" }, t("win-chances")),
    h(
      "div",
      { class: "win-track", role: "img", "aria-label": words.join(", ") },
      seats.map((s) =>
        h("span", {
          class: "win-part",
          "data-seat": s.seat,
          "data-win": s.win,
          style: `flex-grow: ${s.win}; background: var(--seat-${s.seat})`,
        }),
      ),
    ),
    h(
      "ul",
      { class: "win-legend" },
      seats.map((s, i) =>
        h(
          "li",
          { "data-seat": s.seat },
          h("span", { class: "seat-dot", style: `background: var(--seat-${s.seat})` }),
          words[i],
        ),
      ),
    ),
  );
  el.hidden = false;
}

// The hint button of a training table's seat deciding now: the hard bot's suggestion in words and
// marked on the board (`mark(advice)`), until the decision changes.
export function createHint(button, note, { ask, mark }) {
  let decision = null;
  let asked = null;
  button.textContent = t("hint");
  async function askNow() {
    const at = decision;
    asked = at;
    button.disabled = true;
    button.textContent = t("hint-thinking");
    try {
      const answer = await ask();
      if (decision !== at) return;
      clear(note, swatch("preferred"), t("hint-suggests", { action: answer.action.text }));
      note.dataset.action = String(answer.action.id);
      note.hidden = false;
      note.scrollIntoView({ block: "nearest" });
      mark(adviceFor(answer.action, "preferred"));
    } catch (error) {
      if (decision === at) clear(note, error.message || String(error)).hidden = false;
    } finally {
      button.textContent = t("hint");
      button.disabled = decision !== at;
    }
  }
  button.addEventListener("click", askNow);
  return {
    // `key` names the decision (null: no decision of this seat's now).
    update(key) {
      button.hidden = key === null;
      if (key === decision) return;
      decision = key;
      button.disabled = false;
      if (asked !== null) {
        asked = null;
        note.hidden = true;
        clear(note);
        mark([]);
      }
    },
  };
}
