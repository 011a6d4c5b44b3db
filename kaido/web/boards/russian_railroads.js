// The Russian Railroads boards: the main board (action spaces with their cost and the
// workers on them, the engineer strip, turn order, rounds, supply) and one board per
// player (the three lines with their markers and locos, the industry track with its
// factories, workers, rubles, engineers, cards). What stands where comes from the view;
// what the boards are (spaces, squares, names) from the game's geometry.py. Legal actions
// with a place on a board (a space, a track or industry marker, a loco slot, a factory
// space, a card or token) are clicked there; a place offering several actions (ways to pay
// for a space) opens a small menu of them.
import { boardStage, makePlace as placeActions } from "../choices.js";
import { h, s } from "../dom.js";
import { seatColour } from "../ui.js";

const TRACK = { black: "#2a2522", grey: "#9c9c9c", brown: "#8a5a2b", vanilla: "#eadba4", white: "#ffffff" };
const SQUARE = { black: "#5b524c", grey: "#c4c4c4", brown: "#c08b55", vanilla: "#f4e8bf", white: "#ffffff" };
const GROUP_FILL = {
  track: "#e6dcc4", tile: "#d7e1ea", industry: "#e9d6cf", aux: "#e4e9d3", engineer: "#efe3c0", order: "#dcd5e8",
};
const WIDTH = 1120;
// Fingers get larger markers; data-touch: a board's smallest target, in board units, for
// zoom on tap (a factory or card of the main board; a waiting track marker).
const GROW = matchMedia("(pointer: coarse), (max-width: 700px)").matches ? 1.5 : 1;
const TOUCH = { main: 30, player: 16 * GROW };

export const WORDS = {
  en: {
    board: "Russian Railroads main board", playerBoard: "Player board", round: "Round",
    lastRound: "Last round: the turn-order spaces give industry +3",
    setup: "Start bonus choice", over: "Game over", turnOrder: "Turn order", passVp: "VP on passing",
    engineers: "Engineers", hire: "Hire", supply: "Supply", locos: "Loco tiles", factoryStock: "Factory stock",
    doublerStock: "x2 tokens left", advantageCards: "Advantage cards", startBonus: "Start bonus",
    endBonusDeck: "End bonus deck", track: "Track", tiles: "Locos & factories", industry: "Industry",
    aux: "Auxiliary", workers: "Workers", inStock: "still to gain", temp: "Temporary workers",
    blackWorker: "Black worker", rubles: "Rubles", doublers: "x2 tokens", vp: "VP", passed: "passed",
    reach: "Loco reach", owned: "Engineers", tokens: "Advantage tokens", endBonus: "End bonus cards",
    hidden: "hidden", seenDeck: "The end bonus deck when you last looked", keepBonus: "Keep one end bonus card", yourBonus: "Your end bonus cards", you: "you", toMove: "to move",
    claims: "Next round", empty: "empty", choose: "Choose", revalued: "revaluation token",
    medal: "Kiev medal", factory: "Factory", reward: {
      unlock: "gain the {colour} markers", complete: "line complete: {vp} VP", worker: "an extra worker",
      advantage: "an advantage token", double: "St Petersburg scores double", star: "{vp} VP at every scoring",
    },
    needs: "{colour} marker{loco} on this square",
    withLoco: " and the loco reach",
  },
  ja: {
    board: "ロシアンレールロードのメインボード", playerBoard: "個人ボード", round: "ラウンド",
    lastRound: "最終ラウンド：手番順のスペースは工業+3になる",
    setup: "スタートボーナスの選択", over: "ゲーム終了", turnOrder: "手番順", passVp: "パス時の勝利点",
    engineers: "技術者", hire: "雇用", supply: "ストック", locos: "機関車タイル", factoryStock: "工場ストック",
    doublerStock: "×2トークン残り", advantageCards: "アドバンテージカード", startBonus: "スタートボーナス",
    endBonusDeck: "エンドボーナスの山札", track: "線路", tiles: "機関車と工場", industry: "工業",
    aux: "補助", workers: "ワーカー", inStock: "未獲得", temp: "臨時ワーカー",
    blackWorker: "黒のワーカー", rubles: "ルーブル", doublers: "×2トークン", vp: "勝利点", passed: "パス済",
    reach: "機関車の到達", owned: "技術者", tokens: "アドバンテージトークン", endBonus: "エンドボーナスカード",
    hidden: "非公開", seenDeck: "最後に見たエンドボーナスの山札", keepBonus: "残すエンドボーナスカードを1枚選ぶ", yourBonus: "あなたのエンドボーナスカード", you: "あなた", toMove: "手番",
    claims: "次のラウンド", empty: "空き", choose: "選択", revalued: "再評価トークン",
    medal: "キエフ勲章", factory: "工場", reward: {
      unlock: "{colour}の線路コマを獲得", complete: "鉄道完成：{vp}勝利点", worker: "ワーカー1個追加",
      advantage: "アドバンテージトークン", double: "サンクトペテルブルク鉄道の得点が2倍", star: "得点計算ごとに{vp}勝利点",
    },
    needs: "{colour}の線路コマ{loco}がこのマスに到達",
    withLoco: "と機関車",
  },
};

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// ---- the entry point -------------------------------------------------------------------

export function drawBoard({ geometry, message, lang, players, onAct, interactive }) {
  const view = message.view;
  const placed = new Set();
  if (!geometry || !view || !view.players) return { element: h("div"), placed };
  const wrap = boardStage("board-wrap rr-wrap");
  Object.assign(wrap.dataset, { round: view.round, phase: view.phase });
  const ctx = {
    geometry, view, lang, players, placed, wrap,
    words: WORDS[lang] || WORDS.en,
    seat: message.seat ?? null,
    byPlace: groupByPlace(message.legal || []),
    act: (action) => interactive && onAct(action),
    colour: (p) => seatColour(players, p),
  };
  wrap.append(mainBoard(ctx));
  for (const p of boardOrder(ctx)) wrap.append(playerBoard(ctx, p));
  const cards = endBonusHand(ctx);
  if (cards) wrap.insertBefore(cards, wrap.children[1] || null);
  if (view.seen_deck) wrap.append(seenDeck(ctx));
  return { element: wrap, placed };
}

// Your own board first, then the others in seat order.
function boardOrder(ctx) {
  const seats = ctx.view.players.map((_, p) => p);
  return ctx.seat === null ? seats : [ctx.seat, ...seats.filter((p) => p !== ctx.seat)];
}

// ---- places: where a legal action is clicked --------------------------------------------

function placeOf(action) {
  const [kind, first, second] = action;
  const places = {
    place: `space:${first}`, repeat: `space:${first}`, reuse: `space:${first}`,
    step: `marker:${first}:${second}`, industry: `industry:${first}`, loco: `slot:${first}`,
    replace_factory: `factory:${first}`, advantage: `token:${first}`, advantage_card: `card:${first}`,
    start_bonus: `start:${first}`, take_stock: `stock:${first}`, keep: "keep",
  };
  return places[kind] || null;
}

function groupByPlace(legal) {
  const byPlace = new Map();
  for (const item of legal) {
    const place = placeOf(item.action);
    if (!place) continue;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(item);
  }
  return byPlace;
}

// Make `element` the place of the actions at `place` (if any): highlighted and clickable,
// with a menu of them when there are several (ways to pay for a space).
function makePlace(ctx, element, place, title) {
  const items = ctx.byPlace.get(place);
  element.dataset.place = place;
  if (!items) return element;
  const labelled = items.map((item) => ({ ...item, label: item.text }));
  placeActions(element, labelled, { stage: ctx.wrap, title: title || ctx.words.choose, act: ctx.act, placed: ctx.placed });
  if (!element.querySelector("title")) element.append(s("title", {}, title));
  return element;
}

// ---- small pictures ---------------------------------------------------------------------

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "dominant-baseline": "central", ...attrs }, content);
}

function heading(x, y, content) {
  return text(x, y, content, { class: "heading", "font-size": 13, "font-weight": 700, fill: "#7a3b1d" });
}

function pawn(x, y, size, colour, attrs = {}, outline = "#1d1a16") {
  const r = size * 0.28;
  const body = `M${x - size * 0.42},${y + size * 0.5} L${x - size * 0.25},${y - size * 0.05} `
    + `L${x + size * 0.25},${y - size * 0.05} L${x + size * 0.42},${y + size * 0.5} Z`;
  return s("g", { class: "pawn", ...attrs },
    s("path", { d: body, fill: colour, stroke: outline, "stroke-width": 1.2 }),
    s("circle", { cx: x, cy: y - size * 0.25, r, fill: colour, stroke: outline, "stroke-width": 1.2 }));
}

function coin(x, y, r, attrs = {}, outline = "#7a5b12") {
  return s("g", { class: "coin", ...attrs },
    s("circle", { cx: x, cy: y, r, fill: "#e2b73c", stroke: outline, "stroke-width": 1.5 }),
    text(x, y + 0.5, "₽", { "text-anchor": "middle", "font-size": r * 1.2, "font-weight": 700, fill: "#4a3608" }));
}

function loco(x, y, size, number, attrs = {}) {
  const w = size * 1.5;
  return s("g", { class: "loco-icon", ...attrs },
    s("rect", { x, y: y - size * 0.4, width: w, height: size * 0.6, rx: 2, fill: "#3b4f6b", stroke: "#1d1a16" }),
    s("rect", { x: x + w * 0.62, y: y - size * 0.75, width: w * 0.38, height: size * 0.4, fill: "#3b4f6b", stroke: "#1d1a16" }),
    s("circle", { cx: x + w * 0.25, cy: y + size * 0.28, r: size * 0.15, fill: "#1d1a16" }),
    s("circle", { cx: x + w * 0.75, cy: y + size * 0.28, r: size * 0.15, fill: "#1d1a16" }),
    number ? text(x + w * 0.3, y - size * 0.1, number, { "text-anchor": "middle", "font-size": size * 0.5, fill: "#fff", "font-weight": 700 }) : null);
}

function factory(x, y, size, attrs = {}) {
  const w = size * 1.3;
  const d = `M${x},${y + size * 0.4} L${x},${y - size * 0.2} L${x + w / 3},${y - size * 0.5} L${x + w / 3},${y - size * 0.2} `
    + `L${x + (2 * w) / 3},${y - size * 0.5} L${x + (2 * w) / 3},${y - size * 0.2} L${x + w},${y - size * 0.5} L${x + w},${y + size * 0.4} Z`;
  return s("path", { class: "factory-icon", d, fill: "#9a4b32", stroke: "#1d1a16", ...attrs });
}

function trackSquare(x, y, size, kind) {
  if (kind === "any") {
    const colours = Object.values(TRACK);
    const w = size / colours.length;
    return s("g", { class: "token any" }, colours.map((c, i) => s("rect", { x: x + i * w, y, width: w, height: size, fill: c })),
      s("rect", { x, y, width: size, height: size, fill: "none", stroke: "#1d1a16" }));
  }
  if (kind === "black_or_grey") {
    return s("g", { class: "token black-or-grey" },
      s("path", { d: `M${x},${y} h${size} L${x},${y + size} Z`, fill: TRACK.black }),
      s("path", { d: `M${x + size},${y} v${size} h${-size} Z`, fill: TRACK.grey }),
      s("rect", { x, y, width: size, height: size, fill: "none", stroke: "#1d1a16" }));
  }
  return s("rect", { class: `token ${kind}`, x, y, width: size, height: size, fill: TRACK[kind], stroke: "#1d1a16" });
}

// One effect part as a little picture, its left edge at x; returns [element, width].
function effectIcon(part, x, y, size) {
  const [op, arg, count] = part;
  const label = (content, dx = 0) => text(x + dx, y, content, { "font-size": size * 0.8, "font-weight": 700, fill: "#2b2118" });
  if (op === "track") {
    const shown = Math.min(count, 4);
    const group = s("g", {}, Array.from({ length: shown }, (_, i) => trackSquare(x + i * (size * 0.8), y - size / 2, size * 0.7, arg)));
    return [group, shown * size * 0.8 + 2];
  }
  if (op === "industry") return [s("g", {}, factory(x, y, size * 0.8), label(`+${arg}`, size * 1.15)), size * 2.2];
  if (op === "x2") return [s("g", {}, text(x, y, `${arg > 1 ? `${arg}×` : ""}×2`, { "font-size": size * 0.8, "font-weight": 700, fill: "#7a3b1d" })), size * (arg > 1 ? 2.2 : 1.4)];
  if (op === "rubles") return [s("g", {}, coin(x + size * 0.45, y, size * 0.45), label(arg, size * 1.0)), size * 1.7];
  if (op === "vp") return [label(`${arg}★`), size * 1.7];
  if (op === "temp_workers") return [s("g", {}, pawn(x + size * 0.4, y, size, "#f4f1ea"), pawn(x + size * 1.0, y, size, "#f4f1ea")), size * 1.5];
  if (op === "tile") return tileIcon(arg, x, y, size);
  if (op === "turn_order") return [label(`→${arg}`), size * 1.6];
  if (op === "repeat") return [label("↻"), size];
  if (op === "hire") return [s("g"), 0];
  return [label(op), size * 2];
}

function tileIcon(mode, x, y, size) {
  const parts = [loco(x, y, size * 0.8)];
  let width = size * 1.3;
  if (mode !== "loco") {
    parts.push(text(x + width, y, mode === "loco_and_factory" ? "+" : "/", { "font-size": size * 0.8, "font-weight": 700 }));
    parts.push(factory(x + width + size * 0.5, y, size * 0.8));
    width += size * 1.6;
  }
  if (mode === "factory") return [factory(x, y, size * 0.8), size * 1.2];
  return [s("g", {}, parts), width + 2];
}

function effectIcons(parts, x, y, size) {
  const group = s("g", { class: "effect" });
  let at = x;
  for (const part of parts) {
    const [icon, width] = effectIcon(part, at, y, size);
    group.append(icon);
    at += width + 4;
  }
  return group;
}

// The payment for a space: outline pawns and coins (what it costs), or, once taken, what
// its occupant paid, in their colour.
function costIcons(x, y, workers, rubles) {
  const group = s("g", { class: "cost" });
  for (let i = 0; i < workers; i++) group.append(pawn(x + i * 15, y, 16, "#fffdf7", { opacity: 0.8 }));
  for (let i = 0; i < rubles; i++) group.append(coin(x + (workers + i) * 15, y, 7));
  return group;
}

function paidIcons(ctx, x, y, placement) {
  const [, seat, own, temp, black, rubles] = placement;
  const colour = ctx.colour(seat);
  const group = s("g", { class: "occupant", dataset: { seat } });
  let at = x;
  const add = (element) => {
    group.append(element);
    at += 15;
  };
  for (let i = 0; i < own; i++) add(pawn(at, y, 16, colour));
  for (let i = 0; i < temp; i++) add(pawn(at, y, 16, "#f4f1ea", { class: "pawn temp" }, colour));
  for (let i = 0; i < black; i++) add(pawn(at, y, 16, "#1d1a16", { class: "pawn black" }, colour));
  for (let i = 0; i < rubles; i++) add(coin(at, y, 7, {}, colour));
  group.append(s("rect", { x: x - 9, y: y - 11, width: Math.max(at - x + 3, 18), height: 22, rx: 4, fill: "none", stroke: colour, "stroke-width": 2.5 }));
  return group;
}

// ---- the main board ---------------------------------------------------------------------

const CELL_W = 150;
const CELL_H = 64;
const GAP = 8;
const TOP = 64;

function spaceName(ctx, space) {
  return space.name[ctx.lang] || space.name.en;
}

function activeSpaces(ctx) {
  const last = ctx.view.round === ctx.view.rounds;
  return ctx.geometry.spaces.filter((space) => space.rounds === "all" || (space.rounds === "last") === last);
}

function placementsOn(ctx, index) {
  return ctx.view.placements.filter((p) => p[0] === index);
}

function mainBoard(ctx) {
  const height = TOP + 6 * (CELL_H + GAP) + 10;
  const svg = s("svg", { class: "board rr main", viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": ctx.words.board, dataset: { touch: TOUCH.main } });
  svg.append(s("rect", { x: 0, y: 0, width: WIDTH, height, rx: 10, fill: "#f3ead4", stroke: "#b9a57e" }));
  svg.append(roundTrack(ctx));
  const spaces = activeSpaces(ctx);
  svg.append(heading(10, TOP - 10, ctx.words.track));
  svg.append(trackSpaces(ctx, spaces.filter((space) => space.group === "track")));
  [["tile", ctx.words.tiles], ["industry", ctx.words.industry], ["aux", ctx.words.aux]].forEach(([group, title], column) => {
    const x = 10 + (2 + column) * (CELL_W + GAP);
    svg.append(heading(x, TOP - 10, title));
    spaces.filter((space) => space.group === group)
      .forEach((space, row) => svg.append(spaceCell(ctx, space, x, TOP + row * (CELL_H + GAP), CELL_W, CELL_H)));
  });
  svg.append(engineerStrip(ctx, spaces));
  svg.append(turnOrder(ctx, spaces.filter((space) => space.group === "order")));
  svg.append(supply(ctx));
  return svg;
}

function roundTrack(ctx) {
  const { view, words } = ctx;
  const group = s("g", { class: "rounds", dataset: { round: view.round, rounds: view.rounds } });
  group.append(text(16, 28, `${words.round} ${view.round} / ${view.rounds}`, { "font-size": 20, "font-weight": 700, fill: "#2b2118" }));
  for (let r = 1; r <= view.rounds; r++) {
    const current = r === view.round;
    const cx = 190 + (r - 1) * 34;
    group.append(s("circle", { cx, cy: 28, r: 14, class: current ? "round current" : "round", fill: current ? "#7a3b1d" : r < view.round ? "#c9b99a" : "#fffdf7", stroke: "#7a3b1d", "stroke-width": r === view.rounds ? 3 : 1.2 }),
      text(cx, 29, r, { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: current ? "#fff" : "#2b2118" }));
  }
  const note = view.phase === 2 ? words.over : view.phase === 0 ? words.setup : view.round === view.rounds ? words.lastRound : "";
  if (note) group.append(text(200 + view.rounds * 34, 28, note, { class: "round-note", "font-size": 15, "font-weight": 600, fill: "#b3261e" }));
  return group;
}

function trackRow(space) {
  const part = space.effect.find((p) => p[0] === "track");
  const colours = ["black", "grey", "brown", "vanilla", "white"];
  const row = part ? colours.indexOf(part[1]) : -1;
  return row >= 0 ? row : 5;
}

// Track spaces: one row per colour (the 'any' spaces last), cheaper space on the left.
function trackSpaces(ctx, spaces) {
  const group = s("g", { class: "track-spaces" });
  const used = [0, 0, 0, 0, 0, 0];
  for (const space of spaces) {
    const row = trackRow(space);
    const x = 10 + used[row]++ * (CELL_W + GAP);
    group.append(spaceCell(ctx, space, x, TOP + row * (CELL_H + GAP), CELL_W, CELL_H));
  }
  return group;
}

// A space: what it does, what it costs, and who took it (paying what). `tile` is set for a
// public engineer space: the engineer tile lying there decides the action and the cost.
function spaceCell(ctx, space, x, y, width, height, tile = null) {
  const taken = placementsOn(ctx, space.index);
  const group = s("g", {
    class: `space ${space.group}`,
    dataset: { space: space.index, key: space.key, occupied: taken.map((p) => p[1]).join(" ") },
  });
  group.append(s("rect", { class: "cell", x, y, width, height, rx: 6, fill: GROUP_FILL[space.group], stroke: "#8d7a56", "stroke-width": 1.2 }));
  if (tile) {
    group.append(text(x + 5, y + 12, `#${tile.number}${tile.letter ? ` ${tile.letter}` : ""}`, { "font-size": 12, "font-weight": 700 }));
    tile.effect.forEach((part, i) => group.append(effectIcon(part, x + 6, y + 36 + i * 24, 15)[0]));
  } else {
    group.append(effectIcons(space.effect, x + 8, y + 20, 18));
  }
  const bottom = y + height - 16;
  if (space.multi) {
    const step = Math.min(34, (width - 24) / Math.max(taken.length, 1));
    taken.forEach((placement, i) => group.append(paidIcons(ctx, x + 14 + i * step, bottom, placement)));
  }
  if (taken.length && !space.multi) {
    const [, , own, temp, black, rubles] = taken[0];
    group.append(paidIcons(ctx, x + width - 12 - (own + temp + black + rubles - 1) * 15, bottom, taken[0]));
  } else if (!taken.length) {
    const workers = tile ? tile.workers : space.workers;
    group.append(costIcons(x + width - 12 - (workers + space.rubles - 1) * 15, bottom, workers, space.rubles));
  }
  if (space.key === "temp" && ctx.view.temp_on_space) {
    group.append(text(x + width - 10, y + 20, `${ctx.view.temp_on_space}`, { "text-anchor": "end", "font-size": 13, fill: "#6d5e4b" }));
  }
  const name = tile ? tile.name[ctx.lang] || tile.name.en : spaceName(ctx, space);
  group.append(s("title", {}, name));
  return makePlace(ctx, group, `space:${space.index}`, name);
}

// ---- the engineer strip -----------------------------------------------------------------

const STRIP_X = 10 + 2 * (CELL_W + GAP);
const STRIP_Y = TOP + 3 * (CELL_H + GAP);

function engineerStrip(ctx, spaces) {
  const { geometry, view, words } = ctx;
  const strip = geometry.strip;
  const tileW = (3 * CELL_W + 2 * GAP - (strip.length - 1) * 6) / strip.length;
  const group = s("g", { class: "engineer-strip" });
  group.append(heading(STRIP_X, STRIP_Y + 8, words.engineers));
  view.strip.forEach((number, position) => {
    const x = STRIP_X + position * (tileW + 6);
    const y = STRIP_Y + 20;
    const space = spaces.find((sp) => sp.strip_position === position);
    if (space && number) {
      group.append(spaceCell(ctx, space, x, y, tileW, 110, geometry.engineers[number - 1]));
    } else {
      group.append(stripTile(ctx, number, position, x, y, tileW));
    }
  });
  const hire = spaces.find((space) => space.key === "hire");
  if (hire) {
    const x = STRIP_X + strip.hire * (tileW + 6);
    group.append(spaceCell(ctx, hire, x, STRIP_Y + 136, tileW, 58));
    group.append(text(x + tileW / 2, STRIP_Y + 150, words.hire, { "text-anchor": "middle", "font-size": 12, "font-weight": 700 }));
  }
  return group;
}

function stripTile(ctx, number, position, x, y, width) {
  const hire = position === ctx.geometry.strip.hire;
  const group = s("g", { class: `strip-tile ${hire ? "hire-tile" : ""}`, dataset: { position, engineer: number } });
  group.append(s("rect", { x, y, width, height: 110, rx: 6, fill: number ? "#f7eed5" : "none", stroke: "#8d7a56", "stroke-dasharray": number ? "" : "4 3" }));
  if (!number) return group;
  const engineer = ctx.geometry.engineers[number - 1];
  group.append(text(x + 6, y + 14, `#${number}${engineer.letter ? ` ${engineer.letter}` : ""}`, { "font-size": 12, "font-weight": 700 }));
  engineer.effect.forEach((part, i) => group.append(effectIcon(part, x + 6, y + 40 + i * 24, 15)[0]));
  group.append(costIcons(x + 12, y + 96, engineer.workers, 0));
  group.append(s("title", {}, engineer.name[ctx.lang] || engineer.name.en));
  return group;
}

// ---- turn order and supply (the right-hand column) ---------------------------------------

const SIDE_X = 10 + 5 * (CELL_W + GAP) + 4;
const SIDE_W = WIDTH - SIDE_X - 10;

function turnOrder(ctx, spaces) {
  const { view, words, geometry } = ctx;
  const group = s("g", { class: "turn-order" });
  group.append(heading(SIDE_X, TOP - 10, words.turnOrder));
  const boxW = Math.min(70, (SIDE_W - 6 * (view.order.length - 1)) / view.order.length);
  view.order.forEach((seat, position) => {
    const x = SIDE_X + position * (boxW + 6);
    const passed = view.players[seat].passed;
    const current = position === view.current && view.phase === 1;
    group.append(s("g", { class: `order-position ${current ? "current" : ""}`, dataset: { position, seat } },
      s("rect", { x, y: TOP, width: boxW, height: 44, rx: 6, fill: current ? "#f0dcc4" : "#fffdf7", stroke: current ? "#7a3b1d" : "#8d7a56", "stroke-width": current ? 2.5 : 1.2 }),
      text(x + 8, TOP + 14, position + 1, { "font-size": 14, "font-weight": 700 }),
      s("circle", { cx: x + boxW - 16, cy: TOP + 14, r: 9, fill: ctx.colour(seat), stroke: "#1d1a16", opacity: passed ? 0.4 : 1 }),
      text(x + 8, TOP + 33, `+${geometry.turn_order_vp[position]}★${passed ? " ✓" : ""}`, { "font-size": 11, fill: "#6d5e4b" }),
      s("title", {}, `${ctx.players[seat]} — ${words.passVp} ${geometry.turn_order_vp[position]}${passed ? ` (${words.passed})` : ""}`)));
  });
  const cellW = (SIDE_W - GAP) / 2;
  spaces.forEach((space, i) => {
    const x = SIDE_X + i * (cellW + GAP);
    group.append(spaceCell(ctx, space, x, TOP + 54, cellW, CELL_H));
    const claim = space.rounds === "not_last" ? view.claims[i] : -1;
    if (claim !== undefined && claim >= 0) group.append(claimFlag(ctx, claim, i, x + cellW - 14, TOP + 66));
  });
  return group;
}

function claimFlag(ctx, seat, index, x, y) {
  return s("g", { class: "claim", dataset: { seat, position: index + 1 } },
    s("path", { d: `M${x},${y + 10} v-20 l12,5 l-12,5`, fill: ctx.colour(seat), stroke: "#1d1a16" }),
    s("title", {}, `${ctx.words.claims}: ${ctx.players[seat]} → ${index + 1}`));
}

function supply(ctx) {
  const { view, words, geometry } = ctx;
  const group = s("g", { class: "supply" });
  let y = TOP + 140;
  group.append(heading(SIDE_X, y, words.supply));
  y += 22;
  group.append(text(SIDE_X, y, words.locos, { "font-size": 12, fill: "#6d5e4b" }));
  view.piles.forEach((count, number) => {
    if (number < 2) return;
    const x = SIDE_X + (number - 2) * 34;
    group.append(s("g", { class: "pile", dataset: { number, count } },
      s("rect", { x, y: y + 10, width: 30, height: 30, rx: 4, fill: count ? "#3b4f6b" : "none", stroke: "#3b4f6b", "stroke-dasharray": count ? "" : "3 2" }),
      text(x + 15, y + 22, number, { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: count ? "#fff" : "#3b4f6b" }),
      text(x + 15, y + 35, `×${count}`, { "text-anchor": "middle", "font-size": 9, fill: count ? "#fff" : "#3b4f6b" })));
  });
  y += 52;
  group.append(text(SIDE_X, y, words.factoryStock, { "font-size": 12, fill: "#6d5e4b" }));
  const stock = view.factory_stock.map((count, number) => [number, count]).filter(([, count]) => count);
  if (!stock.length) group.append(text(SIDE_X + 110, y, "—", { "font-size": 12 }));
  stock.forEach(([number, count], i) => {
    const x = SIDE_X + i * 34;
    const tile = s("g", { class: "stock-tile", dataset: { number, count } },
      s("rect", { x, y: y + 10, width: 30, height: 30, rx: 4, fill: "#9a4b32", stroke: "#1d1a16" }),
      text(x + 15, y + 22, number, { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff" }),
      text(x + 15, y + 35, `×${count}`, { "text-anchor": "middle", "font-size": 9, fill: "#fff" }));
    group.append(makePlace(ctx, tile, `stock:${number}`, `${words.factory} ${number}`));
  });
  y += stock.length ? 52 : 22;
  group.append(text(SIDE_X, y, `${words.doublerStock}: ${view.doubler_stock}`, { class: "doubler-stock", "font-size": 12, fill: "#6d5e4b" }));
  y += 22;
  group.append(cardRow(ctx, words.advantageCards, geometry.advantage_cards, view.advantage_cards, "card", y));
  y += 56;
  if (view.start_bonus.length && view.phase === 0) {
    group.append(cardRow(ctx, words.startBonus, geometry.start_bonus, view.start_bonus, "start", y));
    y += 56;
  }
  group.append(text(SIDE_X, y, `${words.endBonusDeck}: ${view.deck_size}`, { class: "deck-size", "font-size": 12, fill: "#6d5e4b" }));
  return group;
}

function cardRow(ctx, title, cards, available, prefix, y) {
  const group = s("g", { class: `cards ${prefix}` });
  group.append(text(SIDE_X, y, title, { "font-size": 12, fill: "#6d5e4b" }));
  cards.forEach((card, i) => {
    const x = SIDE_X + i * 44;
    const here = available.includes(card.number);
    const name = card.name[ctx.lang] || card.name.en;
    const element = s("g", { class: `card ${here ? "" : "gone"}`, dataset: { number: card.number } },
      s("rect", { x, y: y + 10, width: 40, height: 30, rx: 4, fill: here ? "#f7eed5" : "none", stroke: "#8d7a56", "stroke-dasharray": here ? "" : "3 2" }),
      text(x + 20, y + 25, card.number, { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: here ? "#2b2118" : "#b9a57e" }),
      s("title", {}, `${card.number}: ${name}`));
    group.append(here ? makePlace(ctx, element, `${prefix}:${card.number}`, `${card.number}: ${name}`) : element);
  });
  return group;
}

// ---- a player's board -------------------------------------------------------------------

const LINE_Y = 52;
const LINE_H = 50;
const SLOT_X = 160;
const START_X = 268;
const SQ_X = 306;
const SQ_W = 50;

function playerBoard(ctx, p) {
  const board = ctx.view.players[p];
  const height = LINE_Y + 3 * LINE_H + 124;
  const mine = p === ctx.seat;
  const toMove = p === ctx.view.to_move;
  const svg = s("svg", {
    class: `board rr player ${mine ? "mine" : ""} ${toMove ? "to-move" : ""}`, viewBox: `0 0 ${WIDTH} ${height}`,
    role: "img", "aria-label": `${ctx.words.playerBoard} ${ctx.players[p]}`,
    dataset: { seat: p, rubles: board.rubles, vp: board.vp, workers: board.workers, passed: board.passed, touch: TOUCH.player },
  });
  svg.append(s("rect", { x: 1, y: 1, width: WIDTH - 2, height: height - 2, rx: 10, fill: "#f6f0e2", stroke: ctx.colour(p), "stroke-width": toMove ? 5 : 2.5 }));
  svg.append(playerHeader(ctx, p, board));
  ctx.geometry.lines.forEach((line, index) => svg.append(lineRow(ctx, p, board, line, index, LINE_Y + index * LINE_H)));
  svg.append(industryRow(ctx, p, board, LINE_Y + 3 * LINE_H + 6));
  svg.append(footer(ctx, p, board, LINE_Y + 3 * LINE_H + 72));
  return svg;
}

function stat(x, y, label, value, icon, name, dx = 18) {
  return s("g", { class: `stat ${name}`, dataset: { value } },
    icon, text(x + dx, y, value, { "font-size": 16, "font-weight": 700 }), s("title", {}, `${label}: ${value}`));
}

function playerHeader(ctx, p, board) {
  const { words } = ctx;
  const group = s("g", { class: "player-header" });
  group.append(s("circle", { cx: 22, cy: 24, r: 11, fill: ctx.colour(p), stroke: "#1d1a16" }));
  const tags = [p === ctx.seat ? words.you : "", p === ctx.view.to_move ? words.toMove : "", board.passed ? words.passed : ""].filter(Boolean);
  group.append(text(40, 24, `${ctx.players[p]}${tags.length ? ` (${tags.join(", ")})` : ""}`, { "font-size": 17, "font-weight": 700 }));
  let x = 320;
  const add = (label, value, icon, name, width = 64, dx = 18) => {
    group.append(stat(x, 24, label, value, icon, name, dx));
    x += width;
  };
  add(words.vp, board.vp, text(x, 24, "★", { "font-size": 17, fill: "#b8860b" }), "vp");
  add(words.rubles, board.rubles, coin(x + 8, 24, 8), "rubles");
  add(words.workers, board.workers, pawn(x + 8, 24, 18, ctx.colour(p)), "workers", 40);
  group.append(s("g", { class: "stock-workers" }, text(x - 4, 24, `(+${board.workers_in_stock})`, { "font-size": 12, fill: "#6d5e4b" }),
    s("title", {}, `${words.inStock}: ${board.workers_in_stock}`)));
  x += 40;
  add(words.temp, board.temp_workers, pawn(x + 8, 24, 18, "#f4f1ea"), "temp");
  if (board.owns_black_worker) add(words.blackWorker, board.black_worker, pawn(x + 8, 24, 18, "#1d1a16"), "black-worker");
  add(words.doublers, board.doublers, text(x, 24, "×2", { "font-size": 14, "font-weight": 700, fill: "#7a3b1d" }), "doublers", 70, 24);
  const extras = [board.revalued ? words.revalued : "", board.medal ? words.medal : ""].filter(Boolean);
  if (extras.length) group.append(text(x, 24, extras.join(" · "), { "font-size": 12, fill: "#7a3b1d" }));
  group.append(advantageTokens(ctx, p, board, 24));
  return group;
}

function colourName(ctx, colour) {
  return (ctx.geometry.colour_names[ctx.lang] || ctx.geometry.colour_names.en)[colour];
}

// The colour each square of a line counts as: the furthest colour whose marker stands on it
// or beyond (-1: no marker has reached it).
function squareColours(markers, line) {
  return Array.from({ length: line.length + 1 }, (_, square) => {
    for (let c = line.colours - 1; c >= 0; c--) if (markers[c] >= square && markers[c] > 0) return c;
    return -1;
  });
}

function gainedColours(ctx, board) {
  const unlocked = ctx.geometry.specials.filter((sp) => sp.reward === "unlock" && (board.achieved >> sp.index) & 1).map((sp) => sp.value);
  return new Set([0, ...unlocked]);
}

function lineRow(ctx, p, board, line, index, y) {
  const { geometry } = ctx;
  const markers = board.markers[index];
  const group = s("g", { class: "line", dataset: { line: index, reach: board.reach[index] } });
  const name = line.name[ctx.lang] || line.name.en;
  const squeeze = name.length > 11 ? { textLength: 140, lengthAdjust: "spacingAndGlyphs" } : {};
  group.append(text(12, y + LINE_H / 2, name, { "font-size": 13, "font-weight": 700, ...squeeze }));
  geometry.slots.forEach((slot, k) => {
    if (slot.line !== index) return;
    const order = geometry.slots.filter((other, j) => other.line === index && j < k).length;
    group.append(locoSlot(ctx, p, board, k, SLOT_X + order * 52, y + 5, slot));
  });
  group.append(s("rect", { class: "start", x: START_X, y: y + 4, width: SQ_X - START_X - 4, height: LINE_H - 8, rx: 3, fill: "none", stroke: "#b9a57e", "stroke-dasharray": "3 3" }));
  const colours = squareColours(markers, line);
  for (let square = 1; square <= line.length; square++) group.append(squareCell(ctx, board, index, square, colours[square], y));
  group.append(reachBar(ctx, board.reach[index], line.length, y));
  const gained = gainedColours(ctx, board);
  const waiting = [];
  for (let c = 0; c < line.colours; c++) {
    if (!gained.has(c)) continue;
    if (markers[c] > 0) group.append(marker(ctx, p, index, c, SQ_X + (markers[c] - 1) * SQ_W + SQ_W / 2, y + 27, markers[c]));
    else waiting.push(c);
  }
  waiting.forEach((c, i) => group.append(marker(ctx, p, index, c, START_X + 8 + (i % 2) * 16, y + 14 + Math.floor(i / 2) * 18, 0, 8)));
  return group;
}

function locoSlot(ctx, p, board, k, x, y, slot) {
  const tile = board.locos[k];
  const value = ctx.geometry.loco_values[tile];
  const special = tile === ctx.geometry.special_nine;
  const name = slot.name[ctx.lang] || slot.name.en;
  const group = s("g", { class: "loco-slot", dataset: { slot: k, tile } },
    s("rect", { x, y, width: 48, height: LINE_H - 10, rx: 5, fill: tile ? "#dfe6ef" : "none", stroke: "#3b4f6b", "stroke-dasharray": tile ? "" : "4 3" }),
    tile ? loco(x + 6, y + 24, 24, `${value}${special ? "*" : ""}`) : null,
    s("title", {}, `${name}: ${tile ? value : ctx.words.empty}`));
  return p === ctx.view.to_move ? makePlace(ctx, group, `slot:${k}`, name) : group;
}

function squareCell(ctx, board, line, square, colour, y) {
  const x = SQ_X + (square - 1) * SQ_W;
  const name = colour >= 0 ? ctx.geometry.colours[colour] : null;
  const group = s("g", { class: "square", dataset: { square, colour: name || "" } },
    s("rect", { x: x + 1, y: y + 4, width: SQ_W - 2, height: LINE_H - 8, rx: 3, fill: name ? SQUARE[name] : "#ebe2cd", stroke: "#8d7a56" }),
    text(x + 5, y + 12, square, { "font-size": 9, fill: colour === 0 ? "#fff" : "#6d5e4b" }));
  if (line === 0 && ctx.geometry.doubler_squares.slice(0, board.doublers).includes(square)) {
    group.append(s("g", { class: "doubler" },
      s("rect", { x: x + SQ_W - 20, y: y + 6, width: 17, height: 11, rx: 3, fill: "#7a3b1d" }),
      text(x + SQ_W - 11.5, y + 11.5, "×2", { "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" })));
  }
  for (const special of ctx.geometry.specials.filter((sp) => sp.line === line && sp.square === square)) {
    group.append(specialMark(ctx, board, special, x, y));
  }
  const medal = ctx.geometry.medal;
  if (board.medal && medal.line === line && medal.square === square) {
    group.append(s("g", { class: "medal" }, s("circle", { cx: x + SQ_W - 12, cy: y + LINE_H - 14, r: 7, fill: "#d9a441", stroke: "#1d1a16" }),
      s("title", {}, `${ctx.words.medal}: ${medal.vp}`)));
  }
  return group;
}

const REWARD_MARK = { unlock: "●", complete: "✚", worker: "+W", advantage: "A", double: "×2", star: "★" };

function specialMark(ctx, board, special, x, y) {
  const done = (board.achieved >> special.index) & 1;
  const words = ctx.words;
  const colour = colourName(ctx, special.marker);
  const needs = fill(words.needs, { colour, loco: special.loco ? words.withLoco : "" });
  const value = special.reward === "unlock" ? colourName(ctx, special.value) : special.value;
  const reward = fill(words.reward[special.reward], { colour: value, vp: value });
  const offset = special.reward === "complete" ? 26 : 6;
  let mark = REWARD_MARK[special.reward];
  if (special.reward === "star") mark = `${special.value}★`;
  const attrs = { "font-size": 10, "font-weight": 700, fill: done ? "#2d7a3a" : "#7a3b1d" };
  if (special.reward === "unlock") attrs.fill = TRACK[ctx.geometry.colours[special.value]];
  return s("g", { class: `special ${special.reward} ${done ? "done" : ""}`, dataset: { special: special.key, done } },
    text(x + offset, y + LINE_H - 12, `${mark}${done ? "✓" : ""}`, { ...attrs, stroke: special.reward === "unlock" ? "#1d1a16" : "none", "stroke-width": 0.4 }),
    s("title", {}, `${reward} — ${needs}`));
}

// The loco reach: a rail under the squares the line's locos reach, ending in a post.
function reachBar(ctx, reach, length, y) {
  const shown = Math.min(reach, length);
  const group = s("g", { class: "reach", dataset: { reach } }, s("title", {}, `${ctx.words.reach}: ${reach}`));
  if (shown <= 0) return group;
  const end = SQ_X + shown * SQ_W - 2;
  group.append(s("rect", { x: SQ_X + 2, y: y + LINE_H - 6, width: end - SQ_X - 2, height: 4, rx: 2, fill: "#3b4f6b" }),
    s("path", { d: `M${end},${y + LINE_H - 2} v-14 l-8,4 l8,4`, fill: "#3b4f6b", stroke: "#3b4f6b", "stroke-width": 1.5 }));
  return group;
}

function marker(ctx, p, line, colour, cx, cy, square, r = 10) {
  const name = ctx.geometry.colours[colour];
  const group = s("g", { class: `marker ${name}`, dataset: { line, colour, square } },
    s("circle", { cx, cy, r: r * GROW, fill: TRACK[name], stroke: colour === 0 ? "#fffdf7" : "#1d1a16", "stroke-width": 2 }),
    s("title", {}, `${colourName(ctx, colour)}: ${square}`));
  // Only the deciding player's own markers take clicks.
  return p === ctx.view.to_move ? makePlace(ctx, group, `marker:${line}:${colour}`, colourName(ctx, colour)) : group;
}

// ---- the industry track -----------------------------------------------------------------

const IND_X = 160;
const IND_W = 56;

function industryRow(ctx, p, board, y) {
  const group = s("g", { class: "industry-track" });
  group.append(text(12, y + 26, ctx.words.industry, { "font-size": 13, "font-weight": 700 }));
  ctx.geometry.industry.forEach((square, index) => group.append(industrySquare(ctx, p, board, square, index, IND_X + index * IND_W, y)));
  board.industry.forEach((at, m) => {
    if (at < 0) return;
    const cx = IND_X + at * IND_W + IND_W / 2 + (m ? 8 : -8);
    const disc = s("g", { class: "industry-marker", dataset: { marker: m, square: at } },
      s("circle", { cx, cy: y + 34, r: 10 * GROW, fill: m ? "#d9a441" : "#2b2118", stroke: "#fffdf7", "stroke-width": 2 }),
      text(cx, y + 34.5, m + 1, { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: m ? "#2b2118" : "#fff" }));
    group.append(p === ctx.view.to_move ? makePlace(ctx, disc, `industry:${m}`, `${ctx.words.industry} ${m + 1}`) : disc);
  });
  return group;
}

function industrySquare(ctx, p, board, square, index, x, y) {
  const factorySpace = square.factory_space;
  const tile = factorySpace >= 0 ? board.factories[factorySpace] : 0;
  const group = s("g", { class: `industry-square ${factorySpace >= 0 ? "factory-space" : ""}`, dataset: { square: index, factory: tile } });
  group.append(s("rect", { x: x + 1, y: y + 4, width: IND_W - 2, height: 54, rx: 4, fill: factorySpace >= 0 ? (tile ? "#e8c7b9" : "none") : "#efe6d2", stroke: "#8d7a56", "stroke-dasharray": factorySpace >= 0 && !tile ? "4 3" : "" }));
  if (factorySpace >= 0) {
    if (tile) group.append(factory(x + 6, y + 16, 14), text(x + 30, y + 16, tile, { "font-size": 13, "font-weight": 700 }));
    group.append(s("title", {}, `${ctx.words.factory} ${factorySpace + 1}${tile ? `: ${tile}` : ""}`));
    return p === ctx.view.to_move ? makePlace(ctx, group, `factory:${factorySpace}`, `${ctx.words.factory} ${factorySpace + 1}`) : group;
  }
  const spot = square.advantage ? ((board.achieved >> ctx.geometry.industry_spot_bit) & 1) : 0;
  group.append(text(x + 6, y + 14, square.value ?? (square.advantage ? `A${spot ? "✓" : ""}` : ""), { "font-size": 12, "font-weight": 700, fill: "#6d5e4b" }));
  return group;
}

// ---- engineers, tokens and cards --------------------------------------------------------

function footer(ctx, p, board, y) {
  const { words, geometry } = ctx;
  const group = s("g", { class: "player-footer" });
  group.append(text(12, y + 20, words.owned, { "font-size": 12, fill: "#6d5e4b" }));
  if (!board.engineers.length) group.append(text(SLOT_X, y + 20, "—", { "font-size": 12 }));
  board.engineers.forEach((number, i) => group.append(ownedEngineer(ctx, p, board, geometry.engineers[number - 1], SLOT_X + i * 92, y)));
  group.append(endBonusCards(ctx, board, Math.max(SLOT_X + board.engineers.length * 92 + 20, 760), y + 20));
  return group;
}

function advantageTokens(ctx, p, board, y) {
  const x = WIDTH - 10 - ctx.geometry.advantage_tokens.length * 30;
  const group = s("g", { class: "advantage-tokens" });
  group.append(text(x - 8, y, ctx.words.tokens, { "text-anchor": "end", "font-size": 12, fill: "#6d5e4b" }));
  ctx.geometry.advantage_tokens.forEach((token, i) => group.append(advantageToken(ctx, p, board, token, x + 14 + i * 30, y)));
  return group;
}

function ownedEngineer(ctx, p, board, engineer, x, y) {
  const used = board.engineers_used.includes(engineer.number);
  const name = engineer.name[ctx.lang] || engineer.name.en;
  const group = s("g", { class: `owned-engineer ${used ? "used" : ""}`, dataset: { engineer: engineer.number, space: engineer.space } },
    s("rect", { x, y, width: 84, height: 40, rx: 5, fill: used ? "#d9d1bf" : "#f7eed5", stroke: "#8d7a56" }),
    text(x + 5, y + 11, `#${engineer.number}`, { "font-size": 11, "font-weight": 700 }),
    effectIcons(engineer.effect, x + 5, y + 28, 13),
    s("title", {}, name));
  return p === ctx.view.to_move ? makePlace(ctx, group, `space:${engineer.space}`, name) : group;
}

function advantageToken(ctx, p, board, token, cx, cy) {
  const used = (board.advantage_tokens >> (token.number - 1)) & 1;
  const name = token.name[ctx.lang] || token.name.en;
  const group = s("g", { class: `advantage-token ${used ? "used" : ""}`, dataset: { token: token.number, used } },
    s("circle", { cx, cy, r: 12, fill: used ? "#7a3b1d" : "#fffdf7", stroke: "#7a3b1d", "stroke-width": 1.5 }),
    text(cx, cy + 0.5, token.number, { "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: used ? "#fff" : "#7a3b1d" }),
    s("title", {}, `${token.number}: ${name}`));
  return p === ctx.view.to_move ? makePlace(ctx, group, `token:${token.number}`, `${token.number}: ${name}`) : group;
}

// End bonus cards: their faces when the view gives them, else as many backs as were taken.
function endBonusCards(ctx, board, x, y) {
  const group = s("g", { class: "end-bonus", dataset: { count: board.end_bonus_acquired.length } });
  group.append(text(x, y, ctx.words.endBonus, { "font-size": 12, fill: "#6d5e4b" }));
  const faces = board.end_bonus;
  board.end_bonus_acquired.forEach((_, i) => {
    const number = faces ? faces[i] : null;
    const card = number ? ctx.geometry.end_bonus[number - 1] : null;
    const cx = x + 120 + i * 34;
    group.append(s("g", { class: `end-bonus-card ${card ? "face" : "back"}`, dataset: { card: number ?? "" } },
      s("rect", { x: cx, y: y - 15, width: 28, height: 30, rx: 4, fill: card ? "#fffdf7" : "#7a3b1d", stroke: "#1d1a16" }),
      text(cx + 14, y, card ? number : "?", { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: card ? "#2b2118" : "#f0dcc4" }),
      s("title", {}, card ? `${number}: ${card.name[ctx.lang] || card.name.en}` : ctx.words.hidden)));
  });
  return group;
}

// An end bonus card as a card: its number and what it scores (RR-EB).
function bonusCard(ctx, number) {
  const card = ctx.geometry.end_bonus[number - 1];
  return h("div", { class: "rr-bonus", dataset: { card: number } },
    h("span", { class: "rr-bonus-id" }, `#${number}`), h("span", {}, card.name[ctx.lang] || card.name.en));
}

// The seat's own end bonus cards (hidden from the others), and the card to keep when the
// deck is looked at (RR-EB-4), drawn as cards; the keep is chosen on its card.
function endBonusHand(ctx) {
  const { view, words, seat } = ctx;
  if (seat === null) return null;
  const held = view.players[seat].end_bonus || [];
  const keeps = [...(ctx.byPlace.get("keep") || [])];
  if (!held.length && !keeps.length) return null;
  const choose = keeps.map((item) => {
    const card = bonusCard(ctx, item.action[1]);
    card.dataset.place = `keep:${item.action[1]}`;
    return placeActions(card, [{ ...item, label: item.text }], { stage: ctx.wrap, title: words.keepBonus, act: ctx.act, placed: ctx.placed });
  });
  return h("section", { class: "rr-cards" },
    keeps.length ? h("div", { class: "rr-choose" }, h("h4", {}, words.keepBonus), h("div", { class: "rr-bonus-row" }, choose)) : null,
    held.length ? h("div", {}, h("h4", {}, words.yourBonus), h("div", { class: "rr-bonus-row" }, held.map((number) => bonusCard(ctx, number)))) : null);
}

function seenDeck(ctx) {
  const { view, geometry, words } = ctx;
  const cards = view.seen_deck.cards.map((number) => geometry.end_bonus[number - 1]);
  return h("p", { class: "rr-seen-deck" }, `${words.seenDeck}: `,
    cards.map((card, i) => h("span", { class: "rr-card", dataset: { card: card.number } }, `${i ? ", " : ""}${card.number} (${card.name[ctx.lang] || card.name.en})`)));
}

