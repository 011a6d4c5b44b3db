"""Reading a game's component data files: each a JSON object, errors naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kaido.core.errors import KaidoError


def read_object(directory: Path, name: str, error: type[KaidoError]) -> dict[str, Any]:
    """The JSON object in `directory/name`; `error` says what is wrong (missing file, bad
    JSON, not an object), naming the file."""
    try:
        doc = json.loads((directory / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{name}: missing from {directory.name}/") from None
    except json.JSONDecodeError as problem:
        raise error(f"{name}: not valid JSON ({problem})") from None
    if not isinstance(doc, dict):
        raise error(f"{name}: the file must hold a JSON object")
    return doc
