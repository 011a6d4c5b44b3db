"""Graph helpers the games share."""

from __future__ import annotations

from collections.abc import Sequence


def hop_distances(adjacent: Sequence[Sequence[int]], unreached: int = -1) -> list[list[int]]:
    """Steps between every two nodes of a graph given as adjacency lists, by breadth-first
    search from each node; `unreached` where there is no path."""
    size = len(adjacent)
    table = []
    for start in range(size):
        row = [unreached] * size
        row[start] = 0
        frontier = [start]
        while frontier:
            following = []
            for node in frontier:
                for other in adjacent[node]:
                    if row[other] == unreached:
                        row[other] = row[node] + 1
                        following.append(other)
            frontier = following
        table.append(row)
    return table
