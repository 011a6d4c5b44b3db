// Quick match: "Play now" puts you in the queue of a game, a player count and a pace; the
// page asks the server every few seconds (which keeps your place) and goes to the table
// once you are seated. Every tab of yours shows the same place (it is kept by the server).
import { get, post } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { navigate, notifyError } from "./ui.js";

const POLL_MS = 2000;
const BOT_WAITS = [null, 10, 30, 60, 120, 300];

export function quickMatchPanel(session) {
  const games = session.games;
  const panel = h("form", { class: "panel quick-match", id: "quick-match" });
  const game = h("select", { name: "qm-game" }, games.map((g) => h("option", { value: g.id }, g.title[lang()] || g.title.en)));
  const players = h("select", { name: "qm-players" });
  const pace = h("select", { name: "qm-pace" },
    h("option", { value: "realtime" }, t("quick.realtime")),
    h("option", { value: "turn-based" }, t("quick.turnBased")));
  const bots = h("select", { name: "qm-bots" }, BOT_WAITS.map((s) => h("option", { value: s ?? "" }, s === null ? t("quick.noBots") : t("quick.botsAfter", { s }))));
  const status = h("div", { class: "quick-status", role: "status" });
  const fillPlayers = () => {
    const chosen = games.find((g) => g.id === game.value) || games[0];
    clear(players).append(...chosen.player_counts.map((n) => h("option", { value: n }, n)));
    players.value = String(chosen.default_players);
  };
  game.addEventListener("change", fillPlayers);
  if (games.length) fillPlayers();

  let timer = 0;
  let waited = false; // this page saw the place waiting: a table found is gone to at once
  const show = (state) => {
    panel.dataset.state = state.state;
    clear(status);
    if (state.state === "waiting" || state.state === "seating") {
      waited = true;
      const title = games.find((g) => g.id === state.game)?.title;
      status.append(
        h("p", { class: "searching" }, h("span", { class: "spinner", "aria-hidden": "true" }),
          t("quick.searching", { game: title ? title[lang()] || title.en : state.game, n: state.players || "" })),
        state.state === "waiting" ? h("p", { class: "hint" }, t("quick.waited", { s: Math.round(state.waited), w: state.window.toFixed(1), n: state.in_queue })) : null,
        h("button", { type: "button", class: "leave-queue", onclick: leave }, t("quick.leave")));
    } else if (state.state === "matched") {
      if (waited) {
        stop();
        navigate(`/table/${state.table}`);
        return;
      }
      status.append(h("p", {}, t("quick.ready"), " ", h("a", { href: `/table/${state.table}`, class: "button", onclick: (e) => { e.preventDefault(); navigate(`/table/${state.table}`); } }, t("lobby.go"))));
    }
    panel.querySelector("button[type=submit]").disabled = state.state === "waiting" || state.state === "seating";
  };
  const poll = async () => {
    try {
      show(await get("/api/quickmatch"));
    } catch (error) {
      if (error.code !== "not_signed_in") notifyError(error);
    }
    if (timer) timer = setTimeout(poll, POLL_MS);
  };
  const stop = () => {
    clearTimeout(timer);
    timer = 0;
  };
  async function leave() {
    try {
      waited = false;
      show(await post("/api/quickmatch/leave"));
    } catch (error) {
      notifyError(error);
    }
  }
  panel.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      show(await post("/api/quickmatch", {
        game: game.value,
        players: Number(players.value),
        pace: pace.value,
        bots_after: bots.value === "" ? null : Number(bots.value),
      }));
    } catch (error) {
      notifyError(error);
    }
  });
  panel.append(
    h("h2", {}, t("quick.title")),
    h("p", { class: "hint" }, t("quick.about")),
    h("label", {}, t("lobby.game"), game),
    h("label", {}, t("lobby.players"), players),
    h("label", {}, t("quick.pace"), pace),
    h("label", {}, t("quick.bots"), bots),
    h("button", { type: "submit", class: "primary play-now" }, t("quick.play")),
    status,
  );
  timer = setTimeout(poll, 0);
  return { panel, stop };
}
