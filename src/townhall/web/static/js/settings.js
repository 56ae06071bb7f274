// The account's settings (/account): a new password (the old one asked again; the account's other
// browsers are signed out), the address turn mails go to, signing out, and deleting the account
// (its password asked, then a confirmation: its games stay, under "deleted player").
import { account } from "./account.js";
import { api, setCsrf } from "./api.js";
import { $, clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { startPage, titled } from "./pages.js";

function passwordField(name, autocomplete) {
  return h("input", { name, type: "password", autocomplete, minlength: 8, maxlength: 200, required: true });
}

// A form of labelled fields whose submit runs `send()` and says how it went in its status line.
function form(id, titleKey, fields, buttonKey, send) {
  const status = h("p", { class: "status", role: "status" });
  const element = h(
    "form",
    { id, class: "settings-form" },
    h("h2", {}, t(titleKey)),
    fields.map(([key, input]) => h("label", {}, h("span", {}, t(key)), " ", input)),
    h("p", {}, h("button", { type: "submit", class: "primary" }, t(buttonKey))),
    status,
  );
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.classList.remove("done");
    try {
      status.textContent = await send();
      status.classList.add("done");
    } catch (error) {
      status.textContent = error.message;
    }
  });
  return element;
}

function passwordForm() {
  const old = passwordField("password", "current-password");
  const fresh = passwordField("new-password", "new-password");
  return form(
    "password-form",
    "change-password",
    [
      ["current-password", old],
      ["new-password", fresh],
    ],
    "change-password",
    async () => {
      await api.changePassword(old.value, fresh.value);
      old.value = fresh.value = "";
      return t("password-changed");
    },
  );
}

function emailForm(me) {
  const email = h("input", {
    name: "email",
    type: "email",
    autocomplete: "email",
    maxlength: 254,
    value: me.email || "",
  });
  const element = form("email-form", "turn-mails", [["email-address", email]], "save", async () => {
    await api.setEmail(email.value.trim() || null);
    return email.value.trim() ? t("email-saved") : t("email-removed");
  });
  element.querySelector("h2").after(h("p", { class: "small" }, t("turn-mails-help")));
  return element;
}

// Deleting asks for the password, then asks once more in words before anything goes.
function deleteForm(me) {
  const password = passwordField("delete-password", "current-password");
  const question = h(
    "div",
    { class: "confirm-delete", role: "alertdialog", "aria-label": t("delete-account"), hidden: true },
    h("p", {}, t("delete-question", { name: me.name })),
  );
  let answer = null;
  const reply = (yes) => () => answer?.(yes);
  question.append(
    h(
      "p",
      {},
      h("button", { type: "button", class: "danger", id: "delete-yes", onclick: reply(true) }, t("delete-for-good")),
      " ",
      h("button", { type: "button", id: "delete-no", onclick: reply(false) }, t("cancel")),
    ),
  );
  const element = form("delete-form", "delete-account", [["password", password]], "delete-account", async () => {
    question.hidden = false;
    $("#delete-no").focus();
    const yes = await new Promise((resolve) => {
      answer = resolve;
    });
    question.hidden = true;
    if (!yes) return "";
    await api.deleteAccount(password.value);
    setCsrf(null);
    location.href = "/";
    return t("account-deleted");
  });
  element.querySelector("p:has(button)").before(h("p", { class: "small" }, t("delete-help")));
  element.querySelector("button[type=submit]").className = "danger"; // the one change that cannot be undone
  element.append(question);
  return element;
}

async function render(session) {
  const slot = $("#settings");
  if (!session) {
    clear(slot, h("p", {}, t("sign-in-for-settings")));
    return;
  }
  const me = await api.me();
  clear(slot, passwordForm(), emailForm(me), deleteForm(me));
}

async function main() {
  await startPage();
  titled(t("account-settings"));
  $("#account-slot").setAttribute("aria-label", t("account"));
  // signing in or out here shows or hides the settings at once
  await render(await account($("#account-slot"), render));
}

main();
