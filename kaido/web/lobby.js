// The lobby: create a table (game, options, seats), and the lists of tables.
import { get, post } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { quickMatchPanel } from "./quickmatch.js";
import { turnSettings } from "./turns.js";
import { link, navigate, notifyError, playerLink } from "./ui.js";

// Per-move clocks: real time, or turn-based (hours and days: the player is told by the
// page's title, a notification and mail when it is their turn).
const CLOCKS = [0, 60, 300, 3600, 43200, 86400, 259200];

export function gameTitle(games, id) {
  const game = games.find((g) => g.id === id);
  return game ? game.title[lang()] || game.title.en : id;
}

// A seat whose player left (a bot plays it to the end) keeps its player's name.
export function seatLabel(seat) {
  if (seat.kind === "bot" && !seat.user) return `${t("table.bot")} ${t(`lobby.${seat.bot}`)}`;
  return seat.user || t("table.free");
}

// Who holds a seat, linked to their page for `gameId` (a free seat is no one's).
export function seatName(seat, gameId) {
  const rated = seat.kind === "bot" ? `bot:${seat.bot}` : seat.user;
  return rated ? playerLink(gameId, rated, seatLabel(seat)) : h("span", { class: "name" }, seatLabel(seat));
}

export async function showLobby(main, session) {
  const lists = h("div", { class: "lists" });
  const quick = quickMatchPanel(session);
  main.append(h("div", { class: "lobby" }, h("div", { class: "lobby-side" }, quick.panel, createForm(session.games), turnSettings()), lists));
  await fillLists(lists, session);
  return quick.stop;
}

function createForm(games) {
  const form = h("form", { class: "panel create", id: "create-table" });
  const state = { game: games[0], players: 0, seats: [], options: {}, mySeat: 0 };
  const gameSelect = h("select", { name: "game" }, games.map((g) => h("option", { value: g.id }, g.title[lang()] || g.title.en)));
  const playersSelect = h("select", { name: "players" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const mySeat = h("select", { name: "my_seat" });
  const privateBox = h("input", { type: "checkbox", name: "private" });
  // Pass and play: this browser plays every human seat, so no seat to choose and no one to
  // invite (the table is private).
  const hotSeat = h("input", { type: "checkbox", name: "pass_and_play" });
  const mySeatRow = h("label", {}, t("lobby.mySeat"), mySeat);
  const privateRow = h("label", { class: "check" }, privateBox, t("lobby.private"));
  // Hints: the bot's best moves on asking; never at a rated table, so the table is private.
  const hintsBox = h("input", { type: "checkbox", name: "hints" });
  hotSeat.addEventListener("change", () => {
    for (const row of [mySeatRow, privateRow]) row.style.display = hotSeat.checked ? "none" : "";
  });
  const clock = h("select", { name: "clock" }, CLOCKS.map((c) => h("option", { value: c }, t(c ? `lobby.clock${c}` : "lobby.clockNone"))));

  const chooseGame = () => {
    state.game = games.find((g) => g.id === gameSelect.value) || games[0];
    loadRatings(state.game, drawSeats);
    clear(playersSelect).append(...state.game.player_counts.map((n) => h("option", { value: n }, n)));
    playersSelect.value = String(state.game.default_players);
    state.options = {};
    drawOptions();
    drawSeats();
  };
  const drawOptions = () => {
    clear(optionsBox);
    for (const spec of state.game.options) optionsBox.append(optionField(spec, state.options));
  };
  const drawSeats = () => {
    const count = Number(playersSelect.value);
    state.seats = Array.from({ length: count }, (_, n) => state.seats[n] || { kind: n === 0 ? "human" : "bot", bot: "normal" });
    clear(seatsBox).append(...state.seats.map((seat, n) => seatRow(state.game, seat, n, drawSeats)));
    const humans = state.seats.map((seat, n) => [seat, n]).filter(([seat]) => seat.kind === "human");
    clear(mySeat).append(
      ...humans.map(([, n]) => h("option", { value: n }, t("lobby.seat", { n: n + 1 }))),
      h("option", { value: "" }, t("lobby.watchOnly")),
    );
  };
  gameSelect.addEventListener("change", chooseGame);
  playersSelect.addEventListener("change", drawSeats);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      game: state.game.id,
      options: state.options,
      seats: state.seats.map((seat) => (seat.kind === "human" ? { kind: "human" } : { kind: "bot", bot: seat.bot })),
      my_seat: hotSeat.checked || mySeat.value === "" ? null : Number(mySeat.value),
      private: privateBox.checked || hotSeat.checked || hintsBox.checked,
      pass_and_play: hotSeat.checked,
      hints: hintsBox.checked,
      move_seconds: Number(clock.value),
    };
    try {
      const { table } = await post("/api/tables", body);
      navigate(`/table/${table.id}`);
    } catch (error) {
      notifyError(error);
    }
  });

  form.append(
    h("h2", {}, t("lobby.new")),
    h("label", {}, t("lobby.game"), gameSelect),
    h("label", {}, t("lobby.players"), playersSelect),
    optionsBox,
    seatsBox,
    h("label", { class: "check pass-and-play" }, hotSeat, t("lobby.passAndPlay")),
    mySeatRow,
    privateRow,
    h("label", { class: "check allow-hints" }, hintsBox, t("lobby.hints")),
    h("label", {}, t("lobby.clock"), clock),
    h("button", { type: "submit", class: "primary" }, t("lobby.create")),
  );
  if (games.length) chooseGame();
  return form;
}

function optionField(spec, options) {
  const label = spec.help[lang()] || spec.name;
  const set = (value) => {
    options[spec.name] = value;
  };
  let input;
  if (typeof spec.default === "boolean") {
    input = h("input", { type: "checkbox", name: `option-${spec.name}`, checked: spec.default, onchange: (e) => set(e.target.checked) });
    return h("label", { class: "check" }, input, label);
  }
  if (spec.choices) {
    const labels = spec.labels ? spec.labels[lang()] || spec.labels.en : spec.choices.map(String);
    input = h("select", { name: `option-${spec.name}` }, spec.choices.map((c, i) => h("option", { value: c, selected: c === spec.default }, labels[i])));
    input.addEventListener("change", () => set(typeof spec.default === "number" ? Number(input.value) : input.value));
  } else {
    input = h("input", { name: `option-${spec.name}`, value: spec.default, type: typeof spec.default === "number" ? "number" : "text" });
    input.addEventListener("change", () => set(typeof spec.default === "number" ? Number(input.value) : input.value));
  }
  return h("label", {}, label, input);
}

function seatRow(game, seat, n, redraw) {
  const kind = h("select", { name: `seat-${n}-kind` },
    h("option", { value: "human", selected: seat.kind === "human" }, t("lobby.human")),
    h("option", { value: "bot", selected: seat.kind === "bot" }, t("lobby.bot")));
  kind.addEventListener("change", () => {
    seat.kind = kind.value;
    redraw();
  });
  const row = h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, t("lobby.seat", { n: n + 1 })), kind);
  if (seat.kind === "bot") {
    // Bots are named levels only (the server refuses anything else).
    const bot = h("select", { name: `seat-${n}-bot`, "aria-label": t("lobby.strength") }, game.bots.map((b) => h("option", { value: b.level, selected: b.level === seat.bot, title: b.help[lang()] || b.help.en }, t(`lobby.${b.level}`))));
    bot.addEventListener("change", () => {
      seat.bot = bot.value;
      redraw();
    });
    row.append(bot, botHelp(game, seat.bot));
  }
  return row;
}

// A line under a bot seat: what its level does, how long it may think, and its rating on
// the game's leaderboard (rated like people, from finished games).
function botHelp(game, level) {
  const found = game.bots.find((b) => b.level === level);
  if (!found) return null;
  const thinks = found.seconds > 0 ? ` — ${t("lobby.thinks", { s: found.seconds })}` : "";
  const rated = ratings.get(game.id)?.get(`bot:${level}`);
  const rating = rated ? ` — ${t("lobby.rated", { rating: rated.rating.toFixed(1), n: rated.games })}` : "";
  return h("small", { class: "bot-help", dataset: { level, rating: rated ? rated.rating : "" } }, `${found.help[lang()] || found.help.en}${thinks}${rating}`);
}

// Each game's leaderboard rows by name, fetched once per page; the seats are drawn again
// when they arrive. A leaderboard that cannot be read leaves the bots unrated.
const ratings = new Map();

async function loadRatings(game, redraw) {
  if (ratings.has(game.id)) return;
  ratings.set(game.id, new Map());
  try {
    const board = await get(`/api/leaderboards/${game.id}`);
    ratings.set(game.id, new Map(board.players.map((row) => [row.name, row])));
    redraw();
  } catch (error) {
    ratings.delete(game.id);
  }
}

async function fillLists(box, session) {
  const query = (status, mine) => get(`/api/tables?status=${status}${mine ? "&mine=true" : ""}`).then((r) => r.tables);
  try {
    const [open, mineOpen, minePlaying, playing, finished, mineFinished] = await Promise.all([
      query("open", false), query("open", true), query("playing", true),
      query("playing", false), query("finished", false), query("finished", true),
    ]);
    const mine = [...minePlaying, ...mineOpen];
    const finishedAll = [...mineFinished, ...finished.filter((f) => !mineFinished.some((m) => m.id === f.id))];
    clear(box).append(
      tableList("mine", t("lobby.mine"), mine, session, "lobby.go"),
      tableList("open", t("lobby.open"), open.filter((o) => !o.mine), session, "lobby.join"),
      tableList("playing", t("lobby.playing"), playing.filter((p) => !p.mine), session, "lobby.watch"),
      tableList("finished", t("lobby.finished"), finishedAll, session, "lobby.replay"),
    );
  } catch (error) {
    notifyError(error);
  }
}

function tableList(id, title, tables, session, verb) {
  const rows = tables.map((table) => h("li", { class: "table-item", dataset: { table: table.id } },
    h("span", { class: "game" }, gameTitle(session.games, table.game)),
    h("span", { class: "status" }, t(`lobby.status.${table.status}`)),
    table.my_turn ? h("span", { class: "your-turn" }, t("lobby.yourTurn")) : null,
    h("span", { class: "who" }, table.seats.map((seat, k) => [k ? " · " : "", seatName(seat, table.game)])),
    table.status === "open" ? h("span", { class: "free" }, t("lobby.free", { n: table.free_seats })) : null,
    h("a", { class: "button", href: target(table, verb), onclick: link(target(table, verb)) }, t(verb)),
  ));
  return h("section", { class: "panel list", id: `list-${id}` },
    h("h2", {}, title),
    rows.length ? h("ul", {}, rows) : h("p", { class: "hint" }, t("lobby.none")));
}

function target(table, verb) {
  return verb === "lobby.replay" ? `/replay/${table.id}` : `/table/${table.id}`;
}
