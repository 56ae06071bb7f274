// The lobby's account control: sign in or register with a name and a password (the seats this
// browser holds as a guest go to the account), the signed-in name with links to the player's page
// and the account's settings, sign out. The session is a cookie the page never sees; its CSRF token
// rides on the page's changes (api.js).
import { api, playerPage, session, setCsrf } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./store.js";

const MAX_SEATS = 64; // seats sent when signing in (the server takes at most this many)

// This browser's seat tokens, as {table, token}, newest tables first.
function guestSeats() {
  return store
    .tables()
    .flatMap((entry) => Object.values(entry.seats).map((token) => ({ table: entry.id, token })))
    .slice(0, MAX_SEATS);
}

function signedIn(slot, me, changed) {
  clear(slot, [
    h("span", { class: "signed-in" }, t("signed-in-as", { name: me.name })),
    " ",
    h("a", { class: "profile-link", href: playerPage(me.name) }, t("my-profile")),
    " ",
    h("a", { class: "settings-link", href: "/account" }, t("account-settings")),
    " ",
    h(
      "button",
      {
        type: "button",
        class: "sign-out",
        onclick: async () => {
          await api.signOut().catch(() => null);
          setCsrf(null);
          render(slot, null, changed);
          changed(null);
        },
      },
      t("sign-out"),
    ),
  ]);
}

function signInForm(slot, changed) {
  const name = h("input", { name: "account-name", autocomplete: "username", maxlength: 40, required: true });
  const password = h("input", {
    name: "password",
    type: "password",
    autocomplete: "current-password",
    minlength: 8,
    maxlength: 200,
    required: true,
  });
  const status = h("span", { class: "status", role: "alert" });
  const send = (call) => async (event) => {
    event.preventDefault();
    if (!name.reportValidity() || !password.reportValidity()) return;
    try {
      const me = await call({ name: name.value.trim(), password: password.value, seats: guestSeats() });
      setCsrf(me.csrf);
      render(slot, me, changed);
      changed(me);
    } catch (error) {
      status.textContent = error.message;
    }
  };
  const form = h(
    "form",
    { class: "account-form", onsubmit: send(api.signIn) },
    h("label", {}, h("span", {}, t("account-name")), " ", name),
    " ",
    h("label", {}, h("span", {}, t("password")), " ", password),
    " ",
    h("button", { type: "submit", class: "sign-in" }, t("sign-in")),
    " ",
    h("button", { type: "button", class: "register", onclick: send(api.register) }, t("register")),
    " ",
    status,
  );
  clear(slot, [form]);
}

function render(slot, me, changed) {
  if (me) signedIn(slot, me, changed);
  else signInForm(slot, changed);
}

// Shows the control in `slot`; `changed(me)` hears every sign-in and sign-out (me: null).
export async function account(slot, changed = () => {}) {
  const me = await session().catch(() => null);
  render(slot, me, changed);
  return me;
}
