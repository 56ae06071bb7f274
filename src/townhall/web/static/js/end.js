// The end screen: why the game ended, the tie-breaks, and one table of ranks. Each row: rank,
// player, score, and below it the score's breakdown by the game's own categories (the board
// view's `final-…` tracks); the seat's other numbers fold into "more". In a game won by a victory
// condition (the game's facts say so) the numbers that only rank the others are not shown as
// scores: the rank tells, and the game names the winners (maybe nobody). Rows wrap instead of
// scrolling sideways. A seated player may start (or join) the rematch from here. At a rated table
// (every seat an account) each row shows the seat's rating change (docs/server.md, Ratings). An
// account's name links to its profile page.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { signed } from "./numbers.js";
import { seatLabel, seatName, tracksOf } from "./scores.js";

const COUNT_MS = 900; // how long a score counts up

export function renderEnd(el, view, facts, { onReplay, onRematch }) {
  if (!view.result) {
    el.hidden = true;
    return;
  }
  const { ranks, scores, reason, tie_breaks: tieBreaks, winners } = view.result;
  // who won: the game says so where a victory condition decides (maybe nobody), else rank 1
  const won = new Set(winners ?? ranks.flatMap((rank, seat) => (rank === 1 ? [seat] : [])));
  const byPoints = (facts?.score ?? "points") === "points";
  const changes = view.rating_change ?? null; // null: the table was not rated
  const columns = 2 + (byPoints ? 1 : 0) + (changes ? 1 : 0);
  const order = ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  // a track that is every seat's final score again is not shown twice; a breakdown part always
  // shows, even where it happens to be the whole score (all the other parts zero)
  const isTotal = (id) =>
    order.every(({ seat }) => tracksOf(view.board, seat).find((tr) => tr.id === id)?.value === scores[seat]);
  const counters = [];
  const rows = order.map(({ rank, seat }) => {
    const tracks = tracksOf(view.board, seat);
    const parts = tracks.filter((tr) => tr.id.startsWith("final-"));
    const others = tracks.filter((tr) => !tr.id.startsWith("final-") && !isTotal(tr.id));
    const score = h("td", { class: "final-score", "data-score": scores[seat] }, String(scores[seat]));
    if (byPoints) counters.push([score, scores[seat]]);
    const breakdown = [
      h(
        "ul",
        { class: "parts" },
        parts.map((tr) => h("li", { "data-part": tr.id }, h("span", {}, tr.label), " ", h("b", {}, signed(tr.value)))),
      ),
      others.length
        ? h(
            "details",
            { class: "more" },
            h("summary", {}, t("end-more")),
            h(
              "ul",
              { class: "parts" },
              others.map((tr) => h("li", {}, h("span", {}, label(tr)), " ", h("b", {}, String(tr.value)))),
            ),
          )
        : null,
    ];
    // the breakdown on a row of its own, the table's whole width: it wraps on a phone
    return [
      h(
        "tr",
        { class: "rank-row", "data-seat": seat, "data-rank": rank },
        h("td", { class: "rank" }, won.has(seat) ? h("span", { class: "winner" }, t("winner")) : String(rank)),
        h(
          "td",
          { class: "who" },
          h("span", { class: "swatch", style: `background:var(--seat-${seat})` }),
          seatLabel(view, seat),
        ),
        byPoints ? score : null,
        changes
          ? h(
              "td",
              { class: "rating-change", "data-rating-change": changes[seat] ?? "" },
              changes[seat] == null ? "" : signed(changes[seat]),
            )
          : null,
      ),
      h(
        "tr",
        { class: "breakdown-row", "data-breakdown": seat },
        h("td", { class: "breakdown", colspan: columns, "aria-label": t("score-breakdown") }, breakdown),
      ),
    ];
  });
  clear(
    el,
    // the headline tells who won
    h(
      "h2",
      { class: "headline" },
      won.size ? t("won-by", { names: [...won].map((seat) => seatName(view, seat)).join(", ") }) : t("game-over"),
    ),
    h("p", { class: "reason" }, facts?.end_reasons?.[reason] || reason),
    won.size ? null : h("p", { class: "nobody-won" }, t("nobody-won")),
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
          h("th", { scope: "col" }, t("rank")),
          h("th", { scope: "col" }, t("player")),
          byPoints ? h("th", { scope: "col", class: "score-head" }, t("score")) : null,
          changes ? h("th", { scope: "col", class: "rating-head" }, t("rating-change")) : null,
        ),
      ),
      h("tbody", {}, rows.flat()),
    ),
    h(
      "p",
      {},
      h("button", { type: "button", id: "open-replay", onclick: onReplay }, t("replay")),
      " ",
      // a seated player's next game: the same table, each seat one on (docs/server.md, Rematch)
      onRematch ? h("button", { type: "button", id: "rematch", onclick: onRematch }, t("rematch")) : null,
      onRematch ? " " : null,
      h("a", { href: "/" }, t("back-to-lobby")),
    ),
  );
  if (el.hidden) countUp(counters); // once, when the end first shows
  el.hidden = false;
}

function label(track) {
  return track.label.replace(/^player \d+ /, "");
}

// The final scores count up from 0, unless the player asked for less motion.
function countUp(counters) {
  if (!counters.length || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const start = performance.now();
  const frame = (now) => {
    const done = Math.min(1, (now - start) / COUNT_MS);
    for (const [cell, value] of counters) cell.textContent = String(Math.round(value * done));
    if (done < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
