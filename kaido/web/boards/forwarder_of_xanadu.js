// The Forwarder of Xanadu table: the 10 area boards around Hotan port drawn as a map from
// the game's data (geometry.py), each with its district, request icons, share gauge and
// every player's warehouse; the action board's cards and spaces; the request market, the
// decks and survey cards; one company board per player (tracks, dailies, exclusive request,
// skills played, the hand); the company choice and the draft when they happen.
// A worker is placed by clicking an action card; gained basic resources, offices and the
// start of a transport by clicking an area; a transport's destination is then clicked and
// its load chosen in a small menu; a request is fulfilled by clicking the card (a menu of
// areas when several can pay); improvements on your warehouse row; dailies, unlocks and
// skills on your company board; surveys on a deck. Ending the turn and the growth, the
// upkeep's office refill and a daily's split between port and office stay in the list.
import { boardStage, makePlace, markPlace, offersByPlace } from "../choices.js";
import { h, s } from "../dom.js";
import { seatColour } from "../ui.js";

export const WORDS = {
  en: {
    map: "Hotan and its districts", actionBoard: "Action board", market: "Request market", lower: "Lower", upper: "Upper",
    deck: "{name} deck: {n} cards", discards: "{n} discarded", survey: "Survey cards", exclusive: "Exclusive request",
    round: "Round {round}/{rounds}", start: "Start player: {name}", stock: "Stock",
    space: "+{basic} basic; actions: {actions}", worker: "worker", dispatched: "dispatched worker",
    vp: "VP", workers: "Workers", dispatchedLeft: "Dispatched workers", tokens: "Share tokens left", limit: "Warehouse limit",
    office: "Office", noOffice: "none", final: "Final skill", finalNow: "{vp} VP now", hand: "Skill hand", handHidden: "{n} cards (hidden)",
    played: "Skills played ({n}/{slots} cells)", dailies: "Dailies", daily: "Daily {n}: {cost} → {vp} VP", dailyDone: "done this round",
    companies: "Companies", draft: "Draft: keep one card", draftHidden: "{name}: {n} cards to pass",
    gauge: "Share gauge ({n} cells)", noGauge: "no share gauge", landmark: "Landmark: {name}", classMark: "class {n}: {mid} / {final} VP",
    port: "Hotan Port: no majority", warehouse: "{name}'s warehouse", officeOf: "{name}'s office",
    from: "Transport from {area}", cancel: "Cancel the transport from {area}", to: "Transport {from} → {to}",
    fulfil: "Fulfil this request", at: "at {area}",
    improve: "Improve at {area}", placeHere: "Worker on card {n}: {what}", dispatchHere: "Dispatched worker on card {n}",
    useSkill: "Use (discard) {name}", playSkill: "Play {name} into a cell",
    cube: "{n} {grade}", none: "none", taken: "run by {name}", reading: "({reading})",
    source: "Transport from {area}: click an adjacent area (dashed)",
    perm: {
      limit: "+{n} warehouse limit", refill: "+{n} basic at each upkeep", transport: "+{n} per transport action",
      improve: "+{n} to each improve card's improvements", request_vp: "+{n} VP per request", daily_vp: "+{n} VP per daily",
      worker: "+{n} worker each round", majority_vp: "+{n} VP per area led at a settlement",
    },
    disp: { basic: "discard: +{n} basic at Hotan port", actions: "discard: {action} +{n}", vp: "discard: +{n} VP" },
    cost: " (pays {n} dispatched)",
    permanent: "Permanent",
    categories: { requests: "requests", dailies: "dailies", mid: "mid settlement", areas: "final areas", final_skill: "final skill", leftovers: "dispatched workers", skills: "skills" },
    trackValue: { storage: "limit {a}, +{b} at upkeep", transport: "{a} per transport", quality: "+{a} improve", worker: "+{a} worker", skill: "{a} cells" },
  },
  ja: {
    map: "蓬旦と地区", actionBoard: "アクションボード", market: "依頼マーケット", lower: "下級", upper: "上級",
    deck: "{name}山札：{n}枚", discards: "捨て札{n}枚", survey: "再調査カード", exclusive: "専用依頼",
    round: "ラウンド{round}／{rounds}", start: "スタートプレイヤー：{name}", stock: "ストック",
    space: "並+{basic}、アクション{actions}", worker: "ワーカー", dispatched: "派遣ワーカー",
    vp: "点", workers: "ワーカー", dispatchedLeft: "派遣ワーカー", tokens: "残りシェアトークン", limit: "倉庫の上限",
    office: "営業所", noOffice: "なし", final: "最終決算スキル", finalNow: "現在{vp}点", hand: "スキル手札", handHidden: "{n}枚（非公開）",
    played: "配置したスキル（{n}／{slots}マス）", dailies: "デイリー", daily: "デイリー{n}：{cost} → {vp}点", dailyDone: "このラウンドは達成済み",
    companies: "会社", draft: "ドラフト：1枚を残す", draftHidden: "{name}：回す手札{n}枚",
    gauge: "シェアゲージ（{n}マス）", noGauge: "シェアゲージなし", landmark: "ランドマーク：{name}", classMark: "区分{n}：中間{mid}／最終{final}点",
    port: "ホータン港：決算なし", warehouse: "{name}の倉庫", officeOf: "{name}の営業所",
    from: "{area}から輸送", cancel: "{area}からの輸送をやめる", to: "輸送 {from} → {to}",
    fulfil: "この依頼を達成", at: "{area}で",
    improve: "{area}で改良", placeHere: "カード{n}にワーカー：{what}", dispatchHere: "カード{n}に派遣ワーカー",
    useSkill: "{name}を使い捨てる", playSkill: "{name}をマスに配置",
    cube: "{grade}{n}", none: "なし", taken: "{name}が経営", reading: "（{reading}）",
    source: "{area}から輸送：隣のエリア（点線）を選ぶ",
    perm: {
      limit: "倉庫の上限+{n}", refill: "補充のたび並+{n}", transport: "輸送1回につき+{n}個",
      improve: "改良カードで改良+{n}回", request_vp: "依頼達成ごとに+{n}点", daily_vp: "デイリー達成ごとに+{n}点",
      worker: "毎ラウンドワーカー+{n}", majority_vp: "決算で首位のエリアごとに+{n}点",
    },
    disp: { basic: "使い捨て：ホータン港に並+{n}", actions: "使い捨て：{action}アクション+{n}", vp: "使い捨て：+{n}点" },
    cost: "（派遣ワーカー{n}体を払う）",
    permanent: "永続",
    categories: { requests: "依頼", dailies: "デイリー", mid: "中間決算", areas: "最終決算エリア", final_skill: "最終決算スキル", leftovers: "派遣ワーカー", skills: "スキル" },
    trackValue: { storage: "上限{a}・補充+{b}", transport: "輸送{a}個", quality: "改良+{a}", worker: "ワーカー+{a}", skill: "{a}マス" },
  },
};

const CUBE = 16;
const ROW = 22; // a warehouse line's height: the smallest place on the map
const PAPER = ["#efe4c8", "#f3ead2", "#e6dcc0", "#dcd0b0"]; // by class: the port, then 1-3

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

export function drawBoard({ geometry, message, lang, players, onAct, interactive, drafts }) {
  const view = message.view;
  const placed = new Set();
  if (!geometry || !view || !view.seats) return { element: h("div"), placed };
  const wrap = boardStage("board-wrap fx-wrap");
  const ja = lang === "ja";
  const ctx = {
    geometry, view, players, placed, wrap, ja,
    drafts: drafts || { redraw() {} },
    words: WORDS[lang] || WORDS.en,
    legal: message.legal || [],
    act: (action) => { // any action ends a transport being chosen
      ctx.drafts.fxSource = undefined;
      return interactive && onAct(action);
    },
    colour: (p) => seatColour(players, p),
    name: (thing) => (ja ? thing.ja : thing.en),
  };
  ctx.area = (a) => areaName(ctx, a);
  wrap.dataset.phase = view.phase;
  const parts = [status(ctx),
    view.phase === "company" ? companies(ctx) : null,
    view.phase === "draft" ? draft(ctx) : null,
    h("div", { class: "fx-main" }, map(ctx), h("div", { class: "fx-side" }, actionBoard(ctx), market(ctx))),
    h("div", { class: "fx-players" }, view.seats.map((_, p) => companyBoard(ctx, p)))];
  wrap.append(...parts.filter(Boolean));
  const source = chosenSource(ctx); // a transport begun: the prompt says where it goes on
  return { element: wrap, placed, hint: source === undefined ? null : fill(ctx.words.source, { area: ctx.area(source) }) };
}

// The legal actions of each kind, grouped by where they are clicked.
function offers(ctx, kinds, where) {
  return offersByPlace(ctx.legal, kinds, where);
}

// A place for `items`; the board's own labels are for a menu's choices, a single action
// says on hover what the list and the log call it.
function place(ctx, element, items, title) {
  if (!items || !items.length) return element;
  const labelled = items.length === 1 ? [{ ...items[0], label: items[0].text }] : items;
  return makePlace(element, labelled, { stage: ctx.wrap, title, act: ctx.act, placed: ctx.placed });
}

function district(ctx, a) {
  const d = ctx.view.board[a];
  return d < 0 ? ctx.geometry.port_board : ctx.geometry.districts[d];
}

// An area as players know it: its place in the layout and the district there.
function areaName(ctx, a) {
  return `${ctx.name(ctx.geometry.areas[a])} ${ctx.name(district(ctx, a))}`;
}

function cubeText(ctx, counts) {
  const parts = counts.map((n, g) => (n ? fill(ctx.words.cube, { n, grade: ctx.name(ctx.geometry.grades[g]) }) : null)).filter(Boolean);
  return parts.join(ctx.ja ? "・" : " + ") || ctx.words.none;
}

function cubeBox(ctx, g) {
  const box = h("span", { class: "fx-cube", title: ctx.name(ctx.geometry.grades[g]) });
  box.style.background = ctx.geometry.grades[g].colour;
  return box;
}

// Cubes by grade: a coloured box and the count of each grade present (with the grades'
// names where they are a legend, as in the stock).
function cubes(ctx, counts, named = false) {
  return h("span", { class: "fx-cubes", dataset: { cubes: counts.join(",") } },
    counts.map((n, g) => (n || named ? h("span", { class: "fx-cubes-grade" }, cubeBox(ctx, g), named ? `${ctx.name(ctx.geometry.grades[g])} ` : "", `×${n}`) : null)));
}

function dot(ctx, p) {
  const one = h("span", { class: "dot" });
  one.style.background = ctx.colour(p);
  return one;
}

// ---- what is going on ----------------------------------------------------------------

function status(ctx) {
  const { view, words, geometry } = ctx;
  return h("div", { class: "fx-status" },
    h("p", { class: "hint" },
      fill(words.round, { round: view.round, rounds: geometry.rounds }), " · ",
      fill(words.start, { name: ctx.players[view.start_player] }), " · ",
      h("span", { class: "fx-stock", dataset: { stock: view.stock.join(",") } }, `${words.stock}: `, cubes(ctx, view.stock, true))));
}

// ---- the map -------------------------------------------------------------------------

// The transport's chosen source, while it still has moves (else none).
function chosenSource(ctx) {
  const src = ctx.drafts.fxSource;
  const ok = src !== undefined && ctx.legal.some((item) => item.action[0] === "move" && item.action[1] === src);
  return ok ? src : undefined;
}

function map(ctx) {
  const { geometry, words } = ctx;
  const svg = s("svg", { class: "board fx map", viewBox: `0 0 ${geometry.width} ${geometry.height}`, role: "img", "aria-label": words.map, dataset: { touch: ROW } });
  svg.append(s("rect", { x: 0, y: 0, width: geometry.width, height: geometry.height, rx: 14, fill: "#b9c9a3" }));
  const centre = (a) => [geometry.areas[a].x + geometry.areas[a].width / 2, geometry.areas[a].y + geometry.areas[a].height / 2];
  for (const box of geometry.areas) { // the roads between neighbours (R-1), under the boards
    for (const b of box.adjacent) {
      if (b < box.index) continue;
      const [x1, y1] = centre(box.index);
      const [x2, y2] = centre(b);
      svg.append(s("line", { x1, y1, x2, y2, stroke: "#7c6a4c", "stroke-width": 10, "stroke-linecap": "round", class: "fx-road" }));
    }
  }
  const src = chosenSource(ctx);
  if (src === undefined) ctx.drafts.fxSource = undefined;
  const moves = ctx.legal.filter((item) => item.action[0] === "move");
  for (const item of moves) ctx.placed.add(JSON.stringify(item.action));
  const onArea = offers(ctx, ["put", "office"], (a) => a[1]);
  const improve = offers(ctx, ["improve"], (a) => a[1]);
  const sources = new Set(moves.map((item) => item.action[1]));
  const dests = new Map();
  if (src !== undefined) {
    for (const item of moves) {
      if (item.action[1] !== src) continue;
      if (!dests.has(item.action[2])) dests.set(item.action[2], []);
      dests.get(item.action[2]).push({ ...item, label: cubeText(ctx, item.action.slice(3)) });
    }
  }
  for (const box of geometry.areas) {
    const a = box.index;
    const g = areaGroup(ctx, box, improve.get(a), dests.has(a));
    if (src !== undefined) {
      if (a === src) pick(ctx, g, a, true);
      else if (dests.has(a)) {
        const items = dests.get(a).sort((x, y) => sum(y.action.slice(3)) - sum(x.action.slice(3)) || y.action[5] - x.action[5] || y.action[4] - x.action[4]);
        place(ctx, g, items, fill(ctx.words.to, { from: ctx.area(src), to: ctx.area(a) }));
      }
    } else if (sources.has(a)) {
      pick(ctx, g, a, false);
    } else if (onArea.has(a)) {
      place(ctx, g, onArea.get(a), ctx.area(a)); // one action: its text is the hover help
    }
    svg.append(g);
  }
  return svg;
}

function sum(list) {
  return list.reduce((x, y) => x + y, 0);
}

// A transport's source: clicked, its neighbours become the destinations; clicked again,
// the choice is cancelled.
function pick(ctx, g, a, chosen) {
  markPlace(g);
  g.classList.add("origin");
  if (chosen) g.classList.add("chosen");
  g.dataset.place = `area:${a}`;
  const title = fill(chosen ? ctx.words.cancel : ctx.words.from, { area: ctx.area(a) });
  const holder = g.querySelector("title");
  holder.textContent = `${holder.textContent}\n${title}`;
  g.dataset.help = holder.textContent;
  g.addEventListener("click", (event) => {
    event.stopPropagation();
    ctx.drafts.fxSource = chosen ? undefined : a;
    ctx.drafts.redraw();
  });
}

// An area board; `dest`: a destination of the transport being chosen (dashed).
function areaGroup(ctx, box, improveItems, dest) {
  const { view, geometry, words } = ctx;
  const a = box.index;
  const info = district(ctx, a);
  const { x, y, width } = box;
  const g = s("g", { class: "fx-area", dataset: { area: a, district: view.board[a], place: `area:${a}` } });
  const cls = box.class;
  const classText = cls ? fill(words.classMark, { n: cls, mid: geometry.mid_vp[cls - 1].join("/"), final: geometry.final_vp[cls - 1].join("/") }) : words.port;
  g.append(s("title", {}, areaName(ctx, a)));
  g.append(s("rect", { class: "area-bg", x, y, width, height: box.height, rx: 12, fill: PAPER[box.class], stroke: "#5b4a33", "stroke-width": 2.5 }));
  if (dest) {
    g.append(s("rect", { x: x + 4, y: y + 4, width: width - 8, height: box.height - 8, rx: 9, fill: "none", stroke: "#2e6fd1", "stroke-width": 3, "stroke-dasharray": "9 6", class: "fx-dest" }));
  }
  // The board's top band (name, icons, gauge: they let clicks through) is the area's own
  // target, whatever the warehouse lines below do; 130 units are 44 px on a phone.
  g.append(s("rect", { class: "fx-head", x, y, width, height: 130, rx: 12, fill: "transparent" }));
  g.append(s("rect", { x: x + 8, y: y + 8, width: 42, height: 24, rx: 5, fill: "#5b4a33" }));
  g.append(text(x + 29, y + 20, ctx.name(box), { fill: "#fff", "font-size": 14, "font-weight": 700 }));
  g.append(text(x + width / 2 + 14, y + 21, ctx.name(info), { "font-size": ctx.ja ? 20 : 19, "font-weight": 700, class: "district-name" }));
  g.append(s("g", { class: "fx-class" }, text(x + width - 20, y + 21, cls ? "①②③"[cls - 1] : "◆", { "font-size": 22, fill: cls ? "#7a3b1d" : "#2e6fd1" })));
  icons(ctx, g, info, x, y + 40, width);
  gauge(ctx, g, a, info, x, y + 72);
  warehouses(ctx, g, a, x, y + 110, improveItems);
  // What the band's pieces say, in the area's hover text (they let clicks through).
  const lines = [areaName(ctx, a), classText];
  if (info.landmark >= 0) lines.push(fill(words.landmark, { name: ctx.name(geometry.landmarks[info.landmark]) }));
  const tokens = view.gauges[a].map((p) => ctx.players[p]).join(", ");
  lines.push(info.gauge ? `${fill(words.gauge, { n: info.gauge })}${tokens ? `: ${tokens}` : ""}` : words.noGauge);
  view.seats.forEach((seat, p) => seat.office === a && lines.push(fill(words.officeOf, { name: ctx.players[p] })));
  g.querySelector("title").textContent = lines.join("\n");
  return g;
}

function icons(ctx, g, info, x, y, width) {
  let cx = x + 10;
  for (const t of info.icons) {
    const type = ctx.geometry.types[t];
    const label = ctx.name(type);
    const w = ctx.ja ? 16 * label.length + 16 : 7.6 * label.length + 16;
    g.append(s("g", { class: "fx-icon", dataset: { type: type.id } },
      s("rect", { x: cx, y, width: w, height: 22, rx: 11, fill: type.colour }),
      text(cx + w / 2, y + 11, label, { fill: "#fff", "font-size": 13, "font-weight": 600 })));
    cx += w + 6;
  }
  if (info.landmark >= 0) {
    const mark = ctx.geometry.landmarks[info.landmark];
    g.append(s("g", { class: "fx-landmark", dataset: { landmark: mark.id } },
      text(x + width - 10, y + 11, `★ ${ctx.name(mark)}`, { "text-anchor": "end", "font-size": 13, "font-style": "italic", fill: "#4a3f30" }),
      s("title", {}, fill(ctx.words.landmark, { name: ctx.name(mark) }))));
  }
}

// The share gauge: its cells left to right, a token in its owner's colour on each taken one
// (FX-SHARE-1); offices are drawn after it.
function gauge(ctx, g, a, info, x, y) {
  const tokens = ctx.view.gauges[a];
  const group = s("g", { class: "fx-gauge", dataset: { tokens: tokens.join(","), size: info.gauge } });
  group.append(s("title", {}, info.gauge ? fill(ctx.words.gauge, { n: info.gauge }) : ctx.words.noGauge));
  for (let i = 0; i < info.gauge; i++) {
    const cx = x + 22 + i * 32;
    group.append(s("rect", { x: cx - 14, y, width: 28, height: 28, rx: 5, fill: "#fffdf5", stroke: "#5b4a33", "stroke-width": 1.5 }));
    if (i < tokens.length) group.append(s("circle", { cx, cy: y + 14, r: 10, fill: ctx.colour(tokens[i]), stroke: "#222", "stroke-width": 1.5, class: "fx-token", dataset: { player: tokens[i] } }, s("title", {}, ctx.players[tokens[i]])));
  }
  g.append(group);
  let ox = x + box(ctx, a).width - 18;
  ctx.view.seats.forEach((seat, p) => {
    if (seat.office !== a) return;
    g.append(s("path", { class: "fx-office", d: `M${ox - 10} ${y + 14}l10 -10l10 10v12h-20z`, fill: ctx.colour(p), stroke: "#222", "stroke-width": 1.5, dataset: { player: p } }, s("title", {}, fill(ctx.words.officeOf, { name: ctx.players[p] }))));
    ox -= 26;
  });
}

function box(ctx, a) {
  return ctx.geometry.areas[a];
}

// Every player's warehouse here with cubes in it: a line in their colour with the cubes by
// grade. The player deciding may click theirs to improve (FX-IMPR-1).
function warehouses(ctx, g, a, x, y, improveItems) {
  const { view } = ctx;
  let line = 0;
  view.seats.forEach((seat, p) => {
    const counts = seat.warehouses[a];
    if (!sum(counts)) return;
    const ly = y + line++ * (ROW + 2);
    const row = s("g", { class: "fx-wh", dataset: { player: p, cubes: counts.join(","), place: `wh:${a}` } });
    row.append(s("rect", { class: "target-bg", x: x + 6, y: ly, width: box(ctx, a).width - 12, height: ROW, rx: 4, fill: "#ffffff", "fill-opacity": 0.45 }));
    row.append(s("rect", { x: x + 8, y: ly + 2, width: 10, height: ROW - 4, fill: ctx.colour(p), stroke: "#333", "stroke-width": 0.8 }));
    let cx = x + 26;
    counts.forEach((n, grade) => {
      if (!n) return;
      const shown = Math.min(n, 6);
      for (let i = 0; i < shown; i++) row.append(s("rect", { x: cx + i * 12, y: ly + 3, width: CUBE - 4, height: CUBE, rx: 2, fill: ctx.geometry.grades[grade].colour, stroke: "#333", "stroke-width": 0.8 }));
      cx += shown * 12 + 4;
      row.append(text(cx + 8, ly + ROW / 2, n, { "font-size": 13, "font-weight": 700 }));
      cx += 24;
    });
    if (a !== ctx.geometry.port) row.append(text(x + box(ctx, a).width - 14, ly + ROW / 2, `${sum(counts)}/${seat.limit}`, { "text-anchor": "end", "font-size": 12, fill: "#4a3f30" }));
    row.append(s("title", {}, `${fill(ctx.words.warehouse, { name: ctx.players[p] })}: ${cubeText(ctx, counts)}`));
    if (p === view.to_move && improveItems) place(ctx, row, improveItems, fill(ctx.words.improve, { area: ctx.area(a) }));
    g.append(row);
  });
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

// ---- the action board ----------------------------------------------------------------

// The cards for this player count with their spaces ①②③ (FX-SPACE-1): a worker or a
// dispatched worker on each taken space, the next one filled from the left.
function actionBoard(ctx) {
  const { view, geometry, words } = ctx;
  const onCard = offers(ctx, ["place", "dispatch"], (a) => a[1]);
  const cards = view.action_cards.map((card, c) => {
    const type = geometry.action_types[card.type];
    const next = geometry.spaces[card.spaces.length];
    const spaces = geometry.spaces.map((space, i) => {
      const code = card.spaces[i];
      const taken = code !== undefined;
      const marker = taken ? h("span", { class: `fx-worker ${code & 1 ? "dispatched" : ""}`, title: `${ctx.players[code >> 1]}: ${code & 1 ? words.dispatched : words.worker}`, dataset: { player: code >> 1 } }) : null;
      if (marker) marker.style.background = ctx.colour(code >> 1);
      const next = i === card.spaces.length; // where the next worker goes (FX-TURN-3)
      return h("li", { class: `fx-space ${taken ? "taken" : ""} ${next ? "next" : ""}`, dataset: { space: i, code: taken ? code : "" } },
        h("span", { class: "fx-space-n" }, "①②③④⑤"[i] || i + 1), " ", fill(words.space, space), " ", marker);
    });
    const element = h("div", { class: "fx-card", dataset: { card: c, type: card.type, spaces: card.spaces.join(","), place: `card:${c}` } },
      h("b", {}, `${c + 1}. ${ctx.name(type)}`), h("ol", {}, spaces));
    const items = (onCard.get(c) || []).map((item) => ({
      ...item,
      label: item.action[0] === "place" ? fill(words.placeHere, { n: c + 1, what: next ? fill(words.space, next) : "" }) : fill(words.dispatchHere, { n: c + 1 }),
    }));
    return place(ctx, element, items, `${c + 1}. ${ctx.name(type)}`);
  });
  return h("section", { class: "fx-actions" }, h("h3", {}, words.actionBoard), h("div", { class: "fx-cards" }, cards));
}

// ---- requests ------------------------------------------------------------------------

// A request card: its type, the cubes it asks for, its VP. Clicked to fulfil it (FX-REQ-3):
// at once when one area can pay, else a menu of the areas.
function requestCard(ctx, card, slot, fulfil) {
  const r = ctx.geometry.requests[card];
  const type = ctx.geometry.types[r.type];
  const pill = h("span", { class: "fx-type" }, ctx.name(type));
  pill.style.background = type.colour;
  const element = h("div", { class: `fx-request ${r.deck ? "upper" : "lower"}`, dataset: { card, slot, place: `request:${slot}` } },
    h("span", { class: "fx-request-head" }, pill, h("b", { class: "fx-vp" }, `${r.vp} ${ctx.words.vp}`)),
    cubes(ctx, r.cost));
  // The areas that can pay, or in the growth the swap of the exclusive request (alone).
  const items = (fulfil.get(slot) || []).map((item) => (item.action[0] === "fulfil" ? { ...item, label: fill(ctx.words.at, { area: ctx.area(item.action[2]) }) } : item));
  return place(ctx, element, items, ctx.words.fulfil);
}

function fulfilOffers(ctx) {
  const out = offers(ctx, ["fulfil"], (a) => a[1]);
  const swap = offers(ctx, ["swap"], () => 6);
  if (swap.has(6)) out.set(6, swap.get(6));
  return out;
}

function market(ctx) {
  const { view, words } = ctx;
  const fulfil = fulfilOffers(ctx);
  const decks = offers(ctx, ["survey", "exclusive"], (a) => a[1]);
  const row = (deck) => {
    const name = deck ? words.upper : words.lower;
    const slots = [0, 1, 2].map((i) => deck * 3 + i);
    const pile = h("div", { class: "fx-deck", dataset: { deck, count: view.decks[deck], place: `deck:${deck}` } },
      h("b", {}, fill(words.deck, { name, n: view.decks[deck] })), h("span", { class: "hint" }, fill(words.discards, { n: view.discards[deck].length })));
    return h("div", { class: "fx-market-row" },
      place(ctx, pile, decks.get(deck), name), // a survey or an exclusive refill, never both
      slots.map((slot) => (view.market[slot] >= 0 ? requestCard(ctx, view.market[slot], slot, fulfil) : h("div", { class: "fx-request empty", dataset: { slot } }, "—"))));
  };
  const survey = view.survey.map((card, i) => (card >= 0 ? requestCard(ctx, card, 7 + i, fulfil) : null)).filter(Boolean);
  return h("section", { class: "fx-market" }, h("h3", {}, words.market), row(0), row(1),
    survey.length ? h("div", { class: "fx-survey" }, h("h3", {}, words.survey), h("div", { class: "fx-market-row" }, survey)) : null);
}

// ---- companies, the draft and the company boards -------------------------------------

function companyTitle(ctx, c) {
  const company = ctx.geometry.companies[c];
  const swatch = h("span", { class: "fx-company-colour" });
  swatch.style.background = company.colour;
  return [swatch, h("b", {}, ctx.name(company)), ctx.ja ? null : h("span", { class: "hint" }, " ", fill(ctx.words.reading, { reading: company.reading }))];
}

// FX-SETUP-3: the five companies with their final settlement skills, chosen by a click.
function companies(ctx) {
  const { view, geometry, words } = ctx;
  const chosen = offers(ctx, ["company"], (a) => a[1]);
  const cards = geometry.companies.map((company, c) => {
    const owner = view.seats.findIndex((seat) => seat.company === c);
    const element = h("div", { class: `fx-company-card ${owner >= 0 ? "taken" : ""}`, dataset: { company: c, owner, place: `company:${c}` } },
      h("p", {}, companyTitle(ctx, c)),
      h("p", { class: "hint" }, `${words.final}: ${ctx.name(company.final)}`),
      owner >= 0 ? h("p", {}, dot(ctx, owner), fill(words.taken, { name: ctx.players[owner] })) : null);
    return place(ctx, element, chosen.get(c), ctx.name(company));
  });
  return h("section", { class: "fx-companies" }, h("h3", {}, words.companies), h("div", { class: "fx-company-list" }, cards));
}

function skillText(ctx, k) {
  const skill = ctx.geometry.skills[k];
  const words = ctx.words;
  const lines = [`${words.permanent}: ${fill(words.perm[skill.perm] || skill.perm, { n: skill.perm_n })}`];
  if (skill.disp) {
    const action = skill.disp_action >= 0 ? ctx.name(ctx.geometry.action_types[skill.disp_action]) : "";
    lines.push(fill(words.disp[skill.disp] || skill.disp, { n: skill.disp_n, action }) + (skill.disp_cost ? fill(words.cost, { n: skill.disp_cost }) : ""));
  }
  return lines;
}

// A skill card: its colour, name, permanent effect and disposable one.
function skillCard(ctx, k, where, items) {
  const skill = ctx.geometry.skills[k];
  const element = h("div", { class: `fx-skill ${skill.disp ? "has-disp" : ""}`, dataset: { skill: k, place: `${where}:${k}` } },
    h("b", {}, ctx.name(skill)), skillText(ctx, k).map((line) => h("span", { class: "fx-skill-line" }, line)));
  element.style.borderLeftColor = skill.colour;
  return place(ctx, element, items, ctx.name(skill));
}

function skillItems(ctx, map, k) {
  return (map.get(k) || []).map((item) => {
    const name = ctx.name(ctx.geometry.skills[k]);
    const template = item.action[0] === "use" ? ctx.words.useSkill : ctx.words.playSkill;
    return { ...item, label: fill(template, { name }) };
  });
}

// FX-STYLE-2: the hand in front of the viewer, one card kept by a click; the other hands
// being passed are counted only.
function draft(ctx) {
  const { view, words } = ctx;
  const keep = offers(ctx, ["draft"], (a) => a[1]);
  const me = view.viewer;
  const mine = me !== null && me !== undefined ? view.seats[me].draft_hand || [] : [];
  const others = view.seats.map((seat, p) => (p === me ? null : h("span", { class: "fx-draft-size", dataset: { player: p, size: seat.draft_size } }, dot(ctx, p), fill(words.draftHidden, { name: ctx.players[p], n: seat.draft_size }))));
  return h("section", { class: "fx-draft", dataset: { cards: mine.join(",") } }, h("h3", {}, words.draft),
    h("div", { class: "fx-skills" }, mine.map((k) => skillCard(ctx, k, "draft", keep.get(k)))),
    h("p", { class: "hint" }, others));
}

function track(ctx, p, t, items) {
  const { geometry, view } = ctx;
  const info = geometry.tracks[t];
  const open = view.seats[p].cells[info.id];
  const cells = [];
  for (let i = 1; i <= info.cells; i++) {
    const unlocked = i <= open;
    const late = info.id === "skill" && geometry.late_skill_cells.includes(i);
    cells.push(h("span", { class: `fx-cell ${unlocked ? "open" : "locked"} ${late ? "late" : ""}`, title: unlocked ? "" : ctx.words.dispatched }, unlocked ? "✓" : "●"));
  }
  const value = fill(ctx.words.trackValue[info.id], { a: info.values[0][open], b: (info.values[1] || [])[open] });
  const element = h("div", { class: "fx-track", dataset: { track: t, open, place: `track:${t}` } },
    h("span", { class: "fx-track-name" }, ctx.name(info)), h("span", { class: "fx-cells" }, cells), h("span", { class: "fx-track-value" }, value));
  return place(ctx, element, items, ctx.name(info));
}

function companyBoard(ctx, p) {
  const { view, geometry, words } = ctx;
  const seat = view.seats[p];
  const mover = view.to_move === p;
  const mine = (kinds, where) => (mover ? offers(ctx, kinds, where) : new Map());
  const unlock = mine(["unlock"], (a) => a[1]);
  const dailies = mine(["daily"], (a) => a[1]);
  const skills = mine(["use", "play"], (a) => a[1]);
  const starts = offers(ctx, ["start"], (a) => a[1]);
  const company = seat.company >= 0 ? geometry.companies[seat.company] : null;
  const head = h("h3", { class: "fx-seat-head", dataset: { place: `seat:${p}` } }, dot(ctx, p), ctx.players[p],
    company ? h("span", { class: "fx-company-name" }, " — ", companyTitle(ctx, seat.company)) : null,
    h("span", { class: "fx-score" }, `${seat.vp} ${words.vp}`));
  place(ctx, head, starts.get(p), ctx.players[p]);
  const office = seat.office >= 0 ? ctx.area(seat.office) : words.noOffice;
  const rows = [
    [words.workers, seat.workers], [words.dispatchedLeft, seat.dispatched], [words.tokens, seat.tokens_left],
    [words.limit, seat.limit], [words.office, office],
  ];
  if (company) rows.push([words.final, `${ctx.name(company.final)} — ${fill(words.finalNow, { vp: seat.final_skill })}`]);
  const score = h("span", { class: "fx-score-parts" }, Object.entries(seat.categories).map(([name, vp]) => (vp ? h("span", { dataset: { category: name } }, `${words.categories[name] || name} ${vp}`) : null)));
  if (view.over || seat.vp) rows.push([words.vp, score]);
  // The exclusive request of the player whose turn (or growth) it is: slot 6 (FX-REQ-1).
  const holder = view.phase === "grow" ? view.to_move : view.turn_player;
  const exclusive = seat.exclusive >= 0
    ? (p === holder ? requestCard(ctx, seat.exclusive, 6, fulfilOffers(ctx)) : requestCard(ctx, seat.exclusive, `x${p}`, new Map()))
    : h("div", { class: "fx-request empty" }, "—");
  const dailyCost = cubeText(ctx, geometry.daily.cost);
  const dailyCards = seat.dailies.map((up, d) => {
    const element = h("div", { class: `fx-daily ${up ? "up" : "down"}`, dataset: { daily: d, up, place: `daily:${d}` } },
      fill(words.daily, { n: d + 1, cost: dailyCost, vp: geometry.daily.vp }), up ? null : h("span", { class: "hint" }, ` (${words.dailyDone})`));
    return place(ctx, element, dailies.get(d), fill(words.daily, { n: d + 1, cost: dailyCost, vp: geometry.daily.vp }));
  });
  const hand = seat.hand === null
    ? h("p", { class: "fx-hand-hidden hint", dataset: { size: seat.hand_size } }, fill(words.handHidden, { n: seat.hand_size }))
    : h("div", { class: "fx-skills fx-hand", dataset: { cards: seat.hand.join(",") } }, seat.hand.map((k) => skillCard(ctx, k, "skill", skillItems(ctx, skills, k))));
  return h("section", { class: `fx-seat p${p} ${mover ? "to-move" : ""}`, dataset: { player: p, vp: seat.vp, company: seat.company } },
    head,
    h("div", { class: "fx-tracks" }, geometry.tracks.map((_, t) => track(ctx, p, t, unlock.get(t)))),
    h("dl", {}, rows.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])),
    h("div", { class: "fx-seat-cards" },
      h("div", {}, h("h4", {}, words.exclusive), exclusive),
      h("div", {}, h("h4", {}, words.dailies), h("div", { class: "fx-dailies" }, dailyCards))),
    h("h4", {}, fill(words.played, { n: seat.played.length, slots: seat.cells.skill })),
    h("div", { class: "fx-skills fx-played", dataset: { cards: seat.played.join(",") } }, seat.played.map((k) => skillCard(ctx, k, "played", null))),
    h("h4", {}, words.hand), hand);
}
