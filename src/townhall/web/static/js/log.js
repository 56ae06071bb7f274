// The event log in the game's words: the lines of each view merged with the older ones loaded
// page by page (on scrolling to the top, or "show earlier"); a step taken back stays, struck
// through and marked; each line in the colour of the seat it is about. Lines by other players
// are announced to screen readers as they arrive.
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

const NEAR_TOP = 24; // px from the top at which scrolling up loads the earlier lines

// `load(before)` answers a log page: {events, earlier} of the lines with state ids below `before`.
export function createLog(list, announcer, { load }) {
  let events = [];
  let seat;
  let earlier = false;
  let loading = false;
  let shown = { names: String, mySeat: null };
  const more = h(
    "button",
    { type: "button", class: "log-earlier", id: "log-earlier", hidden: true },
    t("show-earlier"),
  );
  list.before(more);

  async function loadEarlier() {
    if (loading || !earlier) return;
    loading = true;
    const first = events.length ? events[0].state_id : null;
    try {
      const page = await load(first);
      if (events.length && events[0].state_id !== first) return; // the log moved on meanwhile
      const height = list.scrollHeight;
      events = [...page.events.filter((e) => first === null || e.state_id < first), ...events];
      earlier = page.earlier;
      draw([]);
      list.scrollTop += list.scrollHeight - height; // the line read before stays in place
    } finally {
      loading = false;
    }
  }

  function line(e, fresh) {
    const actor = "actor" in e ? e.actor : e.player; // null: a line about several seats
    const text = e.text || e.kind;
    return h(
      "li",
      {
        class: [fresh ? "fresh" : "", e.undone ? "undone" : ""].join(" ").trim() || null,
        "data-state": e.state_id,
        "data-player": actor ?? "",
        "data-undone": e.undone ? "yes" : null,
        style: actor != null ? `--line-seat:var(--seat-${actor})` : null,
        title: actor != null ? shown.names(actor) : null,
      },
      e.undone ? [h("s", {}, text), " ", h("span", { class: "undone-mark" }, t("undone"))] : text,
    );
  }

  function draw(fresh) {
    const freshSet = new Set(fresh);
    clear(
      list,
      events.map((e) => line(e, freshSet.has(e))),
    );
    more.hidden = !earlier;
  }

  list.addEventListener("scroll", () => {
    if (list.scrollTop < NEAR_TOP) loadEarlier();
  });
  more.addEventListener("click", loadEarlier);

  return {
    // Merge a view's lines (they replace ours from their first state id on: a line may have been
    // taken back since); returns the lines newer than `since`.
    merge(view, since) {
      const incoming = view.events || [];
      if (view.seat !== seat) {
        events = []; // each seat counts state ids its own way
        seat = view.seat;
      }
      const low = incoming.length ? incoming[0].state_id : view.state_id + 1;
      const older = events.filter((e) => e.state_id < low);
      if (!older.length) earlier = Boolean(view.earlier_events);
      events = [...older, ...incoming];
      return incoming.filter((e) => e.state_id > since && !e.undone);
    },
    render(names, fresh, mySeat) {
      shown = { names, mySeat };
      draw(fresh);
      list.scrollTop = list.scrollHeight;
      const others = fresh.filter((e) => ("actor" in e ? e.actor : e.player) !== mySeat);
      if (others.length) announcer.textContent = others.map((e) => e.text || e.kind).join(". ");
    },
    loadEarlier,
  };
}
