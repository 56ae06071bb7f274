// The end screen: ranks, scores, why the game ended, the tie-breaks, and each player's final
// numbers from the board view (the score breakdown).
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName, tracksOf } from "./scores.js";

export function renderEnd(el, view, facts, { onReplay }) {
  if (!view.result) {
    el.hidden = true;
    return;
  }
  const { ranks, scores, reason, tie_breaks: tieBreaks } = view.result;
  const order = ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  // One column per kind of track: the ids of different seats' tracks differ only by the seat.
  const columns = new Map();
  for (const { seat } of order) {
    for (const tr of tracksOf(view.board, seat)) {
      const key = kindOf(tr.id, seat);
      if (!columns.has(key)) columns.set(key, tr.label.replace(/^player \d+ /, ""));
    }
  }
  const value = (seat, key) => tracksOf(view.board, seat).find((tr) => kindOf(tr.id, seat) === key)?.value ?? "";
  clear(
    el,
    h("h2", {}, t("game-over")),
    h("p", { class: "reason" }, facts?.end_reasons?.[reason] || reason),
    tieBreaks?.length
      ? h("p", {}, t("tie-breaks"), ": ", tieBreaks.map((c) => facts?.tie_breaks?.[c] || c).join(", "))
      : null,
    h(
      "table",
      { class: "ranks" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, t("rank")),
          h("th", {}, t("player")),
          h("th", {}, t("score")),
          [...columns.values()].map((label) => h("th", {}, label)),
        ),
      ),
      h(
        "tbody",
        {},
        order.map(({ rank, seat }) =>
          h(
            "tr",
            { "data-seat": seat, "data-rank": rank },
            h("td", {}, String(rank)),
            h("td", {}, h("span", { class: "swatch", style: `background:var(--seat-${seat})` }), seatName(view, seat)),
            h("td", { class: "final-score" }, String(scores[seat])),
            [...columns.keys()].map((key) => h("td", {}, String(value(seat, key)))),
          ),
        ),
      ),
    ),
    h(
      "p",
      {},
      h("button", { type: "button", id: "open-replay", onclick: onReplay }, t("replay")),
      " ",
      h("a", { href: "/" }, t("back-to-lobby")),
    ),
  );
  el.hidden = false;
}

function kindOf(id, seat) {
  return id.replace(new RegExp(`(?<![0-9])${seat}(?![0-9])`), "#");
}
