// The Cargo Empire table: the Europe map drawn from the game's data (geometry.py) with each
// city's level, cubes, demand spaces and posts, the development track with every marker,
// the city display and one board per player. A transport is chosen on the map: click an
// origin (its cities are outlined), then a destination, then the demand space if several;
// the ways to pay are then listed as buttons. Set-up posts, refills, emblems and display
// cards are clicked where they go; every other decision stays in the list of actions.
import { boardStage, describePlace, makePlace, markPlace } from "../choices.js";
import { h, s } from "../dom.js";
import { seatColour } from "../ui.js";

const CITY = { red: "#c8483b", blue: "#3a6fb0", green: "#4f9a4a", yellow: "#d9b43a" };
const CUBE = { orange: "#e8862e", white: "#f4f1e8", grey: "#8d8f94", brown: "#7a4e2b" };
const TRANSPORTS = ["car", "loco", "ship"];
// Piece colours by the view's colour names: the bot's and the vassals' have no seat.
const PIECE = { red: "#c0392b", yellow: "#f1c40f", green: "#3c9a4b", blue: "#2e6fd1", purple: "#8e44ad" };
const GROW = matchMedia("(pointer: coarse), (max-width: 700px)").matches ? 1.4 : 1;
const R = 17 * GROW;
const LABEL = 13; // a city name's size, in board units

export const WORDS = {
  en: {
    map: "Cargo Empire map", track: "Development track", expressTile: "express tile: {kind} marker +1 step", expressEmpty: "express space (tile taken)", display: "City display", deck: "deck",
    blanks: "blanks", blank: "blank", car: "Car", loco: "Locomotive", ship: "Ship", posts: "Posts left",
    cities: "City cards", goals: "Goal cards", cubes: "Cubes", emblem: "Emblem", level: "Level",
    round: "Round", origin: "Origin {city}: choose a destination", from: "Transport from {city}",
    vassalFrom: "Vassal post from {city}", to: "{from} to {to}", cancel: "Cancel the origin", any: "any", vp: "VP", hidden: "hidden",
    removed: "removed", city: "city", goal: "goal", upper: "upper", lower: "lower",
    bonus: { car: "car card", loco: "locomotive card", ship: "ship card", city: "city card", goal: "goal card", any: "any card", city_or_goal: "city card or goal cards" },
    mark: { car: "Car", loco: "Loco", ship: "Ship", city: "City", goal: "Goal", any: "Any", city_or_goal: "C/G" },
    clans: { Elleston: "Elleston", Glatt: "Glatt", Rockriel: "Rockriel", Kasha: "Kasha", Tino: "Tino" },
    bot: "Bot", botOrigin: "Bot origin", botDestination: "Bot destination", botGoals: "Goal cards (public, VP ×2)",
    botDeck: "Bot deck", botCard: "Bot card", up: "up", down: "down", vassal: "{owner}'s vassal ({colour})", vassalPosts: "{placed}/12 posts placed",
    postOn: "{city}: the {colour} demand space", cube: { orange: "orange", white: "white", grey: "grey", brown: "brown" },
    originChosen: "from {city}: click a destination (outlined), or {city} again to cancel",
    hand: "Your cards", yourCards: "Transport cards in hand", noCards: "none", keepGoal: "Keep one goal card",
    payWith: "Pay with", takeCard: "Take a transport card", goalNumber: "Goal {n}", goalNow: "now {vp} VP",
    steps: "{kind} marker +{n}", elleston: "Elleston emblem",
  },
  ja: {
    map: "カーゴエンパイアの地図", track: "開発トラック", expressTile: "急行タイル：{kind}マーカーを1マス進める", expressEmpty: "急行スペース（タイルは取られた）", display: "都市ディスプレイ", deck: "山札",
    blanks: "空白", blank: "空白", car: "自動車", loco: "機関車", ship: "船", posts: "残り交易所",
    cities: "都市カード", goals: "目標カード", cubes: "貨物", emblem: "紋章", level: "段階",
    round: "ラウンド", origin: "出発地 {city}：目的地を選ぶ", from: "{city}からの輸送",
    vassalFrom: "{city}から家臣の交易所", to: "{from}から{to}へ", cancel: "出発地の選択をやめる", any: "任意", vp: "勝利点", hidden: "非公開",
    removed: "除外", city: "都市", goal: "目標", upper: "上段", lower: "下段",
    bonus: { car: "自動車カード", loco: "機関車カード", ship: "船カード", city: "都市カード", goal: "目標カード", any: "任意のカード", city_or_goal: "都市カードか目標カード" },
    mark: { car: "車", loco: "機", ship: "船", city: "都市", goal: "目標", any: "任意", city_or_goal: "都/目" },
    clans: { Elleston: "エルストン", Glatt: "グラット", Rockriel: "ロックリエル", Kasha: "カシャ", Tino: "ティノ" },
    bot: "ボット", botOrigin: "ボット出発地", botDestination: "ボット目的地", botGoals: "目標カード（公開・勝利点2倍）",
    botDeck: "ボットデッキ", botCard: "ボットカード", up: "上", down: "下", vassal: "{owner}の家臣（{colour}）", vassalPosts: "交易所 {placed}/12",
    postOn: "{city}：{colour}の需要スペース", cube: { orange: "オレンジ", white: "白", grey: "灰", brown: "茶" },
    originChosen: "{city}から：目的地（囲まれた都市）を選ぶ。{city}をもう一度押すと取り消し",
    hand: "あなたのカード", yourCards: "手札の輸送カード", noCards: "なし", keepGoal: "残す目標カードを1枚選ぶ",
    payWith: "支払い方", takeCard: "輸送カードを1枚得る", goalNumber: "目標{n}", goalNow: "現在{vp}点",
    steps: "{kind}マーカー+{n}", elleston: "エルストン紋章",
  },
};

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

export function drawBoard({ geometry, message, lang, players, onAct, interactive, drafts }) {
  const view = message.view;
  const placed = new Set();
  if (!geometry || !view || !view.cities) return { element: h("div"), placed };
  const wrap = boardStage("board-wrap ce-wrap");
  const ctx = {
    geometry, view, lang, players, placed, wrap, drafts: drafts || { redraw() {} },
    words: WORDS[lang] || WORDS.en,
    legal: message.legal || [],
    seat: message.seat ?? null,
    act: (action) => interactive && onAct(action),
    colour: (p) => pieceColour(view, players, p),
    cityName: (c) => (lang === "ja" ? geometry.cities[c].ja : geometry.cities[c].name),
  };
  wrap.dataset.round = view.round;
  const boards = view.players.map((_, p) => playerBoard(ctx, p));
  if (view.vassals) boards.push(vassalBoard(ctx));
  wrap.append(map(ctx), hand(ctx), track(ctx), display(ctx), h("div", { class: "ce-players" }, boards));
  const hint = ctx.origin === undefined ? null : fill(ctx.words.originChosen, { city: ctx.cityName(ctx.origin) });
  return { element: wrap, placed, hint };
}

// A seat's colour as the table names it; the bot (after the seats) and the vassals (whose
// demand posts are `n + p`) take the colours the view gives them (CE-BOT-3, CE-2P-3).
function pieceColour(view, players, p) {
  const n = view.players.length;
  if (p >= n && view.vassals) return PIECE[view.vassals[p - n].colour];
  if (p >= players.length && view.players[p]) return PIECE[view.players[p].colour];
  return seatColour(players, p);
}

function playerLabel(ctx, p) {
  return ctx.view.players[p] && ctx.view.players[p].bot ? ctx.words.bot : ctx.players[p];
}

// ---- the map -------------------------------------------------------------------------

function map(ctx) {
  const { geometry, view } = ctx;
  const svg = s("svg", { class: "board ce map", viewBox: `0 0 ${geometry.width} ${geometry.height}`, role: "img", "aria-label": ctx.words.map, dataset: { touch: 2 * R } });
  svg.append(s("rect", { x: 0, y: 0, width: geometry.width, height: geometry.height, rx: 12, fill: "#a9cfe6" }));
  for (const [a, b] of geometry.routes) {
    const [p, q] = [geometry.cities[a], geometry.cities[b]];
    svg.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: "#6d5b43", "stroke-width": 3, "stroke-dasharray": "9 5" }));
  }
  for (const space of geometry.express || []) {  // the routes joining express spaces first
    for (const c of space.cities) {
      const city = geometry.cities[c];
      svg.append(s("line", { x1: space.x, y1: space.y, x2: city.x, y2: city.y, stroke: "#6d5b43", "stroke-width": 3, "stroke-dasharray": "9 5" }));
    }
  }
  (geometry.express || []).forEach((space) => svg.append(expressSpace(ctx, space, view.express[space.index])));
  const places = cityPlaces(ctx);
  const labels = labelSpots(ctx);
  geometry.cities.forEach((city, c) => svg.append(cityGroup(ctx, city, view.cities[c], places.get(c))));
  // the names last, so no city's pieces are drawn over another's name
  geometry.cities.forEach((city, c) => svg.append(text(labels[c].x, labels[c].y, labels[c].text,
    { class: "city-name", "font-size": LABEL, "font-weight": 600, fill: "#1d2a33", dataset: { city: c } })));
  return svg;
}

// A label's width in board units, from its characters (a CJK character is about square).
function textWidth(label, size) {
  return [...label].reduce((w, ch) => w + (ch.codePointAt(0) > 0x2e80 ? 1.0 : 0.64) * size, 0);
}

// Where each city's name goes: under the city, unless there it would cover (or lie under)
// another city's pieces, an express space or a name already placed; else above, to the
// lower right or lower left; always inside the board (bug 6: Vienna under Budapest, Dior's
// edge names cut).
function labelSpots(ctx) {
  const { geometry } = ctx;
  const bodies = geometry.cities.map((c) => ({ x0: c.x - R - 16, x1: c.x + R + 17, y0: c.y - R - 13, y1: c.y + R + 2 }));
  for (const space of geometry.express || []) bodies.push({ x0: space.x - 19, x1: space.x + 19, y0: space.y - 19, y1: space.y + 19 });
  const taken = [];
  const overlap = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  return geometry.cities.map((city, c) => {
    const label = `${city.number} ${ctx.cityName(c)}`;
    const w = textWidth(label, LABEL) + 4;
    const tall = LABEL + 4;
    const spots = [
      [city.x, city.y + R + 13], [city.x, city.y - R - 22],
      [city.x + R + 20 + w / 2, city.y + R + 8], [city.x - R - 19 - w / 2, city.y + R + 8],
    ].map(([x, y]) => {
      const cx = Math.max(w / 2 + 3, Math.min(geometry.width - w / 2 - 3, x));
      const cy = Math.max(tall / 2 + 3, Math.min(geometry.height - tall / 2 - 3, y));
      const box = { x0: cx - w / 2, x1: cx + w / 2, y0: cy - tall / 2, y1: cy + tall / 2 };
      const others = bodies.filter((_, k) => k !== c);
      const cost = [...others, ...taken].reduce((sum, b) => sum + overlap(box, b), 0);
      return { x: cx, y: cy, box, cost };
    });
    const best = spots.reduce((a, b) => (b.cost < a.cost ? b : a));
    const chosen = spots[0].cost === 0 ? spots[0] : best;
    taken.push(chosen.box);
    return { x: chosen.x, y: chosen.y, text: label };
  });
}

// A Dior express space (CE-DIOR-1): a round space (its routes are drawn with the others, so
// that the place to click is the circle alone), with the tile on it (its transport's mark)
// or empty once taken (CE-DIOR-5). An express tile a route may take is offered here when the
// player chooses one (CE-DIOR-6).
function expressSpace(ctx, space, tile) {
  const { words } = ctx;
  const g = s("g", { class: "express", dataset: { express: space.index, tile: tile || "" } });
  g.append(s("circle", { cx: space.x, cy: space.y, r: 17, fill: tile ? "#fdf6e3" : "#d9d2c0", stroke: "#3b3b3b", "stroke-width": 2.5 }));
  if (tile) g.append(text(space.x, space.y, words.mark[tile], { "font-size": 12, "font-weight": 700 }));
  g.append(s("title", {}, tile ? fill(words.expressTile, { kind: words[tile] }) : words.expressEmpty));
  const items = ctx.legal.filter((one) => one.action[0] === "express" && one.action[1] === space.index);
  if (items.length) {
    g.dataset.place = `express:${space.index}`;
    makePlace(g, items.map((item) => ({ ...item, label: item.text })), { stage: ctx.wrap, title: fill(words.expressTile, { kind: words[tile] }), act: ctx.act, placed: ctx.placed });
  }
  return g;
}

// Actions that move a cube from an origin city to a destination: a transport, in vassal
// mode (CE-2P-8) the vassal's free delivery, Glatt's cube move (CE-CLAN); each is chosen
// origin first, then destination.
const ROUTES = ["plan", "vassal", "glatt_move"];
// Actions on one city: set-up posts, refills, placing or moving a clan's emblem. A city may
// also be an origin: its menu then offers both (bug 7: the clash hid the emblem's move).
const ON_CITY = ["first_post", "second_post", "refill", "emblem", "move_emblem"];

// The city an action on a city is clicked on: its first argument, but the second post goes
// on the city of the player's personal city card (CE-SET-18).
function cityOf(ctx, action) {
  if (action[0] !== "second_post") return action[1];
  const me = ctx.view.players[ctx.view.to_move];
  return ctx.geometry.cities.findIndex((city) => city.name === me.setup_card);
}

// What each city offers: `pick` (choose it as the origin, or cancel), or actions on it.
function cityPlaces(ctx) {
  const out = new Map();
  const slot = (c) => {
    if (!out.has(c)) out.set(c, { items: [] });
    return out.get(c);
  };
  const plans = ctx.legal.filter((item) => ROUTES.includes(item.action[0]));
  const chosen = plans.some((item) => item.action[1] === ctx.drafts.ceOrigin) ? ctx.drafts.ceOrigin : undefined;
  ctx.origin = chosen;
  for (const item of plans) {
    ctx.placed.add(JSON.stringify(item.action));
    if (chosen === undefined) Object.assign(slot(item.action[1]), { pick: true, kind: item.action[0] });
    else if (item.action[1] === chosen) slot(item.action[2]).items.push(item);
  }
  if (chosen !== undefined) Object.assign(slot(chosen), { pick: true, chosen: true });
  for (const item of ctx.legal) {
    if (ON_CITY.includes(item.action[0])) slot(cityOf(ctx, item.action)).items.push({ ...item, text: onCityLabel(ctx, item) });
  }
  return out;
}

// A post's choices name the demand space by its cube colour ("space 1" said nothing).
function onCityLabel(ctx, item) {
  const [kind] = item.action;
  if (kind !== "first_post" && kind !== "second_post") return item.text;
  const c = cityOf(ctx, item.action);
  const space = item.action[kind === "first_post" ? 2 : 1];
  const colour = ctx.view.cities[c].demand[space].colour;
  return fill(ctx.words.postOn, { city: ctx.cityName(c), colour: ctx.words.cube[colour] });
}

function cityGroup(ctx, city, state, offer) {
  const { x, y } = city;
  const g = s("g", { class: "city", dataset: { city: city.index, level: state.level } });
  g.append(s("circle", { class: "hl", cx: x, cy: y, r: R + 5 }));
  const ring = s("circle", { class: "ring", cx: x, cy: y, r: R, fill: state.level === 3 ? "#e7dfcc" : "#fbf7ec", stroke: CITY[city.colour], "stroke-width": 5 });
  g.append(ring);
  g.append(text(x, y + 1, state.level, { "font-size": 15, "font-weight": 700 }));
  if (city.harbour) g.append(text(x + R * 0.95, y - R * 0.9, "⚓", { "font-size": 15 }));
  (state.cubes || []).forEach((cube, i) => {
    const attrs = { x: x - R - 14, y: y - 13 + i * 14, width: 11, height: 11, rx: 2, stroke: "#333", "stroke-width": 1 };
    g.append(s("rect", { ...attrs, fill: cube ? CUBE[cube] : "none", "stroke-dasharray": cube ? null : "2 2", dataset: { cube: cube || "" } }));
  });
  (state.demand || []).forEach((space, i) => {
    const cx = x + R + 9;
    const cy = y - 7 + i * 15;
    g.append(s("circle", { cx, cy, r: 6, fill: space.post === null ? "#fff" : ctx.colour(space.post), stroke: CUBE[space.colour], "stroke-width": 3, dataset: { demand: i, post: space.post ?? "" } }));
  });
  let slot = 0;
  state.posts.forEach((count, p) => {
    for (let k = 0; k < count; k++) g.append(s("rect", { x: x - R + 4.5 * slot++, y: y - R - 11, width: 7, height: 7, fill: ctx.colour(p), stroke: "#222", "stroke-width": 0.8, class: "trading-post", dataset: { player: p } }));
  });
  const n = ctx.view.players.length;
  (state.vassal_posts || []).forEach((count, p) => {
    for (let k = 0; k < count; k++) g.append(s("rect", { x: x - R + 4.5 * slot++, y: y - R - 11, width: 7, height: 7, fill: ctx.colour(n + p), stroke: "#222", "stroke-width": 0.8, "stroke-dasharray": "2 1", class: "trading-post vassal-post", dataset: { vassal: p } }));
  });
  const bot = ctx.view.bot;
  if (bot && bot.origin === city.name) {
    g.append(s("circle", { cx: x, cy: y, r: R + 5, fill: "none", stroke: ctx.colour(bot.player), "stroke-width": 3, "stroke-dasharray": "5 3", class: "bot-origin" }, s("title", {}, ctx.words.botOrigin)));
  }
  g.append(s("title", {}, ctx.cityName(city.index)));
  if (offer) placeOn(ctx, g, city, offer);
  return g;
}

// A city to click: the origin of a transport (or, chosen, its cancel), the destination of
// one, or the place of actions on the city; an origin that also has actions of its own
// offers them all in one menu.
function placeOn(ctx, g, city, offer) {
  const c = city.index;
  g.dataset.place = `city:${c}`;
  const pick = (event) => {
    if (event) event.stopPropagation();
    ctx.drafts.ceOrigin = offer.chosen ? undefined : c;
    ctx.drafts.redraw();
  };
  const from = offer.kind === "vassal" ? ctx.words.vassalFrom : ctx.words.from;
  const pickLabel = offer.chosen ? ctx.words.cancel : fill(from, { city: ctx.cityName(c) });
  const act = (action) => {
    ctx.drafts.ceOrigin = undefined;
    ctx.act(action);
  };
  const items = offer.items.map((item) => ({ ...item, label: item.text }));
  if (offer.pick) {
    g.classList.add("origin");
    if (offer.chosen) g.classList.add("chosen");
  }
  if (offer.pick && !items.length) {
    markPlace(g);
    describePlace(g, [{ label: pickLabel }], pickLabel);
    g.addEventListener("click", pick);
    return;
  }
  if (offer.pick) items.unshift({ label: pickLabel, run: () => pick(null) });
  const title = ROUTES.includes(items.at(-1).action?.[0]) ? fill(ctx.words.to, { from: ctx.cityName(items.at(-1).action[1]), to: ctx.cityName(c) }) : ctx.cityName(c);
  makePlace(g, items, { stage: ctx.wrap, title, act, placed: ctx.placed });
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

// ---- the development track -----------------------------------------------------------

// Each space has its bonus's word at its top and below it a line of markers per player,
// so no marker hides a word (bug 6); a phone zooms the track on the first tap, to the
// markers' size (data-touch).
const CELL = 46; // a space's width
const ROW = 80; // a row's height: the word, then five players' markers
const MARK = 5.5; // a marker's radius
const TOP = 22;

function track(ctx) {
  const { view, words } = ctx;
  const tiles = view.track;
  const vpZone = ctx.geometry.vp_zone;
  const tileWidth = (tile) => tile.ends[0].at(-1) + 1; // columns; a wide space spans several
  const columns = 1 + tiles.reduce((n, tile) => n + tileWidth(tile) + 1, 0);
  const width = CELL * Math.max(columns, vpZone.length + 2);
  const vpY = TOP + 2 * ROW + 16;
  const svg = s("svg", { class: "board ce track", viewBox: `0 0 ${width} ${vpY + ROW + 4}`, role: "img", "aria-label": words.track, dataset: { touch: 2 * MARK } });
  svg.append(text(8, 11, words.track, { "text-anchor": "start", "font-size": 13, "font-weight": 700 }));
  let column = 1;
  const starts = [];
  const rowGroups = []; // [tile][row]: the row's spaces, a place when a marker enters the tile
  tiles.forEach((tile, k) => {
    starts.push(column);
    rowGroups.push(tile.rows.map((row, r) => {
      const g = s("g", { class: "track-row", dataset: { tile: k, row: r } });
      // the whole row catches a click, the gaps between its spaces too
      g.append(s("rect", { x: CELL * column, y: TOP + r * ROW, width: CELL * tileWidth(tile) - 4, height: ROW - 4, fill: "transparent" }));
      row.forEach((bonus, i) => {
        const first = i ? tile.ends[r][i - 1] + 1 : 0;
        const span = tile.ends[r][i] - first + 1;
        const x = CELL * (column + first);
        const y = TOP + r * ROW;
        const wide = CELL * span - 4;
        g.append(s("rect", { x, y, width: wide, height: ROW - 4, rx: 5, fill: r ? "#e4dcc8" : "#efe8d6", stroke: "#8a7a5c", class: span > 1 ? "wide" : null }));
        if (bonus !== "-") g.append(text(x + wide / 2, y + 11, words.mark[bonus] || bonus, { "font-size": 13, "font-weight": 700 }), s("title", {}, words.bonus[bonus] || bonus));
      });
      svg.append(g);
      return g;
    }));
    column += tileWidth(tile);
    if (k < tiles.length - 1) {
      svg.append(s("rect", { x: CELL * column, y: TOP + ROW / 2, width: CELL - 4, height: ROW - 4, rx: 5, fill: "#fff", stroke: "#8a7a5c", "stroke-dasharray": "3 3" }));
      column += 1;
    }
  });
  svg.append(text(CELL / 2, vpY + 11, words.vp, { "font-size": 13, "font-weight": 700 }));
  vpZone.forEach((vp, i) => {
    const x = CELL * (1 + i);
    svg.append(s("rect", { x, y: vpY, width: CELL - 4, height: ROW - 4, rx: 5, fill: "#f3e2a8", stroke: "#8a7a5c" }), text(x + CELL / 2 - 2, vpY + 11, vp, { "font-size": 14, "font-weight": 700 }));
  });
  view.players.forEach((player, p) => TRANSPORTS.forEach((kind, t) => {
    const m = player.markers[kind];
    const [x, y] = markerSpot(m, starts, tiles, vpY);
    const cx = x + 9 + t * 12.5;
    const cy = y + 27 + p * 11.5;
    const g = s("g", { class: "marker", dataset: { player: p, transport: kind, position: m.position } },
      s("circle", { cx, cy, r: MARK, fill: ctx.colour(p), stroke: "#111", "stroke-width": 1.2 }),
      text(cx, cy, words.mark[kind][0], { "font-size": 7, fill: "#111", "font-weight": 700 }),
      s("title", {}, `${playerLabel(ctx, p)}: ${words[kind]} ${m.position}`));
    svg.append(g);
    if (p === view.to_move) markerPlace(ctx, g, t);
  }));
  rowPlaces(ctx, rowGroups);
  return svg;
}

// CE-DEV-5, CE-DEV-12: which marker takes a step is chosen on the marker itself.
function markerPlace(ctx, g, t) {
  const items = ctx.legal.filter((item) => ["advance", "extra"].includes(item.action[0]) && item.action[1] === t);
  if (!items.length) return;
  g.dataset.place = `marker:${t}`;
  makePlace(g, items.map((item) => ({ ...item, label: item.text })), { stage: ctx.wrap, title: ctx.words[TRANSPORTS[t]], act: ctx.act, placed: ctx.placed });
}

// CE-DEV-8: a marker entering a tile takes its upper or lower row, chosen on the row.
function rowPlaces(ctx, rowGroups) {
  const frame = ctx.view.pending.at(-1);
  if (!frame || frame.kind !== "row") return;
  const segment = ctx.view.players[frame.player].markers[frame.transport].segment;
  const groups = rowGroups[segment / 2];
  if (!groups) return;
  for (const item of ctx.legal.filter((one) => one.action[0] === "row")) {
    const g = groups[item.action[1]];
    g.dataset.place = `row:${item.action[1]}`;
    makePlace(g, [{ ...item, label: item.text }], { stage: ctx.wrap, title: item.text, act: ctx.act, placed: ctx.placed });
  }
}

// A space's corner on the track for a marker: left of it, on a tile's row, an intermediate
// space, or the VP zone (segments as in the engine's track.py).
function markerSpot(m, starts, tiles, vpY) {
  const seg = m.segment;
  if (seg === 0) return [0, TOP + ROW / 2];
  if (seg === 6) return [CELL * (1 + m.space), vpY];
  if (seg % 2 === 0) return [CELL * (starts[seg / 2] - 1), TOP + ROW / 2];
  const slot = (seg - 1) / 2;
  const row = Math.max(0, m.rows[slot]);
  const first = m.space ? tiles[slot].ends[row][m.space - 1] + 1 : 0; // a wide space's first column
  return [CELL * (starts[slot] + first), TOP + row * ROW];
}

// ---- the display and the players -----------------------------------------------------

function display(ctx) {
  const { view, words } = ctx;
  const cards = view.display.map((name, slot) => {
    const marked = view.bot && view.bot.destination_slot === slot;
    const card = h("button", { type: "button", class: marked ? "ce-card bot-destination" : "ce-card", dataset: { slot, place: `display:${slot}` }, disabled: true, title: marked ? words.botDestination : null }, cardName(ctx, name), marked ? ` ▼ ${words.bot}` : "");
    const item = ctx.legal.find((one) => one.action[0] === "city_card" && one.action[1] === slot);
    if (item) {
      card.disabled = false;
      makePlace(card, [{ ...item, label: item.text }], { stage: ctx.wrap, title: words.display, act: ctx.act, placed: ctx.placed });
    }
    return card;
  });
  return h("section", { class: "ce-display" }, h("h3", {}, words.display), h("div", { class: "ce-cards" }, cards),
    h("p", { class: "hint" }, `${words.deck} ${view.deck.hidden} + ${view.deck.blanks} ${words.blanks}`));
}

function cardName(ctx, name) {
  if (name === "blank") return ctx.words.blank;
  const city = ctx.geometry.cities.find((one) => one.name === name);
  return city ? ctx.cityName(city.index) : name;
}

// ---- cards: yours in hand, goal cards ----------------------------------------------

// A transport card (car, locomotive, ship) as a small card with its kind.
function transportCard(ctx, kind, extra = "") {
  return h("span", { class: `ce-tcard ${kind}`, dataset: { kind } }, h("span", { class: "ce-tcard-mark" }, ctx.words.mark[kind]), extra);
}

// A goal card: its number, what it asks and scores (CE-GOAL), and what it would score now
// when that is known; `place` makes it the place of an action (keeping it).
function goalCard(ctx, goal, vp) {
  const text = ctx.geometry.goals[String(goal)];
  return h("div", { class: "ce-goal", dataset: { goal } },
    h("span", { class: "ce-goal-id" }, fill(ctx.words.goalNumber, { n: goal })),
    h("span", { class: "ce-goal-text" }, text ? text[ctx.lang] || text.en : ""),
    vp === undefined || vp === null ? null : h("span", { class: "ce-goal-vp" }, fill(ctx.words.goalNow, { vp })));
}

// The seat's own cards and the choices made with them: transport cards in hand, the ways to
// pay for a transport shown as the cards they spend, a transport card to take, the goal
// cards held and the two drawn to keep one of (CE-SET-12, CE-PAY, CE-SET-15).
function hand(ctx) {
  const { view, words, seat } = ctx;
  if (seat === null || !view.players[seat] || view.players[seat].bot) return null;
  const me = view.players[seat];
  const parts = [];
  const frame = view.pending.at(-1);
  if (frame && frame.kind === "keep_goal" && frame.player === seat && frame.goals) {
    parts.push(h("div", { class: "ce-choose" }, h("h4", {}, words.keepGoal),
      h("div", { class: "ce-goals" }, frame.goals.map((goal) => {
        const card = goalCard(ctx, goal);
        const item = ctx.legal.find((one) => one.action[0] === "keep_goal" && one.action[1] === goal);
        if (item) {
          card.dataset.place = `goal:${goal}`;
          makePlace(card, [{ ...item, label: item.text }], { stage: ctx.wrap, title: words.keepGoal, act: ctx.act, placed: ctx.placed });
        }
        return card;
      }))));
  }
  const pays = ctx.legal.filter((one) => one.action[0] === "pay");
  if (pays.length) {
    parts.push(h("div", { class: "ce-choose" }, h("h4", {}, words.payWith),
      h("div", { class: "ce-pays" }, pays.map((item) => payOption(ctx, item)))));
  }
  const takes = ctx.legal.filter((one) => one.action[0] === "take_card" || one.action[0] === "take_three");
  if (takes.length) {
    parts.push(h("div", { class: "ce-choose" }, h("h4", {}, words.takeCard),
      h("div", { class: "ce-pays" }, takes.map((item) => {
        const kinds = item.action[0] === "take_three" ? TRANSPORTS : [TRANSPORTS[item.action[1]]];
        const button = h("button", { type: "button", class: "ce-pay", dataset: { place: `take:${item.action.slice(1).join(",") || "three"}` } },
          kinds.map((kind) => transportCard(ctx, kind, "+1")));
        return makePlace(button, [{ ...item, label: item.text }], { stage: ctx.wrap, title: words.takeCard, act: ctx.act, placed: ctx.placed });
      }))));
  }
  const held = TRANSPORTS.flatMap((kind) => Array.from({ length: me.cards[kind] }, () => transportCard(ctx, kind)));
  parts.push(h("div", { class: "ce-held" }, h("h4", {}, words.yourCards),
    h("div", { class: "ce-tcards" }, held.length ? held : h("span", { class: "hint" }, words.noCards))));
  if (me.goals && me.goals.length) {
    parts.push(h("div", { class: "ce-held" }, h("h4", {}, words.goals),
      h("div", { class: "ce-goals" }, me.goals.map((goal, k) => goalCard(ctx, goal, me.goal_vp ? me.goal_vp[k] : null)))));
  }
  return h("section", { class: "ce-hand", dataset: { seat } }, h("h3", {}, words.hand), parts);
}

// One way to pay (CE-PAY): the cards it spends, drawn as cards, and what each kind gives
// on the track (its steps), in its help.
function payOption(ctx, item) {
  const { words, geometry } = ctx;
  const [, ...counts] = item.action;
  const mode = counts.pop();
  const cards = TRANSPORTS.flatMap((kind, t) => Array.from({ length: counts[t] }, () => transportCard(ctx, kind)));
  // steps per card (CE-DEV-2); Rockriel's enhanced locomotives bought this turn give more
  const enhanced = Math.min(counts[1], ctx.view.enhanced || 0);
  const steps = TRANSPORTS.map((kind, t) => counts[t] * geometry.rewards[kind]);
  steps[1] += enhanced * (geometry.rewards.enhanced_loco - geometry.rewards.loco);
  const gains = TRANSPORTS.map((kind, t) => (counts[t] ? fill(words.steps, { kind: words[kind], n: steps[t] }) : null)).filter(Boolean);
  const button = h("button", { type: "button", class: "ce-pay", dataset: { place: `pay:${counts.join(",")}:${mode}` } }, cards, mode ? h("span", { class: "ce-pay-mode" }, words.elleston) : null);
  const label = `${item.text} → ${gains.join(", ")}`;
  return makePlace(button, [{ ...item, label, help: `${item.help || item.text} → ${gains.join(", ")}` }], { stage: ctx.wrap, title: words.payWith, act: ctx.act, placed: ctx.placed });
}

function playerBoard(ctx, p) {
  const { view, words } = ctx;
  const player = view.players[p];
  const goals = player.goals === null
    ? h("span", { class: "ce-goal-backs" }, Array.from({ length: player.goal_count }, () => h("span", { class: "ce-goal-back", title: words.hidden })), ` ${player.goal_count} (${words.hidden})`)
    : player.goals.length ? h("div", { class: "ce-goals small" }, player.goals.map((goal, k) => goalCard(ctx, goal, player.goal_vp ? player.goal_vp[k] : null))) : "—";
  const rows = [
    [words.car, player.cards.car], [words.loco, player.cards.loco], [words.ship, player.cards.ship],
    [words.posts, `${player.posts_left}${player.posts_removed ? ` (${words.removed} ${player.posts_removed})` : ""}`],
    [words.cities, player.city_cards.map((name) => cardName(ctx, name)).join(", ") || "—"],
    [words.goals, goals],
  ];
  if (player.clan) rows.push([words.cubes, player.cubes], [words.emblem, player.emblem ? cardName(ctx, player.emblem) : "—"]);
  if (player.bot) botRows(ctx, rows);
  const swatch = h("span", { class: "dot" });
  swatch.style.background = ctx.colour(p);
  return h("section", { class: `ce-player p${p} ${player.bot ? "ce-bot" : ""} ${view.to_move === p ? "to-move" : ""}`, dataset: { player: p } },
    h("h3", {}, swatch, playerLabel(ctx, p), player.clan ? ` — ${words.clans[player.clan] || player.clan}` : ""),
    h("dl", {}, rows.flatMap(([label, value]) => [h("dt", {}, label), h("dd", {}, value)])));
}

// The bot's board (CE-BOT): no cards; its public goal cards, its markers, its deck.
function botRows(ctx, rows) {
  const { view, words } = ctx;
  const bot = view.bot;
  rows.splice(0, 3);
  const goals = rows.find((row) => row[0] === words.goals);
  if (goals) goals[0] = words.botGoals;
  const slot = bot.destination_slot;
  rows.push(
    [words.botOrigin, bot.origin ? cardName(ctx, bot.origin) : "—"],
    [words.botDestination, slot >= 0 ? cardName(ctx, view.display[slot]) : "—"],
    [words.botDeck, bot.deck],
  );
  if (bot.card) rows.push([words.botCard, `${bot.card.id}: ${words[bot.card.transport]} +${bot.card.steps} ${words[bot.card.arrow]}`]);
}

// The vassals (CE-2P-3): each human's second colour and the posts it has placed.
function vassalBoard(ctx) {
  const { view, words } = ctx;
  return h("section", { class: "ce-vassals" }, view.vassals.map((vassal, p) => {
    const swatch = h("span", { class: "dot" });
    swatch.style.background = ctx.colour(view.players.length + p);
    const colour = ctx.lang === "ja" ? { red: "赤", yellow: "黄", green: "緑", blue: "青", purple: "紫" }[vassal.colour] : vassal.colour;
    return h("p", { class: "ce-vassal", dataset: { vassal: p } }, swatch,
      fill(words.vassal, { owner: ctx.players[p], colour }), " — ", fill(words.vassalPosts, { placed: vassal.placed }));
  }));
}
