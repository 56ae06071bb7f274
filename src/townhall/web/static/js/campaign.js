// A campaign (/campaigns/{id}): where it stands, the episode being played (its table), the
// choices between episodes asked of this browser's seat, and every seat's standing and board.
// The server says everything in the page's language; this page only lays it out. Each seat's
// board is drawn from its board view by the game's drawing module, as at the table, read only.
import { api } from "./api.js";
import { drawStill } from "./board/still.js";
import { $, clear, h } from "./dom.js";
import { loadGame } from "./games.js";
import { lang, setup, switcher, t } from "./i18n.js";
import { seatLabel, seatName } from "./scores.js";
import { store } from "./store.js";

const campaignId = decodeURIComponent(location.pathname.split("/").pop());
const POLL_MS = 3000;
let titles = {};
let busy = false;
let look = null; // the game's drawing module and words: {game, module, words}
const drawn = new Map(); // seat → {key, frame}: a board drawn stays until its view changes

const held = () => store.campaign(campaignId);

async function load() {
  if (busy) return;
  try {
    await show(await api.campaign(campaignId, held()?.token));
  } catch (error) {
    $("#status").textContent = error.message;
  }
}

// The episode's table: this browser's token goes with it, so the table page plays the seat.
function renderEpisode(view) {
  const mine = held();
  if (view.table && mine) store.addSeat(view.table, view.game, mine.seat, mine.token);
  const parts = [];
  if (view.table) {
    const text =
      view.seat === null ? t("campaign-watch", { n: view.episode }) : t("campaign-play", { n: view.episode });
    parts.push(h("a", { class: "primary button", id: "episode-link", href: `/tables/${view.table}` }, text));
  } else if (view.over) {
    parts.push(
      h(
        "p",
        { id: "winners" },
        t("campaign-winners", { names: view.winners.map((s) => seatName(view, s)).join(", ") }),
      ),
    );
  } else {
    parts.push(h("p", {}, t("campaign-between")));
  }
  const free = mine ? [] : view.seats.filter((s) => s.kind === "human" && !s.taken);
  for (const seat of free) {
    parts.push(
      " ",
      h(
        "button",
        { type: "button", class: "take-seat", onclick: () => take(view, seat.seat) },
        t("join-seat", { n: seat.seat + 1 }),
      ),
    );
  }
  clear($("#episode"), parts);
}

// This seat's open question with a button per choice; the others' are only named.
function renderChoices(view) {
  const rows = [];
  for (const decision of view.decisions) {
    if (decision.seat === view.seat) {
      rows.push(
        h("p", { class: "question", id: "my-question" }, decision.question),
        h(
          "div",
          { class: "choice-list", role: "group", "aria-labelledby": "my-question" },
          decision.choices.map((c) =>
            h("button", { type: "button", "data-choice": c.id, onclick: () => choose(c.id) }, c.text),
          ),
        ),
      );
    } else {
      rows.push(h("p", { class: "waiting" }, t("campaign-waiting-choice", { name: seatName(view, decision.seat) })));
    }
  }
  clear($("#choices"), rows);
}

// The game's drawing module and its terms in the page's language (without them the boards name
// their data ids), loaded once.
async function lookOf(game) {
  if (look?.game === game) return;
  const [module, words] = await Promise.all([
    loadGame(game),
    api.words(game).then(
      (answer) => answer.words,
      () => ({}),
    ),
  ]);
  look = { game, module, words };
}

function renderStandings(view) {
  const boards = new Map();
  clear(
    $("#standings"),
    view.standings.map((s) => {
      const board = s.board_view ? h("div", { class: "standing-board" }) : "";
      if (board) boards.set(s.seat, board);
      return h(
        "li",
        { class: "standing", "data-seat": s.seat },
        h("h3", {}, `${s.rank}. `, seatLabel(view, s.seat), s.seat === view.seat ? ` (${t("you")})` : ""),
        h("p", { class: "points" }, `${view.points}: ${s.points}`),
        board,
        s.board.length
          ? h(
              "ul",
              { class: "stickers", "aria-label": t("campaign-board-words") },
              s.board.map((line) => h("li", {}, line)),
            )
          : "",
        handOverButton(view, s.seat),
      );
    }),
  );
  for (const s of view.standings) if (boards.has(s.seat)) drawBoard(view, s, boards.get(s.seat));
}

// A seat's board in its place: the one drawn before when its view is the same (a poll redraws
// nothing), else drawn anew.
function drawBoard(view, standing, element) {
  const name = seatName(view, standing.seat);
  const key = `${lang}|${name}|${JSON.stringify(standing.board_view)}`;
  const before = drawn.get(standing.seat);
  if (before?.key === key) {
    element.replaceChildren(before.frame);
    return;
  }
  drawStill(element, {
    game: look.module,
    view: standing.board_view,
    words: look.words,
    lang,
    t,
    names: (seat) => seatName(view, seat),
    label: t("campaign-board", { name }),
  });
  drawn.set(standing.seat, { key, frame: element.firstElementChild });
}

// A player of the campaign hands their own seat to a bot, or opens a bot's seat to a new player,
// from the next episode on (a new player takes over the seat and everything on it).
function handOverButton(view, seat) {
  if (view.seat === null || view.over) return "";
  const to = seat === view.seat ? "bot:medium" : view.seats[seat].kind === "bot" ? "human" : null;
  if (!to) return "";
  const label = t(to === "human" ? "campaign-open-seat" : "campaign-hand-to-bot");
  return h(
    "button",
    {
      type: "button",
      class: "hand-over",
      onclick: () => send(() => api.handOver(campaignId, held()?.token, seat, to)),
    },
    label,
  );
}

function render(view) {
  const title = titles[view.game] || view.game;
  $("#title").textContent = t("campaign-title", { game: title });
  document.title = `${t("campaign-title", { game: title })} – Townhall`;
  document.body.dataset.episode = String(view.episode);
  document.body.dataset.over = String(view.over);
  $("#stage").textContent = view.stage;
  $("#standings-title").textContent = t("campaign-standings");
  renderEpisode(view);
  renderChoices(view);
  renderStandings(view);
  $("#status").textContent = "";
}

async function show(view) {
  await lookOf(view.game);
  render(view);
}

// A change of the campaign's; the answer is its new view.
async function send(call) {
  busy = true;
  try {
    await show(await call());
  } catch (error) {
    $("#status").textContent = error.message;
  } finally {
    busy = false;
  }
}

const choose = (choice) => send(() => api.choose(campaignId, held()?.token, choice));

async function take(view, seat) {
  const name = store.name() || t("player-n", { n: seat + 1 });
  try {
    const taken = await api.sitCampaign(campaignId, seat, name);
    store.addCampaign(campaignId, view.game, seat, taken.token);
    await load();
  } catch (error) {
    $("#status").textContent = error.message;
  }
}

async function main() {
  await setup();
  $("#lang-slot").append(switcher(h));
  titles = Object.fromEntries((await api.games()).map((g) => [g.name, g.title]));
  await load();
  setInterval(load, POLL_MS);
}

main();
