// The rules in brief: a drawer at the table with the game's own summary (its
// rules.LANG.md: paragraphs, "## " headings and "- " items), kept open across redraws.
import { get } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { notifyError } from "./ui.js";

export function renderSummary(text) {
  const out = [];
  let list = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("- ")) {
      if (!list) out.push((list = h("ul")));
      list.append(h("li", {}, line.slice(2)));
      continue;
    }
    list = null;
    if (line.startsWith("## ")) out.push(h("h3", {}, line.slice(3)));
    else if (line) out.push(h("p", {}, line));
  }
  return out;
}

export class RulesPanel {
  constructor(game, title, redraw) {
    this.game = game;
    this.title = title;
    this.redraw = redraw;
    this.open = false;
    this.texts = {}; // lang -> the summary's elements
  }

  button() {
    return h("button", { type: "button", class: "rules-open small", "aria-expanded": this.open ? "true" : "false", onclick: () => this.toggle() }, t("rules.open"));
  }

  toggle() {
    this.open = !this.open;
    if (this.open && !(lang() in this.texts)) this.load(lang());
    this.redraw();
  }

  async load(language) {
    try {
      const answer = await get(`/api/games/${this.game}/rules?lang=${language}`);
      this.texts[language] = renderSummary(answer.text);
    } catch (error) {
      notifyError(error);
      this.texts[language] = [h("p", { class: "hint" }, t("rules.none"))];
    }
    this.redraw();
  }

  // The drawer: one element for the page's life, its text in the page's language.
  drawer() {
    if (!this.open) return null;
    const language = lang();
    if (!this.element || this.shown !== language || this.filled !== Boolean(this.texts[language])) {
      const body = this.texts[language] || [h("p", { class: "hint" }, "…")];
      const label = t("rules.title", { game: this.title });
      this.element = h("aside", { class: "panel rules-drawer", role: "dialog", "aria-label": label },
        h("div", { class: "rules-head" }, h("h2", {}, label),
          h("button", { type: "button", class: "rules-close small", onclick: () => this.toggle() }, t("table.close"))),
        h("p", { class: "hint" }, t("rules.note")),
        h("div", { class: "rules-text" }, body));
      this.shown = language;
      this.filled = Boolean(this.texts[language]);
    }
    return this.element;
  }

  remember() {
    return this.element && this.element.isConnected ? this.element.scrollTop : 0;
  }
}
