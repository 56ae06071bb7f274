// A player's page (/players/{name}): their rating, games and wins at each game they played rated
// (each game linked to its leaderboard), and their recent rated results (linked to the tables).
import { api, leaderboardPage } from "./api.js";
import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { signed } from "./numbers.js";
import { dateOf, fillTable, gameTitles, startPage, titled } from "./pages.js";

const asked = decodeURIComponent(location.pathname.replace(/^\/players\//, ""));

async function main() {
  await startPage();
  titled(asked);
  $("#ratings-title").textContent = t("ratings");
  $("#recent-title").textContent = t("recent-results");
  const { title } = await gameTitles();
  let profile;
  try {
    profile = await api.player(asked);
  } catch (error) {
    $("#status").textContent = error.status === 404 ? t("no-such-player", { name: asked }) : error.message;
    return;
  }
  titled(profile.name);
  const ratings = Object.entries(profile.ratings).sort((a, b) => b[1].games - a[1].games);
  fillTable(
    $("#ratings"),
    ["game", "rating", "games-played", "wins"],
    ratings.map(([game, r]) => [
      h("a", { href: leaderboardPage(game) }, title(game)),
      r.rating.toFixed(2),
      String(r.games),
      String(r.wins),
    ]),
    "no-rated-games",
  );
  fillTable(
    $("#recent"),
    ["date", "game", "place", "rating-change"],
    profile.recent.map((r) => [
      dateOf(r.date),
      h("a", { href: `/tables/${encodeURIComponent(r.table)}` }, title(r.game)),
      t("place-of", { rank: r.rank, players: r.players }),
      signed(r.rating_change),
    ]),
    "no-results",
  );
}

main();
