// What every page shares: notices and moving to another page.
import { clear, h } from "./dom.js";
import { errorText, t } from "./i18n.js";

let noticeTimer = 0;

export function notify(text, kind = "error") {
  const box = document.getElementById("notice");
  clear(box).append(h("p", { class: `notice ${kind}` }, text));
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => clear(box), 8000);
}

export function notifyError(error) {
  notify(errorText(error));
}

// The connection of a live page: a banner across the top while it is lost, and a toast
// for a few seconds once it is back.
let connectionLost = false;

export function showConnection(online) {
  for (const banner of document.querySelectorAll(".connection-lost")) banner.remove();
  if (!online) {
    document.body.append(h("div", { class: "connection-lost", role: "alert" }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.reconnecting")));
  } else if (connectionLost) {
    toast(t("table.backOnline"));
  }
  connectionLost = !online;
}

// The page is left: no banner, and no toast when it is next online.
export function forgetConnection() {
  connectionLost = false;
  for (const banner of document.querySelectorAll(".connection-lost")) banner.remove();
}

export function toast(text) {
  const shown = h("div", { class: "toast", role: "status" }, text);
  document.body.append(shown);
  setTimeout(() => shown.remove(), 4000);
}

export function navigate(path) {
  history.pushState({}, "", path);
  window.dispatchEvent(new Event("kaido:navigate"));
}

export function link(path) {
  return (event) => {
    event.preventDefault();
    navigate(path);
  };
}

// A player's page (their rated games of a game: leaderboard.js), and their name as a link
// to it. Bots are rated by level, as `bot:LEVEL`.
export function playerPath(gameId, name) {
  return `/leaderboards/${gameId}/players/${encodeURIComponent(name)}`;
}

export function playerLink(gameId, name, content = name) {
  const path = playerPath(gameId, name);
  return h("a", { class: "name player-link", href: path, onclick: link(path) }, content);
}

// Player colours: the colour a game names its players by (red, 赤, ...), else by seat.
export const SEAT_COLOURS = ["#c0392b", "#2e6fd1", "#e39a12", "#f4f1ea", "#3c9a4b", "#8e44ad"];
const NAMED = {
  red: "#c0392b", blue: "#2e6fd1", white: "#f4f1ea", orange: "#e67e22", green: "#3c9a4b",
  brown: "#8b5a2b", yellow: "#f1c40f", black: "#2b2b2b", purple: "#8e44ad",
  赤: "#c0392b", 青: "#2e6fd1", 白: "#f4f1ea", 橙: "#e67e22", 緑: "#3c9a4b", 茶: "#8b5a2b",
  黄: "#f1c40f", 黒: "#2b2b2b", 紫: "#8e44ad",
};

export function seatColour(players, seat) {
  const name = String(players[seat] || "").trim().toLowerCase();
  return NAMED[name] || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// A coloured dot for a seat (set through the CSSOM, which the page's CSP allows).
export function colourDot(players, seat) {
  const dot = document.createElement("span");
  dot.className = "dot";
  dot.style.background = seatColour(players, seat);
  return dot;
}

// The move log's entries: each step under the player who took it, except that an event
// starting a turn (kind `turn`, naming its player) opens an entry of that player, so
// "red's turn" is read under red, not under the player who ended the turn before.
// Steps without events (a card added to an offer being written) show nothing.
export function logEntries(log, players, current = null) {
  const entries = [];
  for (const step of log) {
    let entry = null;
    for (const event of step.events) {
      const starts = event.data && event.data.kind === "turn" && Number.isInteger(event.data.player);
      if (!entry || starts) {
        const who = starts ? event.data.player : step.player;
        entry = h("li", { class: `p${who} ${step.step === current ? "current" : ""}`, dataset: { step: step.step } },
          h("span", { class: "who" }, colourDot(players, who), players[who]));
        entries.push(entry);
      }
      entry.append(h("span", { class: "event" }, event.text));
    }
  }
  return entries;
}
