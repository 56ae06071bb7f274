// Sheets: a game may split its board into sheets (a town, a mine, a player's board...) shown one
// at a time, with a tab per sheet, so that each reads at a size a player can read. The game's
// `sheets(view, ctx)` gives [{id, label, areas: [area id...]}]; a new decision opens the sheet
// holding most of its legal targets. Without `sheets` the whole board is one sheet.
// The sheets of a view, or null when the game has none.
export function sheetsOf(game, view, ctx) {
  if (!view || typeof game.sheets !== "function") return null;
  const sheets = game.sheets(view, ctx).filter((s) => s.areas.length);
  return sheets.length ? sheets : null;
}

// How many legal target cells each sheet holds.
export function targetCounts(sheets, legalAt) {
  const counts = new Map(sheets.map((s) => [s.id, 0]));
  for (const key of legalAt.keys()) {
    const area = key.slice(0, key.indexOf("|"));
    const sheet = sheets.find((s) => s.areas.includes(area));
    if (sheet) counts.set(sheet.id, counts.get(sheet.id) + 1);
  }
  return counts;
}

// The sheet to show: on a new decision the one with most targets (the current one if it has
// any), else the current one while it exists, else the first.
export function chooseSheet(sheets, current, counts, decisionChanged) {
  const known = sheets.some((s) => s.id === current);
  if (decisionChanged) {
    if (known && counts.get(current) > 0) return current;
    let best = null;
    for (const s of sheets) if (counts.get(s.id) > 0 && (!best || counts.get(s.id) > counts.get(best.id))) best = s;
    if (best) return best.id;
  }
  return known ? current : sheets[0].id;
}

// The view with only the sheet's areas.
export function sheetView(view, sheet) {
  if (!sheet) return view;
  return { ...view, areas: view.areas.filter((a) => sheet.areas.includes(a.id)) };
}

// The tab bar: one button per sheet, a count where the decision has targets.
export function renderTabs(el, sheets, current, counts, onPick, h, lastMoved = new Set()) {
  if (!sheets || sheets.length < 2) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.replaceChildren(
    ...sheets.map((s) => {
      const n = counts.get(s.id) || 0;
      return h(
        "button",
        {
          type: "button",
          role: "tab",
          class: ["sheet-tab", n ? "has-targets" : "", lastMoved.has(s.id) ? "has-last-move" : ""].join(" ").trim(),
          "aria-selected": s.id === current ? "true" : "false",
          "data-sheet": s.id,
          "data-areas": s.areas.join(" "),
          onclick: () => onPick(s.id),
        },
        s.label,
        n ? h("span", { class: "sheet-count" }, String(n)) : null,
      );
    }),
  );
}
