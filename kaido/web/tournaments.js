// Player tournaments: the list and the form to make one, and a page per tournament with
// its entrants, each round's tables (links to them) and the standings.
import { get, post } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameTitle } from "./lobby.js";
import { link, navigate, notifyError } from "./ui.js";

const REFRESH_MS = 5000;

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString(lang()) : "";
}

export async function showTournaments(main, session) {
  const list = h("section", { class: "panel list", id: "tournament-list" }, h("h2", {}, t("tour.list")));
  main.append(h("h1", {}, t("tour.title")), h("div", { class: "lobby" }, session.user && !session.user.guest ? createForm(session) : h("p", { class: "panel hint" }, t("tour.accountsOnly")), list));
  try {
    const { tournaments } = await get("/api/tournaments");
    list.append(tournaments.length ? h("ul", {}, tournaments.map((tour) => h("li", { class: "table-item", dataset: { tournament: tour.id } },
      h("span", { class: "game" }, tour.name),
      h("span", {}, gameTitle(session.games, tour.game)),
      h("span", { class: "status" }, t(`tour.status.${tour.status}`)),
      h("span", {}, t("tour.count", { n: tour.entrants, c: tour.capacity })),
      h("a", { class: "button", href: `/tournaments/${tour.id}`, onclick: link(`/tournaments/${tour.id}`) }, t("lobby.go"))))) : h("p", { class: "hint" }, t("lobby.none")));
  } catch (error) {
    notifyError(error);
  }
}

function createForm(session) {
  const games = session.games;
  const form = h("form", { class: "panel create", id: "create-tournament" });
  const field = (name, attrs = {}) => h("input", { name, ...attrs });
  const name = field("name", { required: true, maxlength: 80, value: t("tour.defaultName") });
  const game = h("select", { name: "game" }, games.map((g) => h("option", { value: g.id }, g.title[lang()] || g.title.en)));
  const seats = h("select", { name: "seats" });
  const fillSeats = () => {
    const chosen = games.find((g) => g.id === game.value) || games[0];
    clear(seats).append(...chosen.player_counts.map((n) => h("option", { value: n }, n)));
    seats.value = String(chosen.default_players);
  };
  game.addEventListener("change", fillSeats);
  if (games.length) fillSeats();
  const format = h("select", { name: "format" }, h("option", { value: "swiss" }, t("tour.swiss")), h("option", { value: "elimination" }, t("tour.elimination")));
  const rounds = field("rounds", { type: "number", min: 1, max: 12, value: 3 });
  const capacity = field("capacity", { type: "number", min: 2, max: 64, value: 8 });
  const start = field("start_at", { type: "datetime-local" });
  const whenFull = field("start_when_full", { type: "checkbox", checked: true });
  const roundMinutes = field("round_minutes", { type: "number", min: 1, value: 60 });
  const moveSeconds = h("select", { name: "move_seconds" }, [60, 120, 300, 3600, 86400].map((s) => h("option", { value: s, selected: s === 120 }, t(`tour.move${s}`))));
  const rated = field("rated", { type: "checkbox" });
  const bots = h("select", { name: "bot_level" }, h("option", { value: "" }, t("tour.noBots")), ["easy", "normal", "strong"].map((level) => h("option", { value: level }, t(`lobby.${level}`))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await post("/api/tournaments", {
        name: name.value,
        game: game.value,
        format: format.value,
        rounds: Number(rounds.value),
        seats: Number(seats.value),
        capacity: Number(capacity.value),
        start_at: start.value ? new Date(start.value).getTime() / 1000 : null,
        start_when_full: whenFull.checked,
        round_minutes: Number(roundMinutes.value),
        move_seconds: Number(moveSeconds.value),
        rated: rated.checked,
        bot_level: bots.value || null,
      });
      navigate(`/tournaments/${made.id}`);
    } catch (error) {
      notifyError(error);
    }
  });
  form.append(
    h("h2", {}, t("tour.new")),
    h("label", {}, t("tour.name"), name),
    h("label", {}, t("lobby.game"), game),
    h("label", {}, t("tour.format"), format),
    h("label", {}, t("tour.rounds"), rounds),
    h("label", {}, t("tour.seats"), seats),
    h("label", {}, t("tour.capacity"), capacity),
    h("label", {}, t("tour.start"), start),
    h("label", { class: "check" }, whenFull, t("tour.whenFull")),
    h("label", {}, t("tour.roundMinutes"), roundMinutes),
    h("label", {}, t("lobby.clock"), moveSeconds),
    h("label", {}, t("tour.bots"), bots),
    h("label", { class: "check" }, rated, t("tour.rated")),
    h("button", { type: "submit", class: "primary" }, t("tour.create")));
  return form;
}

export function showTournament(main, session, id) {
  const page = h("section", { class: "tournament-page", id: "tournament" });
  main.append(page);
  let timer = 0;
  const draw = async () => {
    let tour;
    try {
      tour = await get(`/api/tournaments/${id}`);
    } catch (error) {
      notifyError(error);
      return;
    }
    clear(page).append(...tournamentParts(tour, session, draw));
    page.dataset.status = tour.status;
    page.dataset.round = tour.round;
    if (tour.status === "registering" || tour.status === "running") timer = setTimeout(draw, REFRESH_MS);
  };
  draw();
  return () => clearTimeout(timer);
}

function tournamentParts(tour, session, redraw) {
  const register = async (path) => {
    try {
      await post(`/api/tournaments/${tour.id}/${path}`);
      redraw();
    } catch (error) {
      notifyError(error);
    }
  };
  const facts = [
    t(`tour.${tour.format}`),
    gameTitle(session.games, tour.game),
    t("tour.seatsN", { n: tour.seats }),
    tour.format === "swiss" ? t("tour.roundsN", { n: tour.rounds }) : null,
    t("tour.roundLimit", { m: Math.round(tour.round_seconds / 60) }),
    tour.rated ? t("tour.ratedYes") : t("tour.ratedNo"),
    tour.bot_level ? t("tour.botsFill", { level: t(`lobby.${tour.bot_level}`) }) : null,
  ].filter(Boolean);
  const parts = [
    h("h1", {}, tour.name),
    h("p", { class: "facts" }, facts.join(" · ")),
    h("p", { class: "status" }, t(`tour.status.${tour.status}`),
      tour.status === "registering" ? ` — ${tour.start_at ? t("tour.startsAt", { at: when(tour.start_at) }) : ""}${tour.start_when_full ? ` ${t("tour.startsFull")}` : ""}` : "",
      tour.status === "running" ? ` — ${t("tour.roundOf", { r: tour.round })}, ${t("tour.endsAt", { at: when(tour.round_ends_at) })}` : ""),
  ];
  if (tour.status === "registering" && session.user) {
    parts.push(tour.registered
      ? h("button", { type: "button", id: "unregister", onclick: () => register("unregister") }, t("tour.unregister"))
      : h("button", { type: "button", class: "primary", id: "register", onclick: () => register("register") }, t("tour.register")));
  }
  parts.push(h("section", { class: "panel" }, h("h2", {}, t("tour.entrants", { n: tour.entrants.length, c: tour.capacity })),
    h("p", { class: "entrants" }, tour.entrants.map((e) => e.name).join(" · ") || t("lobby.none"))));
  if (tour.standings.length && tour.round) {
    parts.push(h("section", { class: "panel" }, h("h2", {}, t(tour.status === "finished" ? "tour.final" : "tour.standings")),
      h("table", { class: "ratings standings" },
        h("thead", {}, h("tr", {}, ["#", t("board.name"), t("tour.points"), t("tour.buchholz"), t("board.wins")].map((label) => h("th", {}, label)))),
        h("tbody", {}, tour.standings.map((row) => h("tr", { dataset: { entrant: row.entrant } },
          h("td", {}, row.rank), h("td", { class: "name" }, row.name), h("td", { class: "number" }, row.points),
          h("td", { class: "number" }, row.buchholz), h("td", { class: "number" }, row.wins)))))));
  }
  const rounds = [...new Set(tour.games.map((g) => g.round))].reverse();
  for (const round of rounds) {
    parts.push(h("section", { class: "panel round" }, h("h2", {}, t("tour.roundOf", { r: round })),
      h("ul", {}, tour.games.filter((g) => g.round === round).map((g) => h("li", { class: "table-item" },
        h("span", { class: "who" }, g.names.map((name, k) => `${name}${g.places ? ` (${g.places[k]}${g.forfeits.includes(g.entrants[k]) ? `, ${t("tour.forfeit")}` : ""})` : ""}`).join(" · ")),
        g.table ? h("a", { class: "button", href: `/table/${g.table}`, onclick: link(`/table/${g.table}`) }, t(g.places ? "lobby.replay" : "lobby.go")) : h("span", { class: "hint" }, t("tour.bye")))))));
  }
  return parts;
}
