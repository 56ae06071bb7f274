// The table chat: lines shown as text only; seated players write.
import { clear, h } from "./dom.js";

export function renderChat(list, lines, names) {
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  clear(
    list,
    (lines || []).map((line) =>
      h("li", {}, h("b", { style: `color:var(--seat-${line.seat})` }, `${line.name || names(line.seat)}: `), line.text),
    ),
  );
  if (atBottom) list.scrollTop = list.scrollHeight;
}
