// A game's leaderboard (/leaderboard/{game}): its rated players, best first, each linked to their
// page; a choice of game moves to that game's board.
import { api, leaderboardPage, playerPage } from "./api.js";
import { $, clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { fillTable, gameTitles, startPage, titled } from "./pages.js";

const game = decodeURIComponent(location.pathname.replace(/^\/leaderboard\//, ""));

async function main() {
  await startPage();
  $("#game-text").textContent = t("game");
  const { games, title } = await gameTitles();
  titled(t("leaderboard-of", { game: title(game) }));
  const choice = $("#game");
  clear(
    choice,
    games.map((g) => h("option", { value: g.name, selected: g.name === game }, g.title)),
  );
  choice.addEventListener("change", () => {
    location.href = leaderboardPage(choice.value);
  });
  let board;
  try {
    board = await api.leaderboard(game);
  } catch (error) {
    $("#status").textContent = error.message;
    return;
  }
  fillTable(
    $("#leaders"),
    ["rank", "player", "rating", "games-played", "wins"],
    board.players.map((p) => [
      String(p.rank),
      h("a", { href: playerPage(p.name) }, p.name),
      p.rating.toFixed(2),
      String(p.games),
      String(p.wins),
    ]),
    "no-rated-players",
  );
}

main();
