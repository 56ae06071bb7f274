// The board's configuration, as chessground's: what the host says (view, legal actions, last
// moves, callbacks); the board keeps no rule of its own.

const PALETTE = ["#2f6fd6", "#d23c3c", "#2e9d4a", "#e0a800", "#8a4fc9", "#333333", "#e06fb0", "#1fa5a5"];

export function playerColor(seat) {
  if (seat === null || seat === undefined) return "#8a8a8a";
  return PALETTE[seat % PALETTE.length];
}

export function defaults() {
  return {
    game: null, // the game's drawing module (docs/web-client.md)
    view: null, // the board view (docs/board-view.md)
    legal: [], // [{id, text, json, target}] of the seat deciding here
    movable: false, // may the viewer act now
    lastMoves: {}, // {seat: ["area|cell", ...]}: each player's last move, highlighted
    flash: [], // ["area|cell", ...]: cells just changed by someone else
    advice: [], // [{key: "area|cell", kind: "played" | "preferred"}]: a reviewed move, a hint
    lang: "en",
    t: (key) => key,
    names: null, // (seat) → the seat's name, for titles and tooltips; "player n" without it
    titles: true, // each area under its title (false: the page names the board itself)
    words: {}, // the game's terms in the page's language (GET /api/games/{name}/words)
    events: {
      act: () => {}, // (action) the chosen legal action
      change: () => {}, // (selection) the narrowing moved on
      refused: () => {}, // ({area, cell, part}) a click on a place where no legal action goes
    },
  };
}

export function configure(config, patch) {
  for (const [key, value] of Object.entries(patch)) {
    if (key === "events") config.events = { ...config.events, ...value };
    else config[key] = value;
  }
  return config;
}
