// A signed-in player's turns (WS /ws/me, docs/server.md): how many tables wait for their move, in
// the page's title ("(2) Townhall") and as a badge in the header, and a browser notification
// (once the player allowed them) once per table and turn. A guest opens no socket.
import { withLang } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { reconnecting } from "./socket.js";

let base = document.title;
let count = 0;
const told = new Set(); // "table:seat" of the turns already notified: one notification per turn

// The page's own title; the count goes before it while moves wait.
export function setTitle(title) {
  base = title;
  document.title = count ? `(${count}) ${base}` : base;
}

function permitted() {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

function notifyControl() {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return null;
  const button = h("button", { type: "button", class: "notify-me" }, t("notify-me"));
  button.addEventListener("click", async () => {
    await Notification.requestPermission().catch(() => null);
    button.remove();
  });
  return button;
}

function show(badge, turns, onTurns, message) {
  onTurns(turns, message);
  count = turns.length;
  setTitle(base);
  badge.hidden = count === 0;
  badge.textContent = String(count);
  badge.title = t("turns-waiting", { n: count });
  badge.setAttribute("aria-label", badge.title);
  badge.href = count ? `/tables/${encodeURIComponent(turns[0].table)}` : "/";
  const waiting = new Set(turns.map((turn) => `${turn.table}:${turn.seat}`));
  for (const key of told) if (!waiting.has(key)) told.delete(key); // the turn passed: the next one is new
  for (const turn of turns) {
    const key = `${turn.table}:${turn.seat}`;
    if (told.has(key)) continue;
    told.add(key);
    if (permitted() && document.hidden) {
      const note = new Notification(t("your-turn-title"), { body: t("your-turn-body", { game: turn.game }), tag: key });
      note.addEventListener("click", () => {
        window.focus();
        location.href = `/tables/${encodeURIComponent(turn.table)}`;
      });
    }
  }
}

// Opens the socket for a signed-in page (`me`: the session, null for a guest); reconnects with
// growing pauses; `stop()` closes it (signing out). `onTurns(turns, message)` hears every list
// pushed, with the whole message (its `invitations` too; none once stopped).
export function watchTurns(me, onTurns = () => {}) {
  if (!me) return { stop() {} };
  const header = document.querySelector("header.top");
  const badge = h("a", { class: "turns-badge", hidden: true, "data-testid": "turns-badge" });
  const control = notifyControl();
  header?.append(...[badge, control].filter(Boolean));
  const socket = reconnecting(
    () => withLang(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/me`),
    { first: 1000, most: 30000, onMessage: (data) => show(badge, data.turns || [], onTurns, data) }, // refused: signed out
  );
  return {
    stop() {
      socket.close();
      badge.remove();
      control?.remove();
      show(badge, [], onTurns);
    },
  };
}
