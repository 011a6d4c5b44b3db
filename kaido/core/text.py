"""Small helpers for the words games show players."""

from __future__ import annotations


def counted(n: int, one: str, many: str) -> str:
    """`n` things in English words: "1 card", "3 cards" (never "card(s)")."""
    return f"{n} {one if n == 1 else many}"
