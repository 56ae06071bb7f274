// The server's HTTP and websocket contract (docs/server.md). Every request names the page's
// language (?lang=), so the server may answer in it.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "http";
  }
}

export function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

// The session's CSRF token once signed in: every change the page makes carries it, since the
// browser sends the session cookie with every request (docs/server.md, Accounts).
let csrf = null;
export const setCsrf = (value) => {
  csrf = value || null;
};

export async function request(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(withLang(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// A path part (a table id, a seat, a game name) as it may stand in a URL.
const part = (value) => encodeURIComponent(String(value));
const tablePath = (table) => `/api/tables/${part(table)}`;

const campaignPath = (campaign) => `/api/campaigns/${part(campaign)}`;

export const api = {
  newCampaign: (body) => request("POST", "/api/campaigns", { body }),
  campaign: (campaign, token) => request("GET", campaignPath(campaign), { token }),
  sitCampaign: (campaign, seat, name) =>
    request("POST", `${campaignPath(campaign)}/seats/${part(seat)}`, { body: { name } }),
  handOver: (campaign, token, seat, to) =>
    request("POST", `${campaignPath(campaign)}/seats/${part(seat)}/hand-over`, { token, body: { to } }),
  choose: (campaign, token, choice) =>
    request("POST", `${campaignPath(campaign)}/choices`, { token, body: { choice } }),
  games: () => request("GET", "/api/games"),
  words: (game) => request("GET", `/api/games/${part(game)}/words`),
  tables: () => request("GET", "/api/tables"),
  create: (body) => request("POST", "/api/tables", { body }),
  sit: (table, seat, name) => request("POST", `${tablePath(table)}/seats/${part(seat)}`, { body: { name } }),
  view: (table, token) => request("GET", tablePath(table), { token }),
  act: (table, token, stateId, action) =>
    request("POST", `${tablePath(table)}/actions`, { token, body: { state_id: stateId, action } }),
  why: (table, token, { area, cell, part }) => {
    const query = new URLSearchParams({ area, cell, ...(part ? { part } : {}) });
    return request("GET", `${tablePath(table)}/why?${query}`, { token });
  },
  undo: (table, token, stateId) => request("POST", `${tablePath(table)}/undo`, { token, body: { state_id: stateId } }),
  final: (table, token, stateId, action) =>
    request("POST", `${tablePath(table)}/final`, { token, body: { state_id: stateId, action } }),
  resign: (table, token, stateId) =>
    request("POST", `${tablePath(table)}/resign`, { token, body: { state_id: stateId } }),
  leave: (table, token, stateId) =>
    request("POST", `${tablePath(table)}/leave`, { token, body: { state_id: stateId } }),
  chat: (table, token, text) => request("POST", `${tablePath(table)}/chat`, { token, body: { text } }),
  record: (table) => request("GET", `${tablePath(table)}/record`),
  rematch: (table, token) => request("POST", `${tablePath(table)}/rematch`, { token }),
  log: (table, token, before) =>
    request("GET", `${tablePath(table)}/log${before == null ? "" : `?before=${part(before)}`}`, { token }),
  step: (table, step) => request("GET", `${tablePath(table)}/steps/${part(step)}`),
  analysis: (table, token, at) =>
    request("GET", `${tablePath(table)}/analysis${at == null ? "" : `?at=${part(at)}`}`, { token }),
  review: (table) => request("GET", `${tablePath(table)}/review`),
  hint: (table, token) => request("GET", `${tablePath(table)}/hint`, { token }),
  register: (body) => request("POST", "/api/accounts", { body }),
  signIn: (body) => request("POST", "/api/session", { body }),
  signOut: () => request("DELETE", "/api/session"),
  me: () => request("GET", "/api/me"),
  player: (name) => request("GET", `/api/players/${part(name)}`),
  leaderboard: (game) => request("GET", `/api/games/${part(game)}/leaderboard`),
  changePassword: (password, fresh) => request("PUT", "/api/me/password", { body: { password, new_password: fresh } }),
  setEmail: (email) => request("PUT", "/api/me/email", { body: { email } }),
  deleteAccount: (password) => request("DELETE", "/api/me", { body: { password } }),
};

// The pages of a player's profile and of a game's leaderboard.
export const playerPage = (name) => `/players/${part(name)}`;
export const leaderboardPage = (game) => `/leaderboard/${part(game)}`;

// This browser's session ({name, csrf}), its CSRF token kept for the page's changes; null for a
// guest (GET /api/session answers a guest without a refusal: no error in the console).
export async function session() {
  const found = await request("GET", "/api/session");
  setCsrf(found.csrf);
  return found.name ? found : null;
}

// The seat's token is not in the URL (access logs keep URLs): the socket's first message names it.
export function socketUrl(table) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return withLang(`${scheme}://${location.host}/ws/tables/${part(table)}`);
}
