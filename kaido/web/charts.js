// Small charts for the end of a game (Game.summary): bars (a histogram, or a few values
// per player) and lines (a score over the rounds), drawn as SVG; a player's series in
// their colour.
import { h, s } from "./dom.js";
import { seatColour } from "./ui.js";

const W = 340;
const H = 170;
const PAD = { left: 30, right: 8, top: 10, bottom: 28 };
const PALETTE = ["#7a3b1d", "#c8693f", "#8e8f98", "#3c9a4b", "#2e6fd1"];

function colourOf(series, index, players) {
  return series.player === undefined ? PALETTE[index % PALETTE.length] : seatColour(players, series.player);
}

function frame(chart, max) {
  const svg = s("svg", { class: `chart ${chart.kind}`, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": chart.title });
  const bottom = H - PAD.bottom;
  svg.append(
    s("line", { x1: PAD.left, y1: bottom, x2: W - PAD.right, y2: bottom, stroke: "#8d7a56" }),
    s("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: bottom, stroke: "#8d7a56" }),
    s("text", { x: PAD.left - 4, y: PAD.top + 4, "text-anchor": "end", "font-size": 10, fill: "#6d5e4b" }, max),
    s("text", { x: PAD.left - 4, y: bottom, "text-anchor": "end", "font-size": 10, fill: "#6d5e4b" }, 0));
  return svg;
}

function xLabel(svg, x, text) {
  svg.append(s("text", { x, y: H - PAD.bottom + 14, "text-anchor": "middle", "font-size": 10, fill: "#2b2118" }, text));
}

function bars(chart, players) {
  const max = Math.max(1, ...chart.series.flatMap((one) => one.values));
  const svg = frame(chart, max);
  const slot = (W - PAD.left - PAD.right) / chart.labels.length;
  const width = Math.max(2, (slot * 0.8) / chart.series.length);
  const scale = (H - PAD.top - PAD.bottom) / max;
  chart.labels.forEach((label, i) => {
    const x0 = PAD.left + i * slot + slot * 0.1;
    chart.series.forEach((one, k) => {
      const value = one.values[i];
      svg.append(s("rect", { class: "bar", x: x0 + k * width, y: H - PAD.bottom - value * scale, width: width - 1, height: value * scale, fill: colourOf(one, k, players), dataset: { value } },
        s("title", {}, `${label} · ${one.name}: ${value}`)));
    });
    xLabel(svg, x0 + (width * chart.series.length) / 2, label);
  });
  return svg;
}

function lines(chart, players) {
  const max = Math.max(1, ...chart.series.flatMap((one) => one.values));
  const svg = frame(chart, max);
  const step = (W - PAD.left - PAD.right - 10) / Math.max(1, chart.labels.length - 1);
  const scale = (H - PAD.top - PAD.bottom) / max;
  const at = (i, value) => [PAD.left + 5 + i * step, H - PAD.bottom - value * scale];
  chart.labels.forEach((label, i) => xLabel(svg, at(i, 0)[0], label));
  chart.series.forEach((one, k) => {
    const colour = colourOf(one, k, players);
    const points = one.values.map((value, i) => at(i, value).join(",")).join(" ");
    svg.append(s("polyline", { class: "line", points, fill: "none", stroke: colour, "stroke-width": 2.5 }));
    one.values.forEach((value, i) => {
      const [x, y] = at(i, value);
      svg.append(s("circle", { cx: x, cy: y, r: 3, fill: colour, stroke: "#1d1a16", "stroke-width": 0.6 },
        s("title", {}, `${chart.labels[i]} · ${one.name}: ${value}`)));
    });
  });
  return svg;
}

function legend(chart, players) {
  return h("ul", { class: "legend" }, chart.series.map((one, k) => {
    const swatch = h("span", { class: "dot" });
    swatch.style.background = colourOf(one, k, players);
    return h("li", {}, swatch, one.name);
  }));
}

export function chart(one, players) {
  return h("figure", { class: "chart-box", dataset: { kind: one.kind } },
    h("figcaption", {}, one.title),
    one.kind === "lines" ? lines(one, players) : bars(one, players),
    one.series.length > 1 ? legend(one, players) : null);
}
