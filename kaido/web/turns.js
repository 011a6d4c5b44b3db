// Being told it is your turn: every page counts the tables where it is yours in its title
// ("(2) Kaido"), and, once you allowed it, the browser shows a notification when a table
// becomes yours. The lobby's panel sets turn mail (a digest; the server mails it).
import { get, post } from "./api.js";
import { clear, h } from "./dom.js";
import { errorText, lang, t } from "./i18n.js";
import { navigate, notifyError } from "./ui.js";

const POLL_MS = 15000;
const BADGE = /^\(\d+\) /;

let count = 0;
let known = null; // the tables last seen waiting for you (null: not asked yet)
let timer = 0;

function badge() {
  const bare = document.title.replace(BADGE, "");
  const wanted = count ? `(${count}) ${bare}` : bare;
  if (document.title !== wanted) document.title = wanted;
}

// Pages set their own titles; the count is put back in front of whatever they set.
export function watchTurns(session) {
  new MutationObserver(badge).observe(document.querySelector("title"), { childList: true });
  const poll = async () => {
    clearTimeout(timer);
    if (session.user) {
      try {
        const tables = (await get("/api/turns")).tables;
        tell(tables.filter((table) => known && !known.has(table.id)));
        known = new Set(tables.map((table) => table.id));
        count = tables.length;
      } catch {
        count = 0; // signed out meanwhile, or the server away a moment
      }
    } else {
      count = 0;
      known = null;
    }
    // What the page knows, for tests: the count once asked while signed in.
    if (known) document.documentElement.dataset.turns = String(count);
    else delete document.documentElement.dataset.turns;
    badge();
    timer = setTimeout(poll, POLL_MS);
  };
  window.addEventListener("kaido:navigate", () => setTimeout(poll, 500));
  window.addEventListener("kaido:turns", () => setTimeout(poll, 300)); // a table's turn moved
  window.addEventListener("popstate", poll);
  window.addEventListener("focus", poll); // back to the tab: the count is fresh at once
  poll();
}

function tell(fresh) {
  if (!fresh.length || !("Notification" in window) || Notification.permission !== "granted") return;
  for (const table of fresh) {
    if (location.pathname === `/table/${table.id}` && document.hasFocus()) continue;
    const shown = new Notification(t("turns.notification"), { body: t("turns.notificationBody"), tag: table.id, lang: lang() });
    shown.onclick = () => {
      window.focus();
      navigate(`/table/${table.id}`);
    };
    document.documentElement.dataset.notified = table.id;
  }
}

// The lobby's panel: browser notifications and turn mail.
export function turnSettings() {
  const panel = h("section", { class: "panel turn-settings", id: "turn-settings" });
  panel.append(h("h2", {}, t("turns.title")));
  if ("Notification" in window) {
    const state = h("span", { class: "hint" });
    const ask = h("button", { type: "button", id: "allow-notifications" }, t("turns.allow"));
    const describe = () => {
      state.textContent = t(`turns.permission.${Notification.permission}`);
      ask.hidden = Notification.permission !== "default";
    };
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      describe();
    });
    describe();
    panel.append(h("p", {}, ask, " ", state));
  }
  const mail = h("form", { class: "mail-form", id: "mail-form" });
  panel.append(mail);
  fillMail(mail);
  return panel;
}

async function fillMail(form) {
  let settings;
  try {
    settings = await get("/api/mail");
  } catch (error) {
    return;
  }
  if (!settings.available) {
    form.append(h("p", { class: "hint" }, t("turns.noMail")));
    return;
  }
  const address = h("input", { type: "email", name: "address", value: settings.address || "", placeholder: "you@example.org", maxlength: 254 });
  const wanted = h("input", { type: "checkbox", name: "turn_mail", checked: settings.address ? settings.turn_mail : true });
  const said = h("p", { class: "hint mail-state", role: "status" }, mailState(settings));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const saved = await post("/api/mail", { address: address.value, turn_mail: wanted.checked, lang: lang() });
      clear(said).append(mailState(saved));
    } catch (error) {
      clear(said).append(errorText(error));
    }
  });
  form.append(
    h("label", {}, t("turns.address"), address),
    h("label", { class: "check" }, wanted, t("turns.mailMe", { m: settings.digest_minutes })),
    h("button", { type: "submit" }, t("turns.save")),
    said);
}

function mailState(settings) {
  if (!settings.address) return t("turns.noAddress");
  if (!settings.confirmed) return t("turns.unconfirmed", { address: settings.address });
  return settings.turn_mail ? t("turns.mailOn") : t("turns.mailOff");
}

// The pages a mail links to: one button confirms the address, or stops the mail.
export function showMailPage(main, kind, token) {
  const done = h("p", { role: "status", class: "mail-done" });
  const act = async () => {
    try {
      if (kind === "confirm") await post("/api/mail/confirm", { token });
      else await post(`/api/mail/unsubscribe/${encodeURIComponent(token)}`);
      button.disabled = true;
      done.textContent = t(kind === "confirm" ? "turns.confirmed" : "turns.unsubscribed");
    } catch (error) {
      notifyError(error);
    }
  };
  const button = h("button", { type: "button", class: "primary", id: "mail-action", onclick: act }, t(kind === "confirm" ? "turns.confirm" : "turns.unsubscribe"));
  main.append(h("section", { class: "panel mail-page" }, h("h1", {}, t("turns.title")), button, done));
}
