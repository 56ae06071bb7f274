// Narrowing the legal actions by clicks: area and cell, then part, then orientation (rotation
// and flip), then a choice by text when several actions still share everything. Pure functions
// of the legal actions and the selection; no rule is known here.

export const cellKey = (area, cell) => `${area}|${cell}`;

export function onBoard(action) {
  return Boolean(action.target && action.target.cell !== null && action.target.cell !== undefined);
}

// {"area|cell": [actions]} of the actions with a place on the board.
export function targets(legal) {
  const found = new Map();
  for (const action of legal) {
    if (!onBoard(action)) continue;
    const key = cellKey(action.target.area, action.target.cell);
    if (!found.has(key)) found.set(key, []);
    found.get(key).push(action);
  }
  return found;
}

const orientationKey = (target) => `${target.rotation ?? ""}|${target.flipped ?? ""}`;
const partOf = (action) => action.target.part ?? null;

// Where the selection stands: {stage, at, parts, part, orientations, orientation, candidates}.
// stage: "idle" (nothing chosen), "part" (click a part), "orient" (rotate/flip, then confirm),
// "choose" (several actions left: pick one by text), "act" (one action, taken at once).
export function narrow(legal, selection) {
  const none = {
    stage: "idle",
    at: [],
    parts: [],
    part: undefined,
    orientations: [],
    orientation: null,
    candidates: [],
  };
  if (!selection || selection.cell === undefined) return none;
  const at = targets(legal).get(cellKey(selection.area, selection.cell)) || [];
  if (!at.length) return none;
  const parts = [...new Set(at.map(partOf))];
  let part = parts.includes(selection.part) ? selection.part : undefined; // a click on a part with no action
  if (part === undefined && parts.length === 1) part = parts[0];
  if (part === undefined) {
    return { ...none, stage: "part", at, parts, candidates: at };
  }
  const inPart = at.filter((action) => partOf(action) === part);
  const oriented = inPart.some((a) => a.target.rotation != null || a.target.flipped != null);
  const orientations = [...new Map(inPart.map((a) => [orientationKey(a.target), a.target])).values()].sort(
    (a, b) => Number(Boolean(a.flipped)) - Number(Boolean(b.flipped)) || (a.rotation ?? 0) - (b.rotation ?? 0),
  );
  const index = oriented ? Math.min(selection.orientation ?? 0, orientations.length - 1) : 0;
  const orientation = oriented ? orientations[index] : null;
  const candidates = oriented ? inPart.filter((a) => orientationKey(a.target) === orientationKey(orientation)) : inPart;
  let stage = "act";
  if (candidates.length > 1) stage = "choose";
  else if (oriented) stage = "orient";
  return { stage, at, parts, part, orientations, orientation, orientationIndex: index, candidates };
}

// The next legal rotation with the same flip (R key); the same rotation flipped (F key).
export function nextRotation(narrowed, step = 1) {
  const { orientations, orientationIndex } = narrowed;
  if (!orientations.length) return 0;
  const flipped = Boolean(orientations[orientationIndex].flipped);
  const same = orientations.map((o, i) => [o, i]).filter(([o]) => Boolean(o.flipped) === flipped);
  const at = same.findIndex(([, i]) => i === orientationIndex);
  return same[(at + step + same.length) % same.length][1];
}

export function flipOrientation(narrowed) {
  const { orientations, orientationIndex } = narrowed;
  if (!orientations.length) return 0;
  const current = orientations[orientationIndex];
  const other = orientations.map((o, i) => [o, i]).filter(([o]) => Boolean(o.flipped) !== Boolean(current.flipped));
  if (!other.length) return orientationIndex;
  const match = other.find(([o]) => o.rotation === current.rotation) || other[0];
  return match[1];
}

export const canFlip = (narrowed) => new Set(narrowed.orientations.map((o) => Boolean(o.flipped))).size > 1;
export const canRotate = (narrowed) => {
  if (!narrowed.orientations.length) return false;
  const flipped = Boolean(narrowed.orientations[narrowed.orientationIndex].flipped);
  return narrowed.orientations.filter((o) => Boolean(o.flipped) === flipped).length > 1;
};

// A board view with every list present (the server may leave out empty ones and defaults).
export function normalize(view) {
  if (!view) return view;
  const cell = (c) => ({
    label: null,
    terrain: null,
    rotation: 0,
    ...c,
    parts: c.parts || [],
    pieces: (c.pieces || []).map((p) => ({ count: 1, owner: null, ...p })),
    marks: c.marks || [],
  });
  const area = (a) => ({
    owner: null,
    ...a,
    cells: (a.cells || []).map(cell),
    tracks: a.tracks || [],
    items: (a.items || []).map((i) => ({ count: 1, ...i })),
  });
  return {
    ...view,
    areas: (view.areas || []).map(area),
    tracks: view.tracks || [],
    items: (view.items || []).map((i) => ({ count: 1, ...i })),
  };
}
