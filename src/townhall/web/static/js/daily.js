// The lobby's daily challenge: for each game that has one (GET /api/games' `daily`), today's date
// (UTC), how many played, a button to play it alone (one attempt a day when signed in; a guest
// plays off the leaderboard), and the day's leaderboard. The day's cards stay on the server.
import { request } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { store } from "./store.js";

const SHOWN = 10; // leaderboard rows shown
const path = (game) => `/api/daily/${encodeURIComponent(game)}`;

// A YYYY-MM-DD day in the page's language, read as the UTC day it is.
function dayText(day) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, { dateStyle: "full", timeZone: "UTC" });
}

async function play(g, name, status) {
  try {
    const started = await request("POST", path(g.name), { body: { name } });
    store.addSeat(started.id, g.name, started.seat, started.token);
    location.href = `/tables/${started.id}`;
  } catch (error) {
    status.textContent = error.message;
  }
}

// What the player may do today: play, go on with their attempt, or read their score.
function action(g, today, me, name, status) {
  const mine = today.mine;
  if (!mine) {
    const button = h("button", { type: "button", class: "primary daily-play" }, t("daily-play"));
    button.addEventListener("click", () => play(g, name(), status));
    return [button, me ? "" : h("p", { class: "daily-guest" }, t("daily-guest"))];
  }
  if (!mine.over) return [h("a", { class: "daily-continue", href: `/tables/${mine.table}` }, t("daily-continue"))];
  const done = mine.score === null ? t("daily-ended") : t("daily-score", { score: mine.score });
  return [h("p", { class: "daily-done" }, done, " ", h("a", { href: `/tables/${mine.table}` }, t("daily-see")))];
}

function board(rows) {
  if (!rows.length) return h("p", { class: "empty" }, t("daily-nobody"));
  return h(
    "ol",
    { class: "daily-board" },
    rows
      .slice(0, SHOWN)
      .map((row) =>
        h(
          "li",
          { value: row.rank },
          h("span", { class: "who" }, row.name),
          h("span", { class: "points" }, t("daily-points", { score: row.score })),
        ),
      ),
  );
}

async function card(g, me, name) {
  const [today, leaders] = await Promise.all([
    request("GET", path(g.name)),
    request("GET", `${path(g.name)}/leaderboard`),
  ]);
  const status = h("p", { class: "status", role: "alert" });
  return h(
    "li",
    { class: "daily-card", "data-game": g.name },
    h("h3", {}, g.title),
    h("p", { class: "daily-date" }, t("daily-date", { date: dayText(today.date) })),
    h("p", { class: "daily-about" }, t("daily-about")),
    h("p", { class: "facts" }, t("daily-played", { n: today.played })),
    ...action(g, today, me, name, status),
    status,
    h("h4", {}, t("daily-leaderboard")),
    board(leaders.players),
  );
}

// The section's cards (none shown without a game that has a daily challenge).
export async function showDaily(section, games, me, name) {
  const daily = games.filter((g) => g.daily);
  section.hidden = !daily.length;
  if (!daily.length) return;
  const list = section.querySelector(".daily-cards");
  try {
    clear(list, await Promise.all(daily.map((g) => card(g, me, name))));
  } catch (error) {
    clear(list, [h("li", { class: "status" }, error.message)]);
  }
}
