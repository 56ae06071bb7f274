// The event log in the game's words: events merged across views (each view carries the last
// steps), the ones by other players announced to screen readers as they arrive.
import { clear, h } from "./dom.js";

export function createLog(list, announcer) {
  let events = [];
  return {
    // Merge a view's events; returns the events newer than `since`.
    merge(view, since) {
      const incoming = view.events || [];
      const low = incoming.length ? incoming[0].state_id : view.state_id + 1;
      events = [...events.filter((e) => e.state_id < low && e.state_id <= view.state_id), ...incoming];
      return incoming.filter((e) => e.state_id > since);
    },
    render(names, fresh, mySeat) {
      const freshSet = new Set(fresh);
      clear(
        list,
        events.map((e) =>
          h(
            "li",
            {
              class: freshSet.has(e) ? "fresh" : null,
              "data-state": e.state_id,
              "data-player": e.player ?? "",
              style: e.player != null ? `border-left-color:var(--seat-${e.player})` : null,
              title: e.player != null ? names(e.player) : null,
            },
            e.text || e.kind,
          ),
        ),
      );
      list.scrollTop = list.scrollHeight;
      const others = fresh.filter((e) => e.player !== mySeat);
      if (others.length) announcer.textContent = others.map((e) => e.text || e.kind).join(". ");
    },
  };
}
