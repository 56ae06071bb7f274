// The table's websocket: the seat's view at connect and after every change. A lost connection
// is retried with growing pauses; the server's first message after reconnecting is the current
// view, so the page catches up by itself.
import { socketUrl } from "./api.js";

export function connect(table, token, { onView, onStatus }) {
  let socket = null;
  let closed = false;
  let wait = 500;
  let timer = null;

  function open() {
    onStatus("connecting");
    socket = new WebSocket(socketUrl(table));
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ token: token ?? null })); // the seat (null: watching), first
      wait = 500;
      onStatus("live");
    });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.error) {
        closed = true; // a bad token or a missing table: retrying would not help
        onStatus("refused", data);
        return;
      }
      onView(data);
    });
    socket.addEventListener("close", () => {
      if (closed) return;
      onStatus("reconnecting");
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, 5000);
    });
  }

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
    // For the tests and a flaky network alike: drop the connection and let it reconnect.
    drop() {
      socket?.close();
    },
  };
}
