"""The rules in brief: a game may ship `rules.en.md` and `rules.ja.md` in its folder, a short
summary for the table's rules panel (paragraphs, `## ` headings and `- ` items only)."""

from __future__ import annotations

from importlib import resources
from typing import Any

from kaido.core.game import Game


def rules_summary(game: Game[Any], lang: str) -> str | None:
    """The summary in `lang`, or None when the game has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        found = resources.files(package) / f"rules.{lang}.md"
    except ModuleNotFoundError:
        return None
    return found.read_text(encoding="utf-8") if found.is_file() else None
