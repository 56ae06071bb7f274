// What the small pages share (a player's profile, a game's leaderboard, the account's settings):
// the language and its switcher, the title, the signed-in player's turns badge, the games' titles,
// and a table of rows.
import { api, session } from "./api.js";
import { $, clear, h } from "./dom.js";
import { lang, setup, switcher, t } from "./i18n.js";
import { setTitle, watchTurns } from "./notify.js";

// The page in the player's language, with the header's switcher; the session (null: a guest).
export async function startPage() {
  await setup();
  $("#lang-slot").append(switcher(h));
  const me = await session().catch(() => null);
  watchTurns(me);
  return me;
}

export function titled(text) {
  $("#title").textContent = text;
  setTitle(`${text} · Townhall`);
}

// The games (GET /api/games) and a function naming one by its title in the page's language.
export async function gameTitles() {
  const games = await api.games().catch(() => []);
  return { games, title: (name) => games.find((g) => g.name === name)?.title || name };
}

// A table of `rows` under the column titles `heads` (catalog keys); `empty` (a key) when none.
export function fillTable(el, heads, rows, empty) {
  if (!rows.length) {
    clear(el, h("tbody", {}, h("tr", {}, h("td", { class: "empty" }, t(empty)))));
    return;
  }
  clear(
    el,
    h("thead", {}, h("tr", {}, ...heads.map((key) => h("th", { scope: "col" }, t(key))))),
    h(
      "tbody",
      {},
      rows.map((cells) => h("tr", {}, ...cells.map((cell) => h("td", {}, cell)))),
    ),
  );
}

// A stored moment (UTC, maybe without its zone) as a date in the page's language.
export function dateOf(text) {
  const moment = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  return moment.toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
}
