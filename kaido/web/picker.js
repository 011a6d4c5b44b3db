// Choosing several things at once, for every game: a counter with - and + per kind (cards
// to discard, the two sides of an offer, resources to take), a line saying how many are
// chosen, and a button that does it.
import { h } from "./dom.js";

// kinds: [{ key, label, swatch?, min?, max }]; counts: the values (changed in place);
// limit(counts, key): how far `key` may go now (the kinds' own max unless given).
export function counterRows({ name, kinds, counts, limit, onChange }) {
  const rows = kinds.map((kind) => {
    const low = kind.min || 0;
    const high = limit ? limit(counts, kind.key) : kind.max;
    const change = (delta) => {
      counts[kind.key] = Math.max(low, Math.min(high, counts[kind.key] + delta));
      onChange();
    };
    return h("li", { class: "counter", dataset: { kind: kind.key, count: counts[kind.key] } },
      h("span", { class: "counter-label" }, kind.swatch || null, kind.label),
      h("button", { type: "button", class: "dec", "aria-label": `− ${kind.label}`, disabled: counts[kind.key] <= low, onclick: () => change(-1) }, "−"),
      h("output", { class: "count" }, counts[kind.key]),
      h("button", { type: "button", class: "inc", "aria-label": `+ ${kind.label}`, disabled: counts[kind.key] >= high, onclick: () => change(1) }, "+"));
  });
  return h("ul", { class: `counters ${name}` }, rows);
}

export function total(counts) {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

// A box holding pickers: its title, the rows, a summary line and the buttons.
export function pickerBox(name, title, ...parts) {
  return h("section", { class: `picker ${name}`, dataset: { picker: name } }, h("h3", {}, title), ...parts);
}
