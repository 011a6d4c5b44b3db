"""How many seeded games a long self-play test plays in this run.

`make test` runs the games' tests twice: in pure Python, then on the compiled build, which
runs the same source about eight times faster. The compiled run plays every seed; the pure
run plays the first quarter of each block of seeds, so it stays inside CI's budget
(docs/testing.md) and still plays every rule in the `.py` files."""

from __future__ import annotations

from kaido.compiled import running_build

PURE_SHARE = 4


def seeds(start: int, count: int) -> range:
    """`count` seeds from `start` on the compiled build, the first quarter in pure Python."""
    if running_build() != "compiled":
        count = max(1, count // PURE_SHARE)
    return range(start, start + count)
