// A guided first game: what to do now, in words, above the board whose legal places pulse;
// the tips are the game's (GET /api/games: guide, by the kind of action they explain). Skipped
// or finished once, a game's guide stays off in this browser (localStorage).
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { readObject } from "./store.js";

const KEY = "townhall.guided";

const finished = () => readObject(KEY);

export function createGuide(element, game) {
  const tips = game?.guide || {};
  let off = !game || !Object.keys(tips).length || Boolean(finished()[game.name]);

  function stop() {
    localStorage.setItem(KEY, JSON.stringify({ ...finished(), [game.name]: true }));
    off = true;
    hide();
  }

  function hide() {
    element.hidden = true;
    document.body.dataset.guide = "off";
  }

  function update(view) {
    if (off || view.seat === null) return hide();
    if (view.result) return stop(); // the first game is over: no guide next time
    const kinds = new Set(view.legal.map((a) => a.json?.kind));
    const kind = Object.keys(tips).find((k) => kinds.has(k));
    const text = !view.legal.length ? t("guide-wait") : kind ? tips[kind] : t("guide-follow");
    element.dataset.kind = kind || "";
    clear(element, [
      h("strong", {}, t("guide-title")),
      " ",
      h("span", { class: "guide-text" }, text),
      " ",
      h("button", { type: "button", class: "guide-skip", onclick: stop }, t("guide-skip")),
    ]);
    element.hidden = false;
    document.body.dataset.guide = "on";
  }

  return { update };
}
