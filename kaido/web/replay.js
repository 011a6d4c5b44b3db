// A finished game stepped through move by move, forward and back, from its record, with
// its review: the curve of chances (a click moves there), and at each step the move played
// and the bot's marked on the board. `?step=N` in the address opens step N.
import { get } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameTitle, seatLabel } from "./lobby.js";
import { loadBoard } from "./table.js";
import { icon } from "./icons.js";
import { link, logEntries, notifyError } from "./ui.js";
import { renderValue } from "./view.js";
import { ReviewPanel, markMoves } from "./review.js";

export async function showReplay(main, tableId, session) {
  const page = { viewer: null, step: 0, log: null, snapshot: null, board: null, review: null };
  const query = () => `lang=${lang()}${page.viewer === null ? "" : `&seat=${page.viewer}`}`;

  const loadLog = async () => {
    page.log = await get(`/api/tables/${tableId}/replay?${query()}`);
  };
  const show = async (step) => {
    page.step = Math.max(0, Math.min(step, page.log.steps));
    page.snapshot = await get(`/api/tables/${tableId}/replay/${page.step}?${query()}`);
    render();
  };

  const render = () => {
    const snap = page.snapshot;
    const players = snap.players;
    if (!page.review) page.review = new ReviewPanel(tableId, { players, onStep: show, onReady: render });
    page.review.setStep(page.step);
    const moves = page.review.movesAt(page.step);
    const controls = h("div", { class: "replay-controls" },
      h("button", { type: "button", class: "first", onclick: () => show(0) }, icon("first"), " ", t("replay.first")),
      h("button", { type: "button", class: "prev", onclick: () => show(page.step - 1) }, icon("prev"), " ", t("replay.prev")),
      h("input", { type: "range", min: 0, max: page.log.steps, value: page.step, onchange: (e) => show(Number(e.target.value)) }),
      h("button", { type: "button", class: "next", onclick: () => show(page.step + 1) }, t("replay.next"), " ", icon("next")),
      h("button", { type: "button", class: "last", onclick: () => show(page.log.steps) }, t("replay.last"), " ", icon("last")),
      h("span", { class: "step-label" }, t("replay.step", { n: page.step, total: page.log.steps })),
    );
    const viewer = h("select", { name: "viewer" },
      h("option", { value: "", selected: page.viewer === null }, t("replay.everyone")),
      page.log.seats.map((seat) => h("option", { value: seat.seat, selected: page.viewer === seat.seat }, `${players[seat.seat]} — ${seatLabel(seat)}`)));
    viewer.addEventListener("change", async () => {
      page.viewer = viewer.value === "" ? null : Number(viewer.value);
      await loadLog();
      await show(page.step);
    });
    const board = [];
    if (page.board) {
      // The moves of this step are the board's places: its own way of marking moves.
      const message = { ...snap, legal: moves.items, seat: page.viewer, status: "replay" };
      const drawn = page.board.module.drawBoard({ geometry: page.board.geometry, message, lang: lang(), players, onAct: () => {}, interactive: false }).element;
      if (moves.decision) {
        markMoves(drawn, [moves.decision.played], "review-played");
        if (moves.decision.best) markMoves(drawn, [moves.decision.best], "review-best");
      }
      board.push(drawn);
    }
    const entries = logEntries(page.log.log.slice(0, page.step), players, page.step);
    clear(main).append(h("div", { class: "table-page replay", dataset: { step: page.step } },
      h("div", { class: "board-area" },
        h("h1", { class: "table-title" }, `${t("replay.title")}: ${gameTitle(session.games, page.log.game)}`),
        controls, moves.line, board,
        h("details", { class: "panel state", open: !page.board }, h("summary", {}, t("table.state")), renderValue(snap.view, players))),
      h("aside", { class: "side" },
        page.review.element,
        h("section", { class: "panel" }, h("label", {}, t("replay.viewer"), viewer),
          h("p", {}, h("a", { class: "button", href: `/table/${tableId}`, onclick: link(`/table/${tableId}`) }, t("lobby.go")), " ",
            h("a", { class: "button", href: `/api/tables/${tableId}/record`, download: `kaido-${tableId}.json` }, t("table.download")))),
        h("section", { class: "panel log" }, h("h2", {}, t("table.log")), h("ol", {}, entries)))));
    const log = main.querySelector(".log ol");
    if (log) log.scrollTop = log.scrollHeight;
  };

  const keys = (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") show(page.step + 1);
    if (event.key === "ArrowLeft") show(page.step - 1);
  };
  try {
    await loadLog();
    page.board = await loadBoard(session, page.log.game, tableId);
    await show(Number(new URLSearchParams(location.search).get("step")) || 0);
  } catch (error) {
    notifyError(error);
  }
  document.addEventListener("keydown", keys);
  return () => {
    document.removeEventListener("keydown", keys);
    if (page.review) page.review.close();
  };
}
