// The replay viewer of a finished table: a step slider, previous/next, play/pause; each step's
// view comes from GET /api/tables/{id}/steps/{n} (a spectator's view). The move review marks each
// player's costliest decisions under the slider (review.js).
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { createReview } from "./review.js";

const PLAY_EVERY = 700; // ms per step while playing

export async function openReplay(el, table, { show, onError, names, note }) {
  let step = 0;
  let steps = 0;
  let timer = null;
  let loading = Promise.resolve();
  const slider = h("input", { type: "range", id: "replay-step", min: 0, max: 0, value: 0, "aria-label": t("step") });
  const counter = h("span", { id: "replay-counter" });
  const events = h("ol", { class: "replay-events", id: "replay-events" });
  const play = h("button", { type: "button", id: "replay-play" });
  const playLabel = (playing) =>
    clear(play, icon(playing ? "pause" : "play"), " ", h("span", {}, t(playing ? "pause" : "play")));
  playLabel(false);
  const marks = h("div", { class: "review-marks", id: "review-marks" });
  const reviewPanel = h("section", { class: "review", id: "review" });
  const review = createReview(marks, reviewPanel, note, { table, names, go: (n) => go(n) });

  async function go(n) {
    step = Math.max(0, Math.min(n, steps || n));
    loading = api.step(table, step).then(
      (view) => {
        steps = view.steps;
        slider.max = String(steps);
        slider.value = String(step);
        counter.textContent = t("step-of", { n: step, total: steps });
        el.dataset.step = String(step);
        clear(
          events,
          view.events.filter((e) => e.state_id === view.state_id).map((e) => h("li", {}, e.text || e.kind)),
        );
        show(view, review.adviceAt(step));
      },
      (error) => onError(error),
    );
    return loading;
  }

  function toggle() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      playLabel(false);
      return;
    }
    if (step >= steps) go(0);
    playLabel(true);
    timer = setInterval(async () => {
      await loading;
      if (step >= steps) return toggle();
      go(step + 1);
    }, PLAY_EVERY);
  }

  play.addEventListener("click", toggle);
  slider.addEventListener("input", () => go(Number(slider.value)));
  clear(
    el,
    h("h2", {}, t("replay")),
    h(
      "div",
      { class: "replay-bar" },
      iconButton("replay-first", "first", t("first-step"), () => go(0)),
      iconButton("replay-prev", "previous", t("previous"), () => go(step - 1)),
      play,
      iconButton("replay-next", "next", t("next"), () => go(step + 1)),
      iconButton("replay-last", "last", t("last-step"), () => go(steps)),
      h("div", { class: "replay-track" }, slider, marks),
      counter,
    ),
    events,
    reviewPanel,
  );
  el.hidden = false;
  await go(0);
  review.load(steps);
  return { go, close: () => timer && clearInterval(timer) };
}

function iconButton(id, name, label, onclick) {
  return h(
    "button",
    { type: "button", id, class: "icon-button", "aria-label": label, title: label, onclick },
    icon(name),
  );
}
