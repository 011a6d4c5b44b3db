// The standard every table is held to (tests/web/standard.py): measurements in the page.
// Each check returns what breaks its rule, an empty list when nothing does.
({
  // The zoom factor a board gets on the first tap (zoom.js): its smallest target (the
  // svg's data-touch, in board units) to 44 px, at most 10 times; 1 for a board needing none.
  zoom(svg) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const touch = Number(svg.dataset.touch || 0) * scale;
    const zoomable = matchMedia("(pointer: coarse), (max-width: 700px)").matches;
    return !zoomable || !touch || touch >= 44 ? 1 : Math.min(10, 44 / touch);
  },
  // Labels of a board that overlap another, lie under another group's mark or leave it.
  labels() {
    const faults = [];
    for (const svg of document.querySelectorAll(".table-page svg.board")) {
      const board = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim() && t.getBBox().width > 0)
        .map((t) => ({ text: t.textContent.trim(), box: t.getBoundingClientRect() }));
      const name = svg.getAttribute("aria-label") || svg.className.baseVal;
      for (const { text, box } of texts) {
        if (box.left < board.left - 0.5 || box.right > board.right + 0.5 || box.top < board.top - 0.5 || box.bottom > board.bottom + 0.5) {
          faults.push(`${name}: '${text}' leaves the board`);
        }
      }
      // a mark covers part of a label's box: a circle by its disc, anything else by its box
      const covers = (m, b, box) => {
        if (m.tagName === "circle") {
          const r = b.width / 2, cx = b.left + r, cy = b.top + r;
          const dx = Math.max(box.left - cx, 0, cx - box.right), dy = Math.max(box.top - cy, 0, cy - box.bottom);
          return Math.hypot(dx, dy) < r - 1;
        }
        return Math.min(box.right, b.right) - Math.max(box.left, b.left) > 2 && Math.min(box.bottom, b.bottom) - Math.max(box.top, b.top) > 3;
      };
      // a label is hidden by a mark of another top-level group drawn after it (a city's
      // circle over its neighbour's name, a marker over a space's word)
      const owner = (e) => { while (e.parentNode !== svg) e = e.parentNode; return e; };
      const marks = [...svg.querySelectorAll("circle, rect, polygon, path, ellipse")].filter((m) => {
        const style = getComputedStyle(m);
        const painted = (style.fill !== "none" && style.fill !== "transparent" && style.fillOpacity > 0.2) || style.stroke !== "none";
        return painted && style.visibility !== "hidden" && style.display !== "none" && !m.closest(".choice-menu");
      }).map((m) => ({ m, top: owner(m), box: m.getBoundingClientRect() }));
      for (const t of svg.querySelectorAll("text")) {
        if (!t.textContent.trim() || !t.getBBox().width) continue;
        const box = t.getBoundingClientRect();
        const top = owner(t);
        for (const { m, top: other, box: b } of marks) {
          if (other === top || !(top.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
          if (covers(m, b, box)) {
            faults.push(`${name}: '${t.textContent.trim()}' is under a ${m.tagName} of ${other.dataset.city ?? other.className.baseVal}`);
            break;
          }
        }
      }
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const a = texts[i].box, b = texts[j].box;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          // glyph boxes include line gaps: an overlap counts when it covers ink
          if (w > 1 && h > Math.min(a.height, b.height) * 0.35) faults.push(`${name}: '${texts[i].text}' overlaps '${texts[j].text}'`);
        }
      }
    }
    return faults;
  },
  // Places whose outline is not the table's highlight (--hl), at least 3 px wide.
  highlights(colour) {
    const faults = [];
    for (const place of document.querySelectorAll(".table-page:not(.pending) .place")) {
      const what = place.dataset.place || place.dataset.action || place.className.baseVal || place.className;
      if (place instanceof SVGElement) {
        const shape = place.matches("circle, rect, polygon, path, ellipse") ? place : place.querySelector(":scope > .hl");
        if (!shape) { faults.push(`${what}: no highlight shape`); continue; }
        const style = getComputedStyle(shape);
        const scale = style.vectorEffect === "non-scaling-stroke" ? 1 : shape.getScreenCTM().a;
        const width = parseFloat(style.strokeWidth) * scale;
        if (style.stroke !== colour || width < 3) faults.push(`${what}: stroke ${style.stroke} ${width.toFixed(1)}px`);
      } else {
        const style = getComputedStyle(place);
        const width = parseFloat(style.outlineWidth);
        if (style.outlineColor !== colour || style.outlineStyle === "none" || width < 3) faults.push(`${what}: outline ${style.outlineColor} ${width}px`);
      }
    }
    return faults;
  },
  // Places whose hover help is missing (what a click does, costs and gains: data-help).
  helps() {
    return [...document.querySelectorAll(".table-page:not(.pending) .place")]
      .filter((place) => !(place.dataset.help || "").trim())
      .map((place) => `${place.dataset.place || place.dataset.action}: no hover help`);
  },
  // On a phone, once the first tap has zoomed a board: places under 44 px, labels under 11.
  sizes([touch, smallest]) {
    const zoom = (svg) => this.zoom(svg);
    const faults = [];
    for (const place of document.querySelectorAll(".table-page:not(.pending) .place")) {
      const svg = place.closest("svg.board");
      const box = place.getBoundingClientRect();
      const factor = svg ? zoom(svg) : 1;
      const side = Math.min(box.width, box.height) * factor;
      if (side < touch - 0.5) faults.push(`${place.dataset.place || place.dataset.action}: ${side.toFixed(1)} px`);
    }
    for (const svg of document.querySelectorAll(".table-page svg.board")) {
      const factor = zoom(svg);
      for (const text of svg.querySelectorAll("text")) {
        if (!text.textContent.trim() || !text.getBBox().width) continue;
        const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a * factor;
        if (size < smallest - 0.05) faults.push(`'${text.textContent.trim()}' ${size.toFixed(1)} px`);
      }
    }
    return faults;
  },
})
