"""Final scoring (CE-END) and the 24 goal cards (CE-GOAL), computed from the state alone."""

from __future__ import annotations

from kaido.games.cargo_empire.board import CITY_COLOURS, Goal
from kaido.games.cargo_empire.state import TINO, CEState
from kaido.games.cargo_empire.track import position, vp_of

Scores = tuple[int, int, int, int]  # track, level-3 posts, city cards, goal cards


def posts_in(st: CEState, p: int, city: int) -> int:
    return st.tp[city * st.n + p] + (st.dem[2 * city] == p) + (st.dem[2 * city + 1] == p)


def present_cities(st: CEState, p: int) -> list[int]:
    """CE-DEF-1: cities holding one or more of `p`'s posts (tile or trading-post spaces)."""
    n, tp, dem = st.n, st.tp, st.dem  # `posts_in` unrolled: the search's hot path
    return [
        c for c in range(st.comp.cities) if tp[c * n + p] or dem[2 * c] == p or dem[2 * c + 1] == p
    ]


def harbours_for(st: CEState, p: int) -> tuple[bool, ...]:
    """Harbour status for `p`'s goals: Tino's emblem city is one if Tino said so (CE-CLAN-20;
    only Tino, never a Kasha: CE-CLAN-21)."""
    flags = st.comp.harbour
    if st.clan and st.clan[p] == TINO and st.tino_harbour == 1 and st.emblem[p] >= 0:
        flags = tuple(f or c == st.emblem[p] for c, f in enumerate(flags))
    return flags


def in_group(st: CEState, city: int, group: str, harbour: tuple[bool, ...]) -> bool:
    if group == "harbour":
        return harbour[city]
    if group == "inland":
        return not harbour[city]
    if group == "level2":
        return st.level[city] == 2
    return CITY_COLOURS[st.comp.colours[city]] == group


def tiered(count: int, tiers: tuple[tuple[int, int], ...]) -> int:
    """The best tier reached (AMB-6: 'or more')."""
    return next((vp for at_least, vp in tiers if count >= at_least), 0)


def largest_network(st: CEState, cities: list[int]) -> int:
    """CE-GOAL-9: the largest group of these cities linked without gap by land routes."""
    todo = set(cities)
    best = 0
    while todo:
        group = [todo.pop()]
        size = 0
        while group:
            city = group.pop()
            size += 1
            for other in st.comp.adj[city]:
                if other in todo:
                    todo.remove(other)
                    group.append(other)
        best = max(best, size)
    return best


def tier_count(st: CEState, p: int, goal: Goal) -> int:
    """What a goal with tiers counts: cities where present of a group (CE-GOAL-10..15, 17),
    or cards held (CE-GOAL-16, CE-GOAL-21; AMB-9: this card counts itself)."""
    if goal.kind == "held":
        return len(st.pcities[p]) if goal.what == "city_cards" else len(st.goals[p])
    return group_counts(st, p, goal)[0]


def group_counts(st: CEState, p: int, goal: Goal) -> list[int]:
    """Cities where present in each of the goal's groups: a count goal has one group, a
    sets goal two or four."""
    cities = present_cities(st, p)
    harbour = harbours_for(st, p)
    return [sum(1 for c in cities if in_group(st, c, g, harbour)) for g in goal.groups]


def goal_value(st: CEState, p: int, goal: Goal) -> int:
    kind = goal.kind
    if kind == "sets":  # CE-GOAL-1..8: cities are in one group each, so sets = minimum
        return goal.vp * min(group_counts(st, p, goal))
    if kind in ("count", "held"):  # CE-GOAL-10..17, CE-GOAL-21
        return tiered(tier_count(st, p, goal), goal.tiers)
    cities = present_cities(st, p)
    if kind == "network":
        return goal.vp * largest_network(st, cities)
    if kind == "each":
        if goal.what == "level3":  # CE-GOAL-18
            return goal.vp * sum(1 for c in cities if st.level[c] == 3)
        return goal.vp * sum(1 for c in cities if posts_in(st, p, c) >= 2)  # CE-GOAL-20
    if kind == "four_posts":  # CE-GOAL-19, AMB-7: once
        return goal.vp if any(posts_in(st, p, c) >= 4 for c in cities) else 0
    # CE-GOAL-22..25: per other marker strictly behind (AMB-10)
    vp = dict(goal.vp_by_count)[st.n]
    mine = position(st, 3 * p + goal.marker)
    return vp * sum(1 for q in range(st.n) if q != p and position(st, 3 * q + goal.marker) < mine)


def category_scores(st: CEState, p: int) -> Scores:
    """CE-END-1..5: track VP, 3 per post in level-3 cities, 5 per city card, goals."""
    track = sum(vp_of(st, 3 * p + t) for t in range(3))
    level3 = 3 * sum(st.tp[c * st.n + p] for c in range(st.comp.cities) if st.level[c] == 3)
    cards = 5 * len(st.pcities[p])
    goals = sum(goal_value(st, p, st.comp.goals[g - 1]) for g in st.goals[p])
    if p == st.bot:  # CE-BOT-28, CE-XV-1, CE-XV-4, CE-XV-6: each category doubled once
        goals *= 2
        cards *= 2 if st.clan else 1
        track *= 2 if st.express else 1
    return (track, level3, cards, goals)


def goal_values(st: CEState) -> dict[str, float]:
    """Each goal card kept in this game and its mean value to those who kept it (CE-GOAL,
    before the bot's doubling): the balance figure a report averages over games."""
    kept: dict[int, list[int]] = {}
    for p in range(st.n):
        for g in st.goals[p]:
            kept.setdefault(g, []).append(goal_value(st, p, st.comp.goals[g - 1]))
    return {f"goal {g:02d}: VP when kept": sum(v) / len(v) for g, v in sorted(kept.items())}


def final_scores(st: CEState) -> list[Scores]:
    return [category_scores(st, p) for p in range(st.n)]


def ranking_keys(st: CEState, scores: list[Scores]) -> list[tuple[int, ...]]:
    """CE-END-6..9: total, then categories 1-4 in turn, then earlier in round 3's order."""
    return [(sum(s), *s, -st.order.index(p)) for p, s in enumerate(scores)]
