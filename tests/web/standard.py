"""The standard every game's table is held to (issue 34), as measurements taken in the page
(standard.js): what is asked is said above the board, the places to click stand out and
say what a click does, labels
neither overlap, hide under another piece nor leave their board, and on a phone every place
and label is big enough once the first tap has zoomed the board. Each check returns what
breaks the rule (an empty list when nothing does), so a test names every fault at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

TOUCH = 44  # CSS px a finger needs (zoom.js zooms a board until its smallest place has it)
SMALLEST_LABEL = 11  # CSS px of the smallest text a phone shows, after that zoom
HIGHLIGHT = "rgb(255, 122, 0)"  # --hl in style.css
CHECKS = (Path(__file__).parent / "standard.js").read_text()


def measure(page: Page, check: str, arg: Any = None) -> list[str]:
    """Run one of standard.js's checks in the page."""
    found: list[str] = page.evaluate(f"(arg) => ({CHECKS}).{check}(arg)", arg)
    return found


def label_faults(page: Page) -> list[str]:
    """Labels of a board that overlap another, lie under another piece or leave the board."""
    return measure(page, "labels")


def highlight_faults(page: Page) -> list[str]:
    """Places to click whose outline is not the table's highlight, at least 3 px wide."""
    return measure(page, "highlights", HIGHLIGHT)


def help_faults(page: Page) -> list[str]:
    """Places to click without hover help."""
    return measure(page, "helps")


def phone_size_faults(page: Page) -> list[str]:
    """On a phone, once the first tap has zoomed a board: places under 44 px, labels
    under 11 px."""
    return measure(page, "sizes", [TOUCH, SMALLEST_LABEL])


def prompt_of(page: Page) -> dict[str, Any]:
    """The prompt line: its text, whether it is this page's decision, and whether it
    stands above every board."""
    found: dict[str, Any] = page.evaluate("""() => {
      const line = document.querySelector(".table-page .prompt");
      if (!line) return { text: "", mine: false, above: false };
      const top = line.getBoundingClientRect().bottom;
      const boards = [...document.querySelectorAll(".table-page .board-wrap")];
      return { text: line.textContent.trim(), mine: line.classList.contains("mine"),
               above: boards.every((b) => b.getBoundingClientRect().top >= top - 1) };
    }""")
    return found
