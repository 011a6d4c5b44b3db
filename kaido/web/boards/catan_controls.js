// Catan's choices that are not places on the board, made the way players expect: cards to
// discard and the sides of an offer with counters, Year of Plenty and Monopoly and the bank
// trades with resource buttons. Each ends in one action, or a few done in order (the
// engine's atomic decisions: a discard of three cards is three `discard` actions).
import { actionKey, h } from "../dom.js";
import { counterRows, pickerBox, total } from "../picker.js";

const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"];
const CARDS_PER_KIND = 19;
const HANDLED = new Set(["discard", "year_of_plenty", "monopoly", "maritime", "trade", "offer_give", "offer_ask",
  "propose", "withdraw", "counter", "counter_give", "counter_ask", "counter_submit"]);

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

function swatch(k) {
  return h("span", { class: "swatch", dataset: { resource: k } });
}

function resourceKinds(words, max) {
  return RESOURCES.map((name, k) => ({ key: k, label: words[name], swatch: swatch(k), max: max[k] }));
}

function zeros() {
  return [0, 0, 0, 0, 0];
}

// A draft kept across renders while the same decision lasts (`key`).
function draft(drafts, name, key, make) {
  if (!drafts[name] || drafts[name].key !== key) drafts[name] = { key, ...make() };
  return drafts[name];
}

function button(label, attrs, onclick) {
  return h("button", { type: "button", ...attrs, onclick }, label);
}

// The controls for `message.legal`; the keys of the actions they offer go into `placed`.
export function controls({ message, words, players, drafts, act, placed, interactive }) {
  const legal = message.legal || [];
  const view = message.view;
  if (!legal.length || view.you === null || view.you === undefined) return null;
  const kinds = new Set(legal.map((item) => item.action[0]));
  for (const item of legal) if (HANDLED.has(item.action[0])) placed.add(actionKey(item.action));
  const ctx = { message, view, legal, words, players, drafts, act, interactive, me: view.you };
  const key = `${view.turns}:${view.phase}:${message.version}`;
  const parts = [];
  if (kinds.has("discard")) parts.push(discardPicker(ctx, `${view.turns}:discard`));
  if (kinds.has("year_of_plenty")) parts.push(plentyPicker(ctx, key));
  if (kinds.has("monopoly")) parts.push(monopolyButtons(ctx));
  if (kinds.has("maritime")) parts.push(bankTrade(ctx, key));
  if (kinds.has("trade") || kinds.has("propose")) parts.push(offerEditor(ctx, "offer"));
  if (kinds.has("counter") || kinds.has("counter_submit")) parts.push(offerEditor(ctx, "counter"));
  return parts.length ? h("div", { class: "catan-controls" }, parts) : null;
}

// ---- discarding half on a 7 --------------------------------------------------------------

function discardPicker(ctx, key) {
  const { view, words, me } = ctx;
  const need = view.discarding[me];
  const state = draft(ctx.drafts, "discard", key, () => ({ counts: zeros() }));
  const redraw = () => ctx.drafts.redraw();
  const chosen = total(state.counts);
  const cards = state.counts.flatMap((n, k) => Array(n).fill(["discard", k]));
  return pickerBox("discard", fill(words.discardTitle, { n: need }),
    counterRows({
      name: "discard", kinds: resourceKinds(words, view.hand), counts: state.counts, onChange: redraw,
      limit: (counts, k) => Math.min(view.hand[k], counts[k] + need - total(counts)),
    }),
    h("p", { class: "summary" }, fill(words.chosenOf, { n: chosen, of: need })),
    button(words.discard, { class: "primary do-discard", disabled: chosen !== need || !ctx.interactive }, () => {
      state.counts = zeros();
      ctx.act(cards);
    }));
}

// ---- Year of Plenty and Monopoly -----------------------------------------------------------

function plentyPicker(ctx, key) {
  const { view, words, legal } = ctx;
  const options = legal.filter((item) => item.action[0] === "year_of_plenty");
  const most = Math.max(...options.map((item) => item.action.slice(1).filter((k) => k >= 0).length));
  const state = draft(ctx.drafts, "plenty", key, () => ({ counts: zeros() }));
  const wanted = state.counts.flatMap((n, k) => Array(n).fill(k));
  const match = options.find((item) => {
    const taken = item.action.slice(1).filter((k) => k >= 0).sort();
    return taken.length === wanted.length && taken.every((k, i) => k === wanted[i]);
  });
  return pickerBox("plenty", words.plentyTitle,
    counterRows({
      name: "plenty", kinds: resourceKinds(words, view.bank), counts: state.counts, onChange: () => ctx.drafts.redraw(),
      limit: (counts, k) => Math.min(view.bank[k], counts[k] + most - total(counts)),
    }),
    h("p", { class: "summary" }, fill(words.chosenOf, { n: wanted.length, of: most })),
    button(words.take, { class: "primary do-plenty", disabled: !match || wanted.length !== most || !ctx.interactive,
      dataset: match ? { action: actionKey(match.action) } : {} }, () => match && ctx.act(match.action)));
}

function monopolyButtons(ctx) {
  const { words, legal } = ctx;
  const options = legal.filter((item) => item.action[0] === "monopoly");
  return pickerBox("monopoly", words.monopolyTitle,
    h("div", { class: "resource-buttons" }, options.map((item) => button([swatch(item.action[1]), words[RESOURCES[item.action[1]]]],
      { class: "legal resource", disabled: !ctx.interactive, dataset: { action: actionKey(item.action) } }, () => ctx.act(item.action)))));
}

// ---- trading with the bank: what to give (at its best rate), then what to take -----------------

function bankTrade(ctx, key) {
  const { words, legal } = ctx;
  const trades = legal.filter((item) => item.action[0] === "maritime");
  const state = draft(ctx.drafts, "bank", key, () => ({ give: null }));
  const rates = {};
  for (const item of trades) {
    const [, give, rate] = item.action;
    rates[give] = Math.min(rates[give] || 9, rate);
  }
  const gives = Object.keys(rates).map(Number).map((k) => button([swatch(k), `${rates[k]} ${words[RESOURCES[k]]}`],
    { class: `give ${state.give === k ? "chosen" : ""}`, "aria-pressed": state.give === k ? "true" : "false", dataset: { kind: k } },
    () => {
      state.give = k;
      ctx.drafts.redraw();
    }));
  const takes = state.give === null ? [] : trades
    .filter((item) => item.action[1] === state.give && item.action[2] === rates[state.give])
    .map((item) => button([swatch(item.action[3]), `1 ${words[RESOURCES[item.action[3]]]}`],
      { class: "legal take", disabled: !ctx.interactive, dataset: { action: actionKey(item.action) } }, () => ctx.act(item.action)));
  return pickerBox("bank", words.bankTitle,
    h("p", { class: "hint" }, words.bankGive), h("div", { class: "resource-buttons gives" }, gives),
    takes.length ? [h("p", { class: "hint" }, words.bankTake), h("div", { class: "resource-buttons takes" }, takes)] : null);
}

// ---- offers and counter-offers, written with counters and sent as one ------------------------

// The engine writes an offer card by card; `side` "offer" (the player on turn to all) or
// "counter" (an answer to the player on turn). What is already written is the minimum.
function offerEditor(ctx, side) {
  const { view, words, legal, me } = ctx;
  const kinds = new Set(legal.map((item) => item.action[0]));
  const drafting = side === "offer" ? kinds.has("propose") || kinds.has("offer_give") || kinds.has("offer_ask")
    : kinds.has("counter_submit") || kinds.has("counter_give") || kinds.has("counter_ask");
  const written = side === "offer" ? (drafting ? view.offer : Array(10).fill(0)) : (drafting ? view.counters[me] : Array(10).fill(0));
  const state = draft(ctx.drafts, side, `${view.turns}:${side}:${view.responder}`, () => ({ open: drafting, give: written.slice(0, 5), ask: written.slice(5) }));
  state.open = state.open || drafting;
  if (!state.open) {
    return button(side === "offer" ? words.writeOffer : words.writeCounter, { class: `open-${side}`, disabled: !ctx.interactive }, () => {
      state.open = true;
      ctx.drafts.redraw();
    });
  }
  const hand = view.hand;
  const others = view.hand_sizes.filter((_, p) => p !== me);
  const askTotal = side === "offer" ? Math.max(...others) : view.hand_sizes[view.turn];
  const giveLimit = (counts, k) => (state.ask[k] ? 0 : hand[k]);
  const askLimit = (counts, k) => (state.give[k] ? 0 : Math.min(CARDS_PER_KIND - view.bank[k] - hand[k], counts[k] + askTotal - total(counts)));
  const redraw = () => ctx.drafts.redraw();
  const ready = total(state.give) > 0 && total(state.ask) > 0;
  const send = () => {
    const prefix = side === "offer" ? "offer" : "counter";
    const steps = drafting ? [] : [[side === "offer" ? "trade" : "counter"]];
    state.give.forEach((n, k) => steps.push(...Array(n - written[k]).fill([`${prefix}_give`, k])));
    state.ask.forEach((n, k) => steps.push(...Array(n - written[5 + k]).fill([`${prefix}_ask`, k])));
    steps.push([side === "offer" ? "propose" : "counter_submit"]);
    delete ctx.drafts[side];
    ctx.act(steps);
  };
  const title = side === "offer" ? words.offerTitle : fill(words.counterTitle, { name: ctx.players[view.turn] });
  const withMin = (base) => (kind) => ({ ...kind, min: base[kind.key] });
  return pickerBox(`${side}-editor`, title,
    h("p", { class: "hint" }, words.youGive),
    counterRows({ name: `${side}-give`, kinds: resourceKinds(words, hand).map(withMin(written.slice(0, 5))), counts: state.give, limit: giveLimit, onChange: redraw }),
    h("p", { class: "hint" }, words.youGet),
    counterRows({ name: `${side}-ask`, kinds: resourceKinds(words, hand).map(withMin(written.slice(5))), counts: state.ask, limit: askLimit, onChange: redraw }),
    h("div", { class: "row" },
      button(side === "offer" ? words.sendOffer : words.sendCounter, { class: `primary send-${side}`, disabled: !ready || !ctx.interactive }, send),
      cancelButton(ctx, side, drafting, state)));
}

// Before anything is written the editor just closes; a written offer is withdrawn (a written
// counter-offer is dropped by declining, which the list of actions offers).
function cancelButton(ctx, side, drafting, state) {
  if (!drafting) {
    return button(ctx.words.cancel, { class: `cancel-${side}` }, () => {
      state.open = false;
      ctx.drafts.redraw();
    });
  }
  if (side !== "offer") return null;
  return button(ctx.words.withdraw, { class: "cancel-offer", disabled: !ctx.interactive }, () => ctx.act(["withdraw"]));
}
