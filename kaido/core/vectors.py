"""Writing observation vectors for `Game.encode`: one-hot slots, counts scaled into [0, 1],
bit flags, and seats counted from the encoding seat (itself first, then the next seats in
turn), so that one network serves every seat. The games' encoders append to a plain list
of floats with these, block after block, in a fixed order."""

from __future__ import annotations


def one_hot(out: list[float], index: int, size: int) -> None:
    """Append `size` slots, 1 at `index` and 0 elsewhere (all 0 when `index` is outside
    0..size-1, such as -1 for "none")."""
    block = [0.0] * size
    if 0 <= index < size:
        block[index] = 1.0
    out.extend(block)


_BYTES = tuple(tuple(float(byte >> bit & 1) for bit in range(8)) for byte in range(256))
"""The eight 0/1 slots of each byte, to write a mask eight bits at a time."""


def flags(out: list[float], mask: int, first: int, count: int) -> None:
    """Append bits `first` .. `first + count - 1` of `mask` as 0/1 slots."""
    key = (mask >> first) & ((1 << count) - 1)
    if not key:
        out.extend([0.0] * count)
        return
    whole = count >> 3
    for _ in range(whole):
        out.extend(_BYTES[key & 255])
        key >>= 8
    if count & 7:
        out.extend(_BYTES[key][: count & 7])


def ratios(top: float, most: int) -> tuple[float, ...]:
    """`scaled(count, top)` for every count from 0 to `most`, to look up by count."""
    return tuple(scaled(count, top) for count in range(most + 1))


def scaled(value: float, top: float) -> float:
    """`value / top` kept within [0, 1]: `top` is the most the count can be, or for an
    open-ended count (points, money) a value play rarely reaches."""
    if value <= 0:
        return 0.0
    if value >= top:
        return 1.0
    return value / top


def seats_from(player: int, players: int) -> list[int]:
    """The seats in the order their blocks are written: `player`, then the next seats."""
    return [(player + k) % players for k in range(players)]


def relative(seat: int, player: int, players: int) -> int:
    """Where `seat` stands counted from `player` (0 for `player` itself); -1 for no seat."""
    return (seat - player) % players if seat >= 0 else -1
