"""The seeded generator: fixed output on every platform, fair, cheap to copy."""

from __future__ import annotations

from collections import Counter

from kaido.core.rng import Rng


def test_known_sequence_is_fixed_forever() -> None:
    # SplitMix64 reference values for seed 1234567 (Vigna's splitmix64.c).
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_bounded_draws_and_floats_are_fixed_forever() -> None:
    """The compiled build draws in native 64-bit integers (kaido.core.rng.NATIVE), the
    `.py` file in Python's: `make test` runs this in both, so both give these numbers."""
    rng = Rng(2026)
    bounds = (1, 2, 3, 6, 7, 19, 1000, 1 << 30, 1 << 40, (1 << 62) + 5, 3**40)
    assert [rng.below(n) for n in bounds] == [
        0,
        1,
        2,
        0,
        3,
        15,
        6,
        601416237,
        485769614068,
        4243931252239386434,
        6182220553586467693,
    ]
    assert [rng.random() for _ in range(2)] == [0.9018682760347461, 0.31868568158156474]
    assert Rng(-5).next64() == 1635312068028924514
    assert Rng((1 << 64) + 3).next64() == Rng(3).next64()


def test_copy_continues_identically_and_independently() -> None:
    rng = Rng(99)
    rng.next64()
    twin = rng.copy()
    assert [rng.below(1000) for _ in range(20)] == [twin.below(1000) for _ in range(20)]
    twin.next64()
    assert rng.state != twin.state


def test_dice_are_fair_over_many_rolls() -> None:
    rng = Rng(5)
    counts = Counter(rng.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < n < 10_500 for n in counts.values())


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(30))
    a, b = items[:], items[:]
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_random_floats_in_unit_interval() -> None:
    rng = Rng(8)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6
