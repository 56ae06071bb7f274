// The move review of a finished game (GET /api/tables/{id}/review): each player's costliest
// decisions marked under the replay's slider and listed by player; choosing one shows the position
// it was taken at, the move played and the search's preferred move on the board, and in `detail`
// (above the board, brought into view) their words and the cost.
import { adviceFor, percent, swatch } from "./analysis.js";
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export function createReview(marks, panel, detail, { table, names, go }) {
  let selected = null;
  let decisions = new Map();
  const list = h("div", { class: "review-list", id: "review-list" }, t("review-loading"));
  clear(panel, h("h3", {}, t("review")), list);

  async function pick(decision) {
    selected = decision;
    await go(decision.step);
    if (selected === decision) detail.scrollIntoView({ block: "start" });
  }

  function label(decision) {
    return t("review-mark", { name: names(decision.seat), n: decision.step, p: percent(decision.loss) });
  }

  function draw(review, steps) {
    decisions = new Map(review.decisions.map((d) => [d.step, d]));
    const costly = Object.entries(review.costliest).map(([seat, worst]) => [
      Number(seat),
      worst.map((s) => decisions.get(s)),
    ]);
    clear(
      marks,
      costly.flatMap(([seat, worst]) =>
        worst.map((d) =>
          h("button", {
            type: "button",
            class: "review-mark",
            "data-step": d.step,
            "data-seat": seat,
            "aria-label": label(d),
            title: label(d),
            style: `left: ${(100 * d.step) / Math.max(1, steps)}%; --seat: var(--seat-${seat})`,
            onclick: () => pick(d),
          }),
        ),
      ),
    );
    clear(
      list,
      costly.length
        ? costly.map(([seat, worst]) =>
            h(
              "p",
              { class: "review-seat", "data-seat": seat },
              h("strong", {}, t("review-costly", { name: names(seat) })),
              " ",
              worst.map((d) =>
                h(
                  "button",
                  { type: "button", class: "review-pick", "data-step": d.step, onclick: () => pick(d) },
                  t("review-step", { n: d.step, p: percent(d.loss) }),
                ),
              ),
            ),
          )
        : t("review-none"),
    );
  }

  return {
    async load(steps) {
      try {
        draw(await api.review(table), steps);
      } catch (error) {
        clear(list, error.message || String(error));
      }
    },
    // The board marks for the step shown: the chosen decision's, at its own step only.
    adviceAt(step) {
      if (!selected || selected.step !== step) {
        selected = null;
        detail.hidden = true;
        delete detail.dataset.review;
        for (const el of marks.querySelectorAll(".review-mark")) el.classList.remove("chosen");
        return [];
      }
      const d = selected;
      for (const el of marks.querySelectorAll(".review-mark"))
        el.classList.toggle("chosen", Number(el.dataset.step) === step);
      clear(
        detail,
        h(
          "p",
          { class: "review-played" },
          swatch("played"),
          t("review-played", { name: names(d.seat), action: d.played.text }),
        ),
        h("p", { class: "review-preferred" }, swatch("preferred"), t("review-preferred", { action: d.preferred.text })),
        h("p", { class: "review-loss" }, t("review-loss", { p: percent(d.loss) })),
      );
      detail.dataset.review = String(step);
      detail.hidden = false;
      return [...adviceFor(d.played, "played"), ...adviceFor(d.preferred, "preferred")];
    },
  };
}
