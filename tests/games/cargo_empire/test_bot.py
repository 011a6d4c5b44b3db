"""The solo bot (CE-BOT): set-up (EX-S), its turn (EX-T), its markers, bonuses, scoring,
and the options and result that carry it."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.core.errors import OptionError
from kaido.core.game import result_value
from kaido.core.match import Match
from kaido.core.records import Replayer
from kaido.games.cargo_empire import GAME, solo
from kaido.games.cargo_empire.board import (
    B_ANY,
    B_CAR,
    B_CITY,
    B_CITY_GOAL,
    B_GOAL,
    EUROPE,
    load_bot_cards,
)
from kaido.games.cargo_empire.engine import demand_colour, maintenance
from kaido.games.cargo_empire.scoring import category_scores
from kaido.games.cargo_empire.state import F_BOT, F_FIRST, F_SECOND, PHASE_PLAY, CEState
from tests.games.cargo_empire.helpers import GREY, act, c, setup_done

BOT = 1  # the bot's index in a solo game


def self_play(
    game: object, players: int, seed: int, options: dict | None = None, agent: str = "random"
) -> Match:  # type: ignore[type-arg]
    """A game with the bot, invariants checked after every action."""
    opts = GAME.make_options(players=players, bot=True, **(options or {}))
    match = Match(GAME, opts, seed, keep_history=False)
    agents = [make_agent(agent, GAME, seed=seed * 10 + p) for p in range(players)]
    GAME.invariants(match.state)
    while not match.is_over:
        action = agents[match.to_move].choose(GAME, match.state)
        match.play(action, narrate=False, trusted=agent == "random")
        GAME.invariants(match.state)
    return match


def solo_game(seed: int = 1) -> CEState:
    return setup_done(1, seed)


def clear(st: CEState) -> None:
    """No cubes, no posts: the test puts what it needs."""
    st.prod = [-1] * len(st.prod)
    st.dem = [-1] * len(st.dem)
    st.tp = [0] * len(st.tp)


def demand_space(st: CEState, city: int, colour: int) -> int:
    return next((i for i in (0, 1) if demand_colour(st, city, i) == colour), -1)


def cube_city(st: CEState, colour: int, exclude: set[int]) -> int:
    """A city whose tile produces `colour` (some tile does)."""
    return next(
        x
        for x in range(EUROPE.cities)
        if x not in exclude and colour in EUROPE.produce[st.tile[x]][0]
    )


def test_bot_cards_are_fourteen_with_a_reshuffle_card() -> None:
    """CE-BOT-2, CE-BOT-11: 14 cards, with a reshuffle card and acting ones, from data."""
    cards = EUROPE.bot_cards
    assert len(cards) == 14
    assert any(k.reshuffle for k in cards) and not all(k.reshuffle for k in cards)
    assert {k.transport for k in cards} == {0, 1, 2}


def test_bot_card_data_is_validated(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A bot card file without sources or with a wrong count is refused (DATA-9)."""
    from kaido.games.cargo_empire.board import DATA_DIR, DataError

    text = (DATA_DIR / "bot.toml").read_text()
    (tmp_path / "bot.toml").write_text(text.replace("cards = 14", "cards = 13"))
    with pytest.raises(DataError, match="13 bot cards"):
        load_bot_cards(tmp_path)
    (tmp_path / "bot.toml").write_text(text.replace('arrow = "up"', 'arrow = "left"', 1))
    with pytest.raises(DataError, match="arrow"):
        load_bot_cards(tmp_path)


def test_options_refuse_illegal_bot_counts() -> None:
    """CE-BOT-1, CE-XV-7: the bot plays with 1-3 humans; 1 player always has it."""
    assert GAME.make_options(players=1)["bot"] is True
    with pytest.raises(OptionError, match="CE-BOT-1"):
        GAME.make_options(players=1, bot=False)
    with pytest.raises(OptionError, match="1 to 3 players"):
        GAME.make_options(players=4, bot=True)
    assert GAME.make_options(players=3, bot=True)["bot"] is True


def test_setup_ex_s() -> None:
    """EX-S, CE-BOT-3..10: first post on the leftmost unchosen display city's upper space,
    the marker one card right; the city card's lower space; goal public; origin on the
    lower number."""
    st = GAME.setup(GAME.make_options(players=1), 5)
    while st.stack[-1][0] != F_FIRST:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.bot == BOT and st.n == 2 and st.cards[3:6] == [0, 0, 0]  # CE-BOT-4
    assert len(st.goals[BOT]) == 1 and st.setup_card[BOT] >= 0  # CE-BOT-4
    berlin, moscow, milan, warsaw = c("Berlin"), c("Moscow"), c("Milan"), c("Warsaw")
    others = [x for x in st.display if x not in (berlin, moscow, milan, warsaw)]
    st.display = [berlin, moscow, *others[:2]]
    st.deck = [x for x in st.deck if x not in (berlin, moscow, milan, warsaw, *others[:2])]
    st.setup_card[0], st.setup_card[BOT] = milan, warsaw
    act(st, "first_post", berlin, 0)  # the human picks Berlin
    assert st.dem[2 * moscow] == BOT  # CE-BOT-6: Moscow, upper space
    assert st.bot_slot == 2  # CE-BOT-7: one card right
    assert st.stack[-1][0] == F_SECOND
    st.order = [0, BOT]  # the human starts, so the bot's set-up is seen before its turn
    act(st, "second_post", 0)  # the human reveals Milan
    assert st.dem[2 * warsaw + 1] == BOT  # CE-BOT-8: Warsaw, lower space
    assert st.pcities[BOT] == [warsaw]  # AMB-30
    assert GAME.view(st, 0)["players"][BOT]["goals"] == st.goals[BOT]  # CE-BOT-9: public
    assert st.bot_origin == moscow  # CE-BOT-10: Moscow (6) < Warsaw (15)
    assert st.left[BOT] == 4  # CE-BOT-10: 4 posts a round


def ex_t_state() -> CEState:
    """EX-T: display Milan, Oslo, Dublin, Warsaw; bot cities Copenhagen, Milan, Dublin;
    a grey cube in Copenhagen, which Oslo does not demand and Dublin does."""
    st = solo_game()
    clear(st)
    milan, oslo, dublin, warsaw = c("Milan"), c("Oslo"), c("Dublin"), c("Warsaw")
    copenhagen = c("Copenhagen")
    st.display = [milan, oslo, dublin, warsaw]
    for x in (copenhagen, milan, dublin):
        st.tp[x * st.n + BOT] = 1
    # Dublin demands grey on an empty space; Oslo has no empty grey space.
    for x, wanted in ((dublin, True), (oslo, False)):
        tile = next(
            t
            for t in range(len(EUROPE.tile_ids))
            if (GREY in EUROPE.demand[t][0]) == wanted and t not in st.tile[:0]
        )
        other = st.tile.index(tile)
        st.tile[other], st.tile[x] = st.tile[x], tile
        st.level[x] = 1
    st.prod[2 * copenhagen] = GREY
    st.bot_origin, st.bot_slot = copenhagen, 1
    return st


def test_turn_one_ex_t() -> None:
    """EX-T turn 1, CE-BOT-12, CE-BOT-13, CE-BOT-15, CE-BOT-19: Copenhagen->Oslo fails,
    Dublin (next card right) works: a free post in Dublin, the cube to the supply; the
    destination marker moves to Warsaw, the origin marker to Milan."""
    st = ex_t_state()
    dublin, copenhagen = c("Dublin"), c("Copenhagen")
    assert solo.match_space(st, copenhagen, c("Oslo"), solo.UP) == -1
    assert solo.transport(st, solo.UP, None)
    space = demand_space(st, dublin, GREY)
    assert st.dem[2 * dublin + space] == BOT
    assert st.prod[2 * copenhagen] == -1  # CE-BOT-13: the cube leaves
    assert st.display[st.bot_slot] == c("Warsaw")
    assert st.bot_origin == c("Milan")


def test_turn_two_ex_t() -> None:
    """EX-T turn 2, CE-BOT-15, CE-BOT-16: Milan->Warsaw fails; Milan (same city), Oslo,
    Dublin fail; the origin wraps from Milan (highest) to Dublin (lowest), and
    Dublin->Warsaw works."""
    st = ex_t_state()
    milan, dublin, warsaw = c("Milan"), c("Dublin"), c("Warsaw")
    clear_cubes = [-1] * len(st.prod)
    st.prod = clear_cubes
    colour = demand_colour(st, warsaw, 0)
    st.prod[2 * dublin] = colour  # Dublin has the cube Warsaw wants; Milan none
    st.bot_origin, st.bot_slot = milan, 3
    assert solo.match_space(st, milan, milan, solo.UP) == -1  # the cities must differ
    assert solo.transport(st, solo.UP, None)
    assert st.dem[2 * warsaw] == BOT or st.dem[2 * warsaw + 1] == BOT
    assert st.prod[2 * dublin] == -1
    assert st.bot_origin == c("Copenhagen")  # CE-BOT-19: next higher after Dublin
    assert st.bot_slot == 0  # CE-BOT-19: right of Warsaw wraps to Milan


def test_arrow_picks_between_two_matching_spaces() -> None:
    """CE-BOT-13, AMB-28: both empty spaces match: the arrow decides; one: it is taken."""
    st = solo_game()
    clear(st)
    dest = next(x for x in range(EUROPE.cities) if len(set(EUROPE.demand[st.tile[x]][0])) == 2)
    origin = next(x for x in range(EUROPE.cities) if x != dest)
    a, b = EUROPE.demand[st.tile[dest]][0]
    st.prod[2 * origin : 2 * origin + 2] = [a, b]
    assert solo.match_space(st, origin, dest, solo.UP) == 0
    assert solo.match_space(st, origin, dest, solo.DOWN) == 1
    st.dem[2 * dest] = 0
    assert solo.match_space(st, origin, dest, solo.UP) == 1


def test_blank_display_cards_are_never_valid() -> None:
    """CE-BOT-15: blanks are never valid destinations; all blank: step 2c."""
    st = ex_t_state()
    st.display = [99, 99, 99, 99]
    assert not solo.transport(st, solo.UP, None)


def test_fallback_draws_a_city_card() -> None:
    """CE-BOT-17: no combination works: the top city card's uppermost empty demand
    space takes a bot post, no cube removed, the card under the deck."""
    st = ex_t_state()
    st.prod = [-1] * len(st.prod)
    target = next(x for x in range(EUROPE.cities) if st.level[x] < 3 and x not in st.display)
    st.deck = [x for x in st.deck if x != target] + [target]
    assert not solo.transport(st, solo.UP, None)
    left = st.left[BOT]
    assert solo.fallback(st, solo.UP, None)
    assert st.dem[2 * target] == BOT and st.bottom[-1] == target
    assert st.left[BOT] == left - 1


def test_fallback_removes_level3_cards_and_puts_blanks_back() -> None:
    """CE-BOT-17, AMB-32: a level-3 city's card leaves the game; a blank goes back
    under the deck; the next card is drawn."""
    st = ex_t_state()
    three, target = c("Berlin"), c("Rome")
    st.level[three], st.tile[three] = 3, -1
    st.deck = [target, three]
    st.blanks = 1
    st.bottom = []
    solo.fallback(st, solo.UP, None)
    assert three in st.out and st.dem[2 * target] == BOT
    st2 = ex_t_state()
    st2.deck, st2.blanks, st2.bottom = [], 1, [target]
    assert solo.draw_for_bot(st2) == target and st2.bottom == [99]


def test_exhausted_deck_uses_the_arrow() -> None:
    """CE-BOT-18, AMB-29, AMB-32: no level-1/2 card left: up -> the highest-numbered city
    without a bot post, down -> the lowest."""
    for arrow, pick in ((solo.UP, max), (solo.DOWN, min)):
        st = ex_t_state()
        st.deck, st.bottom, st.blanks = [], [], 0
        free = [x for x in range(EUROPE.cities) if st.tp[x * st.n + BOT] == 0 and st.tile[x] >= 0]
        city = pick(free, key=lambda x: EUROPE.numbers[x])
        assert solo.fallback(st, arrow, None)
        assert st.dem[2 * city] == BOT


def test_bot_turn_moves_its_marker_by_the_card() -> None:
    """CE-BOT-11, CE-BOT-20, CE-BOT-21, CE-BOT-26: a bot turn draws a card, advances that
    marker its steps on the arrow's row, and discards the card."""
    st = solo_game(3)
    while st.stack and st.stack[-1][0] != F_BOT and st.phase == PHASE_PLAY:
        if GAME.to_move(st) < 0:
            break
        before = st.copy()
        GAME.apply(st, GAME.legal_actions(st)[0])
        if st.bot_discard or len(st.bot_deck) < len(before.bot_deck):
            break
    card = EUROPE.bot_cards[st.bot_discard[-1]]
    idx = 3 * BOT + card.transport
    from kaido.games.cargo_empire.track import position, row_of

    assert position(st, idx) == card.steps
    assert row_of(st, idx, 0) == card.arrow
    assert st.cards[3 * BOT : 3 * BOT + 3] == [0, 0, 0]  # CE-BOT-22, CE-BOT-23


def test_reshuffle_card_shuffles_all_and_draws_again() -> None:
    """CE-BOT-11, AMB-31: the reshuffle card never acts; all 14 cards form a new deck."""
    st = solo_game()
    reshuffle = next(k for k, card in enumerate(EUROPE.bot_cards) if card.reshuffle)
    st.bot_deck = [reshuffle]
    st.bot_discard = [k for k in range(14) if k != reshuffle]
    card = solo.draw_bot_card(st, None)
    assert card != reshuffle and not EUROPE.bot_cards[card].reshuffle
    assert sorted([*st.bot_deck, card]) == list(range(14)) and st.bot_discard == []


def test_bonuses() -> None:
    """CE-BOT-23: card bonuses do nothing; CE-BOT-24: the card under the destination
    marker, the marker right, the display refilled; CE-BOT-25: a goal face up."""
    st = solo_game()
    cards = st.cards[:]
    solo.bonus(st, B_CAR, None)
    assert st.cards == cards
    slot = st.bot_slot
    card = st.display[slot]
    size = len(st.deck)
    solo.bonus(st, B_CITY, None)
    assert st.pcities[BOT][-1] == card and st.bot_slot == (slot + 1) % 4
    assert len(st.deck) == size - 1 and st.display[slot] != card
    goals = len(st.goals[BOT])
    solo.bonus(st, B_GOAL, None)
    assert len(st.goals[BOT]) == goals + 1


def test_maintenance_gives_the_bot_its_place_not_its_bonus() -> None:
    """CE-BOT-27, CE-BOT-5: the bot is compared and placed; it takes no card."""
    st = solo_game()
    st.marker[3 * BOT] = 64 + 2
    st.rows[3 * BOT] = 1
    cards = st.cards[:]
    maintenance(st, None)
    assert st.order[0] == BOT
    assert st.cards[3 * BOT : 3 * BOT + 3] == [0, 0, 0]
    assert sum(st.cards[:3]) == sum(cards[:3]) + 1


def test_bot_goal_vp_doubled() -> None:
    """CE-BOT-28, CE-XV-6: goal VP doubled, the rest normal; with clans also city cards
    (CE-XV-1); level-3 VP never."""
    st = solo_game()
    st.goals[BOT] = [16]  # city cards owned: 3-4 -> 5
    st.pcities[BOT] = [0, 1, 2]
    assert category_scores(st, BOT)[2:] == (15, 10)
    assert category_scores(st, 0)[3] == category_scores(st, 0)[3]
    st.goals[0] = [16]
    st.pcities[0] = [3, 4, 5]
    assert category_scores(st, 0)[2:] == (15, 5)
    clans = setup_done(1, 1, clans=True)
    clans.goals[BOT], clans.pcities[BOT] = [16], [0, 1, 2]
    assert category_scores(clans, BOT)[2:] == (30, 10)  # CE-XV-1
    assert clans.clan[BOT] == -1


def test_result_places_count_the_bot() -> None:
    """CE-BOT-1: the seats' result ranks count the bot's place; rank 1 means the seat
    beat the bot (and the other seats)."""
    for seed in range(6):
        match = self_play(GAME, 1, seed)
        result = GAME.result(match.state)
        human, bot = (sum(s) for s in match.state.final)
        if human != bot:
            assert result.ranks == ((1,) if human > bot else (2,))
        assert result_value(result, 0) == (1.0 if result.ranks[0] == 1 else 0.0)


def test_a_seat_that_leaves_places_below_the_bot_too() -> None:
    """CE-BOT-1 with a resignation (`forfeit`): the bot stays, so a solo player who leaves
    loses to it at once; with two humans and the bot, the bot and the other seat still
    play for their places; at the end the leaver is below the bot as well."""
    solo = GAME.forfeit(GAME.setup(GAME.make_options(players=1), 3), {0})
    assert solo is not None and solo.ranks == (2,)
    pair = self_play(GAME, 2, 5)
    assert GAME.forfeit(GAME.setup(pair.options, 5), {1}) is None
    for leaver in (0, 1):
        end = GAME.forfeit(pair.state, {leaver})
        assert end is not None and end.ranks[leaver] == 3 and end.ranks[1 - leaver] in (1, 2)


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("clans", [False, True])
def test_bot_games_keep_invariants(players: int, clans: bool) -> None:
    """CE-2P-1, CE-5P-8, CE-XV-1, CE-XV-7: solo, 2 and 3 humans + bot, with and without
    clans, keep every invariant after every action."""
    for seed in range(4):
        self_play(GAME, players, seed, {"clans": clans})
        self_play(GAME, players, seed, {"clans": clans}, agent="heuristic")


def test_replay_gives_the_same_bot_placements() -> None:
    """The bot's turns are determined by the record: replaying a solo game's actions puts
    every bot post where the game did."""
    match = self_play(GAME, 1, 7)
    record = match.record()
    replayed = Replayer(GAME, record).run()
    assert replayed.dem == match.state.dem and replayed.tp == match.state.tp
    assert replayed.pcities[BOT] == match.state.pcities[BOT]
    assert isinstance(match, Match)


def test_bot_upgrade_resolves_without_reward() -> None:
    """CE-BOT-14: the bot's post fills a tile: the city upgrades as usual, and even a full
    upgrade gives the bot no step."""
    st = ex_t_state()
    dublin = c("Dublin")
    space = demand_space(st, dublin, GREY)
    st.dem[2 * dublin + 1 - space] = 0  # the human holds the other space
    st.prod[2 * dublin : 2 * dublin + 2] = [-1, -1]  # no cubes: a full upgrade
    markers = st.marker[3 * BOT : 3 * BOT + 3]
    assert solo.transport(st, solo.UP, None)
    assert st.level[dublin] == 2 and st.tp[dublin * st.n + BOT] == 2
    assert st.marker[3 * BOT : 3 * BOT + 3] == markers


def test_advanced_bonuses_for_the_bot() -> None:
    """CE-ADV-8, AMB-33: any-card does nothing for the bot; city-or-goal takes a city."""
    st = solo_game()
    before = (st.cards[:], [g[:] for g in st.goals], [p[:] for p in st.pcities])
    solo.bonus(st, B_ANY, None)
    assert (st.cards, st.goals, st.pcities) == before
    card = st.display[st.bot_slot]
    solo.bonus(st, B_CITY_GOAL, None)
    assert st.pcities[BOT][-1] == card and st.goals == before[1]


def test_dior_bot_doubles_the_track() -> None:
    """CE-XV-4, CE-XV-6: on Dior the bot's track VP is doubled too (each category once);
    the bot pays no cards, so it never passes an express tile."""
    st = setup_done(1, 2, map="dior")
    assert st.bot == BOT and st.express
    st.marker[3 * BOT] = st.marker[0] = 6 * 64  # both car markers on the first VP space
    human, bot = category_scores(st, 0), category_scores(st, BOT)
    assert bot[0] == 2 * human[0] > 0
    europe = solo_game()
    europe.marker[3 * BOT] = 6 * 64
    assert category_scores(europe, BOT)[0] == human[0]
