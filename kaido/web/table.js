// A table: the waiting room, then the game live over a WebSocket (board, actions, log).
import { post } from "./api.js";
import { actionKey, clear, h } from "./dom.js";
import { duration, errorText, lang, t } from "./i18n.js";
import { gameTitle, seatLabel, seatName } from "./lobby.js";
import { colourDot, forgetConnection, link, logEntries, navigate, notify, notifyError, showConnection } from "./ui.js";
import { chart } from "./charts.js";
import { enableZoom } from "./zoom.js";
import { applyPatch } from "./patch.js";
import { renderValue } from "./view.js";
import { ChatPanel } from "./chat.js";
import { RulesPanel } from "./rules.js";
import { HintBox, ReviewPanel } from "./review.js";

export function showTable(main, tableId, session) {
  const page = new TablePage(main, tableId, session);
  page.connect();
  return () => page.close();
}

export async function loadBoard(session, gameId, tableId) {
  const game = session.games.find((g) => g.id === gameId);
  if (!game || !game.renderer) return null;
  const module = await import(`/static/boards/${gameId}.js`);
  let geometry = null;
  if (game.geometry) {
    const response = await fetch(`/api/tables/${tableId}/geometry`);
    if (response.ok) geometry = await response.json();
  }
  return { module, geometry };
}

// "Sound on your turn": a choice of this browser, off until asked for.
const SOUND_KEY = "kaido.sound";

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

// A short soft tone made by the browser (no sound file to fetch); counted on the page
// (data-tones) so that what was played can be checked.
function beep() {
  document.body.dataset.tones = String(Number(document.body.dataset.tones || 0) + 1);
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.35);
  tone.onended = () => audio.close();
}

class TablePage {
  constructor(main, tableId, session) {
    this.main = main;
    this.id = tableId;
    this.session = session;
    this.message = null;
    this.log = [];
    this.board = undefined; // undefined: not loaded yet; null: the generic view
    this.awaiting = null; // the version an action awaiting its answer was sent at, if one is
    this.revision = null; // the number of the state the server sent last (patches follow it)
    this.syncing = false; // the whole state was asked for (a patch did not follow)
    this.online = false;
    this.closed = false;
    this.retries = 0;
    this.requests = 0;
    this.queue = []; // actions still to send, in order, each once the last one is done
    this.drafts = { redraw: () => this.render() }; // a board's choices being made
    this.chatRequests = new Set(); // ids of chat lines sent (their errors touch no move)
    this.chat = new ChatPanel(tableId, {
      signedIn: Boolean(session.user),
      send: (text) => this.sendChat(text),
      players: () => (this.message ? this.players() : []),
      game: () => (this.message ? this.message.game : null),
    });
    this.rules = null; // the rules drawer, once the game is known
    this.hints = new HintBox(tableId, () => this.render());
    this.review = null; // the review panel, once the game is over
    this.timer = setInterval(() => this.tick(), 1000);
    main.append(h("p", { class: "hint" }, "…"));
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.id}?lang=${lang()}`);
    this.socket.onopen = () => {
      this.online = true;
      this.retries = 0;
      showConnection(true);
    };
    this.socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    this.socket.onclose = () => {
      this.online = false;
      this.syncing = false; // a new connection starts with the whole state
      if (this.closed) return;
      showConnection(false);
      this.awaiting = null;
      const wait = Math.min(8000, 500 * 2 ** this.retries++);
      setTimeout(() => !this.closed && this.connect(), wait);
      this.render();
    };
  }

  close() {
    this.closed = true;
    document.title = t("app.title");
    clearInterval(this.timer);
    if (this.review) this.review.close();
    forgetConnection();
    if (this.socket) this.socket.close();
  }

  receive(message) {
    if (message.type === "reconnect") {
      this.socket.close();
      return;
    }
    if (message.type === "chat") {
      this.chat.add(message.messages);
      return;
    }
    if (message.type === "error" && this.chatRequests.has(message.id)) {
      notify(errorText({ code: message.code, message: message.error }));
      return;
    }
    if (message.type === "error") {
      this.awaiting = null;
      this.queue = [];
      notify(errorText({ code: message.code, message: message.error }));
      if (message.code === "not_found" && !this.message) {
        this.closed = true;
        clear(this.main).append(h("p", { class: "panel" }, errorText({ code: message.code, message: message.error })));
      } else {
        this.render();
      }
      return;
    }
    if (message.type !== "state" && message.type !== "patch") return;
    message = this.follow(message);
    if (!message) return;
    if (message.log) {
      if (message.log_from === 0) this.log = message.log.slice();
      else this.log.splice(message.log_from, this.log.length, ...message.log);
    }
    this.message = message;
    // The answer to an action is the next version (or an error): a state at the version it
    // was sent at (a vote, a bot thinking) leaves the page waiting, so nothing is sent twice.
    if (message.version !== this.awaiting) this.awaiting = null;
    this.sendQueued();
    if (this.board === undefined && message.status !== "open") {
      this.board = null;
      loadBoard(this.session, message.game, this.id).then((board) => {
        this.board = board;
        this.render();
      });
    }
    this.render();
  }

  // The whole state a state or patch message stands for; null for a patch that does not
  // follow the state held (a message was missed), the whole state then asked for.
  follow(message) {
    if (message.type === "state") {
      this.revision = message.revision;
      this.syncing = false;
      return message;
    }
    if (!this.message || message.base !== this.revision) {
      if (!this.syncing && this.online) this.socket.send(JSON.stringify({ type: "sync" }));
      this.syncing = true;
      return null;
    }
    this.revision = message.revision;
    const { log_from: _from, log: _log, ...fields } = this.message;
    const state = applyPatch(fields, message.ops);
    if ("log" in message) Object.assign(state, { log_from: message.log_from, log: message.log });
    return state;
  }

  sendChat(text) {
    if (!this.online) return false;
    const id = ++this.requests;
    this.chatRequests.add(id);
    this.socket.send(JSON.stringify({ type: "chat", text, id }));
    return true;
  }

  canAct() {
    return this.awaiting === null && this.online;
  }

  send(payload) {
    if (!this.canAct() || !this.message) return;
    this.awaiting = this.message.version;
    this.socket.send(JSON.stringify({ ...payload, move: this.message.version, id: ++this.requests }));
    this.render();
  }

  // One action, or several done in order (three cards discarded, an offer written card by
  // card): the next is sent once the last is done, while it is still legal.
  act(actions) {
    const list = Array.isArray(actions[0]) ? actions : [actions];
    this.queue = list.slice(1);
    this.send({ type: "act", action: list[0] });
  }

  sendQueued() {
    const m = this.message;
    if (!this.queue.length || this.awaiting !== null) return false;
    const next = this.queue.shift();
    const legal = m.to_move === m.seat && m.legal.some((item) => actionKey(item.action) === actionKey(next));
    if (!legal || !this.online) {
      this.queue = [];
      return false;
    }
    this.send({ type: "act", action: next });
    return true;
  }

  players() {
    const m = this.message;
    return m.players || m.seats.map((s) => seatLabel(s));
  }

  render() {
    const m = this.message;
    if (!m || this.closed) return;
    this.announceTurn();
    const scroll = this.main.querySelector(".log ol");
    const atBottom = !scroll || scroll.scrollTop + scroll.clientHeight >= scroll.scrollHeight - 4;
    const kept = { chat: this.chat.remember(), rules: this.rules ? this.rules.remember() : 0 };
    clear(this.main);
    const title = this.titlePart();
    if (m.status === "open") {
      this.main.append(title, this.waitingRoom());
      this.chat.attach(this.main, kept.chat);
      this.appendRules(kept.rules);
      return;
    }
    if (this.mustPass()) {
      this.main.append(title, this.passScreen());
      this.appendRules(kept.rules);
      return;
    }
    const parts = this.boardPart(); // first: it finds the placed actions
    const board = h("div", { class: "board-area" }, title, this.promptPart(), parts);
    const side = h("aside", { class: "side" }, this.statusPart(), this.barPart(), this.logPart());
    this.main.append(
      h("div", { class: `table-page ${this.canAct() ? "" : "pending"}`, dataset: { version: m.version, status: m.status } },
        board,
        side,
      ),
    );
    this.chat.attach(side, kept.chat);
    this.appendRules(kept.rules);
    const log = this.main.querySelector(".log ol");
    if (log && atBottom) log.scrollTop = log.scrollHeight;
    for (const stage of this.main.querySelectorAll(".board-stage")) enableZoom(stage, this.drafts);
    this.hints.mark(this.main, m);
    // On a phone the bar is fixed at the bottom: keep room for it under the page.
    const bar = this.main.querySelector(".bar");
    document.documentElement.style.setProperty("--bar", `${bar ? bar.offsetHeight : 0}px`);
  }

  // Pass and play: this browser holds several seats. When the seat the game is seen
  // through changes (or on opening the page), nothing of the game is shown until the
  // player of that seat says they hold the device: the last player's cards stay hidden
  // from the next, and the next player's from the last.
  mustPass() {
    const m = this.message;
    return (m.my_seats || []).length > 1 && m.status === "playing" && m.seat !== this.handedTo;
  }

  passScreen() {
    const m = this.message;
    const name = this.players()[m.seat];
    return h("section", { class: "panel pass-device", dataset: { seat: m.seat } },
      h("h2", {}, colourDot(this.players(), m.seat), t("hotseat.passTo", { name })),
      h("p", { class: "hint" }, t("hotseat.hint", { name })),
      h("button", { type: "button", class: "primary ready", onclick: () => {
        this.handedTo = m.seat;
        this.render();
      } }, t("hotseat.ready", { name })));
  }

  // The game's name, with the button opening its rules in brief (for games that have them).
  titlePart() {
    const m = this.message;
    const name = gameTitle(this.session.games, m.game);
    const game = this.session.games.find((g) => g.id === m.game);
    if (game && game.rules && !this.rules) this.rules = new RulesPanel(m.game, name, () => this.render());
    if (this.rules) this.rules.title = name;
    return h("div", { class: "table-head" }, h("h1", { class: "table-title" }, name), this.rules ? this.rules.button() : null);
  }

  appendRules(scrolled) {
    const drawer = this.rules && this.rules.drawer();
    if (!drawer) return;
    this.main.append(drawer);
    drawer.scrollTop = scrolled; // where the reader was, before the page was drawn again
  }

  // The tab's title says when it is your decision (for a player looking at another tab),
  // and a short tone sounds as it becomes yours, if they asked for sound.
  announceTurn() {
    const m = this.message;
    const mine = m.status === "playing" && m.seat !== null && m.to_move === m.seat;
    const game = gameTitle(this.session.games, m.game);
    document.title = mine ? `● ${t("table.yourTurnTitle")} — ${game}` : `${game} — ${t("app.title")}`;
    if (mine && this.wasMine === false && soundOn()) beep();
    // The title's count of tables waiting for you (turns.js) changes with this one.
    if (mine !== this.wasMine) window.dispatchEvent(new Event("kaido:turns"));
    this.wasMine = mine;
  }

  soundToggle() {
    const box = h("input", { type: "checkbox", name: "sound", checked: soundOn() });
    box.addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
      if (box.checked) beep();
    });
    return h("label", { class: "check sound-toggle" }, box, t("table.sound"));
  }

  // The actions, and on a phone (where this bar is fixed at the bottom of the screen) who
  // decides and the button opening the log.
  barPart() {
    return h("div", { class: "bar" },
      h("div", { class: "bar-line" }, this.turnLine(),
        h("button", { type: "button", class: "log-toggle small", "aria-expanded": this.logOpen ? "true" : "false", onclick: () => this.toggleLog() }, t("table.log"))),
      this.actionsPart());
  }

  toggleLog() {
    this.logOpen = !this.logOpen;
    this.render();
  }

  waitingRoom() {
    const m = this.message;
    const me = this.session.user;
    const seated = m.seat !== null;
    const invite = `${location.origin}/table/${this.id}`;
    const rows = m.seats.map((seat) => h("li", { class: "seat-item", dataset: { seat: seat.seat } },
      h("span", { class: "seat-name" }, t("lobby.seat", { n: seat.seat + 1 })),
      seatName(seat, m.game),
      seat.kind === "human" && seat.user_id === null && me && !seated
        ? h("button", { type: "button", class: "sit", onclick: () => this.lobbyCall("join", { seat: seat.seat }) }, t("table.sit"))
        : null,
    ));
    return h("section", { class: "panel waiting" },
      h("h2", {}, t("table.waiting")),
      h("ol", { class: "seats" }, rows),
      h("label", {}, t("table.invite"), h("input", { class: "invite", readonly: true, value: invite })),
      h("button", { type: "button", onclick: (e) => navigator.clipboard?.writeText(invite).then(() => (e.target.textContent = t("table.copied"))) }, t("table.copy")),
      seated ? h("button", { type: "button", class: "leave", onclick: () => this.lobbyCall("leave", {}) }, t("table.leave")) : null,
      me ? null : this.guestForm(),
    );
  }

  // A visitor joins as a guest, under the name they write (if any).
  guestForm() {
    const name = h("input", { name: "guest-name", maxlength: 24, autocomplete: "nickname" });
    const join = async () => {
      try {
        const chosen = name.value.trim();
        this.session.user = (await post("/api/guest", chosen ? { name: chosen } : {})).user;
        navigate(location.pathname);
      } catch (error) {
        notifyError(error);
      }
    };
    return h("div", { class: "guest-join" }, h("p", { class: "hint" }, h("a", { href: "/", onclick: link("/") }, t("error.not_signed_in"))),
      h("label", {}, t("auth.guestName"), name),
      h("button", { type: "button", class: "guest", onclick: join }, t("auth.guest")));
  }

  async lobbyCall(verb, body) {
    try {
      // The server tells this connection of the change (and, from now on, shows it the seat).
      await post(`/api/tables/${this.id}/${verb}`, body);
    } catch (error) {
      notifyError(error);
    }
  }

  boardPart() {
    const m = this.message;
    const players = this.players();
    const parts = [];
    this.placed = new Set();
    this.controls = null;
    this.hint = null;
    if (this.board && this.board.module) {
      const drawn = this.board.module.drawBoard({
        geometry: this.board.geometry,
        message: m,
        lang: lang(),
        players,
        onAct: (action) => this.act(action),
        interactive: this.canAct(),
        drafts: this.drafts,
      });
      this.placed = drawn.placed;
      this.controls = drawn.controls || null;
      this.hint = drawn.hint || null;
      parts.push(drawn.element);
    }
    parts.unshift(this.summaryPart(), this.reviewPart());
    const details = h("details", { class: "panel state", open: !(this.board && this.board.module) },
      h("summary", {}, t("table.state")), renderValue(m.view, players));
    parts.push(details);
    return parts;
  }

  // What is asked now (the game's prompt), above the board: to the player deciding, their
  // decision, with what the board says of a choice begun (an origin chosen); to the
  // others, who decides and what they are asked.
  promptPart() {
    const m = this.message;
    if (m.status !== "playing" || !m.prompt || m.to_move < 0) return null;
    const mine = m.seat !== null && m.to_move === m.seat;
    const players = this.players();
    const who = mine ? t("table.yourTurn") : t("table.decides", { name: players[m.to_move] });
    return h("p", { class: `prompt ${mine ? "mine" : ""}`, role: "status", dataset: { seat: m.to_move } },
      colourDot(players, m.to_move), h("span", { class: "prompt-who" }, `${who}: `),
      h("span", { class: "prompt-text" }, m.prompt),
      mine && this.hint ? h("span", { class: "prompt-hint" }, ` — ${this.hint}`) : null);
  }

  // A player as people know them: the game's name for the seat and who plays it.
  playerLabel(seat) {
    const players = this.players();
    const name = seatName(seat, this.message.game);
    name.classList.add("seat-label");
    return [colourDot(players, seat.seat), players[seat.seat], " ", name];
  }

  // The finished game in numbers: each player's points by the game's categories, and charts.
  summaryPart() {
    const m = this.message;
    const summary = m.summary;
    if (m.status !== "finished" || !summary || !(summary.breakdown.length || summary.charts.length)) return null;
    const last = summary.breakdown.length - 1;
    const others = summary.others || []; // players no seat plays (a game's bot)
    const table = h("table", { class: "breakdown" },
      h("tr", {}, h("th", {}, ""), m.seats.map((seat) => h("th", { dataset: { seat: seat.seat } }, this.playerLabel(seat))),
        others.map((other) => h("th", { class: "other" }, other.name))),
      summary.breakdown.map((row, i) => h("tr", { class: i === last ? "total" : "" },
        h("th", {}, row.label), row.values.map((value) => h("td", {}, value)),
        others.map((other) => h("td", { class: "other" }, other.values[i])))));
    return h("section", { class: "panel summary" },
      h("h2", {}, t("table.summary")),
      summary.breakdown.length ? h("div", { class: "scroll-x" }, table) : null,
      h("div", { class: "charts" }, summary.charts.map((one) => chart(one, this.players()))));
  }

  // The finished game's review: a click on a step opens the replay there.
  reviewPart() {
    const m = this.message;
    if (m.status !== "finished") return null;
    if (!this.review) {
      this.review = new ReviewPanel(this.id, { players: this.players(), onStep: (step) => navigate(`/replay/${this.id}?step=${step}`) });
    }
    return this.review.element;
  }

  statusPart() {
    const m = this.message;
    const players = this.players();
    const seats = m.seats.map((seat) => h("li", { class: `seat p${seat.seat} ${seat.seat === m.to_move ? "to-move" : ""}`, dataset: { seat: seat.seat } },
      colourDot(players, seat.seat),
      h("b", {}, players[seat.seat] || ""),
      " ",
      seatName(seat, m.game),
      seat.seat === m.seat ? ` (${t("table.you")})` : "",
      seat.timed_out ? ` — ${t("table.bot")}` : "",
      seat.kind === "bot" && seat.user ? ` — ${t("table.left")}` : "",
      this.kickButton(seat),
    ));
    const out = [h("ol", { class: "seats" }, seats)];
    if ((m.my_seats || []).length > 1) out.push(h("p", { class: "hint hotseat" }, t("hotseat.label")));
    if (m.status === "abandoned") {
      out.push(h("p", { class: "warning abandoned" }, t("table.abandoned")),
        h("a", { class: "button", href: "/", onclick: link("/") }, t("app.lobby")));
    } else if (m.status === "finished" && m.result) {
      out.push(this.resultPart(players));
    }
    if (m.thinking !== null && m.thinking !== undefined && m.status === "playing") {
      out.push(h("p", { class: "thinking", dataset: { seat: m.thinking } }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.thinking", { name: players[m.thinking] })));
    }
    if (m.deadline && m.status === "playing") out.push(h("p", { class: "clock" }, t("table.timeLeft", { t: duration(m.deadline - Date.now() / 1000) })));
    if (m.offer_deadline && m.status === "playing") out.push(h("p", { class: "offer-clock" }, this.offerClockText()));
    if (this.hasOffers() && m.seat !== null && m.status === "playing") out.push(this.preferenceToggle("ignore_offers", "table.ignoreOffers"));
    if (m.seat === null) out.push(h("p", { class: "hint" }, t("table.spectator")));
    else if (m.status === "playing") out.push(this.preferenceToggle("auto_forced", "table.autoForced"), this.soundToggle());
    if (m.seat !== null && m.seats[m.seat].timed_out && m.status === "playing") {
      out.push(h("p", { class: "warning" }, t("table.timedOut")),
        h("button", { type: "button", class: "take-back", onclick: () => this.takeBack() }, t("table.takeBack")));
    }
    out.push(this.leavingPart());
    return h("section", { class: "panel status" }, h("h2", {}, t("table.seats")), out);
  }

  turnLine() {
    const m = this.message;
    if (m.status !== "playing") return null;
    if (m.to_move === m.seat && m.seat !== null) return h("p", { class: "turn mine" }, t("table.yourTurn"));
    if (m.to_move >= 0) return h("p", { class: "turn" }, t("table.decides", { name: this.players()[m.to_move] }));
    return null;
  }

  // A seat still in play: I can leave it (resign) or ask to end the game (abandon).
  myLiveSeat() {
    const m = this.message;
    return m.status === "playing" && m.seat !== null && m.seats[m.seat].kind === "human";
  }

  kickButton(seat) {
    const m = this.message;
    if (!this.myLiveSeat() || seat.seat === m.seat || seat.kind !== "human" || !seat.timed_out) return null;
    return h("button", { type: "button", class: "kick small", dataset: { seat: seat.seat }, onclick: () => this.lobbyCall("kick", { seat: seat.seat }) }, t("table.kick"));
  }

  leavingPart() {
    const m = this.message;
    if (!this.myLiveSeat()) return null;
    const players = this.players();
    const votes = m.abandon_votes || [];
    const parts = [];
    if (votes.length) parts.push(h("p", { class: "hint abandon-votes" }, t("table.abandonVotes", { names: votes.map((p) => players[p]).join(", ") })));
    if (this.confirming === "resign") {
      parts.push(h("p", { class: "warning" }, t("table.resignConfirm")),
        h("div", { class: "row" },
          h("button", { type: "button", class: "confirm-resign primary", onclick: () => this.leave("resign") }, t("table.resign")),
          h("button", { type: "button", class: "cancel", onclick: () => this.confirm(null) }, t("table.keepPlaying"))));
    } else {
      parts.push(h("div", { class: "row leave-game" },
        h("button", { type: "button", class: "resign small", onclick: () => this.confirm("resign") }, t("table.resign")),
        votes.includes(m.seat) ? null
          : h("button", { type: "button", class: "abandon small", onclick: () => this.leave("abandon") }, t(votes.length ? "table.abandonAgree" : "table.abandon"))));
    }
    return h("div", { class: "leaving" }, parts);
  }

  confirm(what) {
    this.confirming = what;
    this.render();
  }

  leave(verb) {
    this.confirming = null;
    this.lobbyCall(verb, {});
  }

  // The places: every seat's, and those of players no seat plays (a game's bot), in order.
  resultPart(players) {
    const m = this.message;
    const { scores, ranks } = m.result;
    const resigned = m.result.resigned || [];
    const rows = ranks.map((rank, p) => [rank, h("tr", { dataset: { seat: p } }, h("td", {}, rank),
      h("td", {}, this.playerLabel(m.seats[p]), resigned.includes(p) ? ` (${t("table.resigned")})` : ""),
      h("td", {}, scores[p]))]);
    for (const other of (m.summary && m.summary.others) || []) {
      rows.push([other.rank, h("tr", { class: "other" }, h("td", {}, other.rank), h("td", {}, other.name), h("td", {}, other.values.at(-1)))]);
    }
    rows.sort((a, b) => a[0] - b[0]);
    return h("div", { class: "result" },
      h("h3", {}, t("table.over")),
      h("table", {},
        h("tr", {}, h("th", {}, t("table.place")), h("th", {}, ""), h("th", {}, t("table.score"))),
        rows.map(([, row]) => row)),
      h("p", {},
        h("a", { class: "button", href: `/replay/${this.id}`, onclick: link(`/replay/${this.id}`) }, t("table.watchReplay")), " ",
        h("a", { class: "button", href: `/api/tables/${this.id}/record`, download: `kaido-${this.id}.json` }, t("table.download"))));
  }

  hasOffers() {
    const game = this.session.games.find((g) => g.id === this.message.game);
    return Boolean(game && game.offers);
  }

  offerClockText() {
    const m = this.message;
    const left = duration(m.offer_deadline - Date.now() / 1000);
    return m.to_move === m.seat ? t("table.offerMine", { t: left }) : t("table.offerLapses", { t: left });
  }

  // A preference of the account, kept by the server: decline other players' offers at
  // once (ignore_offers); take a decision with one answer for me (auto_forced, on unless
  // turned off).
  preferenceToggle(name, label) {
    const prefs = this.session.preferences || {};
    const box = h("input", { type: "checkbox", name, checked: prefs[name] ?? name === "auto_forced" });
    box.addEventListener("change", async () => {
      try {
        this.session.preferences = (await post("/api/preferences", { [name]: box.checked })).preferences;
      } catch (error) {
        box.checked = !box.checked;
        notifyError(error);
      }
    });
    return h("label", { class: `check ${name.replace("_", "-")}`, title: t(`${label}Help`) }, box, t(label));
  }

  async takeBack() {
    try {
      await post(`/api/tables/${this.id}/take-back`);
    } catch (error) {
      notifyError(error);
    }
  }

  actionsPart() {
    const m = this.message;
    if (m.status !== "playing" || m.seat === null) return null;
    const listed = m.legal.filter((item) => !this.placed.has(actionKey(item.action)));
    const controls = this.controls;
    const buttons = listed.map((item) => h("button", {
      type: "button",
      class: "legal",
      disabled: !this.canAct(),
      dataset: { action: actionKey(item.action), help: item.help || item.text },
      title: item.help && item.help !== item.text ? item.help : null,
      onclick: () => this.act(item.action),
    }, item.text));
    const undo = m.can_undo ? h("button", { type: "button", class: "undo", disabled: !this.canAct(), onclick: () => this.send({ type: "undo" }) }, t("table.undo")) : null;
    if (!m.legal.length && !undo) return null;
    return h("section", { class: "panel actions" },
      h("h2", {}, t("table.actions")),
      this.placed.size ? h("p", { class: "hint" }, t("table.onBoard")) : null,
      controls,
      this.hints.part(m),
      h("div", { class: "legal-list" }, buttons),
      undo);
  }

  logPart() {
    const items = logEntries(this.log, this.players());
    return h("section", { class: `panel log drawer ${this.logOpen ? "open" : ""}` },
      h("div", { class: "log-head" }, h("h2", {}, t("table.log")),
        h("button", { type: "button", class: "log-close small", onclick: () => this.toggleLog() }, t("table.close"))),
      h("ol", {}, items));
  }

  tick() {
    const clock = this.main.querySelector(".clock");
    const m = this.message;
    if (clock && m && m.deadline) clock.textContent = t("table.timeLeft", { t: duration(m.deadline - Date.now() / 1000) });
    const offer = this.main.querySelector(".offer-clock");
    if (offer && m && m.offer_deadline) offer.textContent = this.offerClockText();
  }
}
