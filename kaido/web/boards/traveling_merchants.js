// The Era of Traveling Merchants table: the card map laid out as the view's cells say, each
// card with its city name, emblem, the production stock, trading houses, wagons and the
// shipping zones; the order row with the gem stacks on positions 1 and 2, the special
// orders, the titles when shown, and each player's wagon with its carts and cargo. Moves,
// starting cities and trading houses are clicked on a card, loads on a stock or a zone's
// cubes, shipping on an order; a place holding several actions (which good to return when
// full, which cards pay for a house) opens a menu. Ending the turn stays in the list.
import { boardStage, makePlace, offersByPlace } from "../choices.js";
import { h, s } from "../dom.js";
import { seatColour } from "../ui.js";

export const WORDS = {
  en: {
    map: "Card map", row: "Order row", specials: "Special orders", titles: "Titles", deck: "Deck: {n} cards",
    endCardIn: "the end card is still in the deck", endCardOut: "the end card has come out",
    stock: "Stock", zone: "{name}'s shipping zone", wagon: "Wagon", cart: "Cart ({city})", vp: "VP",
    road: "road", distribution: "distribution city", production: "makes {good}", empty: "empty position",
    gemRed: "red gem stack: {n} (3 VP each)", gemWhite: "white gem stack: {n} (1 VP each)",
    over: "The game ended: {why}.",
    ended: { 1: "the end card came out", 2: "every special order was taken", 4: "a player placed all their trading houses", 8: "no order could be shipped any more (ruling K-1)" },
    housesLeft: "Houses in hand", gems: "Gems", orders: "Orders", score: "Score",
    forHouses: "Cards for houses", none: "none", taken: "taken by {name}", cargo: "Cargo {n}/{cap}",
    moveTo: "Move to {city}", loadFrom: "Load {good}", ship: "Ship this order", house: "Trading house at {city}",
    triggered: "The end is triggered: play until everyone has had the same number of turns",
    most: "most", each: "each", titlePoints: "now",
    measure: {
      orders: "order cards taken", cities: "different cities on your orders", gems: "gems", red_gems: "red gems",
      houses: "trading houses on the map", production_houses: "trading houses on production cities",
      specials: "special orders taken", shipped: "goods in your shipping zones", shipped_good: "{good} in your shipping zones",
    },
    mode: { most: "the most: {vp} VP", each: "{vp} VP each" },
  },
  ja: {
    map: "カードマップ", row: "注文カードの列", specials: "特注カード", titles: "称号", deck: "山札：{n}枚",
    endCardIn: "終了カードはまだ山札にある", endCardOut: "終了カードが出た",
    stock: "ストック", zone: "{name}の出荷エリア", wagon: "馬車", cart: "連結車（{city}）", vp: "点",
    road: "道", distribution: "配送都市", production: "{good}を生産", empty: "空き",
    gemRed: "赤い宝石：{n}個（各3点）", gemWhite: "白い宝石：{n}個（各1点）",
    over: "ゲーム終了：{why}。",
    ended: { 1: "終了カードが出た", 2: "特注カードがすべて獲得された", 4: "商館をすべて置いたプレイヤーがいる", 8: "どの注文も出荷できなくなった（裁定K-1）" },
    housesLeft: "手元の商館", gems: "宝石", orders: "注文", score: "得点",
    forHouses: "商館用のカード", none: "なし", taken: "{name}が獲得", cargo: "積荷 {n}／{cap}",
    moveTo: "{city}へ移動", loadFrom: "{good}を積む", ship: "この注文を出荷", house: "{city}に商館",
    triggered: "終了条件を満たした：全員の手番数がそろうまで続ける",
    most: "最多", each: "各", titlePoints: "現在",
    measure: {
      orders: "獲得した注文カード", cities: "注文カードの異なる都市", gems: "宝石", red_gems: "赤い宝石",
      houses: "マップ上の商館", production_houses: "生産都市の商館",
      specials: "獲得した特注カード", shipped: "出荷エリアの商品", shipped_good: "出荷エリアの{good}",
    },
    mode: { most: "最多で{vp}点", each: "1つにつき{vp}点" },
  },
};

const CW = 230; // a card's size on the map, in drawing units
const CH = 214;
const GAP = 14;
const CUBE = 22;
const ZONE = 21; // a zone line's height: the smallest place on the map
const PAPER = { production: "#f6ecd2", distribution: "#fbf7ec", road: "#d8ccb0" };

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

export function drawBoard({ geometry, message, lang, players, onAct, interactive }) {
  const view = message.view;
  const placed = new Set();
  if (!geometry || !view || !view.map) return { element: h("div"), placed };
  const wrap = boardStage("board-wrap tm-wrap");
  const ja = lang === "ja";
  const ctx = {
    geometry, view, players, placed, wrap, ja,
    words: WORDS[lang] || WORDS.en,
    legal: message.legal || [],
    act: (action) => interactive && onAct(action),
    colour: (p) => seatColour(players, p),
    city: (c) => (ja ? geometry.cities[c].ja : geometry.cities[c].en),
    good: (g) => (ja ? geometry.goods[g].ja : geometry.goods[g].en),
  };
  wrap.dataset.phase = view.phase;
  wrap.append(status(ctx),
    h("div", { class: "tm-main" }, map(ctx), h("div", { class: "tm-cards" }, orderRow(ctx), specials(ctx), titles(ctx))),
    h("div", { class: "tm-players" }, view.wagons.map((_, p) => playerBoard(ctx, p))));
  return { element: wrap, placed };
}

// The legal actions of each kind, grouped by where they are clicked.
function offers(ctx, kinds, where) {
  return offersByPlace(ctx.legal, kinds, where);
}

function place(ctx, element, items, title) {
  if (!items || !items.length) return element;
  return makePlace(element, items, { stage: ctx.wrap, title, act: ctx.act, placed: ctx.placed });
}

// ---- what is going on -----------------------------------------------------------------

// The deck (and, while the game goes on, whether the end card is still in it); once the
// game is over, what ended it (TM-END-1, ruling K-1) instead.
function status(ctx) {
  const { view, words } = ctx;
  const deck = h("span", { class: "tm-deck", dataset: { deck: view.deck } }, fill(words.deck, { n: view.deck }),
    view.over ? "" : ` — ${view.end_card_in_deck ? words.endCardIn : words.endCardOut}`);
  const ended = Object.entries(words.ended).filter(([bit]) => view.triggers & Number(bit)).map(([, why]) => why);
  return h("div", { class: "tm-status" },
    view.over ? h("p", { class: "tm-ended" }, fill(words.over, { why: ended.join("; ") })) : null,
    h("p", { class: "hint" }, deck),
    view.triggers && !view.over ? h("p", { class: "warning tm-triggered" }, words.triggered) : null,
    legend(ctx));
}

function legend(ctx) {
  return h("p", { class: "tm-legend" }, ctx.geometry.goods.map((good, g) => h("span", { class: "tm-legend-item" }, cubeBox(ctx, g), ctx.good(g))));
}

function cubeBox(ctx, g) {
  const box = h("span", { class: "tm-cube" });
  box.style.background = ctx.geometry.goods[g].colour;
  return box;
}

// ---- the card map --------------------------------------------------------------------

function map(ctx) {
  const cells = ctx.view.map.cells;
  const columns = Math.max(...cells.map((cell) => cell[0])) + 1;
  const rows = Math.max(...cells.map((cell) => cell[1])) + 1;
  const width = columns * (CW + GAP) + GAP;
  const height = rows * (CH + GAP) + GAP;
  const svg = s("svg", { class: "board tm map", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": ctx.words.map, dataset: { touch: ZONE } });
  svg.append(s("rect", { x: 0, y: 0, width, height, rx: 14, fill: "#c9d8b6" }));
  const onCard = offers(ctx, ["move", "start", "pair", "three"], (a) => a[1]);
  const stock = offers(ctx, ["load"], (a) => (a[2] < 0 ? "stock" : `zone:${a[2]}:${a[1]}`));
  for (const [x, y, c] of cells) svg.append(card(ctx, c, GAP + x * (CW + GAP), GAP + y * (CH + GAP), onCard.get(c), stock));
  return svg;
}

function card(ctx, c, x, y, items, loads) {
  const { view, geometry, words } = ctx;
  const info = geometry.cities[c];
  const n = view.players;
  const here = view.wagons.map((w, p) => (w.card === c && onMap(ctx, p) ? p : -1)).filter((p) => p >= 0);
  const mine = view.to_move >= 0 && view.wagons[view.to_move].card === c;
  const g = s("g", { class: `tm-card ${info.kind}`, dataset: { card: c, place: `card:${c}` } });
  g.append(s("rect", { class: "card-bg", x, y, width: CW, height: CH, rx: 10, fill: PAPER[info.kind], stroke: "#6d5b43", "stroke-width": 2 }));
  if (mine && !view.over) { // the card of the wagon whose turn it is, ringed in its colour
    g.append(s("rect", { class: "tm-here", x: x + 3, y: y + 3, width: CW - 6, height: CH - 6, rx: 8, fill: "none", stroke: ctx.colour(view.to_move), "stroke-width": 4, "stroke-dasharray": "10 6" }));
  }
  if (info.good >= 0) g.append(s("rect", { x, y, width: CW, height: 8, fill: geometry.goods[info.good].colour, stroke: "#6d5b43", "stroke-width": 1 }));
  g.append(text(x + CW / 2, y + 26, ctx.city(c), { "font-size": ctx.ja ? 19 : 20, "font-weight": 700, class: "city-name" }));
  const kind = info.kind === "production" ? fill(words.production, { good: ctx.good(info.good) }) : words[info.kind];
  const emblem = info.kind === "road" ? "" : `${ctx.ja ? info.emblem_ja : info.emblem} · `;
  g.append(text(x + CW / 2, y + 47, `${emblem}${kind}`, { "font-size": 13, "font-style": "italic", fill: "#4a3f30" }));
  houses(ctx, g, c, x, y);
  wagons(ctx, g, here, x, y);
  if (info.good >= 0) g.append(stockRow(ctx, info.good, x, y, mine ? loads.get("stock") : null));
  zones(ctx, g, c, x, y, n, mine ? loads : null);
  g.append(s("title", {}, ctx.city(c)));
  if (items) {
    const first = items[0].action[0];
    const title = first === "move" ? fill(words.moveTo, { city: ctx.city(c) }) : first === "start" ? ctx.city(c) : fill(words.house, { city: ctx.city(c) });
    place(ctx, g, items, title);
  }
  return g;
}

// A wagon is on the map once its player has chosen a starting city (TM-SETUP-12), which
// put one of their houses there.
function onMap(ctx, p) {
  return ctx.view.phase !== "start" || ctx.view.wagons[p].houses_left < ctx.geometry.houses;
}

// The trading houses on a card: a small house shape per player, in their colour.
function houses(ctx, g, c, x, y) {
  let k = 0;
  for (let p = 0; p < ctx.view.players; p++) {
    if (!(ctx.view.houses[c] >> p & 1)) continue;
    const hx = x + CW - 24 - 20 * k++;
    const hy = y + 58;
    g.append(s("path", { class: "tm-house", d: `M${hx} ${hy + 8}l8 -8l8 8v10h-16z`, fill: ctx.colour(p), stroke: "#222", "stroke-width": 1.2, dataset: { player: p } }, s("title", {}, ctx.players[p])));
  }
}

// The wagons on a card; the one whose turn it is drawn with a thick outline.
function wagons(ctx, g, here, x, y) {
  here.forEach((p, k) => {
    const wx = x + 10 + 34 * k;
    const wy = y + 58;
    const active = p === ctx.view.to_move;
    g.append(s("g", { class: `tm-wagon ${active ? "active" : ""}`, dataset: { player: p } },
      s("rect", { x: wx, y: wy, width: 28, height: 14, rx: 3, fill: ctx.colour(p), stroke: "#111", "stroke-width": active ? 3 : 1.2 }),
      s("circle", { cx: wx + 7, cy: wy + 17, r: 4, fill: "#3b2f22" }),
      s("circle", { cx: wx + 21, cy: wy + 17, r: 4, fill: "#3b2f22" }),
      s("title", {}, `${ctx.words.wagon}: ${ctx.players[p]}`)));
  });
}

// A production card's stock: its cubes in a row, clicked to load one when the wagon is here.
function stockRow(ctx, good, x, y, items) {
  const count = ctx.view.stock[good];
  const top = y + 88;
  const group = s("g", { class: "tm-stock", dataset: { good, count, place: `stock:${good}` } });
  group.append(s("rect", { class: "target-bg", x: x + 6, y: top - 4, width: CW - 12, height: CUBE + 18, rx: 6, fill: "#ffffff", "fill-opacity": 0.4 }));
  group.append(text(x + 12, top + CUBE / 2 + 2, ctx.words.stock, { "text-anchor": "start", "font-size": 12, "font-weight": 600 }));
  for (let i = 0; i < count; i++) {
    group.append(s("rect", { x: x + 62 + i * 17, y: top + 2, width: 15, height: 15, rx: 2, fill: ctx.geometry.goods[good].colour, stroke: "#333", "stroke-width": 1 }));
  }
  group.append(s("title", {}, `${ctx.words.stock}: ${ctx.good(good)} ×${count}`));
  place(ctx, group, items, fill(ctx.words.loadFrom, { good: ctx.good(good) }));
  return group;
}

// The shipping zones on a card: a line per player with goods there, its cubes grouped by
// good; a group is clicked to load one of them (never from your own zone, TM-LOAD-3).
function zones(ctx, g, c, x, y, n, loads) {
  const base = ctx.geometry.cities[c].good >= 0 ? y + 122 : y + 92;
  let line = 0;
  for (let p = 0; p < n; p++) {
    const zone = ctx.view.zones[c][p];
    if (!zone.some(Boolean)) continue;
    const ly = base + line++ * 22;
    if (ly + 22 > y + CH) break; // a full card: the player boards keep the counts
    const row = s("g", { class: "tm-zone", dataset: { player: p, card: c } });
    row.append(s("rect", { x: x + 6, y: ly, width: 8, height: 20, fill: ctx.colour(p), stroke: "#333", "stroke-width": 0.8 }), s("title", {}, fill(ctx.words.zone, { name: ctx.players[p] })));
    let cx = x + 20;
    zone.forEach((count, good) => {
      if (!count) return;
      const cubes = s("g", { class: "tm-zone-good", dataset: { player: p, good, count, place: `zone:${c}:${p}:${good}` } });
      cubes.append(s("rect", { class: "target-bg", x: cx - 3, y: ly - 0.5, width: Math.min(count, 4) * 12 + 24, height: ZONE, rx: 4, fill: "#ffffff", "fill-opacity": 0.3 }));
      for (let i = 0; i < Math.min(count, 4); i++) {
        cubes.append(s("rect", { x: cx + i * 12, y: ly + 3, width: 10, height: 14, rx: 2, fill: ctx.geometry.goods[good].colour, stroke: "#333", "stroke-width": 0.8 }));
      }
      cubes.append(text(cx + Math.min(count, 4) * 12 + 9, ly + 10, count, { "font-size": 12, "font-weight": 700 }));
      cubes.append(s("title", {}, `${fill(ctx.words.zone, { name: ctx.players[p] })}: ${ctx.good(good)} ×${count}`));
      if (loads) place(ctx, cubes, loads.get(`zone:${p}:${good}`), fill(ctx.words.loadFrom, { good: ctx.good(good) }));
      row.append(cubes);
      cx += Math.min(count, 4) * 12 + 30;
    });
    g.append(row);
  }
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

// ---- orders --------------------------------------------------------------------------

// TM-GEM-1/4: red above position 1 and white above position 2; once red is gone, white
// moves to position 1.
function gemStacks(view) {
  const { red, white } = view.gems;
  if (red) return white ? [["red", red], ["white", white]] : [["red", red]];
  return white ? [["white", white]] : [];
}

function goodsLine(ctx, goods) {
  return h("span", { class: "tm-goods" }, goods.map((count, g) => (count ? h("span", { class: "tm-good", dataset: { good: g, count } }, cubeBox(ctx, g), `×${count}`) : null)));
}

function orderCard(ctx, order, label, classes, dataset) {
  return h("div", { class: `tm-order ${classes}`, dataset },
    h("span", { class: "tm-order-pos" }, label),
    h("span", { class: "tm-order-head" }, h("b", { class: "tm-order-city" }, ctx.city(order.city)),
      h("span", { class: "tm-order-vp" }, `${order.vp} ${ctx.words.vp}`)),
    goodsLine(ctx, order.goods));
}

function orderRow(ctx) {
  const { view, words } = ctx;
  const stacks = gemStacks(view);
  const ships = offers(ctx, ["ship"], (a) => a[1]);
  const cards = view.row.map((id, i) => {
    const gem = stacks[i];
    const badge = gem ? h("span", { class: `tm-gem ${gem[0]}`, dataset: { gem: gem[0], count: gem[1] }, title: fill(gem[0] === "red" ? words.gemRed : words.gemWhite, { n: gem[1] }) }, `◆${gem[1]}`) : null;
    if (id <= 0) return h("div", { class: "tm-order empty", dataset: { position: i } }, h("span", { class: "tm-order-pos" }, i + 1), badge, h("span", { class: "hint" }, words.empty));
    const element = orderCard(ctx, ctx.geometry.orders[String(id)], i + 1, "", { position: i, order: id, place: `order:${i}` });
    if (badge) element.insertBefore(badge, element.children[1]);
    return place(ctx, element, ships.get(i), words.ship);
  });
  return h("section", { class: "tm-row" }, h("h3", {}, words.row), h("div", { class: "tm-orders" }, cards));
}

function specials(ctx) {
  const { view, words, geometry } = ctx;
  const ships = offers(ctx, ["special"], (a) => a[1]);
  const cards = geometry.specials.map((order, k) => {
    const owner = view.specials[k];
    const element = orderCard(ctx, order, "★", owner >= 0 ? "taken" : "", { special: k, owner, place: `special:${k}` });
    if (owner >= 0) {
      const dot = h("span", { class: "dot" });
      dot.style.background = ctx.colour(owner);
      element.append(h("span", { class: "tm-owner" }, dot, fill(words.taken, { name: ctx.players[owner] })));
    }
    return place(ctx, element, ships.get(k), words.ship);
  });
  return h("section", { class: "tm-row tm-specials" }, h("h3", {}, words.specials), h("div", { class: "tm-orders" }, cards));
}

function measureText(ctx, measure) {
  const words = ctx.words.measure;
  if (words[measure]) return words[measure];
  const good = ctx.geometry.goods.findIndex((g) => `shipped_${g.id}` === measure);
  return good >= 0 ? fill(words.shipped_good, { good: ctx.good(good) }) : measure;
}

// TM-VAR-1/2: the titles shown, what each counts and what each player would score now.
function titles(ctx) {
  const { view, words, geometry } = ctx;
  if (!view.titles.length) return null;
  return h("section", { class: "tm-titles" }, h("h3", {}, words.titles),
    view.titles.map((code, k) => {
      const title = geometry.titles[Math.floor(code / 2)][code % 2];
      const points = view.title_points[k] || [];
      return h("p", { class: "tm-title", dataset: { title: title.id } },
        h("b", {}, ctx.ja ? title.ja : title.en), ": ", measureText(ctx, title.measure), " — ",
        fill(words.mode[title.mode] || "{vp}", { vp: title.vp }), ` (${words.titlePoints} `,
        points.map((vp, p) => [p ? ", " : "", h("span", { class: "tm-title-vp", dataset: { player: p } }, `${ctx.players[p]} ${vp}`)]), ")");
    }));
}

// ---- the players ---------------------------------------------------------------------

// A player's wagon card with its cargo spaces, then a connected cart per order taken
// (TM-LOAD-5, TM-SHIP-4); the cargo cubes fill the spaces from the left.
function wagonPicture(ctx, p) {
  const { view, geometry } = ctx;
  const wagon = view.wagons[p];
  const base = geometry.wagon_capacity;
  const cubes = wagon.cargo.flatMap((count, g) => Array(count).fill(g));
  const slot = 26;
  const carts = wagon.orders.length;
  const width = 16 + base * slot + carts * (slot + 10) + 8;
  const svg = s("svg", { class: "tm-wagon-card", viewBox: `0 0 ${width} 48`, width: Math.min(width, 340), role: "img", "aria-label": fill(ctx.words.cargo, { n: cubes.length, cap: wagon.capacity }) });
  svg.append(s("rect", { x: 4, y: 4, width: base * slot + 8, height: 32, rx: 5, fill: ctx.colour(p), stroke: "#222", "stroke-width": 1.5 }));
  svg.append(s("circle", { cx: 16, cy: 40, r: 6, fill: "#3b2f22" }), s("circle", { cx: base * slot, cy: 40, r: 6, fill: "#3b2f22" }));
  let k = 0;
  // A cargo space (darker than any cube, so a white textile shows on it) and its cube.
  const space = (sx) => {
    const g = cubes[k++];
    svg.append(s("rect", { x: sx, y: 9, width: slot - 4, height: 22, rx: 3, fill: "#3b2f22", "fill-opacity": 0.35, stroke: "#fffdf5", "stroke-width": 1, "stroke-dasharray": "3 2", class: "tm-space", dataset: { good: g ?? "" } }));
    if (g !== undefined) svg.append(s("rect", { x: sx + 3, y: 12, width: slot - 10, height: 16, rx: 2, fill: geometry.goods[g].colour, stroke: "#222", "stroke-width": 1.2, class: "tm-cargo" }, s("title", {}, ctx.good(g))));
  };
  for (let i = 0; i < base; i++) space(8 + i * slot);
  wagon.orders.forEach((id, i) => {
    const cx = 16 + base * slot + i * (slot + 10);
    const city = geometry.orders[String(id)].city;
    svg.append(s("line", { x1: cx - 8, y1: 20, x2: cx, y2: 20, stroke: "#222", "stroke-width": 2 }));
    svg.append(s("rect", { x: cx, y: 6, width: slot + 2, height: 28, rx: 4, fill: "#b9a27a", stroke: "#222", "stroke-width": 1.2, class: "tm-cart" }, s("title", {}, fill(ctx.words.cart, { city: ctx.city(city) }))));
    svg.append(s("circle", { cx: cx + (slot + 2) / 2, cy: 40, r: 5, fill: "#3b2f22" }));
    space(cx + 3);
  });
  return svg;
}

function playerBoard(ctx, p) {
  const { view, words } = ctx;
  const wagon = view.wagons[p];
  const dot = h("span", { class: "dot" });
  dot.style.background = ctx.colour(p);
  const unused = wagon.unused.map((count, c) => (count ? `${ctx.city(c)} ×${count}` : null)).filter(Boolean);
  const rows = [
    [words.wagon, `${ctx.city(wagon.card)} — ${fill(words.cargo, { n: wagon.cargo.reduce((a, b) => a + b, 0), cap: wagon.capacity })}`],
    [words.housesLeft, wagon.houses_left],
    [words.gems, h("span", {}, h("span", { class: "tm-gem red" }, `◆${wagon.red}`), " ", h("span", { class: "tm-gem white" }, `◆${wagon.white}`))],
    [words.orders, wagon.orders.length],
    [words.forHouses, unused.join(", ") || words.none],
  ];
  return h("section", { class: `tm-player p${p} ${view.to_move === p ? "to-move" : ""}`, dataset: { player: p, card: wagon.card, cargo: wagon.cargo.join(",") } },
    h("h3", {}, dot, ctx.players[p], h("span", { class: "tm-score" }, `${view.scores[p]} ${words.vp}`)),
    wagonPicture(ctx, p),
    h("dl", {}, rows.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])));
}
