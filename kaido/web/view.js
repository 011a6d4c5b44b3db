// The generic picture of a game: whatever `view(state, seat)` holds, shown readably.
import { h } from "./dom.js";

function isPlain(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function plainText(value) {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

// Lists of lists or objects as long as the player count are read as one entry per player.
export function renderValue(value, players) {
  if (isPlain(value)) return h("span", { class: "plain" }, plainText(value));
  if (Array.isArray(value)) {
    if (value.every(isPlain)) {
      return h("span", { class: "plain" }, value.length ? value.map(plainText).join(", ") : "—");
    }
    const perPlayer = value.length === players.length;
    return h("ol", { class: perPlayer ? "per-player" : "items" },
      value.map((item, n) => h("li", {}, perPlayer ? h("b", { class: `p${n}` }, `${players[n]}: `) : null, renderValue(item, players))));
  }
  return h("dl", { class: "view" },
    Object.entries(value).flatMap(([key, item]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, renderValue(item, players))]));
}
