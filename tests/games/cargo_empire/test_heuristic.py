"""What the heuristic agent reads of the development track (not rules): the bonus spaces
ahead of its markers (CE-DEV-12), so that it picks rows towards them (CE-DEV-8)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kaido.agents import make_agent
from kaido.core.actions import Action
from kaido.core.errors import KaidoError
from kaido.core.rng import Rng
from kaido.games.cargo_empire import GAME, bots
from kaido.games.cargo_empire.board import (
    B_CAR,
    B_GOAL,
    B_LOCO,
    B_SHIP,
    CITY_COLOURS,
    DATA_DIR,
    PROJECTION_PARTS,
    DataError,
    load_projection_weights,
)
from kaido.games.cargo_empire.state import F_PLAN, F_ROW, PHASE_OVER, CEState
from kaido.games.cargo_empire.track import SEG, layout


def _first_row_choice(seed: int) -> CEState:
    """A heuristic game dealt from `seed`, up to its first choice of a row."""
    st = GAME.setup(GAME.make_options(players=4), seed)
    agents = [make_agent("heuristic", GAME, p) for p in range(4)]
    while st.stack[-1][0] != F_ROW:
        GAME.apply(st, agents[GAME.to_move(st)].choose(GAME, st))
    return st


def test_bonuses_ahead_count_the_better_row_of_the_first_tile() -> None:
    """CE-DEV-8, CE-DEV-12: before its first move a marker may take either row of tile 1;
    the row's first four spaces count, each step further discounted."""
    st = GAME.setup(GAME.make_options(players=4), 1)
    upper, lower = layout(st)[0][0].rows
    assert (upper, lower) == ((B_SHIP, 0, B_GOAL, 0), (0, B_CAR, 0, B_LOCO))  # seed 1's tile
    worth, decay = bots.BONUS_WORTH, bots.AHEAD_DECAY
    upper_worth = worth[B_SHIP] + decay**2 * worth[B_GOAL]
    lower_worth = decay * worth[B_CAR] + decay**3 * worth[B_LOCO]
    assert upper_worth > lower_worth
    assert bots.bonuses_ahead(st, 0) == pytest.approx(3 * upper_worth)


def test_bonuses_ahead_follow_the_row_a_marker_took() -> None:
    """CE-DEV-9: once on a row, only that row's spaces lie ahead."""
    st = GAME.setup(GAME.make_options(players=4), 1)
    st.rows[0] = 2  # the car marker took the lower row of tile 1 ...
    st.marker[0] = 1 * SEG + 1  # ... and stands on its car bonus
    worth, decay = bots.BONUS_WORTH, bots.AHEAD_DECAY
    lower_rest = decay * worth[B_LOCO]  # the lower row's last two spaces: none, locomotive
    upper2, lower2 = layout(st)[0][1].rows  # the intermediate space, then tile 2's first
    after_tile = decay**3 * max(worth[upper2[0]], worth[lower2[0]])
    at_start = 2 * (worth[B_SHIP] + decay**2 * worth[B_GOAL])  # the other two markers
    assert bots.bonuses_ahead(st, 0) == pytest.approx(lower_rest + after_tile + at_start)


def test_the_heuristic_picks_the_row_with_the_bonuses_ahead() -> None:
    """CE-DEV-8: seed 7's first row choice is between a car bonus now and a goal bonus
    three spaces on (upper) and a ship and a locomotive bonus (lower); the heuristic takes
    the upper row, which it passed by when it looked no further than the turn's end (as
    `heuristic:ahead=false` still does)."""
    st = _first_row_choice(7)
    upper, lower = layout(st)[0][0].rows
    assert (upper, lower) == ((B_CAR, 0, 0, B_GOAL), (0, B_SHIP, B_LOCO, 0))
    choice = make_agent("heuristic", GAME, 99).choose(GAME, st)
    assert choice.kind == "row" and choice.args == (0,)
    blind = make_agent("heuristic:ahead=false", GAME, 99).choose(GAME, st)
    assert blind.args == (1,)


def _present_only_in(st: CEState, p: int, cities: list[int]) -> None:
    """Clear every post of `p` and put one on the trading-post spaces of `cities`."""
    for c in range(st.comp.cities):
        st.tp[c * st.n + p] = int(c in cities)
        for space in (2 * c, 2 * c + 1):
            if st.dem[space] == p:
                st.dem[space] = -1


def test_goal_progress_counts_a_set_begun() -> None:
    """CE-GOAL-1: goal 1 scores 3 VP a red-and-blue pair, nothing for a red city alone;
    the look-ahead counts a red city beyond the pairs as half a pair to come, so that it
    goes for the blue city the next pair lacks rather than another red one."""
    st = GAME.setup(GAME.make_options(players=4), 1)
    st.goals[0] = [1]
    colours = [CITY_COLOURS[c] for c in st.comp.colours]
    red = [c for c, colour in enumerate(colours) if colour == "red"]
    blue = [c for c, colour in enumerate(colours) if colour == "blue"]
    _present_only_in(st, 0, red[:2] + blue[:1])
    assert bots.goal_progress(st, 0) == pytest.approx(3 / 2)  # one pair, a red one spare
    _present_only_in(st, 0, red[:2] + blue[:2])
    assert bots.goal_progress(st, 0) == 0  # two pairs, nothing begun
    _present_only_in(st, 0, red[:3] + blue[:1])
    assert bots.goal_progress(st, 0) == pytest.approx(3 / 2)  # more red adds nothing


def _heuristic_positions(seed: int, count: int, players: int = 4) -> list[CEState]:
    """The first `count` positions of a heuristic game with more than one legal move."""
    st = GAME.setup(GAME.make_options(players=players), seed)
    agents = [make_agent("heuristic", GAME, p) for p in range(players)]
    found = []
    while len(found) < count:
        if len(GAME.legal_actions(st)) > 1:
            found.append(st.copy())
        GAME.apply(st, agents[GAME.to_move(st)].choose(GAME, st))
    return found


def test_the_projections_weights_are_data_with_their_sources() -> None:
    """data/projection.toml holds the written weights (the `heuristic` bot's) and those
    tuned by self-play, one per part of the projection."""
    assert load_projection_weights("written") == bots.WRITTEN
    assert load_projection_weights("tuned") == bots.TUNED
    assert len(bots.WRITTEN) == len(bots.TUNED) == len(PROJECTION_PARTS)
    assert dict(zip(PROJECTION_PARTS, bots.WRITTEN, strict=True))["mobility"] == 2.0
    assert bots.TUNED != bots.WRITTEN


BROKEN_WEIGHTS = [
    (lambda text: text.replace("tiles = 0.8\n", ""), r"\[written\]: missing 'tiles'"),
    (lambda text: text.replace("cubes = 0.4", 'cubes = "0.4"'), "'cubes' must be a float"),
    (lambda text: text.replace("cubes = 0.4", "cubes = true"), "'cubes' must be a float"),
    (lambda text: text.replace("tiles = 0.8", "tiles = 0.8\nbridges = 1"), "unknown bridges"),
    (lambda text: text.replace('source = "designed', 'source = "guessed'), "must start with"),
    (lambda text: text.replace("[written]", "[hand]"), "missing 'written'"),
    (lambda text: text + "[[", "not valid TOML"),
]


@pytest.mark.parametrize(("breaking", "message"), BROKEN_WEIGHTS)
def test_a_broken_weights_file_is_refused_with_what_is_wrong(
    tmp_path: Path, breaking: Callable[[str], str], message: str
) -> None:
    text = (DATA_DIR / "projection.toml").read_text()
    (tmp_path / "projection.toml").write_text(breaking(text))
    with pytest.raises(DataError, match=message):
        load_projection_weights("written", folder=tmp_path)


def test_tuned_weights_are_what_the_tuned_heuristic_looks_ahead_with() -> None:
    """`heuristic:tuned=true` ranks moves by the projection with the tuned weights: it plays
    otherwise than the written heuristic at some positions, and the written heuristic's
    look-ahead given the tuned weights plays as it does."""
    states = _heuristic_positions(seed=3, count=40)
    written = [make_agent("heuristic", GAME, 5).choose(GAME, s.copy()) for s in states]
    tuned = [make_agent("heuristic:tuned=true", GAME, 5).choose(GAME, s.copy()) for s in states]
    assert 0 < sum(a != b for a, b in zip(written, tuned, strict=True)) < len(states)
    # a fresh agent's generator is Rng(seed): the same draws, the weights passed in
    given = [bots.heuristic_move(GAME, s.copy(), Rng(5), True, bots.TUNED) for s in states]
    assert given == tuned


def _played(spec: str, states: list[CEState]) -> list[Action]:
    """The moves a fresh bot of `spec` makes at each of `states`."""
    return [make_agent(spec, GAME, 6).choose(GAME, s.copy()) for s in states]


def _differences(moves: list[Action], others: list[Action]) -> int:
    return sum(a != b for a, b in zip(moves, others, strict=True))


def test_more_worlds_value_each_move_in_more_deals() -> None:
    """`worlds=1` is the heuristic as it always played; with more, each move's projection
    is summed over that many deals of the hidden cards, which changes some choices; none
    is refused."""
    states = _heuristic_positions(seed=4, count=40)
    one = _played("heuristic", states)
    assert _played("heuristic:worlds=1", states) == one
    assert 0 < _differences(one, _played("heuristic:worlds=8", states)) < len(states)
    with pytest.raises(KaidoError, match="worlds must be at least 1"):
        make_agent("heuristic:worlds=0", GAME, 6)


def test_a_deeper_look_ahead_plays_the_rest_of_the_turn_by_its_own_choices() -> None:
    """`depth=1` plays out the rest of a move's turn by the look-ahead's own choices
    before valuing it, where the quick bot (`depth=0`) takes the cheap ones (the fewest
    cards, the first option); `depth=2` makes each of those choices with a turn finished
    at depth 1. All end the turn, and at some positions they end it differently and so
    choose otherwise."""
    states = _heuristic_positions(seed=5, count=40)
    differ = 0
    for st in states:
        p = GAME.to_move(st)
        move = GAME.legal_actions(st)[0]
        cheap, greedy, deeper = st.copy(), st.copy(), st.copy()
        for finished in (cheap, greedy, deeper):
            GAME.apply(finished, move)
        bots.finish_turn(GAME, cheap, p)
        bots.finish_by_look_ahead(GAME, greedy, p, Rng(1), True, bots.TUNED, 1)
        bots.finish_by_look_ahead(GAME, deeper, p, Rng(1), True, bots.TUNED, 2)
        for finished in (cheap, greedy, deeper):
            assert (
                finished.phase == PHASE_OVER
                or GAME.to_move(finished) != p
                or (finished.stack[-1][0] == F_PLAN)
            )
        differ += GAME.view(cheap, None) != GAME.view(greedy, None)
    assert 0 < differ < len(states)
    quick = _played("heuristic:tuned=true", states)
    assert _played("heuristic:tuned=true:depth=0", states) == quick
    greedy = _played("heuristic:tuned=true:depth=1", states)
    assert 0 < _differences(quick, greedy) < len(states)
    deeper = _played("heuristic:tuned=true:depth=2", states)
    assert 0 < _differences(greedy, deeper) < len(states)
    with pytest.raises(KaidoError, match="depth is 0 to 3, not 4"):
        make_agent("heuristic:depth=4", GAME, 6)


def test_a_learnt_value_adds_a_share_of_a_win_where_each_moves_turn_ends() -> None:
    """`value=auto` adds `worth` VP times the seat's share of a win, as the shipped value
    model sees where each move's turn ends (the game's own shares once it is over), to the
    look-ahead's projection: `worth=0` plays as without it, 60 (the default) changes some
    choices; bad settings are refused."""
    states = _heuristic_positions(seed=6, count=40)
    strong = _played("heuristic:tuned=true:depth=1", states)
    assert _played("heuristic:tuned=true:depth=1:value=auto:worth=0", states) == strong
    valued = _played("heuristic:tuned=true:depth=1:value=auto", states)
    assert 0 < _differences(strong, valued) < len(states)

    agent = make_agent("heuristic:tuned=true:value=auto", GAME, 6)
    leaf = agent._leaf(GAME, states[0])  # type: ignore[attr-defined]
    assert leaf is not None
    model = agent._leaf_model  # type: ignore[attr-defined]
    assert model.network.header["evaluation_input"] == 1
    for p in range(4):
        share = model.values(states[-1], p)[p]
        assert 0 < share < 1 and leaf(states[-1], p) == 60 * share
    finished = states[-1].copy()
    bots_ = [make_agent("heuristic", GAME, p) for p in range(4)]
    while not GAME.is_over(finished):
        GAME.apply(finished, bots_[GAME.to_move(finished)].choose(GAME, finished))
    won = GAME.result(finished).win_shares
    assert [leaf(finished, p) for p in range(4)] == [60 * share for share in won]

    refused = (("worth=-1", "worth is the VP"), ("value=", "'value' of agent 'heuristic' takes"))
    for bad, message in refused:
        with pytest.raises(KaidoError, match=message):
            make_agent(f"heuristic:{bad}", GAME, 6)


def test_without_a_value_model_for_the_player_count_the_look_ahead_plays_as_before() -> None:
    """A value model is shipped at 4 players only: at 3, `value=auto` finds none and the
    look-ahead plays as it does without one."""
    states = _heuristic_positions(seed=8, count=15, players=3)
    plain = _played("heuristic:tuned=true", states)
    assert _played("heuristic:tuned=true:value=auto", states) == plain
    valued = make_agent("heuristic:tuned=true:value=auto", GAME, 6)
    valued.choose(GAME, states[0].copy())
    assert valued._leaf_model is None  # type: ignore[attr-defined]
