// The table's websocket: the seat's view at connect and after every change. A lost connection
// is retried with growing pauses; the server's first message after reconnecting is the current
// view, so the page catches up by itself.
import { socketUrl } from "./api.js";
import { reconnecting } from "./socket.js";

export function connect(table, token, { onView, onStatus }) {
  return reconnecting(
    () => {
      onStatus("connecting");
      return socketUrl(table);
    },
    {
      first: 500,
      most: 5000,
      onOpen(socket) {
        socket.send(JSON.stringify({ token: token ?? null })); // the seat (null: watching), first
        onStatus("live");
      },
      onMessage: onView,
      onRefused: (data) => onStatus("refused", data), // a bad token or a missing table
      onRetry: () => onStatus("reconnecting"),
    },
  );
}
