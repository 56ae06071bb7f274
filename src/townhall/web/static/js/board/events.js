// Input: a click or Enter on a cell or part narrows the legal actions; R rotates, F flips,
// Enter confirms, Escape cancels (when no text field has the focus).

export function bindInput(el, board) {
  el.addEventListener("click", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (!cell) return;
    const part = event.target.closest("[data-part]");
    board.pick(cell.dataset.area, cell.dataset.cell, part && cell.contains(part) ? part.dataset.part : undefined);
  });
  el.addEventListener("keydown", (event) => {
    const cell = event.target.closest?.("[data-cell]");
    if (cell && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      board.pick(cell.dataset.area, cell.dataset.cell, undefined);
    }
  });
  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (typing) return;
    const key = event.key.toLowerCase();
    if (key === "r") board.rotate(event.shiftKey ? -1 : 1);
    else if (key === "f") board.flip();
    else if (key === "escape") board.cancel();
    else if (key === "enter" && !event.target.closest?.("button, [data-cell], a")) board.confirm();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
