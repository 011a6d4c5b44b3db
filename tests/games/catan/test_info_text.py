"""Views, determinization, undo policy, action texts, narration and rendering."""

from __future__ import annotations

import json

from kaido.agents import RandomAgent
from kaido.core.match import Match, UndoRefused
from kaido.core.rng import Rng
from kaido.games.catan import GAME
from kaido.games.catan.actions import TABLE
from kaido.games.catan.board import KNIGHT, VICTORY_POINT
from kaido.games.catan.engine import steal
from tests.games.catan.helpers import act, blank, check, city, corner, give, roll, settle


def midgame(seed: int = 5, turns: int = 30):  # type: ignore[no-untyped-def]
    s = GAME.setup(GAME.make_options(players=4), seed)
    agents = [RandomAgent(seed + p) for p in range(4)]
    while s.turns < turns and not GAME.is_over(s):
        GAME.apply(s, agents[GAME.to_move(s)].choose(GAME, s))
    return s


def test_view_hides_hands_and_development_cards_but_not_counts() -> None:
    """CT-ROBBER-6: hand sizes are public; CT-DEV-2: cards bought stay hidden."""
    s = midgame()
    for viewer in range(4):
        view = GAME.view(s, viewer)
        assert view["hand"] == s.hand[viewer * 5 : viewer * 5 + 5]
        assert view["hand_sizes"] == [sum(s.hand[p * 5 : p * 5 + 5]) for p in range(4)]
        text = json.dumps(view)
        assert json.loads(text) == view
    spectator = GAME.view(s, None)
    assert "hand" not in spectator and "your_development_cards" not in spectator


def test_determinize_keeps_public_counts_and_own_cards() -> None:
    s = midgame()
    s.dev[5 + KNIGHT] += 1  # player 1 holds two hidden cards
    s.deck.remove(KNIGHT)
    s.dev[5 + VICTORY_POINT] += 1
    s.deck.remove(VICTORY_POINT)
    for seed in range(10):
        world = GAME.determinize(s, 0, Rng(seed))
        assert world.hand[0:5] == s.hand[0:5] and world.dev[0:5] == s.dev[0:5]
        for p in range(4):
            assert sum(world.hand[p * 5 : p * 5 + 5]) == sum(s.hand[p * 5 : p * 5 + 5])
            assert sum(world.dev[p * 5 : p * 5 + 5]) == sum(s.dev[p * 5 : p * 5 + 5])
        assert world.bank == s.bank and len(world.deck) == len(s.deck)
        assert GAME.view(world, 0) == GAME.view(s, 0)
        check(world)
    worlds = {tuple(GAME.determinize(s, 0, Rng(seed)).dev[5:10]) for seed in range(30)}
    assert len(worlds) > 1  # the others' cards really are dealt again


def test_determinize_keeps_cards_an_offer_shows() -> None:
    s = blank()
    give(s, 0, ore=2)
    give(s, 1, wool=1, grain=3)
    act(s, "trade")
    act(s, "offer_give", 4)
    act(s, "offer_ask", 2)
    act(s, "propose")
    act(s, "accept")  # player 1 shows a wool
    for seed in range(20):
        world = GAME.determinize(s, 2, Rng(seed))
        assert world.hand[5 + 2] >= 1 and world.hand[4] >= 1


def test_undo_policy_reversible_builds_irreversible_chance() -> None:
    s = blank()
    settle(s, 0, corner(8, 0))
    give(s, 0, lumber=2, brick=2, ore=4)
    assert not GAME.is_irreversible(s, TABLE.get("road", 0))
    assert not GAME.is_irreversible(s, TABLE.get("maritime", 4, 4, 0))
    for kind in ("end", "buy", "knight", "monopoly"):
        args = (0,) if kind == "monopoly" else ()
        assert GAME.is_irreversible(s, TABLE.get(kind, *args))
    assert GAME.is_irreversible(s, TABLE.get("roll"))
    assert GAME.is_irreversible(s, TABLE.get("robber", 0, -1))
    roll(s, 6)
    assert GAME.is_irreversible(s, TABLE.get("propose"))


def test_match_undo_of_a_build_but_not_of_a_roll() -> None:
    match = Match(GAME, GAME.make_options(players=3), 7)
    agents = [RandomAgent(p, avoid={"trade"}) for p in range(3)]
    while match.state.phase != 2:  # to the first roll
        match.play(agents[match.to_move].choose(GAME, match.state))
    p = match.to_move
    match.play(TABLE.get("roll"))
    try:
        match.undo(p)
        raise AssertionError("a roll was undone")
    except UndoRefused:
        pass


def test_action_texts_parse_back_in_both_languages() -> None:
    s = midgame(3, 10)
    for action in GAME.legal_actions(s):
        for lang in ("en", "ja"):
            text = GAME.action_text(action, lang)
            assert GAME.parse_action(s, text) is action
    texts = {lang: [GAME.action_text(a, lang) for a in TABLE] for lang in ("en", "ja")}
    for lang, names in texts.items():
        assert len(set(names)) == len(names), f"{lang}: two actions share a text"
    assert GAME.action_text(TABLE.get("maritime", 4, 4, 0)) == "trade 4 ore for 1 lumber"
    assert GAME.action_text(TABLE.get("maritime", 4, 4, 0), "ja") == "海外貿易 鉱石4枚を木材1枚に"


def test_narration_in_english_and_japanese_respects_secrets() -> None:
    s = blank()
    give(s, 0, wool=1, grain=1, ore=1)
    events = act(s, "buy")
    card = s.deck and None
    mine = GAME.describe(events[-1], 0)
    theirs = GAME.describe(events[-1], 1)
    assert mine != theirs and "(?)" in theirs
    assert "発展カード" in GAME.describe(events[-1], 1, "ja")
    assert card is None


def test_render_fits_100_columns_with_colours() -> None:
    from rich.console import Console

    s = midgame(4, 25)
    for lang in ("en", "ja"):
        text = GAME.render(s, 0, lang)
        console = Console(width=100, record=True, color_system="truecolor")
        console.print(text)
        plain = console.export_text()
        assert max(len(line) for line in plain.splitlines()) <= 100
        assert "[" in text  # rich markup for colours
        assert "h9" in plain and "0" in plain  # hex and intersection numbers
    assert "mountains" in GAME.render(s, None) and "山脈" in GAME.render(s, None, "ja")


def test_the_text_board_names_owners_without_colours() -> None:
    """Buildings and roads carry their player's number, so a board without colours (a
    terminal or a screen reader) still says whose they are."""
    from rich.console import Console

    s = blank()
    settle(s, 1, corner(0, 0))
    city(s, 2, corner(4, 3))
    console = Console(width=100, record=True, color_system=None)
    console.print(GAME.render(s, None))
    plain = console.export_text()
    assert f"2S{corner(0, 0)}" in plain and f"3C{corner(4, 3)}" in plain
    assert "1 for P1" in plain


def test_the_public_record_follows_production_and_trades() -> None:
    """CT-PROD-1: everyone sees what a roll pays; CT-PORT: a bank trade is seen too."""
    s = blank()
    h = next(h for h in range(19) if s.board.number[h])
    kind = s.board.resource[h]
    settle(s, 1, corner(h, 0))
    roll(s, s.board.number[h])
    assert s.known[5 + kind] == s.hand[5 + kind] >= 1
    give(s, 0, ore=4)  # unseen: the record does not know them
    act(s, "maritime", 4, 4, 3)
    assert s.known[0:5] == [0, 0, 0, 1, 0] and s.hand[4] == 0
    check(s)


def test_a_stolen_card_is_unseen_and_a_lone_discard_is_seen() -> None:
    """CT-ROBBER-5: the stolen card stays hidden, so every kind the victim surely held
    may be the one gone; CT-SEVEN-2: the cards returned to the bank are seen."""
    s = blank()
    give(s, 0, brick=2, ore=1)
    s.known[0:5] = s.hand[0:5]
    steal(s, 1, 0)
    assert s.known[0:5] == [0, 1, 0, 0, 0] and s.known[5:10] == [0] * 5
    s = blank()
    give(s, 1, ore=4, grain=4)
    s.known[5:10] = s.hand[5:10]
    roll(s, 7)
    for _ in range(4):
        act(s, "discard", 4)
    assert s.known[5:10] == [0, 0, 0, 4, 0]
    check(s)


def test_determinize_keeps_the_cards_the_record_shows() -> None:
    s = blank()
    give(s, 1, brick=2, ore=1, wool=2)
    s.known[5:10] = [0, 2, 0, 0, 0]  # the two bricks were seen arriving
    give(s, 2, ore=2, wool=1)
    dealt = set()
    for seed in range(30):
        world = GAME.determinize(s, 0, Rng(seed))
        assert world.hand[5 + 1] >= 2 and world.known == s.known
        dealt.add(tuple(world.hand[5:10]))
        check(world)
    assert len(dealt) > 1  # the unseen cards really are dealt again
