// Leaderboards: each game's openskill ratings of people and bots (from finished public
// games, bots rated like people), and a player's page with their games and rating history.
import { get } from "./api.js";
import { chart } from "./charts.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameTitle } from "./lobby.js";
import { link, notifyError, playerLink, playerPath } from "./ui.js";

const BOT = "bot:";

// A rated name as people read it: a person's name, or a bot's level ("Bot (normal)").
function nameOf(name) {
  if (!name.startsWith(BOT)) return h("span", { class: "name" }, name);
  const level = name.slice(BOT.length);
  return t("board.bot", { level: t(`lobby.${level}`) });
}

// A tab per game; `path(gameId)` is where each leads (the game's board, or this player's
// page for that game).
function gameTabs(session, current, path = (id) => `/leaderboards/${id}`) {
  return h("nav", { class: "game-tabs" }, session.games.map((game) =>
    h("a", {
      href: path(game.id),
      class: game.id === current ? "current" : null,
      "aria-current": game.id === current ? "page" : null,
      onclick: link(path(game.id)),
    }, gameTitle(session.games, game.id))));
}

function percent(value) {
  return `${Math.round(value * 1000) / 10}%`;
}

export async function showLeaderboard(main, session, gameId) {
  const current = gameId || (session.games[0] && session.games[0].id);
  main.append(h("h1", {}, t("board.title")), gameTabs(session, current));
  const body = h("section", { class: "leaderboard" });
  main.append(body);
  let board;
  try {
    board = await get(`/api/leaderboards/${current}`);
  } catch (error) {
    notifyError(error);
    return;
  }
  body.append(h("p", {}, t("board.games", { n: board.games }), " ", t("board.about")));
  if (!board.players.length) {
    body.append(h("p", { class: "empty" }, t("board.none")));
    return;
  }
  const head = ["#", t("board.name"), t("board.rating"), t("board.interval"), t("board.played"), t("board.wins"), t("board.winRate")];
  body.append(h("table", { class: "ratings" },
    h("thead", {}, h("tr", {}, head.map((label) => h("th", {}, label)))),
    h("tbody", {}, board.players.map((row, k) => h("tr", { class: row.bot ? "bot" : null },
      h("td", {}, k + 1),
      h("td", {}, playerLink(current, row.name, nameOf(row.name))),
      h("td", { class: "number" }, row.rating.toFixed(1)),
      h("td", { class: "number" }, `${row.rating_95[0].toFixed(1)}–${row.rating_95[1].toFixed(1)}`),
      h("td", { class: "number" }, row.games),
      h("td", { class: "number" }, row.wins),
      h("td", { class: "number" }, percent(row.win_rate)))))));
}

// A player's page for one game: their rating, games, wins and best place, the rating after
// each rated game, and those games (with everyone in them linked, and the replay); a tab
// per game leads to their page for that game.
export async function showPlayer(main, session, gameId, name) {
  main.append(
    h("p", {}, h("a", { href: `/leaderboards/${gameId}`, onclick: link(`/leaderboards/${gameId}`) }, t("board.back", { game: gameTitle(session.games, gameId) }))),
    h("h1", {}, nameOf(name)),
    gameTabs(session, gameId, (id) => playerPath(id, name)));
  const body = h("div", { class: "player-page" });
  main.append(body);
  let found;
  try {
    found = await get(`/api${playerPath(gameId, name)}`);
  } catch (error) {
    if (error.status !== 404) notifyError(error);
    body.append(h("section", { class: "panel" }, h("p", { class: "empty" }, t("board.noGames", { game: gameTitle(session.games, gameId) }))));
    return;
  }
  const games = found.games;
  const last = games.at(-1);
  const wins = games.filter((game) => game.place === 1).length;
  const facts = [
    [t("board.rating"), last.rating.toFixed(1)], [t("board.played"), games.length],
    [t("board.wins"), wins], [t("board.bestPlace"), Math.min(...games.map((game) => game.place))],
  ];
  body.append(
    h("section", { class: "panel player-facts" }, h("dl", {}, facts.map(([label, value]) => h("div", {}, h("dt", {}, label), h("dd", {}, value))))),
    h("section", { class: "panel" }, chart({
      title: t("board.history"),
      kind: "lines",
      labels: games.map((_, k) => String(k + 1)),
      series: [{ name: t("board.rating"), values: games.map((game) => game.rating) }],
    }, 1)));
  const head = [t("board.when"), t("board.players"), t("board.place"), t("board.score"), t("board.ratingAfter"), ""];
  body.append(h("section", { class: "panel" }, h("div", { class: "scroll-x" }, h("table", { class: "games" },
    h("thead", {}, h("tr", {}, head.map((label) => h("th", {}, label)))),
    h("tbody", {}, games.slice().reverse().map((game) => h("tr", {},
      h("td", {}, new Date(game.finished_at * 1000).toLocaleString(lang())),
      h("td", {}, game.players.map((player, k) => [k ? ", " : "", player === name ? nameOf(player) : playerLink(gameId, player, nameOf(player))])),
      h("td", { class: "number" }, game.place),
      h("td", { class: "number" }, game.score),
      h("td", { class: "number" }, game.rating.toFixed(1)),
      h("td", {}, h("a", { href: `/replay/${game.table}`, onclick: link(`/replay/${game.table}`) }, t("board.replay"))))))))));
}

export function leaderboardRoute(path) {
  const player = path.match(/^\/leaderboards\/([\w-]+)\/players\/([^/]+)$/);
  if (player) return { gameId: player[1], name: decodeURIComponent(player[2]) };
  const board = path.match(/^\/leaderboards(?:\/([\w-]+))?$/);
  if (board) return { gameId: board[1] || null, name: null };
  return null;
}

export async function showLeaderboards(main, session, where) {
  clear(main);
  if (where.name) await showPlayer(main, session, where.gameId, where.name);
  else await showLeaderboard(main, session, where.gameId);
}
