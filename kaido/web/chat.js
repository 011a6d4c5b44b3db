// Table chat: a panel that outlives the table's redraws (what is being typed stays), fed
// by the server's recent lines and then by `chat` messages on the table's socket. Lines are
// text nodes: whatever someone writes is never read as HTML.
import { get } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { colourDot, notifyError, playerLink } from "./ui.js";

const MAX_CHARS = 300; // kaido/server/chat.py

export class ChatPanel {
  constructor(tableId, { signedIn, send, players, game }) {
    this.lines = new Map(); // id -> line, shown in id order
    this.players = players;
    this.game = game; // the table's game, whose player pages the names link to
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { name: "chat", maxlength: MAX_CHARS, autocomplete: "off", placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder") });
    const form = h("form", { class: "chat-form" }, this.input, h("button", { type: "submit", class: "small" }, t("chat.send")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text && send(text)) this.input.value = "";
    });
    this.element = h("section", { class: "panel chat" }, h("h2", {}, t("chat.title")), this.list,
      signedIn ? form : h("p", { class: "hint" }, t("chat.signIn")));
    this.show();
    get(`/api/tables/${tableId}/chat`).then((answer) => this.add(answer.messages)).catch(notifyError);
  }

  show(scroll = null) {
    const players = this.players();
    const lines = [...this.lines.values()].sort((a, b) => a.id - b.id);
    this.list.replaceChildren(...(lines.length ? lines.map((line) => h("li", { dataset: { id: line.id, seat: line.seat ?? "" } },
      line.seat === null ? null : colourDot(players, line.seat),
      h("b", { class: "name" }, this.game() ? playerLink(this.game(), line.user) : line.user),
      line.seat === null ? h("span", { class: "hint" }, ` (${t("chat.spectator")})`) : null,
      ": ",
      h("span", { class: "text" }, line.text)))
      : [h("li", { class: "hint none" }, t("chat.none"))]));
    // Kept where the reader left it, unless they were at the newest line.
    const atBottom = !scroll || scroll.top + scroll.height >= scroll.total - 4;
    this.list.scrollTop = atBottom ? this.list.scrollHeight : scroll.top;
  }

  // What a redraw must not lose: the caret of someone typing here and where the lines were
  // scrolled (the page is cleared before it is drawn again).
  remember() {
    const typing = document.activeElement === this.input;
    return {
      caret: typing ? [this.input.selectionStart, this.input.selectionEnd] : null,
      scroll: this.list.isConnected ? { top: this.list.scrollTop, height: this.list.clientHeight, total: this.list.scrollHeight } : null,
    };
  }

  attach(parent, kept) {
    parent.append(this.element);
    this.show(kept.scroll);
    if (kept.caret) {
      this.input.focus();
      this.input.setSelectionRange(...kept.caret);
    }
  }

  add(messages) {
    const kept = this.remember();
    for (const line of messages) this.lines.set(line.id, line);
    this.show(kept.scroll);
  }
}
