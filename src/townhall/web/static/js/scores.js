// The scoreboard: each seat with its colour and name (an account's links to its profile), whose decision it is, the clock, and the
// numbers the board view gives that seat (tracks it owns). Free seats offer an invite link.
import { playerPage } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export function seatName(summary, seat) {
  const info = summary?.seats?.[seat];
  if (!info) return t("player-n", { n: seat + 1 });
  if (info.kind === "bot") return info.name || t("bot-named", { level: t(`level-${info.level || "custom"}`) });
  return info.name || t("player-n", { n: seat + 1 });
}

// A seat's name, a link to the profile page of the account holding the seat; a guest's, a bot's
// and a deleted account's name stay plain text.
export function seatLabel(summary, seat) {
  const name = seatName(summary, seat);
  const account = summary?.seats?.[seat]?.account;
  return account ? h("a", { class: "player-link", href: playerPage(account) }, name) : name;
}

// Tracks owned by a seat: top-level ones and those of the areas it owns.
export function tracksOf(board, seat) {
  const found = (board?.tracks || []).filter((tr) => tr.owner === seat);
  for (const area of board?.areas || []) {
    for (const tr of area.tracks || []) {
      if (tr.owner === seat || (tr.owner == null && area.owner === seat)) found.push(tr);
    }
  }
  return found;
}

export function clockText(seconds) {
  if (seconds == null) return "";
  const s = Math.max(0, Math.ceil(seconds));
  const pad = (n) => String(n).padStart(2, "0");
  // a turn clock's hours: h:mm:ss
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

export function renderScores(el, view, { held, onTake }) {
  const rows = view.seats.map((info) => {
    const seat = info.seat;
    const deciding = view.to_move.includes(seat);
    const clock = view.clocks?.left?.[seat];
    const invite = `${location.origin}/tables/${view.id}?seat=${seat}`;
    const free = info.kind === "human" && !info.taken;
    return h(
      "li",
      { class: ["seat", deciding ? "deciding" : "", seat in held ? "mine" : ""].join(" "), "data-seat": seat },
      h("span", { class: "swatch", style: `background:var(--seat-${seat})` }),
      h(
        "span",
        { class: "name", title: info.kind === "bot" ? info.spec : null },
        seatLabel(view, seat),
        seat in held ? ` (${t("you")})` : "",
      ),
      info.left ? h("span", { class: "left-mark" }, t("seat-left")) : null,
      deciding ? h("span", { class: "turn-mark", title: t("deciding") }, "▶") : null,
      clock != null ? h("span", { class: "clock", "data-clock": seat }, clockText(clock)) : null,
      h(
        "ul",
        { class: "tracks" },
        tracksOf(view.board, seat).map((tr) => h("li", {}, `${tr.label}: ${tr.value}`)),
      ),
      free
        ? h(
            "div",
            { class: "invite" },
            h("input", { readonly: true, value: invite, "aria-label": t("invite-link"), class: "invite-link" }),
            h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(invite) }, t("copy")),
            onTake ? h("button", { type: "button", class: "take", onclick: () => onTake(seat) }, t("take-seat")) : null,
          )
        : null,
    );
  });
  clear(el, rows);
}
