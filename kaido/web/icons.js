// Small icons drawn in SVG: glyphs such as ⏮ or 🛤 are missing from many default fonts
// and show as empty boxes. Each is a path on a 24x24 grid, filled with the text colour.
import { s } from "./dom.js";

const PATHS = {
  first: "M4 4h2.5v16H4z M20 4v16L8 12z",
  prev: "M17 4v16L5 12z",
  next: "M7 4v16l12-8z",
  last: "M17.5 4H20v16h-2.5z M4 4v16l12-8z",
  // A road narrowing to the horizon, its centre line dashed.
  road: "M9.5 3h5l6 18h-17z M11.4 6h1.2v3h-1.2z M11.2 11h1.6v3.5h-1.6z M11 16.5h2v3h-2z",
  // A shield.
  army: "M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z",
  // Four arrows pointing out: the whole board.
  whole: "M3 3h7v2H6.4l4.3 4.3-1.4 1.4L5 6.4V10H3z M21 21h-7v-2h3.6l-4.3-4.3 1.4-1.4 4.3 4.3V14h2z M21 3v7h-2V6.4l-4.3 4.3-1.4-1.4L17.6 5H14V3z M3 21v-7h2v3.6l4.3-4.3 1.4 1.4L6.4 19H10v2z",
};

// The icon `name`; with a `label` it is announced (and shown on hover), else only decoration.
export function icon(name, label = null) {
  const attrs = { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "currentColor" };
  const svg = label ? s("svg", { ...attrs, role: "img", "aria-label": label }, s("title", {}, label)) : s("svg", { ...attrs, "aria-hidden": "true" });
  svg.append(s("path", { d: PATHS[name], "fill-rule": "evenodd" }));
  return svg;
}
