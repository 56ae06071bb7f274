// Decisions that cannot be taken back ask first: a bar at the foot of the page (not the
// browser's window.confirm) with the question, "Yes" and "Cancel". The server says whether an
// action could be taken back once played (POST .../final, the engine's undo rules); the data
// (static/data/confirm.json) words the question per game and action kind. Everything else stays
// undoable until the next player acts.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

let kinds = {};
let pending = null; // the open question's answer: resolve(false) dismisses it

export async function loadConfirms(game) {
  const response = await fetch("/static/data/confirm.json").catch(() => null);
  const data = response?.ok ? await response.json() : {};
  kinds = data.games?.[game] || {};
}

// The question to ask before `action` (a legal action of the view), or null to play it at once.
// `isFinal(action)` asks the server; a placement with an orientation was confirmed on the board.
export async function questionBefore(action, isFinal) {
  if (kinds[action.json?.kind]) return questionFor(action);
  const target = action.target || {};
  if ("rotation" in target || "flipped" in target) return null;
  return (await isFinal(action)) ? questionFor(action, "confirm-final") : null;
}

function questionFor(action, fallback = null) {
  const key = kinds[action.json?.kind] || fallback;
  const questions = {
    "confirm-follower": () => t("confirm-follower", { action: action.text }),
    "confirm-no-follower": () => t("confirm-no-follower"),
    "confirm-exit": () => t("confirm-exit"),
    "confirm-pass": () => t("confirm-pass"),
    "confirm-final": () => t("confirm-final", { action: action.text }),
  };
  return key ? (questions[key] || questions["confirm-final"])() : null;
}

export const asking = () => pending !== null;

// Show `question`; resolves to true on "Yes", false on "Cancel", Escape or `dismiss()`.
export function askConfirm(bar, question, yes = t("confirm-yes")) {
  dismiss();
  return new Promise((resolve) => {
    const close = (answer) => {
      if (pending !== close) return;
      pending = null;
      bar.hidden = true;
      clear(bar);
      document.removeEventListener("keydown", onKey, true);
      resolve(answer);
    };
    const onKey = (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close(false);
      }
    };
    pending = close;
    const ok = h("button", { type: "button", id: "confirm-yes", class: "primary", onclick: () => close(true) }, yes);
    clear(
      bar,
      h("p", { id: "confirm-question" }, question),
      h(
        "p",
        { class: "confirm-buttons" },
        ok,
        h("button", { type: "button", id: "confirm-no", onclick: () => close(false) }, t("cancel")),
      ),
    );
    bar.hidden = false;
    document.addEventListener("keydown", onKey, true);
    ok.focus();
  });
}

// Close the open question as cancelled (the table moved on under it).
export function dismiss() {
  pending?.(false);
}
