// Seats this browser holds at a table: taking one (an invite link names it), and the hand-over
// screen between two held seats when the game hides something from the other players.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

// Ask for a name and take `seat`; resolves to true once seated, false when the player watches.
export function askToSit(overlay, summary, seat) {
  return new Promise((resolve) => {
    const name = h("input", {
      id: "join-name",
      value: store.name(),
      maxlength: 100,
      required: true,
      autocomplete: "nickname",
    });
    const problem = h("p", { class: "status", role: "alert" });
    const form = h(
      "form",
      { class: "dialog", id: "join-form" },
      h("h2", {}, t("join-title", { n: seat + 1 })),
      h("label", {}, t("your-name"), " ", name),
      problem,
      h(
        "p",
        {},
        h("button", { type: "submit", id: "join-take", class: "primary" }, t("take-seat")),
        " ",
        h("button", { type: "button", id: "join-watch", onclick: () => done(false) }, t("watch")),
      ),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const chosen = name.value.trim();
      if (!chosen) return;
      try {
        const taken = await api.sit(summary.id, seat, chosen);
        store.setName(chosen);
        store.addSeat(summary.id, summary.game, seat, taken.token);
        done(true);
      } catch (error) {
        problem.textContent = error.status === 409 ? t("seat-taken") : error.message;
      }
    });
    function done(seated) {
      overlay.hidden = true;
      clear(overlay);
      resolve(seated);
    }
    clear(overlay, form);
    overlay.hidden = false;
    name.focus();
  });
}

// Cover the table until the next player says they hold the device.
export function handOver(overlay, name) {
  return new Promise((resolve) => {
    const ready = h(
      "button",
      { type: "button", id: "handover-ready", class: "primary" },
      t("handover-ready", { name }),
    );
    ready.addEventListener("click", () => {
      overlay.hidden = true;
      clear(overlay);
      resolve();
    });
    clear(
      overlay,
      h(
        "div",
        { class: "dialog", id: "handover" },
        h("h2", {}, t("handover-title", { name })),
        h("p", {}, t("handover-text")),
        ready,
      ),
    );
    overlay.hidden = false;
    ready.focus();
  });
}

// Until every human seat is taken nothing moves: say how many players the table waits for, with
// an invite link per free seat (and who a seat is kept for).
export function renderWaiting(el, view) {
  const free = view.seats.filter((info) => info.kind === "human" && !info.taken);
  el.hidden = !(view.status === "open" && view.waiting > 0);
  if (el.hidden) return clear(el);
  const links = free.map((info) => {
    const url = `${location.origin}/tables/${view.id}?seat=${info.seat}`;
    const field = h("input", { readonly: true, value: url, "data-invite": info.seat, "aria-label": t("invite-link") });
    const copy = h(
      "button",
      {
        type: "button",
        onclick: () => {
          field.select();
          navigator.clipboard?.writeText(url).catch(() => {});
        },
      },
      t("copy"),
    );
    // a seat kept for a player invited by name: their lobby lists it; the link works for them alone
    const label = info.invited
      ? t("invite-seat-kept", { n: info.seat + 1, name: info.invited })
      : t("invite-seat", { n: info.seat + 1 });
    return h("li", { "data-kept": info.invited || null }, h("span", {}, label), " ", field, " ", copy);
  });
  return clear(
    el,
    h("p", { class: "waiting-title" }, t("waiting-players", { n: view.waiting })),
    h("p", { class: "small" }, t("waiting-help")),
    h("ul", { class: "invites" }, links),
  );
}

// A seat's own way out once the game runs: resign (the game ends, you rank last) or leave (the
// server plays your seat from now on). Both ask first; `onDone(view)` takes the new view.
export function renderSeatTools(el, view, { ask, resign, leave, onDone, onError }) {
  const mine = view.seat !== null && view.seat !== undefined ? view.seats[view.seat] : null;
  const running = view.status === "running" && !view.result;
  el.hidden = !(mine && running && !mine.left);
  if (el.hidden) return clear(el);
  const forfeits = view.clocks?.on_timeout === "forfeit";
  const tool = (id, label, question, send) =>
    h(
      "button",
      {
        type: "button",
        id,
        onclick: async () => {
          if (!(await ask(question, label))) return;
          try {
            onDone(await send());
          } catch (error) {
            onError(error);
          }
        },
      },
      label,
    );
  return clear(
    el,
    tool("resign", t("resign"), t("confirm-resign"), resign),
    " ",
    tool("leave", t("leave"), forfeits ? t("confirm-leave-forfeit") : t("confirm-leave"), leave),
  );
}
