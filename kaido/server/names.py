"""How account names are compared: two names that look alike are the same name.

A name's key is its NFKC form, case-folded, with each letter that looks like a Latin
letter or digit replaced by it (Unicode's confusables data, from confusable_homoglyphs):
"Ann", "ANN", "Аnn" (Cyrillic А) and "Ａｎｎ" share one key, so only one can be
registered, and sign-in finds the account whichever way the name is typed.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import utils


@cache
def _latin_look_alikes() -> dict[str, str]:
    """Character -> the ASCII letter or digit it is confusable with."""
    table: dict[str, str] = {}
    for char, homoglyphs in utils.load("confusables.json").items():
        if char.isascii():
            continue
        for glyph in homoglyphs:
            target = glyph["c"]
            if len(target) == 1 and target.isascii() and target.isalnum():
                table[char] = target.casefold()
                break
    return table


def name_key(name: str) -> str:
    """The form in which names are compared (and kept unique)."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    look_alikes = _latin_look_alikes()
    return "".join(look_alikes.get(char, char) for char in folded)
