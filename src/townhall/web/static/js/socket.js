// A websocket that comes back: a lost connection is opened again after a pause that doubles
// from `first` up to `most` ms (back to `first` once the server answers), until the server
// refuses (a message with `error`: retrying would not help) or `close()` is called.
export function reconnecting(url, { first, most, onOpen, onMessage, onRefused, onRetry }) {
  let socket = null;
  let closed = false;
  let wait = first;
  let timer = null;

  function open() {
    socket = new WebSocket(url());
    socket.addEventListener("open", () => onOpen?.(socket));
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.error) {
        closed = true;
        onRefused?.(data);
        return;
      }
      wait = first;
      onMessage(data);
    });
    socket.addEventListener("close", () => {
      if (closed) return;
      onRetry?.();
      timer = setTimeout(open, wait);
      wait = Math.min(wait * 2, most);
    });
  }

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
    // Drop the connection and let it reconnect (the tests, as a flaky network would).
    drop() {
      socket?.close();
    },
  };
}
