// What every page shares: notices and moving to another page.
import { clear, h } from "./dom.js";
import { errorText } from "./i18n.js";

let noticeTimer = 0;

export function notify(text, kind = "error") {
  const box = document.getElementById("notice");
  clear(box).append(h("p", { class: `notice ${kind}` }, text));
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => clear(box), 8000);
}

export function notifyError(error) {
  notify(errorText(error));
}

export function navigate(path) {
  history.pushState({}, "", path);
  window.dispatchEvent(new Event("kaido:navigate"));
}

export function link(path) {
  return (event) => {
    event.preventDefault();
    navigate(path);
  };
}

// Player colours for games that do not name their own.
export const SEAT_COLOURS = ["#c0392b", "#2e6fd1", "#e39a12", "#f4f1ea", "#3c9a4b", "#8e44ad"];
