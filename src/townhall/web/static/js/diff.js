// What changed on the board between two views: the cells whose content (terrain, label,
// rotation, parts, pieces, marks) differs. The open cells of a placement and the game's own
// last-move mark are left out: they follow whose turn it is, not what was done.
import { cellKey } from "./board/state.js";

const IGNORED_MARKS = new Set(["open", "last-move"]);

function contents(board) {
  const found = new Map();
  for (const area of board?.areas || []) {
    for (const cell of area.cells || []) {
      if ((cell.marks || []).some((m) => m.kind === "open")) continue;
      const marks = (cell.marks || []).filter((m) => !IGNORED_MARKS.has(m.kind));
      const { terrain, label, rotation, parts, pieces } = cell;
      found.set(cellKey(area.id, cell.id), JSON.stringify([terrain, label, rotation, parts, pieces, marks]));
    }
  }
  return found;
}

export function changedCells(before, after) {
  if (!before) return [];
  const old = contents(before);
  const changed = [];
  for (const [key, value] of contents(after)) {
    if (old.get(key) !== value) changed.push(key);
  }
  return changed;
}
