// The Catan board: hexes, numbers, harbours, robber, roads and buildings, drawn from the
// geometry the server computes from the engine's board and the layout in the view. Legal
// actions with a place on the board (a road on its edge, a settlement or city on its
// corner, the robber on its hex) are drawn there and can be clicked.
import { boardStage, makePlace } from "../choices.js";
import { controls } from "./catan_controls.js";
import { h, s } from "../dom.js";
import { icon } from "../icons.js";
import { colourDot, seatColour } from "../ui.js";

const TERRAIN = {
  forest: "#3f7f3a", hills: "#c8693f", pasture: "#a3cf69",
  fields: "#e9c552", mountains: "#8e8f98", desert: "#e3d2a0",
};
const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"];
const RESOURCE_COLOUR = ["#3f7f3a", "#c8693f", "#a3cf69", "#e9c552", "#8e8f98"];
const DEVELOPMENT = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];
const PIPS = [0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1];
// Targets on the board (half a road's band, a corner's radius), larger for fingers.
const TARGET = matchMedia("(pointer: coarse), (max-width: 700px)").matches ? { band: 0.19, corner: 0.22 } : { band: 0.13, corner: 0.18 };

export const WORDS = {
  en: {
    lumber: "Lumber", brick: "Brick", wool: "Wool", grain: "Grain", ore: "Ore", generic: "any",
    knight: "Knight", victory_point: "Victory point", road_building: "Road building",
    year_of_plenty: "Year of plenty", monopoly: "Monopoly",
    hand: "Your hand", development: "Your development cards", bank: "Bank", dice: "Dice",
    player: "Player", points: "Points", cards: "Cards", devCards: "Dev.", knights: "Knights",
    road: "Road", longest: "Longest road", largest: "Largest army", offer: "Offer",
    gives: "gives", asks: "asks for", board: "Catan board",
    terrain: { forest: "forest", hills: "hills", pasture: "pasture", fields: "fields", mountains: "mountains", desert: "desert" },
    hexName: "the {n} {terrain}", desertName: "the desert", robberTo: "Robber to {place}",
    rob: "Rob {name} ({cards} cards)", robNobody: "Rob nobody",
    discardTitle: "Discard {n} cards", chosenOf: "{n} of {of} chosen", discard: "Discard",
    plentyTitle: "Year of plenty: take two resources", take: "Take", monopolyTitle: "Monopoly: take every card of one resource",
    bankTitle: "Trade with the bank", bankGive: "Give", bankTake: "for", writeOffer: "Offer a trade to the players…",
    writeCounter: "Make a counter-offer…", offerTitle: "Your offer", counterTitle: "Your counter-offer to {name}",
    youGive: "You give", youGet: "You get", sendOffer: "Send the offer", sendCounter: "Send the counter-offer",
    withdraw: "Withdraw", cancel: "Cancel",
    costs: "Building costs", settlement: "Settlement", city: "City", devCard: "Development card",
  },
  ja: {
    lumber: "木材", brick: "レンガ", wool: "羊毛", grain: "小麦", ore: "鉱石", generic: "任意",
    knight: "騎士", victory_point: "勝利点", road_building: "街道建設",
    year_of_plenty: "収穫", monopoly: "独占",
    hand: "あなたの手札", development: "あなたの発展カード", bank: "銀行", dice: "ダイス",
    player: "プレイヤー", points: "勝利点", cards: "資源", devCards: "発展", knights: "騎士",
    road: "交易路", longest: "最長交易路", largest: "最大騎士力", offer: "交換の提案",
    gives: "出す", asks: "求める", board: "カタンの盤面",
    terrain: { forest: "森林", hills: "丘陵", pasture: "牧草地", fields: "耕作地", mountains: "山脈", desert: "砂漠" },
    hexName: "{n}の{terrain}", desertName: "砂漠", robberTo: "盗賊を{place}へ",
    rob: "{name}から奪う（{cards}枚）", robNobody: "誰からも奪わない",
    discardTitle: "{n}枚捨てる", chosenOf: "{of}枚中{n}枚を選択", discard: "捨てる",
    plentyTitle: "収穫：資源を2枚受け取る", take: "受け取る", monopolyTitle: "独占：1種類の資源をすべて受け取る",
    bankTitle: "銀行・港と交換", bankGive: "出す", bankTake: "受け取る", writeOffer: "プレイヤーに交換を提案…",
    writeCounter: "逆提案する…", offerTitle: "あなたの提案", counterTitle: "{name}への逆提案",
    youGive: "出す", youGet: "受け取る", sendOffer: "提案を送る", sendCounter: "逆提案を送る",
    withdraw: "取り下げる", cancel: "キャンセル",
    costs: "建設コスト", settlement: "開拓地", city: "都市", devCard: "発展カード",
  },
};

export function drawBoard({ geometry, message, lang, players, onAct, interactive, drafts }) {
  const view = message.view;
  const placed = new Set();
  if (!geometry || !view || !view.board) return { element: h("div"), placed };
  const words = WORDS[lang] || WORDS.en;
  const [x, y, width, height] = geometry.view_box;
  // data-touch: the smallest target (a road's band), in board units, for zoom on tap.
  const svg = s("svg", { class: "board catan", viewBox: `${x} ${y} ${width} ${height}`, role: "img", "aria-label": words.board, dataset: { touch: 2 * TARGET.band } });
  svg.append(s("rect", { x, y, width, height, rx: 0.4, fill: "#3d7fb3" }));
  drawHexes(svg, geometry, view);
  drawHarbours(svg, geometry, view, words);
  drawRobber(svg, geometry, view.robber);
  const colour = (p) => seatColour(players, p);
  drawRoads(svg, geometry, view.roads, colour);
  drawBuildings(svg, geometry, view.buildings, colour);
  const stage = boardStage("catan-board", svg);
  drawPlaces(stage, svg, geometry, message, players, words, placed, (action) => interactive && onAct(action));
  const element = h("div", { class: "board-wrap catan-wrap" }, stage, panel(view, players, words, message));
  const act = (action) => interactive && onAct(action);
  return { element, placed, controls: controls({ message, words, players, drafts: drafts || { redraw() {} }, act, placed, interactive }) };
}

function corner(geometry, v) {
  return geometry.vertices[v];
}

function hexPoints(geometry, hex, scale = 1) {
  const [cx, cy] = hex.center;
  return hex.corners.map((v) => {
    const [px, py] = corner(geometry, v);
    return `${cx + (px - cx) * scale},${cy + (py - cy) * scale}`;
  }).join(" ");
}

function drawHexes(svg, geometry, view) {
  view.board.hexes.forEach(([terrain, number], index) => {
    const hex = geometry.hexes[index];
    const [cx, cy] = hex.center;
    svg.append(s("polygon", { class: "hex", points: hexPoints(geometry, hex), fill: TERRAIN[terrain] || "#ccc", stroke: "#f3e7c9", "stroke-width": 0.07, dataset: { hex: index, terrain } }));
    if (!number) return;
    const red = number === 6 || number === 8;
    svg.append(
      s("circle", { cx, cy, r: 0.34, fill: "#f7eed5", stroke: "#6b5a3a", "stroke-width": 0.02 }),
      s("text", { x: cx, y: cy - 0.04, class: `number ${red ? "red" : ""}`, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 0.32, "font-weight": 700, fill: red ? "#b3261e" : "#2b2118" }, number),
    );
    const pips = PIPS[number];
    for (let i = 0; i < pips; i++) {
      svg.append(s("circle", { cx: cx + (i - (pips - 1) / 2) * 0.07, cy: cy + 0.2, r: 0.025, fill: red ? "#b3261e" : "#2b2118" }));
    }
  });
}

function drawHarbours(svg, geometry, view, words) {
  for (const [kind, a, b] of view.board.harbours) {
    const slot = geometry.harbours.find((h) => h.vertices.includes(a) && h.vertices.includes(b));
    if (!slot) continue;
    const [hx, hy] = slot.at;
    for (const v of [a, b]) {
      const [vx, vy] = corner(geometry, v);
      svg.append(s("line", { x1: hx, y1: hy, x2: vx, y2: vy, stroke: "#e8dcc0", "stroke-width": 0.07 }));
    }
    const k = RESOURCES.indexOf(kind);
    svg.append(
      s("circle", { cx: hx, cy: hy, r: 0.3, fill: k >= 0 ? RESOURCE_COLOUR[k] : "#f7eed5", stroke: "#2b2118", "stroke-width": 0.03, class: "harbour", dataset: { kind } },
        s("title", {}, `${k >= 0 ? "2:1" : "3:1"} ${words[kind] || kind}`)),
      s("text", { x: hx, y: hy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 0.2, "font-weight": 700, fill: "#2b2118" }, k >= 0 ? "2:1" : "3:1"),
    );
  }
}

function drawRobber(svg, geometry, hexIndex) {
  if (hexIndex === undefined || hexIndex < 0) return;
  const [cx, cy] = geometry.hexes[hexIndex].center;
  const rx = cx - 0.5;
  svg.append(s("g", { class: "robber" },
    s("ellipse", { cx: rx, cy: cy + 0.12, rx: 0.15, ry: 0.22, fill: "#2f2f33", stroke: "#ddd", "stroke-width": 0.02 }),
    s("circle", { cx: rx, cy: cy - 0.17, r: 0.1, fill: "#2f2f33", stroke: "#ddd", "stroke-width": 0.02 })));
}

function drawRoads(svg, geometry, roads, colour) {
  for (const [edge, player] of roads) {
    const [a, b] = geometry.edges[edge].map((v) => shrink(geometry, edge, v));
    svg.append(
      s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#1d1a16", "stroke-width": 0.2, "stroke-linecap": "round" }),
      s("line", { class: "road", x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: colour(player), "stroke-width": 0.13, "stroke-linecap": "round", dataset: { edge, player } }),
    );
  }
}

// An edge's end pulled a little toward its middle, so roads do not cover the corners.
function shrink(geometry, edge, v) {
  const [a, b] = geometry.edges[edge].map((w) => corner(geometry, w));
  const [px, py] = corner(geometry, v);
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  return [px + (mx - px) * 0.2, py + (my - py) * 0.2];
}

// A band along an edge, `half` wide on each side: an easy target (a bare line has no area).
function edgeBand(geometry, edge, half) {
  const [a, b] = geometry.edges[edge].map((v) => shrink(geometry, edge, v));
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const nx = (-(b[1] - a[1]) / length) * half;
  const ny = ((b[0] - a[0]) / length) * half;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]]
    .map(([x, y]) => `${x},${y}`).join(" ");
}

function buildingShape(kind, cx, cy) {
  const r = 0.19;
  const house = [[-1, 0.9], [-1, -0.2], [0, -1], [1, -0.2], [1, 0.9]];
  const city = [[-1.5, 1], [-1.5, -0.3], [-0.4, -0.3], [-0.4, -0.9], [0.3, -1.5], [1, -0.9], [1, 1]];
  return (kind === "city" ? city : house).map(([px, py]) => `${cx + px * r},${cy + py * r}`).join(" ");
}

function drawBuildings(svg, geometry, buildings, colour) {
  for (const [v, player, kind] of buildings) {
    const [cx, cy] = corner(geometry, v);
    svg.append(s("polygon", { class: `building ${kind}`, points: buildingShape(kind, cx, cy), fill: colour(player), stroke: "#1d1a16", "stroke-width": 0.04, dataset: { vertex: v, player } }));
  }
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// A hex as players see it: its number and terrain ("the 8 forest").
function hexName(view, hex, words) {
  const [terrain, number] = view.board.hexes[hex];
  return number ? fill(words.hexName, { n: number, terrain: words.terrain[terrain] || terrain }) : words.desertName;
}

// Legal actions with a place: roads on their edges, buildings on their corners, the robber
// on its hex, where a menu asks whom to rob.
function drawPlaces(stage, svg, geometry, message, players, words, placed, act) {
  const view = message.view;
  const layer = s("g", { class: "places" });
  const options = (title) => ({ stage, title, act, placed });
  const robbers = new Map();
  for (const item of message.legal || []) {
    const [kind, first] = item.action;
    let shape = null;
    if (kind === "road") {
      shape = s("polygon", { class: "place road", points: edgeBand(geometry, first, TARGET.band) });
    } else if (kind === "settlement" || kind === "city") {
      const [cx, cy] = corner(geometry, first);
      shape = s("circle", { class: `place ${kind}`, cx, cy, r: TARGET.corner });
    } else if (kind === "robber") {
      if (!robbers.has(first)) robbers.set(first, []);
      robbers.get(first).push(item);
    }
    if (!shape) continue;
    shape.append(s("title", {}, item.text));
    layer.append(makePlace(shape, [{ ...item, label: item.text }], options(item.text)));
  }
  for (const [hex, items] of robbers) {
    const title = fill(words.robberTo, { place: hexName(view, hex, words) });
    const choices = items.map((item) => ({ ...item, label: victimLabel(item.action[2], view, players, words) }));
    const shape = s("polygon", { class: "place robber", points: hexPoints(geometry, geometry.hexes[hex], 0.8), dataset: { place: `hex:${hex}` } },
      s("title", {}, choices.length === 1 ? `${title}: ${choices[0].label}` : title));
    layer.append(makePlace(shape, choices, options(title)));
  }
  svg.append(layer);
}

function victimLabel(victim, view, players, words) {
  return victim < 0 ? words.robNobody : fill(words.rob, { name: players[victim], cards: view.hand_sizes[victim] });
}

function panel(view, players, words, message) {
  const over = view.phase === "over";
  const points = over && view.final_points ? view.final_points : view.points;
  const rows = players.map((name, p) => h("tr", { class: `player p${p} ${view.to_move === p ? "to-move" : ""}`, dataset: { seat: p } },
    h("td", {}, colourDot(players, p), name, p === view.you ? " ★" : "",
      h("span", { class: "badges" }, badges(view, words).filter((b) => b.holder === p).map((b) => icon(b.icon, b.label)))),
    h("td", { class: "points" }, points[p]),
    h("td", { class: "cards" }, view.hand_sizes[p]),
    h("td", {}, view.development_cards[p]),
    h("td", {}, view.knights[p]),
    h("td", {}, view.road_lengths[p])));
  const parts = [
    view.dice && view.dice[0] ? h("p", { class: "dice" }, `${words.dice}: ${view.dice[0]} + ${view.dice[1]} = ${view.dice[0] + view.dice[1]}`) : null,
    h("table", { class: "catan-players" },
      h("tr", {}, [words.player, words.points, words.cards, words.devCards, words.knights, words.road].map((t) => h("th", {}, t))),
      rows),
    badgeLegend(view, words, players),
  ];
  if (view.hand) parts.push(cardRow(words.hand, "hand", view.hand, RESOURCES, words, RESOURCE_COLOUR));
  if (view.your_development_cards && view.your_development_cards.some(Boolean)) {
    parts.push(cardRow(words.development, "development", view.your_development_cards, DEVELOPMENT, words));
  }
  if (view.offer && view.offer.some(Boolean)) parts.push(offerLine(view.offer, words, players[view.turn]));
  parts.push(cardRow(words.bank, "bank", view.bank, RESOURCES, words, RESOURCE_COLOUR));
  parts.push(costCard(words));
  return h("div", { class: "catan-panel", dataset: { phase: view.phase, version: message.version } }, parts);
}

// Longest Road and Largest Army: an icon by the holder's name, named in a line below the
// table (words in the row would widen the table past its panel).
function badges(view, words) {
  return [
    { icon: "road", label: words.longest, holder: view.longest_road },
    { icon: "army", label: words.largest, holder: view.largest_army },
  ];
}

function badgeLegend(view, words, players) {
  const held = badges(view, words).filter((b) => b.holder !== null && b.holder !== undefined && b.holder >= 0);
  if (!held.length) return null;
  return h("p", { class: "badge-legend" }, held.map((b) => h("span", { class: `badge ${b.icon}` },
    icon(b.icon), ` ${b.label}: `, colourDot(players, b.holder), players[b.holder])));
}

// What each piece costs (CT-BUILD), as on the card every player holds.
const COSTS = [["road", [1, 1, 0, 0, 0]], ["settlement", [1, 1, 1, 1, 0]], ["city", [0, 0, 0, 2, 3]], ["devCard", [0, 0, 1, 1, 1]]];

function costCard(words) {
  const rows = COSTS.map(([piece, cost]) => h("tr", { dataset: { piece } }, h("th", {}, words[piece]),
    h("td", {}, cost.flatMap((n, k) => Array.from({ length: n }, () => h("span", { class: "swatch", dataset: { resource: k }, title: words[RESOURCES[k]] }))))));
  return h("details", { class: "costs", open: true }, h("summary", {}, words.costs), h("table", {}, rows));
}

function cardRow(title, name, counts, kinds, words, colours) {
  return h("div", { class: `cards-row ${name}` }, h("h3", {}, title),
    h("ul", {}, counts.map((count, k) => h("li", { class: `card ${kinds[k]}`, dataset: { kind: kinds[k], count } },
      colours ? h("span", { class: "swatch", dataset: { resource: k } }) : null, `${words[kinds[k]]} ${count}`))));
}

function offerLine(offer, words, name) {
  const list = (part) => part.map((n, k) => (n ? `${n} ${words[RESOURCES[k]]}` : "")).filter(Boolean).join(", ") || "—";
  return h("p", { class: "offer" }, `${words.offer} (${name}): ${words.gives} ${list(offer.slice(0, 5))}; ${words.asks} ${list(offer.slice(5))}`);
}
