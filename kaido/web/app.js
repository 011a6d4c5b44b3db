// The page shell: header, sign-in, and which page the address shows.
import { get, post } from "./api.js";
import { clear, h } from "./dom.js";
import { errorText, lang, setLang, t } from "./i18n.js";
import { leaderboardRoute, showLeaderboards } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";
import { showTournament, showTournaments } from "./tournaments.js";
import { showMailPage, watchTurns } from "./turns.js";
import { link, navigate, notifyError, playerLink } from "./ui.js";

// What the server accepts for a new account's password (kaido/server/auth.py).
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;

const session = { user: null, preferences: null, games: [], leave: null };

function header() {
  const top = clear(document.getElementById("top"));
  const user = session.user;
  top.append(
    h("a", { href: "/", class: "brand", onclick: link("/") }, h("img", { src: "/static/icon.svg", alt: t("app.title") }), h("span", { class: "brand-name" }, t("app.title"))),
    h("nav", {},
      h("a", { href: "/", onclick: link("/") }, t("app.lobby")),
      h("a", { href: "/leaderboards", class: "leaderboards", onclick: link("/leaderboards") }, t("app.leaderboards")),
      h("a", { href: "/tournaments", class: "tournaments", onclick: link("/tournaments") }, t("app.tournaments")),
      h("button", { class: "lang", type: "button", onclick: toggleLang }, t("app.language")),
      user && session.games.length ? playerLink(session.games[0].id, user.name) : null,
      user ? h("button", { type: "button", class: "signout", onclick: signOut }, t("auth.signout")) : null,
    ),
  );
}

function toggleLang() {
  setLang(lang() === "en" ? "ja" : "en");
  route();
}

async function signOut() {
  await post("/api/logout");
  session.user = null;
  session.preferences = null;
  navigate("/");
}

function signInPage(main) {
  const name = h("input", { name: "name", autocomplete: "username", required: true, maxlength: 24 });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password", required: true, "aria-describedby": "password-rule" });
  // The rule for a new password stands next to the field; it turns red when a new account
  // is asked with a password that breaks it. A refusal is said in the form, not in a notice
  // that could outlive it.
  const rule = h("small", { class: "rule", id: "password-rule" }, t("auth.passwordRule", { min: MIN_PASSWORD, max: MAX_PASSWORD }));
  const problem = h("p", { class: "form-error", role: "alert" });
  const forget = () => {
    rule.classList.remove("bad");
    problem.textContent = "";
  };
  name.addEventListener("input", forget);
  password.addEventListener("input", forget);
  const submit = (path) => async (event) => {
    event.preventDefault();
    forget();
    const length = password.value.length;
    if (path === "/api/register" && (length < MIN_PASSWORD || length > MAX_PASSWORD)) {
      rule.classList.add("bad");
      password.focus();
      return;
    }
    try {
      session.user = (await post(path, { name: name.value, password: password.value })).user;
      clear(document.getElementById("notice"));
      route();
    } catch (error) {
      problem.textContent = errorText(error);
    }
  };
  // A guest plays under the name written above, if any (else the server names them).
  const guest = async () => {
    forget();
    try {
      const chosen = name.value.trim();
      session.user = (await post("/api/guest", chosen ? { name: chosen } : {})).user;
      route();
    } catch (error) {
      problem.textContent = errorText(error);
    }
  };
  main.append(
    h("section", { class: "signin panel" },
      h("h1", {}, t("auth.title")),
      h("form", { onsubmit: submit("/api/login") },
        h("label", {}, t("auth.name"), name),
        h("label", {}, t("auth.password"), password, rule),
        problem,
        h("div", { class: "row" },
          h("button", { type: "submit", class: "primary", id: "signin" }, t("auth.signin")),
          h("button", { type: "button", id: "register", onclick: submit("/api/register") }, t("auth.register")),
        ),
      ),
      h("hr"),
      h("p", { class: "hint" }, t("auth.guestNote")),
      h("button", { type: "button", id: "guest", onclick: guest }, t("auth.guest")),
    ),
  );
}

export async function route() {
  document.documentElement.lang = lang();
  if (session.user && !session.preferences) {
    try {
      session.preferences = (await get("/api/me")).preferences;
    } catch (error) {
      notifyError(error);
    }
  }
  document.title = t("app.title");
  if (session.leave) session.leave();
  session.leave = null;
  header();
  const main = clear(document.getElementById("app"));
  const path = location.pathname;
  const table = path.match(/^\/table\/([\w-]+)$/);
  const replay = path.match(/^\/replay\/([\w-]+)$/);
  const boards = leaderboardRoute(path);
  const tournament = path.match(/^\/tournaments\/([\w-]+)$/);
  const mail = path.match(/^\/mail\/(confirm|unsubscribe)\/([^/]+)$/);
  if (mail) {
    showMailPage(main, mail[1], decodeURIComponent(mail[2]));
  } else if (tournament) {
    session.leave = showTournament(main, session, tournament[1]);
  } else if (path === "/tournaments") {
    await showTournaments(main, session);
  } else if (boards) {
    await showLeaderboards(main, session, boards);
  } else if (replay) {
    session.leave = await showReplay(main, replay[1], session);
  } else if (table) {
    session.leave = showTable(main, table[1], session);
  } else if (!session.user) {
    signInPage(main);
  } else {
    session.leave = await showLobby(main, session);
  }
}

async function start() {
  try {
    ({ user: session.user, preferences: session.preferences } = await get("/api/me"));
    session.games = (await get("/api/games")).games;
  } catch (error) {
    notifyError(error);
  }
  window.addEventListener("popstate", route);
  window.addEventListener("kaido:navigate", route);
  watchTurns(session);
  await route();
}

start();
