"""The shared graph helper."""

from __future__ import annotations

from kaido.core.graphs import hop_distances


def test_hop_distances_count_steps_and_mark_what_cannot_be_reached() -> None:
    """A path 0-1-2 and a lone node 3: steps both ways, `unreached` to and from 3."""
    adjacent = [[1], [0, 2], [1], []]
    assert hop_distances(adjacent) == [
        [0, 1, 2, -1],
        [1, 0, 1, -1],
        [2, 1, 0, -1],
        [-1, -1, -1, 0],
    ]
    assert hop_distances(adjacent, unreached=99)[0] == [0, 1, 2, 99]
