// The lobby (/): a card per game (a picture of its board, player count, length, one line, quick
// play against a bot, its rules), a new table with the game's options (each seat: me, a friend by
// invite link, or a bot), the tables this browser joined lately, and the open tables.
import { account } from "./account.js";
import { api } from "./api.js";
import { $, clear, h } from "./dom.js";
import { lang, setup, switcher, t } from "./i18n.js";
import { watchTurns } from "./notify.js";
import { store } from "./store.js";

const SEAT_KINDS = ["me", "friend", "bot:easy", "bot:medium", "bot:hard", "bot:expert"];
const QUICK_BOT = "bot:easy";
const RECENT = 12; // tables of this browser listed
let games = [];

const game = () => games.find((g) => g.name === $("#game").value);

function labels() {
  for (const [id, key] of Object.entries({
    "lobby-title": "lobby",
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
    "clock-text": "clock",
    "clock-none": "clock-none",
    "clock-move": "clock-move",
    "clock-fischer": "clock-fischer",
    "clock-turn": "clock-turn",
    "clock-hours-text": "clock-hours",
    "clock-seconds-text": "clock-seconds",
    "clock-base-text": "clock-base",
    "clock-increment-text": "clock-increment",
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
async function start(body, kinds) {
  const name = $("#name").value.trim() || t("player-n", { n: 1 });
  store.setName(name);
  try {
    const table = await api.create(body);
    for (const [seat, kind] of kinds.entries()) {
      if (kind !== "me") continue;
      const taken = await api.sit(table.id, seat, name);
      store.addSeat(table.id, table.game, seat, taken.token);
    }
    location.href = `/tables/${table.id}`;
  } catch (error) {
    $("#status").textContent = error.message;
  }
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
    rows.push(h("label", { class: "seat-choice" }, t("player-n", { n: seat + 1 }), " ", select));
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
  const seats = kinds.map((k) => (k.startsWith("bot:") ? k : "human"));
  await start(
    { game: game().name, players: kinds.length, options: chosenOptions(), seats, clock: chosenClock() },
    kinds,
  );
}

// A campaign with the form's seats: the first "me" seat is this browser's for every episode.
async function createCampaign() {
  const kinds = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const seats = kinds.map((k) => (k.startsWith("bot:") ? k : "human"));
  const name = $("#name").value.trim() || t("player-n", { n: 1 });
  store.setName(name);
  try {
    const campaign = await api.newCampaign({ game: game().name, players: kinds.length, seats, clock: chosenClock() });
    const seat = kinds.indexOf("me");
    if (seat >= 0) {
      const taken = await api.sitCampaign(campaign.id, seat, name);
      store.addCampaign(campaign.id, campaign.game, seat, taken.token);
    }
    location.href = `/campaigns/${campaign.id}`;
  } catch (error) {
    $("#status").textContent = error.message;
  }
}

function listCampaigns() {
  const mine = store.campaigns().slice(0, RECENT);
  clear(
    $("#campaigns"),
    mine.length
      ? mine.map((entry) =>
          h(
            "li",
            { "data-campaign": entry.id },
            h("a", { href: `/campaigns/${entry.id}` }, `${titleOf(entry.game)} · ${entry.id.slice(0, 6)}`),
            h("span", { class: "when" }, ` · ${t("played-at", { when: new Date(entry.at).toLocaleString(lang) })}`),
          ),
        )
      : [h("li", { class: "empty" }, t("none-yet"))],
  );
}

function titleOf(name) {
  return games.find((g) => g.name === name)?.title || name;
}

function seatsText(table) {
  return table.seats.map((s) => s.name || t("free-seat")).join(", "); // a bot is named by its level
}

async function listTables() {
  const open = await api.tables();
  const listed = new Map(open.map((tb) => [tb.id, tb]));
  const mine = store.tables().slice(0, RECENT);
  clear(
    $("#mine"),
    mine.length
      ? mine.map((entry) => {
          const table = listed.get(entry.id);
          const status = table ? t(`status-${table.status}`) : t("status-over");
          return h(
            "li",
            { "data-table": entry.id },
            h("a", { href: `/tables/${entry.id}` }, `${titleOf(entry.game)} · ${entry.id.slice(0, 6)}`),
            ` — ${status}`,
            table ? ` — ${seatsText(table)}` : "",
            entry.at
              ? h("span", { class: "when" }, ` · ${t("played-at", { when: new Date(entry.at).toLocaleString(lang) })}`)
              : "",
          );
        })
      : [h("li", { class: "empty" }, t("none-yet"))],
  );
  const others = open.filter((tb) => !mine.some((m) => m.id === tb.id));
  clear(
    $("#open"),
    others.length
      ? others.map((table) => {
          // a rematch's seats are kept for the players of the game before it: nobody else may join
          const kept = Boolean(table.settings?.rematch_of);
          const free = kept ? [] : table.seats.filter((s) => s.kind === "human" && !s.taken);
          return h(
            "li",
            { "data-table": table.id },
            `${titleOf(table.game)} · ${table.id.slice(0, 6)} — ${t(`status-${table.status}`)} — ${seatsText(table)} `,
            free.map((s) =>
              h("a", { class: "join", href: `/tables/${table.id}?seat=${s.seat}` }, t("join-seat", { n: s.seat + 1 })),
            ),
            " ",
            h("a", { class: "watch", href: `/tables/${table.id}` }, t("watch")),
          );
        })
      : [h("li", { class: "empty" }, t("none-yet"))],
  );
}

let turns = watchTurns(null);

// Signed in, the account's name is the name the page seats you with, and its turns are watched.
function signedIn(me) {
  turns.stop();
  turns = watchTurns(me);
  if (!me) return;
  $("#name").value = me.name;
  store.setName(me.name);
}

async function main() {
  await setup();
  labels();
  $("#account-slot").setAttribute("aria-label", t("account"));
  signedIn(await account($("#account-slot"), signedIn));
  games = await api.games();
  renderCards();
  fillGames();
  $("#new-table").addEventListener("submit", create);
  $("#create-campaign").addEventListener("click", createCampaign);
  listCampaigns();
  $("#clock").addEventListener("change", showClock);
  showClock();
  await listTables();
  setInterval(listTables, 5000);
}

main();
