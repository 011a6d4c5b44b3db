// Zoom on tap, for boards drawn too small to touch (a phone or a narrow window): a board whose smallest target
// (its svg's data-touch, in board units) would be under 44 px on screen is zoomed by the
// first tap, around the tapped point, until that target is 44 px (a place already 44 px
// or more is played at once); a tap that is not on a
// place moves the zoomed view there; the button in the corner shows the whole board again.
// The zoom is kept (in `memory`) while the page is drawn again after each move.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";

const TOUCH = 44;

export function enableZoom(stage, memory) {
  if (!matchMedia("(pointer: coarse), (max-width: 700px)").matches) return; // a mouse aims well
  stage.querySelectorAll("svg.board[data-touch]").forEach((svg, index) => zoomable(svg, `zoom-${index}`, memory));
}

function zoomable(svg, key, memory) {
  const { x: fx, y: fy, width: fw, height: fh } = svg.viewBox.baseVal; // a live value: copied
  const full = { x: fx, y: fy, width: fw, height: fh };
  const scale = svg.getBoundingClientRect().width / full.width;
  const target = Number(svg.dataset.touch) * scale;
  if (!scale || target >= TOUCH) return;
  const factor = Math.min(10, TOUCH / target);
  const box = h("div", { class: "zoom-box" });
  svg.replaceWith(box);
  const out = h("button", { type: "button", class: "zoom-out", "aria-label": t("table.zoomOut"), title: t("table.zoomOut") }, icon("whole"));
  box.append(svg, out);
  const show = (view) => {
    svg.classList.toggle("zoomed", Boolean(view));
    svg.setAttribute("viewBox", view || `${full.x} ${full.y} ${full.width} ${full.height}`);
    memory[key] = view;
  };
  out.addEventListener("click", () => show(null));
  show(memory[key] || null);
  svg.addEventListener("click", (event) => {
    const place = event.target.closest(".place");
    if (place && (svg.classList.contains("zoomed") || fits(place))) return; // a move
    event.stopPropagation();
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const width = full.width / factor;
    const height = full.height / factor;
    const x = Math.max(full.x, Math.min(point.x - width / 2, full.x + full.width - width));
    const y = Math.max(full.y, Math.min(point.y - height / 2, full.y + full.height - height));
    show(`${x} ${y} ${width} ${height}`);
  }, true);
}

// A place already big enough to touch (a whole card) is played by the first tap.
function fits(place) {
  const { width, height } = place.getBoundingClientRect();
  return Math.min(width, height) >= TOUCH;
}
