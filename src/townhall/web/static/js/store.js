// What the browser keeps between visits (localStorage): the player's name and, per table, the
// tokens of the seats it holds, so a reload or a return goes back to the same seats.

const NAME = "townhall.name";
const SEATS = "townhall.seats";
const CAMPAIGNS = "townhall.campaigns";

function readCampaigns() {
  try {
    return JSON.parse(localStorage.getItem(CAMPAIGNS) || "{}");
  } catch {
    return {};
  }
}

// The object kept under `key` ({} when there is none or it does not parse).
export function readObject(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}

const read = () => readObject(SEATS);

export const store = {
  name: () => localStorage.getItem(NAME) || "",
  setName: (name) => localStorage.setItem(NAME, name),
  // {seat: token} held for one table.
  seats: (table) => read()[table]?.seats || {},
  addSeat(table, game, seat, token) {
    const all = read();
    const entry = all[table] || { game, seats: {}, at: Date.now() };
    entry.seats[seat] = token;
    all[table] = entry;
    localStorage.setItem(SEATS, JSON.stringify(all));
  },
  dropSeat(table, seat) {
    const all = read();
    if (!all[table]) return;
    delete all[table].seats[seat];
    if (!Object.keys(all[table].seats).length) delete all[table];
    localStorage.setItem(SEATS, JSON.stringify(all));
  },
  // The campaigns this browser holds a seat of: {id: {game, seat, token, at}}; newest first.
  addCampaign(id, game, seat, token) {
    const all = readCampaigns();
    all[id] = { game, seat, token, at: Date.now() };
    localStorage.setItem(CAMPAIGNS, JSON.stringify(all));
  },
  campaign: (id) => readCampaigns()[id] || null,
  campaigns: () =>
    Object.entries(readCampaigns())
      .map(([id, entry]) => ({ id, ...entry }))
      .sort((a, b) => b.at - a.at),
  // [{id, game, seats, at}] newest first.
  tables: () =>
    Object.entries(read())
      .map(([id, entry]) => ({ id, ...entry }))
      .sort((a, b) => b.at - a.at),
};
