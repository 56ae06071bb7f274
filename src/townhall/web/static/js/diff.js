// What changed on the board between two views: the cells whose content (terrain, label,
// rotation, parts, pieces) differs. Marks are left out: they change with whose turn it is.
import { cellKey } from "./board/state.js";

function contents(board) {
  const found = new Map();
  for (const area of board?.areas || []) {
    for (const cell of area.cells) {
      const { terrain, label, rotation, parts, pieces } = cell;
      found.set(cellKey(area.id, cell.id), JSON.stringify([terrain, label, rotation, parts, pieces]));
    }
  }
  return found;
}

export function changedCells(before, after) {
  if (!before) return [];
  const old = contents(before);
  const changed = [];
  for (const [key, value] of contents(after)) {
    if (old.has(key) ? old.get(key) !== value : value !== JSON.stringify([null, null, 0, [], []])) changed.push(key);
  }
  return changed;
}
