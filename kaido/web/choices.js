// What every board shares for choosing on the board: a place holding several actions (which
// victim to rob, which way to pay) opens a small menu of them where it was clicked (at the
// bottom of the screen on a phone). A board wraps its drawing in a `.board-stage`.
import { actionKey, h, s } from "./dom.js";
import { t } from "./i18n.js";

// Offer `items` ({action, label}, or {run, label} for a step of the board's own such as
// choosing a transport's origin) in a menu titled `title`, near the click `event`.
export function openChoices(stage, event, title, items, act) {
  closeChoices(stage);
  const box = stage.getBoundingClientRect();
  const menu = h("div", { class: "choice-menu", role: "menu" },
    h("p", { class: "choice-title" }, title),
    items.map((item) => h("button", {
      type: "button", class: "choice", role: "menuitem", dataset: item.action ? { action: actionKey(item.action) } : { step: "board" },
      onclick: () => {
        closeChoices(stage);
        if (item.run) item.run();
        else act(item.action);
      },
    }, item.label)),
    h("button", { type: "button", class: "choice-close", onclick: () => closeChoices(stage) }, t("table.close")));
  menu.style.left = `${Math.max(0, Math.min(event.clientX - box.left, box.width - 288))}px`;
  menu.style.top = `${Math.max(0, event.clientY - box.top + 8)}px`;
  stage.append(menu);
  menu.querySelector("button").focus();
}

export function closeChoices(stage) {
  for (const menu of stage.querySelectorAll(".choice-menu")) menu.remove();
}

// A stage for a board drawing: clicking anywhere but a place or the menu closes the menu.
export function boardStage(className, ...children) {
  const stage = h("div", { class: `board-stage ${className}` }, ...children);
  stage.addEventListener("click", (event) => {
    if (!event.target.closest(".choice-menu, .place")) closeChoices(stage);
  });
  stage.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeChoices(stage);
  });
  return stage;
}

// Make `element` the place of `items` (legal actions, each with a `label`): one is done
// on a click, several open a menu. The keys of the actions placed are added to `placed`,
// and kept on the element (data-actions, one a line), so that a move can be found there.
export function makePlace(element, items, { stage, title, act, placed }) {
  markPlace(element);
  describePlace(element, items, title);
  if (items.length === 1 && !items[0].run) element.dataset.action = actionKey(items[0].action);
  element.dataset.actions = items.filter((item) => item.action).map((item) => actionKey(item.action)).join("\n");
  for (const item of items) if (item.action) placed.add(actionKey(item.action));
  element.addEventListener("click", (event) => {
    event.stopPropagation();
    if (items.length === 1 && items[0].run) items[0].run();
    else if (items.length === 1) act(items[0].action);
    else openChoices(stage, event, title, items, act);
  });
  return element;
}

// A place to click, drawn with the table's highlight (style.css, --hl): an SVG shape by
// its own outline, an SVG group by its `.hl` shape (its first shape unless the board marked
// another), anything else by an outline around it.
export function markPlace(element) {
  element.classList.add("place");
  const shapes = "circle, rect, polygon, path, ellipse";
  if (!(element instanceof SVGElement) || element.matches(shapes) || element.querySelector(":scope > .hl")) return;
  const shape = element.querySelector(`:scope > :is(${shapes})`);
  if (shape) shape.classList.add("hl");
}

// The legal actions (`legal`, as the server lists them) of the given kinds, grouped by the
// place `where(action)` says they are clicked, each labelled with its text.
export function offersByPlace(legal, kinds, where) {
  const out = new Map();
  for (const item of legal) {
    if (!kinds.includes(item.action[0])) continue;
    const key = where(item.action);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push({ ...item, label: item.text });
  }
  return out;
}

// Hover help: what clicking a highlighted place does (and what it costs or gains), in its
// tooltip (an SVG <title>, an HTML title). What the board already says of the place (a
// city's name) stays first.
const HELP_LINES = 8;

export function describePlace(element, items, title) {
  // one action: what it does, costs and gains (the server's help); several: their names
  const labels = items.length === 1 ? [items[0].help || items[0].label || items[0].text] : items.map((item) => item.label || item.text);
  const lines = labels.length === 1 ? labels
    : [title, ...labels.slice(0, HELP_LINES).map((label) => `• ${label}`), labels.length > HELP_LINES ? "…" : null];
  const svg = element instanceof SVGElement;
  let holder = svg ? [...element.children].find((child) => child.tagName === "title") : null;
  const before = (svg ? holder && holder.textContent : element.title) || "";
  const text = [before, ...lines.filter((line) => line && !before.includes(line))].filter(Boolean).join("\n");
  if (svg) {
    if (!holder) holder = element.insertBefore(s("title"), element.firstChild);
    holder.textContent = text;
  } else {
    element.title = text;
  }
  element.dataset.help = text;
}
