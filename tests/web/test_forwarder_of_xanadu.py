"""Forwarder of Xanadu in a real browser: a human and bots, played by clicking the board.
Companies, draft picks and skills are clicked on their cards, workers on an action card,
gained resources and offices on an area, a transport by clicking its source area, then an
adjacent destination, then the load in a small menu; requests on their card (a menu of the
areas when several can pay), improvements on the player's warehouse line, dailies and
unlocks on the company board, surveys and exclusive refills on a deck. Ending the turn or
the growth, the upkeep's office refill and a daily's split between port and office stay in
the list. At every decision the board
must show the view (districts, gauges, warehouses, action cards, market, hands) and offer
each legal action exactly once, on the board or in the list."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from kaido.core.match import Match
from kaido.games.forwarder_of_xanadu import GAME
from kaido.games.forwarder_of_xanadu.agents import HeuristicAgent
from kaido.games.forwarder_of_xanadu.board import DATA, Request
from kaido.games.forwarder_of_xanadu.engine import pay_plan
from kaido.games.forwarder_of_xanadu.state import PAY
from tests.server.live import LiveServer
from tests.web.conftest import open_page
from tests.web.pages import (
    FINISHED,
    Frames,
    action_key,
    create_table,
    play_as_guest,
    sign_up,
    table_state,
)
from tests.web.test_catan import check_summary
from tests.web.test_japanese_pages import fragments
from tests.web.test_phones import check_layout
from tests.web.test_russian_railroads import api_state
from tests.web.test_table_help import HOVER
from tests.web.test_traveling_merchants import press

PAGE = ".table-page:not(.pending)"
TOUCH = 44
WRAP = f"{PAGE} .fx-wrap"
# Where the board offers each kind of action; "move" is chosen in two clicks (see do()).
PLACES = {
    "company": "company:{0}",
    "draft": "draft:{0}",
    "place": "card:{0}",
    "dispatch": "card:{0}",
    "survey": "deck:{0}",
    "exclusive": "deck:{0}",
    "use": "skill:{0}",
    "play": "skill:{0}",
    "put": "area:{0}",
    "office": "area:{0}",
    "fulfil": "request:{0}",
    "swap": "request:6",
    "daily": "daily:{0}",
    "improve": "wh:{0}",
    "unlock": "track:{0}",
    "start": "seat:{0}",
    "move": "area:{0}",
}

BOARD_FACTS = """() => ({
    areas: [...document.querySelectorAll('svg.fx.map .fx-area')].map(g => ({
        area: Number(g.dataset.area), district: Number(g.dataset.district),
        tokens: g.querySelector('.fx-gauge').dataset.tokens,
        wh: [...g.querySelectorAll('.fx-wh')].map(e => [Number(e.dataset.player), e.dataset.cubes]),
        offices: [...g.querySelectorAll('.fx-office')].map(e => Number(e.dataset.player)),
    })),
    cards: [...document.querySelectorAll('.fx-card')].map(e => e.dataset.spaces),
    market: [...document.querySelectorAll('.fx-market > .fx-market-row .fx-request')].map(
        e => e.dataset.card ? Number(e.dataset.card) : -1),
    decks: [...document.querySelectorAll('.fx-deck')].map(e => Number(e.dataset.count)),
    seats: [...document.querySelectorAll('.fx-seat')].map(e => ({
        vp: Number(e.dataset.vp), company: Number(e.dataset.company),
        hand: e.querySelector('.fx-hand') ? e.querySelector('.fx-hand').dataset.cards : null,
        hidden: e.querySelector('.fx-hand-hidden') ?
            Number(e.querySelector('.fx-hand-hidden').dataset.size) : null,
        played: e.querySelector('.fx-played').dataset.cards,
        tracks: [...e.querySelectorAll('.fx-track')].map(t => Number(t.dataset.open)),
        dailies: [...e.querySelectorAll('.fx-daily')].map(t => Number(t.dataset.up)),
    })),
    draft: document.querySelector('.fx-draft') ?
        document.querySelector('.fx-draft').dataset.cards : null,
    stock: document.querySelector('.fx-stock').dataset.stock,
})"""

PLACED = """() => Object.fromEntries([...document.querySelectorAll(
    '.table-page:not(.pending) .fx-wrap .place')].map(
    e => [e.dataset.place, e.dataset.action || null]))"""

TRACKS = ("storage", "transport", "quality", "worker", "skill")


def joined(values: list[int]) -> str:
    return ",".join(str(v) for v in values)


def check_board(page: Page, view: dict[str, Any]) -> None:
    """What the board shows is the view: each area's district, gauge tokens, warehouses and
    offices; the action cards' spaces; the market and decks; every company board."""
    facts = page.evaluate(BOARD_FACTS)
    seats = view["seats"]
    assert [f["area"] for f in facts["areas"]] == list(range(10))
    for f in facts["areas"]:
        a = f["area"]
        assert f["district"] == view["board"][a]
        assert f["tokens"] == joined(view["gauges"][a])
        wh = [
            [p, joined(s["warehouses"][a])] for p, s in enumerate(seats) if any(s["warehouses"][a])
        ]
        assert f["wh"] == wh, (a, f["wh"], wh)
        assert f["offices"] == [p for p, s in enumerate(seats) if s["office"] == a]
    assert facts["cards"] == [joined(c["spaces"]) for c in view["action_cards"]]
    assert facts["market"] == view["market"]
    assert facts["decks"] == view["decks"]
    assert facts["stock"] == joined(view["stock"])
    for p, (seen, seat) in enumerate(zip(facts["seats"], seats, strict=True)):
        assert seen["vp"] == seat["vp"] and seen["company"] == seat["company"]
        if seat["hand"] is None:  # hidden information: a count, never the cards
            assert seen["hand"] is None and seen["hidden"] == seat["hand_size"], p
        else:
            assert seen["hand"] == joined(seat["hand"]) and seen["hidden"] is None
        assert seen["played"] == joined(seat["played"])
        assert seen["tracks"] == [seat["cells"][t] for t in TRACKS]
        assert seen["dailies"] == seat["dailies"]
    if view["phase"] == "draft" and view["viewer"] is not None:
        assert facts["draft"] == joined(seats[view["viewer"]]["draft_hand"])


def place_of(action: list[Any]) -> str | None:
    pattern = PLACES.get(action[0])
    return pattern.format(*action[1:]) if pattern else None


def check_offer(page: Page, legal: list[dict[str, Any]]) -> None:
    """Each legal action once: on its place (alone, or in the place's menu; a transport's
    source opens its destinations) or in the list."""
    expected: dict[str, list[str]] = {}
    listed = set()
    for item in legal:
        where = place_of(item["action"])
        if where is None:
            listed.add(action_key(item["action"]))
        else:
            expected.setdefault(where, []).append(action_key(item["action"]))
    places = page.evaluate(PLACED)
    assert set(places) == set(expected), (places, expected)
    for where, keys in expected.items():
        single = len(keys) == 1 and not keys[0].startswith('["move"')
        assert places[where] == (keys[0] if single else None), where
    buttons = page.eval_on_selector_all(
        f"{PAGE} button.legal", "els => els.map(e => e.dataset.action)"
    )
    assert sorted(buttons) == sorted(listed)


def check_hover(page: Page, legal: list[dict[str, Any]]) -> None:
    """Every place says on hover what clicking it does: its one action's help (its text,
    then what follows: Game.action_help), or its title and the choices of its menu (a
    transport's source: where it starts)."""
    helps = {action_key(item["action"]): item["help"] for item in legal}
    for place in page.evaluate(HOVER):
        assert place["help"] and place["hover"] == place["help"], place
        if place["action"]:
            assert helps[place["action"]] in place["help"].split("\n"), place


# ---- the human's choices --------------------------------------------------------------

PREFERRED = ("fulfil", "daily", "play", "unlock", "office", "swap", "company", "draft", "start",
             "exclusive", "refill")  # fmt: skip
PORT = DATA.port


def icons(view: dict[str, Any], a: int) -> tuple[int, ...]:
    d = view["board"][a]
    return DATA.port_board.icons if d < 0 else DATA.districts[d].icons


def target(view: dict[str, Any]) -> tuple[Request, int] | None:
    """The cheapest request showing for the player deciding (the market, their exclusive)
    with a district next to the port showing its icon: the request and that district."""
    me = view["seats"][view["to_move"]]
    cards = [DATA.requests[c] for c in [*view["market"], me["exclusive"]] if c >= 0]
    near = DATA.adjacent[PORT]
    options = [(sum(r.cost), r.id, r, a) for r in cards for a in near if r.type in icons(view, a)]
    options = [o for o in options if sum(o[2].cost) <= me["limit"]]
    return (min(options)[2], min(options)[3]) if options else None


def plan(view: dict[str, Any]) -> tuple[str, list[int], int]:
    """What the target request still lacks: "request" when the district's warehouse pays
    it, else "improve" (the port's cubes need a better grade) or "transport" and the cubes
    per grade still to carry to the district."""
    me = view["seats"][view["to_move"]]
    aim = target(view)
    if aim is None:
        return "transport", [0, 0, 0], -1
    request, area = aim
    there = me["warehouses"][area]
    if pay_plan(there, request.cost) is not None:
        return "request", [0, 0, 0], area
    port = me["warehouses"][PORT]
    lack = [max(0, request.cost[g] - there[g]) for g in range(3)]
    for g in (2, 1):
        if lack[g] > port[g]:
            return "improve", [g - 1, 0, 0], area
    return "transport", lack, area


def choose(view: dict[str, Any], actions: list[list[Any]], rng: random.Random) -> list[Any]:
    """A seeded player that makes progress toward the cheapest showing request: it
    improves at the port, carries the cubes next door, then fulfils there; growth and the
    draft are chosen at random; now and then a random action for variety."""
    kinds = {a[0] for a in actions}
    for kind in PREFERRED:
        if kind in kinds:
            return rng.choice([a for a in actions if a[0] == kind])
    if rng.random() < 0.1:
        return rng.choice(actions)
    goal, lack, area = plan(view)
    if "put" in kinds:
        return ["put", PORT]
    if "place" in kinds:
        cards = view["action_cards"]
        kind = ("request", "transport", "improve").index(goal)
        fitting = [a for a in actions if a[0] == "place" and cards[a[1]]["type"] == kind]
        return rng.choice(fitting or [a for a in actions if a[0] == "place"])
    if goal == "improve" and ["improve", PORT, lack[0]] in actions:
        return ["improve", PORT, lack[0]]
    moves = [a for a in actions if a[0] == "move" and a[1] == PORT and a[2] == area]
    if goal == "transport" and moves:
        return max(moves, key=lambda a: sum(min(a[3 + g], lack[g]) for g in range(3)))
    return ["end"] if "end" in kinds else rng.choice(actions)


def do(page: Page, action: list[Any], legal: list[list[Any]], touch: bool, lang: str) -> None:
    """Make `action` (one of `legal`) as a person would: on its place, through its menu,
    or from the list."""
    key = action_key(action)
    version = page.locator(".table-page").get_attribute("data-version")
    where = place_of(action)
    if where is None:
        press(page, f"{PAGE} button.legal[data-action='{key}']", touch)
    else:
        if action[0] == "move":  # the source, then the destination
            press(page, f"{WRAP} .place[data-place='{where}'] .fx-head", touch)
            expect(page.locator(f"{WRAP} .fx-area.chosen")).to_have_count(1)
            # the destinations offered, and only they, are dashed (FX-TRANS-2)
            dests = page.eval_on_selector_all(
                f"{WRAP} .fx-area:has(.fx-dest)", "els => els.map(e => Number(e.dataset.area))"
            )
            reach = {a[2] for a in legal if a[0] == "move" and a[1] == action[1]}
            assert dests == sorted(reach), dests
            where = f"area:{action[2]}"
        selector = f"{WRAP} .place[data-place='{where}']"
        menu = page.locator(selector).get_attribute("data-action") != key
        # An area is clicked on its top band: its warehouse lines may be places of their own.
        press(page, f"{selector} .fx-head" if where.startswith("area:") else selector, touch)
        if menu:
            if lang == "ja":  # the menu's title and choices too
                expect(page.locator(".choice-menu")).to_have_count(1)
                assert fragments(page) == ["English"]
            press(page, f".choice-menu button[data-action='{key}']", touch)
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def wait_for_decision(page: Page) -> bool:
    ready = f"{PAGE}[data-status=playing] :is(button.legal, .fx-wrap .place), {FINISHED}"
    page.wait_for_selector(ready, timeout=90_000, state="attached")
    return page.locator(FINISHED).count() == 0


def play(
    page: Page,
    table: str,
    touch: bool,
    seed: int,
    most: int = 10_000,
    until: str = "",
    lang: str = "en",
) -> list[str]:
    """The human's decisions, each checked against the view (its texts in `lang`, the
    page's language), until the end, `most` of them or the first of kind `until`."""
    rng = random.Random(seed)
    kinds: list[str] = []
    while len(kinds) < most and wait_for_decision(page):
        state = table_state(page, table, f"?lang={lang}")
        assert state["to_move"] == state["seat"] and state["legal"]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        check_board(page, state["view"])
        check_offer(page, state["legal"])
        check_hover(page, state["legal"])
        if lang == "ja":  # no English word on the page (but the button back to English)
            assert fragments(page) == ["English"]
        if touch:  # the cards and boards around the map are tapped as drawn: 44 px or more
            sizes = page.eval_on_selector_all(
                f"{WRAP} .place:not(g)", "els => els.map(e => e.getBoundingClientRect().height)"
            )
            assert all(size >= TOUCH for size in sizes), sizes
        action = choose(state["view"], [item["action"] for item in state["legal"]], rng)
        do(page, action, [item["action"] for item in state["legal"]], touch, lang)
        kinds.append(str(action[0]))
        if action[0] == until:
            break
        assert len(kinds) < 600, f"the game does not end: {kinds[-30:]}"
    return kinds


# ---- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize(("style", "lang"), [("standard", "en"), ("custom", "ja")])
def test_a_forwarder_game_clicked_on_the_board(
    page: Page, server: LiveServer, style: str, lang: str
) -> None:
    """A whole game at desktop size, every decision made on the board where it has a place
    (FX-SETUP-3, FX-STYLE-2, FX-TURN-3, FX-PLACE-2, FX-TRANS-1, FX-REQ-3, FX-IMPR-1,
    FX-DAILY-1, FX-GROW-1), then the end-of-game breakdown by VP category. The custom game
    is played in Japanese: no English word on the page at any decision, in any menu opened,
    nor in the breakdown."""
    sign_up(page, server.url, "Ann")
    if lang == "ja":
        page.click("button.lang")
        page.wait_for_selector("#create-table h2:text-is('新しいテーブル')")
    table = create_table(
        page, ["human", "normal", "normal"], game="forwarder_of_xanadu", chosen={"style": style}
    )
    page.wait_for_selector("svg.fx.map")
    kinds = play(page, table, touch=False, seed=1 if style == "standard" else 2, lang=lang)
    assert {"company", "place", "put", "move", "fulfil", "unlock", "end"} <= set(kinds), kinds
    if style == "custom":
        assert "draft" in kinds
    page.wait_for_selector(FINISHED)
    check_summary(page, table, rows=7, charts=3)
    check_board(page, api_state(page, table)["view"])
    if lang == "ja":
        assert fragments(page) == ["English"]
    # The replay draws the same board, with nothing to click.
    page.click(f"a[href='/replay/{table}']")
    page.wait_for_selector(".replay[data-step='0'] svg.fx.map")
    page.click("button.next")
    page.wait_for_selector(".replay[data-step='1'] svg.fx.map")
    expect(page.locator(".fx-seat")).to_have_count(3)
    expect(page.locator(".fx-wrap .place")).to_have_count(0)


def test_forwarder_on_a_phone_by_tapping(phone: Page, server: LiveServer) -> None:
    """At 390x844, 5 players, the same decisions are tapped (the map zooms where a place is
    under 44 px) until the human has fulfilled a request; the page is no wider than the
    screen, the actions sit in the bar at the bottom with buttons a finger can hit."""
    play_as_guest(phone, server.url)
    seats = ["human", "normal", "normal", "normal", "normal"]  # 5 lines in a warehouse
    table = create_table(phone, seats, game="forwarder_of_xanadu")
    phone.wait_for_selector("svg.fx.map")
    kinds = play(phone, table, touch=True, seed=3, until="fulfil")
    assert {"company", "place", "move", "fulfil"} <= set(kinds), kinds
    check_layout(phone)


def test_a_spectator_sees_no_hand_FX_STYLE_2(browser: Browser, server: LiveServer) -> None:
    """Skill hands and the hands passed in the draft are hidden: a spectator's board shows
    counts only and its socket never carries a card of a hand; the player sees their own."""
    for ann in open_page(browser, viewport={"width": 1280, "height": 900}):
        sign_up(ann, server.url, "Ann")
        table = create_table(
            ann, ["human", "normal", "normal"], game="forwarder_of_xanadu",
            chosen={"style": "custom"},
        )  # fmt: skip
        for watcher in open_page(browser, viewport={"width": 1280, "height": 900}):
            frames = Frames(watcher)
            play_as_guest(watcher, server.url)
            watcher.goto(f"{server.url}/table/{table}")
            watcher.wait_for_selector("svg.fx.map")
            play(ann, table, touch=False, seed=4, most=12)  # the company, the draft, a turn
            ann.wait_for_selector(f"{PAGE} .fx-hand")
            watcher.wait_for_selector(".fx-hand-hidden")
            expect(watcher.locator(".fx-hand")).to_have_count(0)
            expect(watcher.locator(".fx-draft .fx-skill")).to_have_count(0)
            expect(watcher.locator(".fx-seat .fx-hand-hidden")).to_have_count(3)
            states = [m for m in frames.states() if m.get("view")]
            assert states
            for message in states:
                for seat in message["view"]["seats"]:
                    assert seat["hand"] is None and seat["draft_hand"] is None


def test_a_daily_s_split_between_port_and_office_is_chosen_in_the_list(
    page: Page, server: LiveServer
) -> None:
    """FX-DAILY-1, R-8: where a daily can be paid with more than one split of port and
    office cubes, the page says so above the board and lists the splits, the port first
    first; the one clicked is paid. A pass-and-play table (every seat Ann's) is played up
    to that decision by heuristic choices, mirrored on a local game of the same deal
    (`--table-seeds 1`)."""
    sign_up(page, server.url, "Ann")
    # The local game mirrors only what is sent: no step is taken for Ann on the server.
    assert page.request.post(f"{server.url}/api/preferences", data={"auto_forced": False}).ok
    body = {"game": "forwarder_of_xanadu", "seats": [{"kind": "human"}] * 3, "pass_and_play": True}
    table = page.evaluate(
        "body => fetch('/api/tables', {method: 'POST', headers: {'content-type': "
        "'application/json'}, body: JSON.stringify(body)}).then(r => r.json())"
        ".then(r => r.table.id)",
        body,
    )
    match = Match(GAME, GAME.make_options(players=3), 1, keep_history=False)
    agents = [HeuristicAgent(p) for p in range(3)]
    version = api_state(page, table)["version"]
    while match.state.phase != PAY:
        action = agents[match.to_move].choose(GAME, match.state)
        sent = page.request.post(
            f"{server.url}/api/tables/{table}/act",
            data={"action": action.to_json(), "move": version},
        )
        assert sent.ok, sent.text()
        version = sent.json()["version"]
        match.play(action, trusted=True)
    page.goto(f"{server.url}/table/{table}")
    page.locator(".pass-device button.ready").click()
    prompt = page.locator(f".prompt[data-seat='{match.to_move}']")
    expect(prompt).to_contain_text("Pay daily")
    expect(prompt).to_contain_text("how many of its cubes come from your office")
    splits = [action_key(a.to_json()) for a in GAME.legal_actions(match.state)]
    listed = page.eval_on_selector_all(
        f"{PAGE} button.legal", "els => els.map(e => e.dataset.action)"
    )
    assert listed == splits and len(splits) > 1
    expect(page.locator(f"{PAGE} button.legal").first).to_have_text("pay the daily from the port")
    chosen = GAME.legal_actions(match.state)[-1]  # the most from the office
    press(page, f"{PAGE} button.legal[data-action='{action_key(chosen.to_json())}']", touch=False)
    match.play(chosen, trusted=True)
    expect(page.locator(".fx-wrap")).to_have_attribute("data-phase", "act")
    p = match.state.cur
    assert api_state(page, table)["view"]["seats"][p]["warehouses"] == [
        match.state.wh[(p * 10 + a) * 3 : (p * 10 + a) * 3 + 3] for a in range(10)
    ]
