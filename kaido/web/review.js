// A finished game's review (kaido/review): each player's chance of winning at every step
// as they saw the game, drawn as one line per player in their colour; the turning points,
// each player's accuracy and the game's own facts. A click on the curve or on a turning
// point asks for that step (`onStep`). Also: the moves of a step (the one played, the
// bot's, a hint's) marked on a board through its places, and the Hint button of a table.
import { get, post } from "./api.js";
import { actionKey, clear, h, s } from "./dom.js";
import { lang, t } from "./i18n.js";
import { colourDot, notifyError, seatColour } from "./ui.js";

const W = 600;
const H = 190;
const PAD = { left: 34, right: 8, top: 8, bottom: 20 };
const POLL_MS = 1500;

function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

function signed(swing) {
  const n = Math.round(swing * 100);
  return `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}%`;
}

export class ReviewPanel {
  // `players`: the names the game calls its seats (for their colours); `onStep(step)`;
  // `onReady()` once the review is there (so a page can mark the moves of its step).
  constructor(tableId, { players, onStep, onReady = () => {} }) {
    this.id = tableId;
    this.players = players;
    this.onStep = onStep;
    this.onReady = onReady;
    this.step = null;
    this.review = null;
    this.closed = false;
    this.element = h("section", { class: "panel review", dataset: { status: "loading" } },
      h("h2", {}, t("review.title")), h("p", { class: "hint" }, "…"));
    this.load();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
  }

  async load() {
    try {
      const body = await get(`/api/tables/${this.id}/review?lang=${lang()}`);
      if (this.closed) return;
      if (body.status === "ready") {
        this.review = body;
        this.draw();
        this.onReady();
        return;
      }
      this.drawWaiting(body);
      if (body.status === "running") this.timer = setTimeout(() => this.load(), POLL_MS);
    } catch (error) {
      if (error.code === "not_found") this.drawWaiting({ status: "none" });
      else notifyError(error);
    }
  }

  // Before the review is ready: how far it has come (or that it failed).
  drawWaiting(body) {
    const parts = [h("h2", {}, t("review.title"))];
    if (body.status === "running") {
      parts.push(h("p", { class: "hint" }, t("review.working")),
        h("progress", { max: 1, value: body.progress, "aria-label": t("review.working") }),
        h("span", { class: "progress-label" }, ` ${percent(body.progress)}`));
    } else {
      parts.push(h("p", { class: "hint" }, t(body.status === "failed" ? "review.failed" : "review.none")));
    }
    this.element.dataset.status = body.status;
    clear(this.element).append(...parts);
  }

  // The decision made at `step` (the move played there and the bot's), if any.
  decision(step) {
    return this.review && step < this.review.decisions.length ? this.review.decisions[step] : null;
  }

  setStep(step) {
    this.step = step;
    if (this.review) this.draw();
  }

  draw() {
    const review = this.review;
    this.element.dataset.status = "ready";
    const parts = [
      h("h2", {}, t("review.title")),
      h("p", { class: "hint" }, t("review.about")),
      this.curve(),
      this.legend(),
      this.turningPoints(),
      this.accuracy(),
      review.facts.length ? this.facts() : null,
      h("p", { class: "hint estimator" }, t("review.estimator", { name: review.estimator })),
    ];
    clear(this.element).append(...parts.filter(Boolean));
  }

  x(step) {
    const last = Math.max(1, this.review.chances.length - 1);
    return PAD.left + (step / last) * (W - PAD.left - PAD.right);
  }

  y(chance) {
    return H - PAD.bottom - chance * (H - PAD.top - PAD.bottom);
  }

  // One line per seat; the turning points as dots on the line that swung; the step shown.
  curve() {
    const review = this.review;
    const svg = s("svg", { class: "review-curve", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("review.curve") });
    for (const level of [0, 0.5, 1]) {
      svg.append(s("line", { x1: PAD.left, x2: W - PAD.right, y1: this.y(level), y2: this.y(level), class: "grid" }),
        s("text", { x: PAD.left - 4, y: this.y(level) + 4, "text-anchor": "end", class: "axis" }, percent(level)));
    }
    const seats = review.chances[0].length;
    for (let seat = 0; seat < seats; seat++) {
      const points = review.chances.map((row, step) => `${this.x(step)},${this.y(row[seat])}`).join(" ");
      svg.append(s("polyline", { points, class: "under" }),
        s("polyline", { points, class: "seat-line", stroke: seatColour(this.players, seat), dataset: { seat } }));
    }
    if (this.step !== null) {
      svg.append(s("line", { class: "now", x1: this.x(this.step), x2: this.x(this.step), y1: PAD.top, y2: H - PAD.bottom }));
    }
    for (const point of review.turning_points) {
      const chance = review.chances[point.step + 1][point.seat];
      svg.append(s("circle", { class: "turning-point", cx: this.x(point.step + 1), cy: this.y(chance), r: 6, fill: seatColour(this.players, point.seat), dataset: { step: point.step } },
        s("title", {}, this.pointText(point))));
    }
    // A click anywhere on the curve asks for the step under it.
    svg.addEventListener("click", (event) => {
      const target = event.target.closest(".turning-point");
      if (target) {
        this.onStep(Number(target.dataset.step));
        return;
      }
      const box = svg.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * W;
      const last = review.chances.length - 1;
      const step = Math.round(((x - PAD.left) / (W - PAD.left - PAD.right)) * last);
      this.onStep(Math.max(0, Math.min(last, step)));
    });
    return h("div", { class: "curve-box" }, svg);
  }

  legend() {
    return h("ul", { class: "legend" }, this.review.chances[0].map((_, seat) => h("li", { dataset: { seat } },
      colourDot(this.players, seat), this.review.players[seat])));
  }

  moveLine(decision) {
    const who = this.review.players[decision.seat];
    const bot = decision.best && actionKey(decision.best) !== actionKey(decision.played) ? decision.best_text : null;
    return [colourDot(this.players, decision.seat), `${who}: `, h("span", { class: "played" }, decision.played_text),
      bot ? [" ", h("span", { class: "bot" }, t("review.botMove", { move: bot }))] : null,
      decision.hinted ? [" ", h("span", { class: "hinted-mark" }, t("review.hinted"))] : null];
  }

  pointText(point) {
    const decision = this.review.decisions[point.step];
    return `${t("review.step", { n: point.step })} ${decision.played_text} → ${this.review.players[point.seat]} ${signed(point.swing)}`;
  }

  turningPoints() {
    const items = this.review.turning_points.map((point) => h("li", {},
      h("button", { type: "button", class: `turning ${point.step === this.step ? "current" : ""}`, dataset: { step: point.step }, onclick: () => this.onStep(point.step) },
        h("span", { class: "step" }, t("review.step", { n: point.step })),
        this.moveLine(this.review.decisions[point.step]),
        h("span", { class: `swing ${point.swing < 0 ? "down" : "up"}` }, ` → ${this.review.players[point.seat]} ${signed(point.swing)}`))));
    return h("section", { class: "turning-points" }, h("h3", {}, t("review.turning")), h("ol", {}, items));
  }

  accuracy() {
    const rows = this.review.accuracy.map((row) => h("tr", { dataset: { seat: row.seat } },
      h("td", {}, colourDot(this.players, row.seat), this.review.players[row.seat]),
      h("td", { class: "share" }, row.share === null ? "—" : percent(row.share)),
      h("td", {}, `${row.accurate}/${row.decisions}`),
      h("td", {}, row.hints)));
    return h("section", { class: "accuracy" },
      h("h3", {}, t("review.accuracy", { margin: percent(this.review.margin) })),
      h("table", {}, h("tr", {}, [t("review.player"), t("review.accurate"), t("review.decisions"), t("review.hints")].map((x) => h("th", {}, x))), rows));
  }

  facts() {
    return h("section", { class: "facts" }, h("h3", {}, t("review.facts")),
      h("ul", {}, this.review.facts.map((fact) => h("li", {},
        h("button", { type: "button", class: "small fact", dataset: { step: fact.step }, onclick: () => this.onStep(fact.step) }, t("review.step", { n: fact.step })),
        " ", fact.text))));
  }

  // What was played at `step` and what the bot preferred, as board places to mark
  // ({action, text} items, as legal actions are given to a board) and a line to show.
  movesAt(step) {
    const decision = this.decision(step);
    if (!decision) return { items: [], line: null, decision: null };
    const items = [{ action: decision.played, text: decision.played_text }];
    if (decision.best && actionKey(decision.best) !== actionKey(decision.played)) items.push({ action: decision.best, text: decision.best_text });
    const played = percent(decision.played_chance);
    const said = items.length > 1 ? t("review.chances", { played, best: percent(decision.best_chance) }) : t("review.chance", { played });
    const chances = decision.best_chance === null ? null : h("span", { class: "chances" }, ` ${said}`);
    return { items, decision, line: h("p", { class: "review-move", dataset: { step } }, this.moveLine(decision), chances) };
  }
}

// Mark the places (and listed actions) of `actions` inside `root` with `className`: the
// boards' places carry the keys of their actions (choices.js, data-actions).
export function markMoves(root, actions, className) {
  const keys = new Set(actions.map((action) => actionKey(action)));
  for (const element of root.querySelectorAll("[data-actions], [data-action]")) {
    const own = element.dataset.actions ? element.dataset.actions.split("\n") : [element.dataset.action];
    if (own.some((key) => keys.has(key))) element.classList.add(className);
  }
}

// The Hint button of a table whose creator allowed hints, and the hint once given: the
// bot's best moves for my decision, with my chance after each, marked on the board.
export class HintBox {
  constructor(tableId, redraw) {
    this.id = tableId;
    this.redraw = redraw;
    this.hint = null; // {version, moves}
    this.asking = false;
  }

  available(m) {
    return Boolean(m.hints) && m.status === "playing" && m.seat !== null && m.to_move === m.seat && !m.seats[m.seat].timed_out;
  }

  part(m) {
    if (!this.available(m)) return null;
    const shown = this.hint && this.hint.version === m.version ? this.hint : null;
    const button = h("button", { type: "button", class: "hint-button", disabled: this.asking || Boolean(shown), onclick: () => this.ask(m.version) }, t("hint.button"));
    if (!shown) return h("div", { class: "hint-box" }, button);
    return h("div", { class: "hint-box" }, button,
      h("ol", { class: "hint-moves" }, shown.moves.map((move) => h("li", { dataset: { action: actionKey(move.action) } },
        h("span", { class: "move" }, move.text), " ", h("span", { class: "chance" }, t("hint.chance", { chance: percent(move.chance) }))))));
  }

  async ask(version) {
    this.asking = true;
    this.redraw();
    try {
      const body = await post(`/api/tables/${this.id}/hint?lang=${lang()}`, { move: version });
      this.hint = { version, moves: body.moves };
    } catch (error) {
      notifyError(error);
    }
    this.asking = false;
    this.redraw();
  }

  // After the page is drawn: the hinted moves marked on the board and in the action list.
  mark(root, m) {
    if (!this.hint || this.hint.version !== m.version) return;
    markMoves(root.querySelector(".board-area") || root, this.hint.moves.map((move) => move.action), "hinted");
    markMoves(root.querySelector(".legal-list") || root, this.hint.moves.map((move) => move.action), "hinted");
  }
}
