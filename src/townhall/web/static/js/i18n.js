// UI strings through t(key): JSON catalogs in static/i18n, chosen by the browser's languages or
// the switcher (kept in localStorage). A key missing from a catalog falls back to English.

export const LANGUAGES = { en: "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文", ja: "日本語" };
const STORE_KEY = "townhall.lang";
let catalog = {};
let fallback = {};
export let lang = "en";

export function pickLanguage(preferred = navigator.languages || [navigator.language]) {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of preferred) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith("zh")) {
      return /hant|-tw|-hk|-mo/.test(lower) ? "zh-Hant" : "zh-Hans";
    }
    if (lower.startsWith("ja")) return "ja";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  return response.ok ? response.json() : {};
}

export async function setup() {
  lang = pickLanguage();
  fallback = await load("en");
  catalog = lang === "en" ? fallback : await load(lang);
  document.documentElement.lang = lang;
  return lang;
}

// t("turn-of", {name: "Ann"}): the catalog's text with {name} filled in.
export function t(key, vars = {}) {
  const text = catalog[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

// A <select> that switches the language and reloads the page.
export function switcher(h) {
  const select = h("select", { id: "lang", "aria-label": t("language") });
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(h("option", { value: code, selected: code === lang }, name));
  }
  select.addEventListener("change", () => {
    localStorage.setItem(STORE_KEY, select.value);
    location.reload();
  });
  return select;
}
