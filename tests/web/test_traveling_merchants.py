"""The Era of Traveling Merchants in a real browser: a human against a bot, played by clicking
the board. Starting cities, moves and trading houses are clicked on a card, loads on a
production stock or on a zone's cubes, shipping on an order of the row or a special order; a
place with several actions (which good to return when the wagon is full, which cards pay
for a house) opens a menu; ending the turn stays in the list. At every decision the board
must show the view (wagons, houses, stock, zones, row, gem stacks, cargo) and offer every
legal action exactly once, on the board or in the list. The human follows a small planner
(fill the order needing fewest loads and steps) so that it moves, loads and ships."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kaido.games.traveling_merchants.board import DATA
from tests.server.live import LiveServer
from tests.web.pages import FINISHED, action_key, create_table, play_as_guest, sign_up
from tests.web.test_russian_railroads import api_state

PAGE = ".table-page:not(.pending)"
ON_BOARD = ("start", "move", "pair", "three", "load", "ship", "special")
TOUCH = 44

MAP_FACTS = """() => [...document.querySelectorAll('svg.tm.map .tm-card')].map(g => ({
    card: Number(g.dataset.card),
    wagons: [...g.querySelectorAll('.tm-wagon')].map(e => Number(e.dataset.player)),
    houses: [...g.querySelectorAll('.tm-house')].map(e => Number(e.dataset.player)),
    stock: [...g.querySelectorAll('.tm-stock')].map(e => Number(e.dataset.count)),
    zones: [...g.querySelectorAll('.tm-zone-good')].map(
        e => [Number(e.dataset.player), Number(e.dataset.good), Number(e.dataset.count)]),
}))"""

ORDERS = "[...document.querySelectorAll('.tm-row:not(.tm-specials) .tm-order')]"
PLAYERS = "[...document.querySelectorAll('.tm-player')]"
ROW_FACTS = f"""() => ({{
    row: {ORDERS}.map(e => e.dataset.order ? Number(e.dataset.order) : -1),
    gems: {ORDERS}.map(e => e.querySelector('.tm-gem')).map(
        gem => gem ? [gem.dataset.gem, Number(gem.dataset.count)] : null),
    specials: [...document.querySelectorAll('.tm-specials .tm-order')].map(
        e => Number(e.dataset.owner)),
    cargo: {PLAYERS}.map(e => e.dataset.cargo),
    carts: {PLAYERS}.map(e => e.querySelectorAll('.tm-cart').length),
    titles: [...document.querySelectorAll('.tm-title')].map(e => e.dataset.title),
}})"""

PLACES = """() => Object.fromEntries([...document.querySelectorAll(
    '.table-page:not(.pending) .tm-wrap .place')].map(
    e => [e.dataset.place, e.dataset.action || null]))"""


def on_map(view: dict[str, Any], p: int) -> bool:
    """A wagon is drawn once its player has chosen a starting city (TM-SETUP-12)."""
    return view["phase"] != "start" or view["wagons"][p]["houses_left"] < DATA.setup["houses"]


def check_board(page: Page, view: dict[str, Any]) -> None:
    """What the board shows is the view: every card of the map with its wagons, houses,
    stock and zones; the row with its gem stacks; the specials' owners; cargo and carts."""
    n = view["players"]
    wagons = view["wagons"]
    facts = page.evaluate(MAP_FACTS)
    assert sorted(f["card"] for f in facts) == sorted(c for _, _, c in view["map"]["cells"])
    for f in facts:
        c = f["card"]
        assert f["wagons"] == [p for p in range(n) if on_map(view, p) and wagons[p]["card"] == c]
        assert f["houses"] == [p for p in range(n) if view["houses"][c] >> p & 1]
        good = DATA.cities[c].good
        assert f["stock"] == ([view["stock"][good]] if good >= 0 else [])
        zones = [[p, g, k] for p in range(n) for g, k in enumerate(view["zones"][c][p]) if k]
        assert f["zones"] == zones
    seen = page.evaluate(ROW_FACTS)
    assert seen["row"] == view["row"]
    red, white = view["gems"]["red"], view["gems"]["white"]
    stacks = [["red", red], ["white", white]] if red else [["white", white]]
    stacks = [s for s in stacks if s[1]]  # TM-GEM-1, TM-GEM-4
    assert seen["gems"] == stacks + [None] * (len(view["row"]) - len(stacks))
    assert seen["specials"] == view["specials"]
    assert seen["cargo"] == [",".join(map(str, w["cargo"])) for w in view["wagons"]]
    assert seen["carts"] == [len(w["orders"]) for w in view["wagons"]]
    shown = [DATA.titles[code // 2][code % 2].id for code in view["titles"]]
    assert seen["titles"] == shown


def place_of(view: dict[str, Any], action: list[Any]) -> str | None:
    """Where the board offers `action`, or None for the list."""
    kind = action[0]
    if kind in ("start", "move", "pair", "three"):
        return f"card:{action[1]}"
    if kind == "load":
        good, source = action[1], action[2]
        if source < 0:
            return f"stock:{good}"
        return f"zone:{view['wagons'][view['to_move']]['card']}:{source}:{good}"
    if kind == "ship":
        return f"order:{action[1]}"
    if kind == "special":
        return f"special:{action[1]}"
    return None


def check_offer(page: Page, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    """Each legal action once: on its place (alone, or among the place's menu) or listed."""
    expected: dict[str, list[str]] = {}
    listed = set()
    for item in legal:
        where = place_of(view, item["action"])
        if where is None:
            listed.add(action_key(item["action"]))
        else:
            expected.setdefault(where, []).append(action_key(item["action"]))
    places = page.evaluate(PLACES)
    assert set(places) == set(expected)
    for where, keys in expected.items():
        assert places[where] == (keys[0] if len(keys) == 1 else None), where
    buttons = page.eval_on_selector_all(
        f"{PAGE} button.legal", "els => els.map(e => e.dataset.action)"
    )
    assert sorted(buttons) == sorted(listed)


# ---- the human's plan -------------------------------------------------------------------


def distances(view: dict[str, Any], start: int) -> dict[int, int]:
    at = {(x, y): c for x, y, c in view["map"]["cells"]}
    where = {c: (x, y) for (x, y), c in at.items()}
    out = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        x, y = where[c]
        for step in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            other = at.get((x + step[0], y + step[1]))
            if other is not None and other not in out:
                out[other] = out[c] + 1
                todo.append(other)
    return out


def choose(view: dict[str, Any], actions: list[list[Any]], turn: int) -> list[Any]:
    """Ship when possible; else load a good the nearest fillable order lacks, or move toward
    where it is made, or, with the goods aboard, toward the order's city."""
    first = {a[0]: a for a in reversed(actions)}
    for kind in ("ship", "special", "start", "pair", "three"):
        if kind in first:
            return [a for a in actions if a[0] == kind][turn % sum(a[0] == kind for a in actions)]
    me = view["to_move"]
    wagon = view["wagons"][me]
    cargo, here = wagon["cargo"], wagon["card"]
    near = distances(view, here)
    sources = [  # where each good can be loaded: its stock, or another player's zone
        [
            c
            for c in near
            if (DATA.cities[c].good == g and view["stock"][g])
            or any(view["zones"][c][q][g] for q in range(view["players"]) if q != me)
        ]
        for g in range(4)
    ]

    def lacking(order: Any) -> list[int]:
        return [max(0, k - cargo[g]) for g, k in enumerate(order.goods)]

    orders = [DATA.orders[o] for o in view["row"] if o > 0]
    orders = [
        o
        for o in orders
        if o.size <= wagon["capacity"] and all(sources[g] for g, k in enumerate(lacking(o)) if k)
    ]
    if not orders:
        return first["end"]
    target = min(orders, key=lambda o: (2 * sum(lacking(o)) + near.get(o.city, 99), o.id))
    need = lacking(target)
    for a in actions:  # a needed good, returning one the order does not need when full
        if a[0] == "load" and need[a[1]] and (a[3] < 0 or cargo[a[3]] > target.goods[a[3]]):
            return a
    if sum(need):
        goal = min((c for g in range(4) if need[g] for c in sources[g]), key=lambda c: near[c])
    else:
        goal = target.city
    moves = [a for a in actions if a[0] == "move"]
    if moves and goal != here:
        return min(moves, key=lambda a: distances(view, a[1]).get(goal, 99))
    return first["end"]


# ---- clicking ---------------------------------------------------------------------------


def press(page: Page, selector: str, touch: bool) -> None:
    """Click (or tap) the first element `selector` finds; on a phone a board drawn too small
    zooms on the first tap, so the place is tapped again, then at least 44 px."""
    target = page.locator(selector).first
    target.evaluate("e => e.scrollIntoView({block: 'center'})")
    if not touch:
        target.click()
        return
    zoomed = page.locator(".zoom-out:visible")
    if zoomed.count() and target.evaluate("e => Boolean(e.closest('.zoom-box'))"):
        zoomed.first.tap()  # the place may be outside the zoomed view
    box = target.bounding_box()
    assert box is not None
    if min(box["width"], box["height"]) < TOUCH and target.evaluate(
        "e => Boolean(e.closest('.zoom-box'))"
    ):
        target.tap()
        expect(page.locator("svg.board.zoomed")).to_have_count(1)
        box = target.bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= TOUCH - 1, box
    target.evaluate("e => e.scrollIntoView({block: 'center'})")
    target.tap()


def do(page: Page, view: dict[str, Any], action: list[Any], touch: bool = False) -> None:
    key = action_key(action)
    version = page.locator(".table-page").get_attribute("data-version")
    where = place_of(view, action)
    if where is None:
        press(page, f"{PAGE} button.legal[data-action='{key}']", touch)
    else:
        selector = f"{PAGE} .tm-wrap .place[data-place='{where}']"
        menu = page.locator(selector).get_attribute("data-action") != key
        press(page, selector, touch)
        if menu:
            press(page, f".choice-menu button[data-action='{key}']", touch)
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def wait_for_decision(page: Page) -> bool:
    ready = f"{PAGE}[data-status=playing] :is(button.legal, .tm-wrap .place), {FINISHED}"
    page.wait_for_selector(ready, timeout=60_000, state="attached")
    return page.locator(FINISHED).count() == 0


def play(page: Page, table: str, touch: bool, until_ships: int | None = None) -> set[str]:
    """The human's decisions, each checked, until the end (or `until_ships` ships)."""
    kinds: list[str] = []
    turn = 0
    while wait_for_decision(page):
        state = api_state(page, table)
        assert state["to_move"] == 0 and state["legal"]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        view = state["view"]
        check_board(page, view)
        check_offer(page, view, state["legal"])
        action = choose(view, [item["action"] for item in state["legal"]], turn)
        turn += action[0] == "end"
        do(page, view, action, touch)
        kinds.append(action[0])
        if until_ships is not None and kinds.count("ship") >= until_ships:
            break
        assert len(kinds) < 400, f"the game does not end: {kinds[-30:]} {view}"
    return set(kinds)


@pytest.mark.parametrize(
    ("chosen", "checked"),
    [({}, ()), ({"map": "2"}, ("road", "titles", "random_cities"))],
    ids=["basic", "crossroads-road-titles"],
)
def test_a_traveling_merchants_game_clicked_on_the_board(
    page: Page, server: LiveServer, chosen: dict[str, str], checked: tuple[str, ...]
) -> None:
    """A whole game at desktop size: start, moves, loads and ships are clicked on the board
    (TM-SETUP-12, TM-MOVE-1, TM-LOAD-1, TM-SHIP-1), the board following the view."""
    sign_up(page, server.url, "Ann")
    table = create_table(
        page, ["human", "normal"], game="traveling_merchants", checked=checked, chosen=chosen
    )
    page.wait_for_selector("svg.tm.map")
    kinds = play(page, table, touch=False)
    assert {"start", "move", "load", "ship"} <= kinds
    assert kinds & {"pair", "three"}, kinds  # a trading house chosen on its card (TM-HOUSE)
    result = api_state(page, table)["result"]
    assert len(result["scores"]) == 2


def test_traveling_merchants_on_a_phone_by_tapping(phone: Page, server: LiveServer) -> None:
    """At 390x844 the same moves are tapped (zooming the map where a place is under 44 px)
    until the human has shipped an order; the page fits the screen's width."""
    play_as_guest(phone, server.url)
    table = create_table(phone, ["human", "normal"], game="traveling_merchants")
    phone.wait_for_selector("svg.tm.map")
    kinds = play(phone, table, touch=True, until_ships=1)
    assert {"start", "move", "load", "ship"} <= kinds
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
