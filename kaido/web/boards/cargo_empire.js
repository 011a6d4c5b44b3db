// The Cargo Empire table: the Europe map drawn from the game's data (geometry.py) with each
// city's level, cubes, demand spaces and posts, the development track with every marker,
// the city display and one board per player. A transport is chosen on the map: click an
// origin (its cities are outlined), then a destination, then the demand space if several;
// the ways to pay are then listed as buttons. Set-up posts, refills, emblems and display
// cards are clicked where they go; every other decision stays in the list of actions.
import { boardStage, makePlace } from "../choices.js";
import { h, s } from "../dom.js";
import { seatColour } from "../ui.js";

const CITY = { red: "#c8483b", blue: "#3a6fb0", green: "#4f9a4a", yellow: "#d9b43a" };
const CUBE = { orange: "#e8862e", white: "#f4f1e8", grey: "#8d8f94", brown: "#7a4e2b" };
const TRANSPORTS = ["car", "loco", "ship"];
// Piece colours by the view's colour names: the bot's and the vassals' have no seat.
const PIECE = { red: "#c0392b", yellow: "#f1c40f", green: "#3c9a4b", blue: "#2e6fd1", purple: "#8e44ad" };
const GROW = matchMedia("(pointer: coarse), (max-width: 700px)").matches ? 1.4 : 1;
const R = 17 * GROW;

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
    act: (action) => interactive && onAct(action),
    colour: (p) => pieceColour(view, players, p),
    cityName: (c) => (lang === "ja" ? geometry.cities[c].ja : geometry.cities[c].name),
  };
  wrap.dataset.round = view.round;
  const boards = view.players.map((_, p) => playerBoard(ctx, p));
  if (view.vassals) boards.push(vassalBoard(ctx));
  wrap.append(map(ctx), track(ctx), display(ctx), h("div", { class: "ce-players" }, boards));
  return { element: wrap, placed };
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
  geometry.cities.forEach((city, c) => svg.append(cityGroup(ctx, city, view.cities[c], places.get(c))));
  return svg;
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
// Actions on one city: set-up posts, refills, placing a clan's emblem (moving it stays in
// the list: its city may also be an origin, whose click starts a transport).
const ON_CITY = ["first_post", "refill", "emblem"];

// What each city offers: `pick` (choose it as the origin, or cancel), or actions on it.
function cityPlaces(ctx) {
  const out = new Map();
  const slot = (c) => {
    if (!out.has(c)) out.set(c, { items: [] });
    return out.get(c);
  };
  const plans = ctx.legal.filter((item) => ROUTES.includes(item.action[0]));
  const chosen = plans.some((item) => item.action[1] === ctx.drafts.ceOrigin) ? ctx.drafts.ceOrigin : undefined;
  for (const item of plans) {
    ctx.placed.add(JSON.stringify(item.action));
    if (chosen === undefined) Object.assign(slot(item.action[1]), { pick: true, kind: item.action[0] });
    else if (item.action[1] === chosen) slot(item.action[2]).items.push(item);
  }
  if (chosen !== undefined) Object.assign(slot(chosen), { pick: true, chosen: true });
  for (const item of ctx.legal) {
    if (ON_CITY.includes(item.action[0])) slot(item.action[1]).items.push(item);
  }
  return out;
}

function cityGroup(ctx, city, state, offer) {
  const { x, y } = city;
  const g = s("g", { class: "city", dataset: { city: city.index, level: state.level } });
  const ring = s("circle", { cx: x, cy: y, r: R, fill: state.level === 3 ? "#e7dfcc" : "#fbf7ec", stroke: CITY[city.colour], "stroke-width": 5 });
  g.append(ring);
  g.append(text(x, y + 1, state.level, { "font-size": 15, "font-weight": 700 }));
  if (city.harbour) g.append(text(x + R * 0.95, y - R * 0.9, "⚓", { "font-size": 15 }));
  g.append(text(x, y + R + 13, `${city.number} ${ctx.cityName(city.index)}`, { "font-size": 13, "font-weight": 600, fill: "#1d2a33" }));
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
  if (offer) placeOn(ctx, g, ring, city, offer);
  g.append(s("title", {}, ctx.cityName(city.index)));
  return g;
}

function placeOn(ctx, g, ring, city, offer) {
  const c = city.index;
  g.dataset.place = `city:${c}`;
  ring.setAttribute("stroke-width", 7);
  if (offer.pick) {
    g.classList.add("place", "origin");
    if (offer.chosen) g.classList.add("chosen");
    g.addEventListener("click", (event) => {
      event.stopPropagation();
      ctx.drafts.ceOrigin = offer.chosen ? undefined : c;
      ctx.drafts.redraw();
    });
    const from = offer.kind === "vassal" ? ctx.words.vassalFrom : ctx.words.from;
    g.append(s("title", {}, offer.chosen ? ctx.words.cancel : fill(from, { city: ctx.cityName(c) })));
    return;
  }
  const items = offer.items.map((item) => ({ ...item, label: item.text }));
  const title = ROUTES.includes(items[0].action[0]) ? fill(ctx.words.to, { from: ctx.cityName(items[0].action[1]), to: ctx.cityName(c) }) : ctx.cityName(c);
  makePlace(g, items, { stage: ctx.wrap, title, act: (action) => {
    ctx.drafts.ceOrigin = undefined;
    ctx.act(action);
  }, placed: ctx.placed });
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

// ---- the development track -----------------------------------------------------------

function track(ctx) {
  const { view, words } = ctx;
  const cell = 46;
  const tiles = view.track;
  const vpZone = ctx.geometry.vp_zone;
  const tileWidth = (tile) => tile.ends[0].at(-1) + 1; // columns; a wide space spans several
  const columns = 1 + tiles.reduce((n, tile) => n + tileWidth(tile) + 1, 0);
  const width = cell * Math.max(columns, vpZone.length + 2);
  const vpY = 22 + 2 * cell + 16;
  const svg = s("svg", { class: "board ce track", viewBox: `0 0 ${width} ${vpY + cell + 8}`, role: "img", "aria-label": words.track });
  svg.append(text(8, 12, words.track, { "text-anchor": "start", "font-size": 13, "font-weight": 700 }));
  let column = 1;
  const starts = [];
  const rowGroups = []; // [tile][row]: the row's spaces, a place when a marker enters the tile
  tiles.forEach((tile, k) => {
    starts.push(column);
    rowGroups.push(tile.rows.map((row, r) => {
      const g = s("g", { class: "track-row", dataset: { tile: k, row: r } });
      // the whole row catches a click, the gaps between its spaces too
      g.append(s("rect", { x: cell * column, y: 22 + r * cell, width: cell * tileWidth(tile) - 4, height: cell - 4, fill: "transparent" }));
      row.forEach((bonus, i) => {
        const first = i ? tile.ends[r][i - 1] + 1 : 0;
        const span = tile.ends[r][i] - first + 1;
        const x = cell * (column + first);
        const y = 22 + r * cell;
        const wide = cell * span - 4;
        g.append(s("rect", { x, y, width: wide, height: cell - 4, rx: 5, fill: r ? "#e4dcc8" : "#efe8d6", stroke: "#8a7a5c", class: span > 1 ? "wide" : null }));
        if (bonus !== "-") g.append(text(x + wide / 2, y + cell / 2 - 2, words.mark[bonus] || bonus, { "font-size": 14, "font-weight": 700 }), s("title", {}, words.bonus[bonus] || bonus));
      });
      svg.append(g);
      return g;
    }));
    column += tileWidth(tile);
    if (k < tiles.length - 1) {
      svg.append(s("rect", { x: cell * column, y: 22 + cell / 2, width: cell - 4, height: cell - 4, rx: 5, fill: "#fff", stroke: "#8a7a5c", "stroke-dasharray": "3 3" }));
      column += 1;
    }
  });
  svg.append(text(cell / 2, vpY + cell / 2 - 2, words.vp, { "font-size": 13, "font-weight": 700 }));
  vpZone.forEach((vp, i) => {
    const x = cell * (1 + i);
    svg.append(s("rect", { x, y: vpY, width: cell - 4, height: cell - 4, rx: 5, fill: "#f3e2a8", stroke: "#8a7a5c" }), text(x + cell / 2 - 2, vpY + cell / 2 - 2, vp, { "font-size": 15, "font-weight": 700 }));
  });
  view.players.forEach((player, p) => TRANSPORTS.forEach((kind, t) => {
    const m = player.markers[kind];
    const [x, y] = markerSpot(m, starts, tiles, vpY, cell);
    const cx = x + 8 + t * 13;
    const cy = y + 8 + p * 9;
    const g = s("g", { class: "marker", dataset: { player: p, transport: kind, position: m.position } },
      s("circle", { cx, cy, r: 6.5, fill: ctx.colour(p), stroke: "#111", "stroke-width": 1.2 }),
      text(cx, cy, words.mark[kind][0], { "font-size": 8, fill: "#111", "font-weight": 700 }),
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

// A marker's corner on the track: left of it, on a tile's row, an intermediate space, or
// the VP zone (segments as in the engine's track.py).
function markerSpot(m, starts, tiles, vpY, cell) {
  const seg = m.segment;
  if (seg === 0) return [0, 22 + cell / 2];
  if (seg === 6) return [cell * (1 + m.space), vpY];
  if (seg % 2 === 0) return [cell * (starts[seg / 2] - 1), 22 + cell / 2];
  const slot = (seg - 1) / 2;
  const row = Math.max(0, m.rows[slot]);
  const first = m.space ? tiles[slot].ends[row][m.space - 1] + 1 : 0; // a wide space's first column
  return [cell * (starts[slot] + first), 22 + row * cell];
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

function playerBoard(ctx, p) {
  const { view, words } = ctx;
  const player = view.players[p];
  const goals = player.goals === null ? `${player.goal_count} (${words.hidden})` : player.goals.join(", ") || "—";
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
