// The table page (/tables/{id}): the board widget fed with the seat's view and legal actions,
// the off-board actions as buttons, the list of every legal action, the log, chat, scoreboard,
// clocks, undo, resign and leave, the end screen and the replay viewer. Live over the websocket.
// Decisions that cannot be taken back ask first (confirm.js); nothing moves until every seat is
// taken (the page says whom it waits for). The win bar, hints and the move review: analysis.js.
import { createHint, createWinBar } from "./analysis.js";
import { api, session } from "./api.js";
import { createBoard } from "./board/api.js";
import { playerColor } from "./board/config.js";
import { normalize, onBoard } from "./board/state.js";
import { renderChat } from "./chat.js";
import { askConfirm, asking, dismiss, loadConfirms, questionBefore } from "./confirm.js";
import { changedCells } from "./diff.js";
import { $, clear, h } from "./dom.js";
import { renderEnd } from "./end.js";
import { loadGame } from "./games.js";
import { createGuide } from "./guide.js";
import { lang, setup, switcher, t } from "./i18n.js";
import { connect } from "./live.js";
import { setTitle, watchTurns } from "./notify.js";
import { createLog } from "./log.js";
import { openReplay } from "./replay.js";
import { clockText, renderScores, seatName } from "./scores.js";
import { askToSit, handOver, renderSeatTools, renderWaiting } from "./seats.js";
import { store } from "./store.js";

const FLASH_MS = 1800;
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const page = {
  view: null,
  facts: null,
  held: {},
  seat: null,
  link: null,
  busy: false,
  replay: null,
  lastMoves: {},
  flash: [],
  advice: [], // a hint's marks on the board
  flashTimer: null,
  viewAt: 0,
  switching: false,
};
let board = null;
let log = null;
let guide = null;
let winBar = null;
let hint = null;

const names = (seat) => seatName(page.view, seat);
const token = () => (page.seat === null ? null : page.held[page.seat]);
// The seats this browser plays: its tokens, and the signed-in account's seat here (no token: the
// session cookie speaks for it, docs/server.md, Accounts).
let accountSeat = null;
const heldSeats = () => ({ ...(accountSeat === null ? {} : { [accountSeat]: null }), ...store.seats(tableId) });

function showError(error) {
  $("#status").textContent = error ? error.message || String(error) : "";
}

function labels() {
  for (const [id, key] of Object.entries({
    "players-title": "players",
    "supply-title": "supply",
    "log-title": "log",
    "chat-title": "chat",
    "chat-send": "send",
    undo: "undo",
    "home-link": "lobby",
  })) {
    $(`#${id}`).textContent = t(key);
  }
  $("#chat-input").setAttribute("aria-label", t("chat"));
  $("#action-filter").setAttribute("placeholder", t("filter-actions"));
  $("#lang-slot").append(switcher(h));
  for (let seat = 0; seat < 8; seat += 1)
    document.documentElement.style.setProperty(`--seat-${seat}`, playerColor(seat));
}

// The held seat that should be shown: the one deciding now, else the current, else the first.
function preferredSeat(view) {
  const held = Object.keys(page.held).map(Number);
  if (!held.length) return null;
  const deciding = held.filter((s) => view?.to_move.includes(s));
  if (page.seat !== null && deciding.includes(page.seat)) return page.seat;
  if (deciding.length) return deciding[0];
  return page.seat !== null && held.includes(page.seat) ? page.seat : held[0];
}

function attach(seat) {
  page.link?.close();
  page.seat = seat;
  document.body.dataset.seat = seat === null ? "" : String(seat);
  page.link = connect(tableId, token(), { onView, onStatus });
}

function onStatus(status, error) {
  const el = $("#connection");
  el.dataset.status = status;
  el.textContent = t(`connection-${status}`);
  if (error?.error === "bad-token" && page.seat !== null) {
    // The server no longer knows this seat's token (another server, a wiped database): watch.
    store.dropSeat(tableId, page.seat);
    page.held = heldSeats();
    showError({ message: t("seat-lost") });
    attach(preferredSeat(page.view));
  } else if (error) {
    showError(error);
  }
}

async function switchSeat(seat) {
  if (page.switching) return;
  page.switching = true;
  page.link?.close();
  if (!page.facts?.perfect_information) await handOver($("#overlay"), names(seat));
  page.switching = false;
  attach(seat);
}

function onView(view) {
  if (page.replay) return;
  view.board = normalize(view.board);
  const before = page.view;
  if (before && view.seat === before.seat && view.state_id < before.state_id) return; // an older answer
  page.viewAt = performance.now();
  if (before && sameView(before, view)) {
    page.view = view; // the websocket repeating the answer to our own action: the clocks only
    return;
  }
  page.view = view;
  if (!before || before.state_id !== view.state_id) hideWhy();
  const since = before && before.seat === view.seat ? before.state_id : view.state_id;
  const fresh = log.merge(view, since);
  if (before && view.state_id !== before.state_id) dismiss(); // a question about a state that is gone
  if (before && view.state_id > before.state_id) markMoves(before, view, fresh);
  const timedOut = fresh.find((e) => e.kind === "timeout" && e.player === view.seat);
  if (timedOut) showNotice(t("timeout-notice"));
  render(fresh);
  const next = preferredSeat(view);
  if (next !== null && next !== page.seat && !view.to_move.includes(page.seat)) switchSeat(next);
}

function sameView(a, b) {
  const shown = (v) => JSON.stringify([v.seat, v.state_id, v.status, v.seats, v.chat, v.legal.length, v.can_undo]);
  return shown(a) === shown(b);
}

// The last move of each player, and a short flash of what the others just did.
function markMoves(before, view, fresh) {
  const changed = changedCells(before.board, view.board);
  const players = [...new Set(fresh.map((e) => e.player).filter((p) => p !== undefined && p !== null))];
  if (!players.length) return;
  page.lastMoves = { ...page.lastMoves, [players[players.length - 1]]: changed }; // replaces their previous one
  if (changed.length && players.some((p) => !(p in page.held))) {
    page.flash = changed;
    clearTimeout(page.flashTimer);
    page.flashTimer = setTimeout(() => {
      page.flash = [];
      board.set({ flash: [] });
    }, FLASH_MS);
  }
}

function render(fresh = []) {
  const view = page.view;
  document.body.dataset.stateId = String(view.state_id);
  document.body.dataset.status = view.status;
  $("#title").textContent = `${page.game?.title || view.game} · ${t("table")} ${view.id.slice(0, 6)}`;
  setTitle(`${page.game?.title || view.game} – Townhall`);
  $("#prompt").textContent = view.board?.prompt || "";
  const movable = view.legal.length > 0 && !page.busy;
  const left = view.seat != null && view.seats[view.seat]?.left;
  $("#turn").textContent = view.result
    ? t("game-over")
    : view.waiting > 0
      ? "" // the waiting panel says whom the table waits for
      : left
        ? t("you-left")
        : movable
          ? t("your-turn", { name: names(view.seat) })
          : t("waiting-for", { names: view.to_move.map(names).join(", ") });
  document.body.dataset.waiting = String(view.waiting || 0);
  renderWaiting($("#waiting"), view);
  renderSeatTools($("#seat-tools"), view, {
    ask: (question, yes) => askConfirm($("#confirm-bar"), question, yes),
    resign: () => api.resign(tableId, token(), page.view.state_id),
    leave: () => api.leave(tableId, token(), page.view.state_id),
    onDone: onView,
    onError: showError,
  });
  document.body.dataset.myTurn = movable ? "yes" : "no";
  updateAnalysis(view, movable);
  board.set({
    view: view.board,
    legal: view.legal,
    movable,
    lastMoves: page.lastMoves,
    flash: page.flash,
    advice: page.advice,
  });
  renderOffboard(view, movable);
  renderActionList(view, movable);
  const undo = $("#undo");
  undo.hidden = !view.can_undo;
  renderScores($("#scores"), view, { held: page.held, onTake: page.seat === null ? takeSeat : null });
  renderSupply(view);
  log.render(names, fresh, view.seat);
  renderChat($("#chat"), view.chat, names);
  $("#chat-form").hidden = view.seat === null;
  const campaign = view.settings?.campaign; // an episode of a campaign: its page goes on from here
  const back = $("#campaign-link");
  back.hidden = !campaign;
  if (campaign) {
    back.href = `/campaigns/${encodeURIComponent(campaign)}`;
    back.textContent = t("campaign-back");
  }
  renderEnd($("#end"), view, page.facts, {
    onReplay: startReplay,
    onRematch: token() && !campaign ? rematch : null,
  });
  guide?.update(view);
}

// While the game runs, the win bar for those who may see the analysis (a spectator, a training
// table's players), a new position asked once; the hint button of a training table's seat deciding.
function updateAnalysis(view, movable) {
  const training = Boolean(view.settings?.training);
  if (!view.result && !view.waiting && (view.seat === null || training)) {
    winBar.show(`${view.seat}:${view.state_id}`, () => api.analysis(tableId, token()));
  } else {
    winBar.hide();
  }
  hint.update(training && movable ? `${view.seat}:${view.state_id}` : null);
}

// The rematch: each seat this browser holds asks for its place at the new table (the first
// request makes it, the others join it); the token stays the seat's there. Then the new table.
async function rematch() {
  let next = null;
  try {
    for (const held of Object.values(store.seats(tableId))) {
      const answer = await api.rematch(tableId, held);
      store.addSeat(answer.id, page.view.game, answer.seat, answer.token);
      next = answer.id;
    }
  } catch (error) {
    showError(error);
    return;
  }
  if (next) location.href = `/tables/${encodeURIComponent(next)}`;
}

function renderOffboard(view, movable) {
  const buttons = view.legal
    .filter((a) => !onBoard(a))
    .map((a) => h("button", { type: "button", "data-id": a.id, disabled: !movable, onclick: () => act(a) }, a.text));
  clear($("#offboard"), buttons);
}

function renderActionList(view, movable) {
  $("#all-actions-title").textContent = t("all-actions", { n: view.legal.length });
  $("#all-actions").hidden = view.legal.length === 0;
  const filter = $("#action-filter").value.trim().toLowerCase();
  clear(
    $("#action-list"),
    view.legal
      .filter((a) => !filter || a.text.toLowerCase().includes(filter))
      .map((a) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              "data-id": a.id,
              "data-target": JSON.stringify(a.target),
              title: a.typed && a.typed !== a.text ? a.typed : null, // the terse form, for experts
              disabled: !movable,
              onclick: () => act(a),
            },
            a.text,
          ),
        ),
      ),
  );
}

function renderSupply(view) {
  const lines = [
    ...(view.board?.tracks || [])
      .filter((tr) => tr.owner == null)
      .map((tr) => `${tr.label}: ${tr.value}${tr.maximum != null ? ` / ${tr.maximum}` : ""}`),
    ...(view.board?.items || []).map(
      (it) =>
        `${it.label}${it.count > 1 ? ` ×${it.count}` : ""}${it.hidden ? " (?)" : ""}${it.owner != null ? ` (${names(it.owner)})` : ""}`,
    ),
  ];
  clear(
    $("#supply"),
    lines.map((line) => h("li", {}, line)),
  );
}

// A click on a place where nothing is legal: the engine's refusals there, in words.
async function explain(place) {
  if (page.busy || !page.view || page.seat === null) return;
  const stateId = page.view.state_id;
  let reasons;
  try {
    reasons = (await api.why(tableId, token(), place)).reasons;
  } catch (error) {
    return showError(error);
  }
  if (page.view.state_id !== stateId) return; // the table moved on meanwhile
  const why = $("#why");
  why.dataset.area = place.area;
  why.dataset.cell = place.cell;
  clear(
    why,
    reasons.length
      ? [
          h("strong", {}, t("why-not")),
          h(
            "ul",
            {},
            reasons.map((r) => h("li", {}, r)),
          ),
        ]
      : [t("why-nothing")],
  );
  why.hidden = false;
}

function hideWhy() {
  $("#why").hidden = true;
  clear($("#why"));
}

function showNotice(text) {
  const el = $("#notice");
  clear(el, h("span", {}, text), " ", h("button", { type: "button", onclick: () => (el.hidden = true) }, "✕"));
  el.lastChild.setAttribute("aria-label", t("close"));
  el.hidden = false;
}

async function act(action) {
  if (page.busy || !page.view || asking() || page.probing) return;
  const stateId = page.view.state_id;
  page.probing = true;
  const question = await questionBefore(action, (a) =>
    api.final(tableId, token(), stateId, a.id).then(
      (answer) => answer.final,
      () => true, // no answer: ask rather than risk it
    ),
  ).finally(() => (page.probing = false));
  const yes = !question || (await askConfirm($("#confirm-bar"), question));
  if (!yes || !page.view || page.view.state_id !== stateId) {
    if (page.view) render(); // the board waits for an answer: give it the decision back
    return;
  }
  $("#notice").hidden = true;
  hideWhy();
  page.busy = true;
  document.body.dataset.busy = "yes";
  showError(null);
  try {
    onView(await api.act(tableId, token(), page.view.state_id, action.id));
  } catch (error) {
    showError(error);
    if (error.status === 409) onView(await api.view(tableId, token()));
  } finally {
    page.busy = false;
    document.body.dataset.busy = "no";
    if (page.view) render();
  }
}

async function takeSeat(seat) {
  if (await askToSit($("#overlay"), page.view, seat)) {
    page.held = heldSeats();
    attach(seat);
  }
}

async function startReplay() {
  page.link?.close();
  $("#end").hidden = true;
  $("#all-actions").hidden = true;
  clear($("#offboard"));
  hint.update(null);
  page.replay = await openReplay($("#replay"), tableId, {
    names,
    note: $("#advice-note"),
    show: (view, advice) => {
      view.board = normalize(view.board);
      document.body.dataset.replayStep = String(view.step);
      $("#prompt").textContent = view.board?.prompt || "";
      $("#turn").textContent = "";
      board.set({ view: view.board, legal: [], movable: false, lastMoves: {}, flash: [], advice });
      winBar.show(`step:${view.step}`, () => api.analysis(tableId, null, view.step));
      // the side panels tell the step shown, not the end: no clocks (no step keeps them)
      renderScores($("#scores"), { ...view, clocks: null }, { held: {}, onTake: null });
      renderSupply(view);
      log.merge(view, view.state_id);
      log.render(names, [], null);
    },
    onError: showError,
  });
}

function tickClocks() {
  const clocks = page.view?.clocks;
  if (!clocks?.left) return;
  const elapsed = (performance.now() - page.viewAt) / 1000;
  for (const el of document.querySelectorAll("[data-clock]")) {
    const seat = Number(el.dataset.clock);
    const running = clocks.running?.includes(seat);
    el.textContent = clockText(clocks.left[seat] - (running ? elapsed : 0));
    el.classList.toggle("running", Boolean(running));
  }
}

// The game's rules page, in the page's language, in a new tab (the table stays as it is).
function showRulesLink(game) {
  const link = $("#rules-link");
  link.hidden = !game?.rules;
  if (!game?.rules) return;
  link.href = `${game.rules}?lang=${encodeURIComponent(lang)}`;
  link.textContent = t("rules");
  link.title = t("rules-of", { game: game.title });
}

async function main() {
  await setup();
  const me = await session().catch(() => null); // signed in: the page's changes carry the session's CSRF token
  labels();
  watchTurns(me);
  log = createLog($("#log"), $("#announcer"), {
    load: (before) => api.log(tableId, page.replay ? null : token(), before),
  });
  let summary;
  try {
    summary = await api.view(tableId);
  } catch (error) {
    showError(error);
    return;
  }
  const games = await api.games();
  page.game = games.find((g) => g.name === summary.game);
  page.facts = page.game?.facts || null;
  showRulesLink(page.game);
  guide = createGuide($("#guide"), page.game);
  // the game's terms in the page's language; without them a module draws its data ids
  const [gameModule, words] = await Promise.all([
    loadGame(summary.game),
    api.words(summary.game).then(
      (answer) => answer.words,
      () => ({}),
    ),
    loadConfirms(summary.game),
  ]);
  board = createBoard($("#board"), { game: gameModule, lang, t, words, names, events: { act, refused: explain } });
  winBar = createWinBar($("#win-bar"), names);
  hint = createHint($("#hint"), $("#advice-note"), {
    ask: () => api.hint(tableId, token()),
    mark: (advice) => {
      page.advice = advice;
      board.set({ advice });
    },
  });
  page.view = null;
  accountSeat = me ? summary.seat : null; // the view asked with the cookie alone names the account's seat
  page.held = heldSeats();
  const invited = new URLSearchParams(location.search).get("seat");
  if (invited !== null && !(invited in page.held)) {
    const seat = Number(invited);
    const info = summary.seats[seat];
    if (info && info.kind === "human" && !info.taken && (await askToSit($("#overlay"), summary, seat))) {
      page.held = heldSeats();
    } else if (info?.taken) {
      showError({ message: t("seat-taken") });
    }
  }
  $("#undo").addEventListener("click", async () => {
    try {
      onView(await api.undo(tableId, token(), page.view.state_id));
    } catch (error) {
      showError(error);
    }
  });
  $("#chat-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    try {
      await api.chat(tableId, token(), text);
      input.value = "";
    } catch (error) {
      showError(error);
    }
  });
  $("#action-filter").addEventListener(
    "input",
    () => page.view && renderActionList(page.view, page.view.legal.length > 0 && !page.busy),
  );
  setInterval(tickClocks, 500);
  window.townhall = { page, board, drop: () => page.link?.drop() };
  if (summary.status === "over" && new URLSearchParams(location.search).has("replay")) {
    page.view = summary;
    render();
    startReplay();
    return;
  }
  attach(preferredSeat(summary));
}

main();
