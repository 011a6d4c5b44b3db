"""Set-up (CE-SET), definitions (CE-DEF) and what each seat may see (CE-DEF-6)."""

from __future__ import annotations

import pytest

from kaido.core.errors import OptionError
from kaido.core.rng import Rng
from kaido.games.cargo_empire import GAME
from kaido.games.cargo_empire.board import EUROPE
from kaido.games.cargo_empire.state import (
    F_CARD,
    F_EMBLEM,
    F_FIRST,
    F_GOAL,
    F_SECOND,
    PHASE_PLAY,
)
from tests.games.cargo_empire.helpers import act, legal, refused, setup_done


def fresh(players: int = 4, seed: int = 3, **options: object):
    return GAME.setup(GAME.make_options(players=players, **options), seed)


def test_map_tiles_cubes_and_track_CE_SET_1_to_3() -> None:
    """CE-SET-1: a random tile, level 1, on every city; CE-SET-2: cubes on its production
    spaces; CE-SET-3 (AMB-1): 3 of the 6 track tiles, random sides."""
    st = fresh()
    assert sorted(st.tile) == list(range(24)) and set(st.level) == {1}
    for x in range(24):
        assert st.prod[2 * x : 2 * x + 2] == list(EUROPE.produce[st.tile[x]][0])
    tiles = {tuple(s.track) for s in (fresh(seed=k) for k in range(12))}
    assert all(len({code // 2 for code in t}) == 3 for t in tiles) and len(tiles) > 6
    assert {code % 2 for t in tiles for code in t} == {0, 1}
    assert len({tuple(fresh(seed=k).tile) for k in range(3)}) == 3


def test_decks_display_blanks_and_hands_CE_SET_4_to_12() -> None:
    """CE-SET-4, CE-SET-10: 1 card of each type (plus the adjustment bonus, CE-SET-15);
    CE-SET-5, CE-DEF-8: a display of 4; CE-SET-6: the goal deck; CE-SET-7: 6 blanks under
    the city deck; CE-SET-8: markers left of the track; CE-SET-9: 12 posts in the reserve,
    3 aside; CE-SET-11: a secret city card each; CE-SET-12: 2 goals drawn, 1 kept."""
    st = fresh()
    assert len(st.display) == 4 and st.blanks == 6 and not st.bottom
    assert len(st.deck) == 24 - 4 - 4
    assert st.marker == [0] * 12 and st.left == [4] * 4 and st.removed == [0] * 4
    assert all(sum(st.cards[3 * p : 3 * p + 3]) in (4, 3) for p in range(4))
    assert all(min(st.cards[3 * p : 3 * p + 3]) >= 1 for p in range(4))
    assert [f[0] for f in st.stack[-4:]] == [F_GOAL] * 4
    assert len(st.goal_deck) == 24 - 8
    drawn = st.stack[-1][2:4]
    act(st, "keep_goal", max(drawn))
    assert st.goals[0] == [max(drawn)] and st.goal_deck[0] == min(drawn)
    assert GAME.view(st, 1)["players"][0]["goals"] is None  # CE-SET-19
    assert GAME.view(st, 1)["players"][1]["setup_card"] is not None
    assert GAME.view(st, 1)["players"][0]["setup_card"] is None


def test_start_player_and_adjustment_bonuses_CE_SET_13_to_16() -> None:
    """CE-SET-13: a random start player; CE-SET-14, CE-SET-15: car, locomotive, ship, any
    in turn order; CE-SET-16: that order is the turn order."""
    starts = {fresh(seed=k).order[0] for k in range(16)}
    assert starts == {0, 1, 2, 3}
    st = fresh(seed=5)
    for place, p in enumerate(st.order[:3]):
        extra = [st.cards[3 * p + t] - 1 for t in range(3)]
        assert extra == [int(t == place) for t in range(3)]
    last = st.order[3]
    frame = next(f for f in st.stack if f[0] == F_CARD)
    assert frame[1] == last and sum(st.cards[3 * last : 3 * last + 3]) == 3
    st3 = fresh(3, seed=5)
    assert not any(f[0] == F_CARD for f in st3.stack)
    assert sum(st3.cards) == 9 + 3


def test_first_and_second_posts_CE_SET_17_18_20() -> None:
    """CE-SET-17: in reverse turn order a first post on a display city, cities differ, the
    card stays; CE-SET-18: in turn order the second post on the own card's city, which is
    revealed as the first personal city; CE-SET-20: no tile holds two posts."""
    st = fresh(seed=7)
    while st.stack[-1][0] != F_FIRST:
        act(st, *legal(st)[0])
    firsts = []
    for p in reversed(st.order):
        assert st.stack[-1] == [F_FIRST, p]
        choice = legal(st)[-1]
        assert choice[1] in st.display and choice[1] not in firsts
        if firsts:
            assert refused(st, "first_post", firsts[0], 0).clause == "CE-SET-17"
        act(st, *choice)
        firsts.append(choice[1])
    for p in st.order:
        assert st.stack[-1] == [F_SECOND, p]
        act(st, "second_post", 1)
        assert st.pcities[p] == [st.setup_card[p]] and st.revealed[p]
        assert st.dem[2 * st.setup_card[p] + 1] == p
    assert st.phase == PHASE_PLAY
    assert all(st.dem[2 * x] < 0 or st.dem[2 * x + 1] < 0 for x in range(24))
    assert len(set(firsts) | {st.setup_card[p] for p in range(4)}) == 8


def test_options_colours_and_variants_CE_XV_7_CE_CLAN_3() -> None:
    """CE-XV-7: a variant is an option (clans on or off); CE-CLAN-3: with clans the
    emblems are placed in turn order after the second posts (AMB-25); CE-SET-8 colours."""
    st = fresh(seed=2, clans=True)
    while st.stack[-1][0] != F_EMBLEM:
        act(st, *legal(st)[0])
    assert [f[1] for f in st.stack if f[0] == F_EMBLEM] == st.order[::-1]
    with pytest.raises(OptionError, match="colour"):
        GAME.make_options(players=3, colours="red,red,blue")
    with pytest.raises(OptionError, match="unknown colour"):
        GAME.make_options(players=2, colours="red,pink")
    assert GAME.make_options(players=2, colours="purple,blue")["colours"] == "purple,blue"
    japanese = GAME.make_options(players=3, colours="紫、赤,緑")  # the help's own words
    assert GAME.setup(japanese, 1).colours == (4, 0, 2)


def test_view_and_determinize_hide_secrets_CE_DEF_6() -> None:
    """CE-DEF-6: cards held (type and count) and city cards are public; goal faces and the
    deck order are not; determinize deals them again."""
    st = setup_done(seed=4)
    spectator = GAME.view(st, None)
    assert all(p["goals"] is None for p in spectator["players"])
    assert GAME.view(st, 2)["players"][2]["goals"] == sorted(st.goals[2])
    world = GAME.determinize(st, 2, Rng(9))
    assert world.goals[2] == st.goals[2] and sorted(world.deck) == sorted(st.deck)
    assert GAME.view(world, 2) == GAME.view(st, 2)
    worlds = [GAME.determinize(st, 2, Rng(k)) for k in range(6)]
    assert len({tuple(w.deck) for w in worlds}) > 1
    assert len({tuple(w.goals[0]) for w in worlds}) > 1


def test_definitions_CE_DEF_3_5_7_9_10() -> None:
    """CE-DEF-3: level 3 has no tile; CE-DEF-5 (AMB-16): cubes are unlimited, a refill
    never runs short; CE-DEF-7: map numbers 1-24; CE-DEF-9: N counts turn-order markers;
    CE-DEF-10: a marker's position counts spaces from its start."""
    from kaido.games.cargo_empire.track import position

    st = setup_done(seed=1)
    assert sorted(EUROPE.numbers) == list(range(1, 25))
    assert len(st.order) == st.n == 4
    st.marker[0] = 3 * 64 + 1
    st.rows[0] = 1 | 1 << 2
    assert position(st, 0) == 4 + 1 + 2
    st.marker[0] = 6 * 64
    assert position(st, 0) == 3 * 4 + 2 + 1
    st.cubes[0] = 10**6
    st.prod[0:2] = [-1, -1]
    st.dem[0] = 0
    from kaido.games.cargo_empire.engine import fallback_keys

    assert ("refill", 0) in fallback_keys(st, 0)
