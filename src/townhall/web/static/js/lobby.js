// The lobby (/): a card per game (a picture of its board, player count, length, one line, quick
// play against a bot, its rules, its leaderboard), a new table with the game's options (each seat:
// me, a friend by invite link, a player invited by name, or a bot), the tables this browser or
// account joined lately, the open tables, and the daily challenge (daily.js). Signed in, also the
// tables waiting for my move and the seats kept for me (both live, through /ws/me).
import { account } from "./account.js";
import { api, leaderboardPage, playerPage } from "./api.js";
import { showDaily } from "./daily.js";
import { $, clear, h } from "./dom.js";
import { lang, setup, switcher, t } from "./i18n.js";
import { watchTurns } from "./notify.js";
import { store } from "./store.js";

const SEAT_KINDS = ["me", "friend", "invite", "bot:easy", "bot:medium", "bot:hard", "bot:expert"];
const QUICK_BOT = "bot:easy";
const RECENT = 12; // tables of this browser listed
let games = [];
let me = null; // the signed-in account's session, null for a guest

const game = () => games.find((g) => g.name === $("#game").value);

function labels() {
  for (const [id, key] of Object.entries({
    "lobby-title": "lobby",
    "daily-title": "daily-title",
    "games-title": "games",
    "name-text": "your-name",
    "new-title": "new-table",
    "game-text": "game",
    "players-text": "player-count",
    create: "create",
    "create-campaign": "campaign-start",
    "campaigns-title": "my-campaigns",
    "mine-title": "my-tables",
    "open-title": "open-tables",
    "turns-title": "my-turns",
    "invites-title": "invitations",
    "clock-text": "clock",
    "clock-none": "clock-none",
    "clock-move": "clock-move",
    "clock-fischer": "clock-fischer",
    "clock-turn": "clock-turn",
    "clock-hours-text": "clock-hours",
    "clock-seconds-text": "clock-seconds",
    "clock-base-text": "clock-base",
    "clock-increment-text": "clock-increment",
    "training-text": "training-table",
  })) {
    $(`#${id}`).textContent = t(key);
  }
  $("#lang-slot").append(switcher(h));
  const name = $("#name");
  name.value = store.name();
  name.addEventListener("change", () => store.setName(name.value.trim()));
}

function gameFacts(g) {
  const players =
    g.min_players === g.max_players
      ? t("players-exact", { n: g.min_players })
      : t("players-range", { least: g.min_players, most: g.max_players });
  return g.minutes ? `${players} · ${t("minutes-range", { least: g.minutes[0], most: g.minutes[1] })}` : players;
}

// One card per game, from GET /api/games: the picture is a capture of its own board in play
// (static/img/games/<name>.png, made by tests/web/test_lobby_cards.py); none is shown without it.
function renderCards() {
  clear(
    $("#game-cards"),
    games.map((g) => {
      const picture = h("img", {
        src: `/static/img/games/${encodeURIComponent(g.name)}.png`,
        alt: t("board-picture", { game: g.title }),
        width: 480,
        height: 300,
        loading: "lazy",
      });
      picture.addEventListener("error", () => picture.remove());
      return h(
        "li",
        { class: "game-card", "data-game": g.name },
        picture,
        h(
          "div",
          { class: "card-body" },
          h("h3", {}, g.title),
          h("p", { class: "summary" }, g.summary || ""),
          h("p", { class: "facts" }, gameFacts(g)),
          h(
            "p",
            { class: "card-actions" },
            h("button", { type: "button", class: "primary quick-play", onclick: () => quickPlay(g) }, t("quick-play")),
            h("button", { type: "button", class: "set-up", onclick: () => setUp(g) }, t("set-up-table")),
            h("a", { class: "leaderboard", href: leaderboardPage(g.name) }, t("leaderboard")),
            g.rules
              ? h(
                  "a",
                  {
                    class: "rules",
                    href: `${g.rules}?lang=${encodeURIComponent(lang)}`,
                    target: "_blank",
                    rel: "noopener",
                  },
                  t("rules"),
                )
              : "",
          ),
        ),
      );
    }),
  );
}

// The form set to this game, in view.
function setUp(g) {
  $("#game").value = g.name;
  fillPlayers();
  $("#new-title").scrollIntoView({ behavior: "smooth", block: "start" });
  $("#game").focus({ preventScroll: true });
}

// One click: me against bots at the smallest table of two or more, default options, no clock.
async function quickPlay(g) {
  const count = Math.min(Math.max(2, g.min_players), g.max_players);
  const seats = ["human", ...Array(count - 1).fill(QUICK_BOT)];
  await start({ game: g.name, players: count, options: {}, seats, clock: { kind: "none" } }, ["me"]);
}

// Create the table, sit at the seats marked "me" under the player's name, go there.
// The name the player sits down with (remembered for the next visit).
function seatName() {
  const name = $("#name").value.trim() || t("player-n", { n: 1 });
  store.setName(name);
  return name;
}

// Make something (a table, a campaign) and go to the page `make` answers; a refusal is said in the
// status line.
async function makeAndGo(make) {
  try {
    location.href = await make();
  } catch (error) {
    $("#status").textContent = error.message;
  }
}

async function start(body, kinds) {
  const name = seatName();
  await makeAndGo(async () => {
    const table = await api.create(body);
    for (const [seat, kind] of kinds.entries()) {
      if (kind !== "me") continue;
      const taken = await api.sit(table.id, seat, name);
      store.addSeat(table.id, table.game, seat, taken.token);
    }
    return `/tables/${table.id}`;
  });
}

function fillGames() {
  clear(
    $("#game"),
    games.map((g) => h("option", { value: g.name }, g.title)),
  );
  $("#game").addEventListener("change", fillPlayers);
  $("#players").addEventListener("change", fillSeats);
  fillPlayers();
}

function fillPlayers() {
  const g = game();
  $("#create-campaign").hidden = !g.campaign; // its episodes one after another, with these seats
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n += 1) counts.push(n);
  clear(
    $("#players"),
    counts.map((n) => h("option", { value: n }, String(n))),
  );
  fillSeats();
  fillOptions();
}

function fillSeats() {
  const count = Number($("#players").value);
  const rows = [h("legend", {}, t("seats"))];
  for (let seat = 0; seat < count; seat += 1) {
    const select = h("select", { id: `seat-${seat}`, "data-seat": seat, "aria-label": t("player-n", { n: seat + 1 }) });
    for (const kind of SEAT_KINDS) {
      select.append(
        h(
          "option",
          { value: kind, selected: kind === (seat === 0 ? "me" : "bot:easy") },
          t(`seat-${kind.replace(":", "-")}`),
        ),
      );
    }
    // a player invited by name: the seat is kept for that account
    const invitee = h("input", {
      id: `invite-${seat}`,
      class: "invitee",
      maxlength: 40,
      autocomplete: "off",
      placeholder: t("invite-name"),
      "aria-label": t("invite-name-of", { n: seat + 1 }),
      hidden: true,
    });
    select.addEventListener("change", () => {
      invitee.hidden = select.value !== "invite";
      invitee.required = !invitee.hidden;
      if (!invitee.hidden) invitee.focus();
    });
    rows.push(h("label", { class: "seat-choice" }, t("player-n", { n: seat + 1 }), " ", select, " ", invitee));
  }
  clear($("#seats"), rows);
}

function fillOptions() {
  const rows = [h("legend", {}, t("options"))];
  for (const option of game().options) {
    const id = `option-${option.name}`;
    let input;
    if (typeof option.default === "boolean") {
      input = h("input", { type: "checkbox", id, checked: option.default });
    } else if (option.choices.length) {
      input = h(
        "select",
        { id },
        option.choices.map((c) =>
          h("option", { value: c, selected: c === option.default }, option.choice_labels?.[c] || String(c)),
        ),
      );
    } else if (typeof option.default === "number") {
      input = h("input", { type: "number", id, value: option.default, min: option.minimum, max: option.maximum });
    } else {
      input = h("input", { type: "text", id, value: option.default });
    }
    input.dataset.option = option.name;
    rows.push(
      h(
        "label",
        { class: "option", title: option.help },
        h("span", {}, option.label || option.name),
        " ",
        input,
        h("small", {}, option.help),
      ),
    );
  }
  clear($("#options"), rows);
}

function chosenOptions() {
  const options = {};
  for (const option of game().options) {
    const input = $(`#option-${CSS.escape(option.name)}`);
    let value;
    if (typeof option.default === "boolean") value = input.checked;
    else if (typeof option.default === "number") value = Number(input.value);
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

function showClock() {
  const kind = $("#clock").value;
  $("#clock-seconds-label").hidden = kind !== "move";
  $("#clock-base-label").hidden = kind !== "fischer";
  $("#clock-increment-label").hidden = kind !== "fischer";
  $("#clock-hours-label").hidden = kind !== "turn";
}

function chosenClock() {
  const kind = $("#clock").value;
  if (kind === "move") return { kind, seconds: Number($("#clock-seconds").value) };
  if (kind === "fischer")
    return { kind, base: Number($("#clock-base").value) * 60, increment: Number($("#clock-increment").value) };
  if (kind === "turn") return { kind, hours: Number($("#clock-hours").value) };
  return { kind: "none" };
}

async function create(event) {
  event.preventDefault();
  const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const seats = kinds.map((k, seat) => {
    if (k.startsWith("bot:")) return k;
    return k === "invite" ? `invite:${$(`#invite-${seat}`).value.trim()}` : "human";
  });
  await start(
    {
      game: game().name,
      players: kinds.length,
      options: chosenOptions(),
      seats,
      clock: chosenClock(),
      training: $("#training").checked, // hints and the analysis at any time; never rated
    },
    kinds,
  );
}

// A campaign with the form's seats: the first "me" seat is this browser's for every episode.
async function createCampaign() {
  const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const seats = kinds.map((k) => (k.startsWith("bot:") ? k : "human"));
  const name = seatName();
  await makeAndGo(async () => {
    const campaign = await api.newCampaign({ game: game().name, players: kinds.length, seats, clock: chosenClock() });
    const seat = kinds.indexOf("me");
    if (seat >= 0) {
      const taken = await api.sitCampaign(campaign.id, seat, name);
      store.addCampaign(campaign.id, campaign.game, seat, taken.token);
    }
    return `/campaigns/${campaign.id}`;
  });
}

function listCampaigns() {
  const mine = store.campaigns().slice(0, RECENT);
  fillList($("#campaigns"), mine, (entry) =>
    h(
      "li",
      { "data-campaign": entry.id },
      h("a", { href: `/campaigns/${entry.id}` }, `${titleOf(entry.game)} · ${entry.id.slice(0, 6)}`),
      playedAt(entry.at),
    ),
  );
}

function titleOf(name) {
  return games.find((g) => g.name === name)?.title || name;
}

function seatsText(table) {
  return table.seats.map((s) => s.name || t("free-seat")).join(", "); // a bot is named by its level
}

const tableLink = (id, game) =>
  h("a", { href: `/tables/${encodeURIComponent(id)}` }, `${titleOf(game)} · ${id.slice(0, 6)}`);
const emptyItem = (key = "none-yet") => h("li", { class: "empty" }, t(key));
// `list` holds an item per entry (drawn by `item`), or the line saying there is none.
const fillList = (list, entries, item, empty = "none-yet") =>
  clear(list, entries.length ? entries.map(item) : [emptyItem(empty)]);
// When this browser last played a table or campaign, in the page's language.
const playedAt = (at) =>
  h("span", { class: "when" }, ` · ${t("played-at", { when: new Date(at).toLocaleString(lang) })}`);
const isMe = (name) => Boolean(me && name && name.toLowerCase() === me.name.toLowerCase());

// A free seat of an open table: a link to take it, or who it is kept for (a rematch's players, or
// a player invited by name: only they may take it).
function freeSeat(table, seat) {
  if (seat.invited && !isMe(seat.invited)) {
    return h(
      "span",
      { class: "kept" },
      t("kept-for", { n: seat.seat + 1 }),
      " ",
      h("a", { href: playerPage(seat.invited) }, seat.invited),
    );
  }
  return h("a", { class: "join", href: `/tables/${table.id}?seat=${seat.seat}` }, t("join-seat", { n: seat.seat + 1 }));
}

// The tables this browser holds seats at, and (signed in) the account's, newest first.
function myTables(account) {
  const entries = new Map();
  for (const seat of account?.tables || []) {
    if (!entries.has(seat.table)) entries.set(seat.table, { id: seat.table, game: seat.game, status: seat.status });
  }
  for (const entry of store.tables()) if (!entries.has(entry.id)) entries.set(entry.id, entry);
  return [...entries.values()].slice(0, RECENT);
}

// The seats kept for me: `from` is GET /api/me's answer or a /ws/me push (both carry `invitations`).
function renderInvitations(from) {
  const seats = from?.invitations || [];
  $("#invites-box").hidden = !me;
  fillList(
    $("#invitations"),
    seats,
    (seat) =>
      h(
        "li",
        { "data-table": seat.table },
        tableLink(seat.table, seat.game),
        " — ",
        h(
          "a",
          { class: "join", href: `/tables/${encodeURIComponent(seat.table)}?seat=${seat.seat}` },
          t("take-kept-seat", { n: seat.seat + 1 }),
        ),
      ),
    "no-invitations",
  );
}

// The tables waiting for my move (pushed by /ws/me as they change).
let shownTurns = [];
function renderTurns(turns) {
  shownTurns = turns;
  $("#turns-box").hidden = !me;
  fillList(
    $("#turns"),
    turns,
    (turn) => h("li", { "data-table": turn.table }, tableLink(turn.table, turn.game), ` — ${t("your-move")}`),
    "no-turns",
  );
}

// A signed-in player's rating at each game they have played rated, on that game's card.
function showRatings(account) {
  for (const card of document.querySelectorAll("#game-cards li[data-game]")) {
    const rating = account?.ratings?.[card.dataset.game]?.rating;
    let line = card.querySelector(".my-rating");
    if (rating === undefined) {
      line?.remove();
      continue;
    }
    if (!line) {
      line = h("p", { class: "my-rating" });
      card.querySelector(".facts").after(line);
    }
    const text = t("my-rating", { rating: rating.toFixed(2) });
    if (line.textContent !== text) line.textContent = text;
  }
}

async function listTables() {
  const [open, account] = await Promise.all([api.tables(), me ? api.me().catch(() => null) : null]);
  const listed = new Map(open.map((tb) => [tb.id, tb]));
  const mine = myTables(account);
  renderInvitations(pushedInvitations || account);
  showRatings(account);
  fillList($("#mine"), mine, (entry) => {
    const table = listed.get(entry.id);
    const status = t(`status-${table?.status || entry.status || "over"}`); // not listed: over
    return h(
      "li",
      { "data-table": entry.id },
      tableLink(entry.id, entry.game),
      ` — ${status}`,
      table ? ` — ${seatsText(table)}` : "",
      entry.at ? playedAt(entry.at) : "",
    );
  });
  const others = open.filter((tb) => !mine.some((m) => m.id === tb.id));
  fillList($("#open"), others, (table) => {
    // a rematch's seats are kept for the players of the game before it: nobody else may join
    const kept = Boolean(table.settings?.rematch_of);
    const free = kept ? [] : table.seats.filter((s) => s.kind === "human" && !s.taken);
    return h(
      "li",
      { "data-table": table.id },
      `${titleOf(table.game)} · ${table.id.slice(0, 6)} — ${t(`status-${table.status}`)} — ${seatsText(table)} `,
      free.flatMap((s) => [freeSeat(table, s), " "]),
      h("a", { class: "watch", href: `/tables/${table.id}` }, t("watch")),
    );
  });
}

let turns = watchTurns(null);

// A /ws/me push: the turns, and the seats kept for me, drawn first from GET /api/me by listTables
// until the socket's first push (then a poll answered before a push would draw an older list).
let pushedInvitations = null;
function heard(pushed, message) {
  renderTurns(pushed);
  if (!message?.invitations) return;
  pushedInvitations = message;
  renderInvitations(message);
}

const daily = () => showDaily($("#daily"), games, me, () => $("#name").value.trim() || t("player-n", { n: 1 }));

// Signed in, the account's name is the name the page seats you with, its turns are watched, its
// tables and invitations listed, and the daily challenge shows its attempt.
function signedIn(session) {
  me = session;
  turns.stop();
  pushedInvitations = null;
  turns = watchTurns(me, heard);
  renderTurns([]);
  if (me) {
    $("#name").value = me.name;
    store.setName(me.name);
  }
  if (games.length) {
    listTables();
    daily();
  }
}

async function main() {
  await setup();
  labels();
  $("#account-slot").setAttribute("aria-label", t("account"));
  signedIn(await account($("#account-slot"), signedIn));
  games = await api.games();
  renderTurns(shownTurns); // a push heard before the games' titles came
  renderCards();
  // The form is filled and live before anything is awaited: a card's "set up" fills it at once,
  // and a click on Create never meets a form without its handler.
  fillGames();
  $("#new-table").addEventListener("submit", create);
  $("#create-campaign").addEventListener("click", createCampaign);
  $("#clock").addEventListener("change", showClock);
  showClock();
  listCampaigns();
  await daily();
  await listTables();
  setInterval(listTables, 5000);
}

main();
