"""Cargo Empire in a real browser: a human against a bot, a whole game played by clicking.
Transports are chosen on the map (origin, destination, then the demand space in a menu if
several), set-up posts and refills on their city, display cards on the display, the marker
to move on the marker and the row it enters on the row (CE-DEV); the ways to pay in the
list. In vassal mode the vassal's delivery is chosen on the map the same way, origin then
destination. At every decision the map must show the view's levels, cubes and posts, and
every legal action must be offered exactly once."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.server.live import LiveServer
from tests.web.pages import FINISHED, action_key, create_table, sign_up
from tests.web.test_russian_railroads import api_state

PAGE = ".table-page:not(.pending)"
ON_CITY = ("first_post", "second_post", "refill", "emblem", "move_emblem")
ROUTES = ("plan", "vassal", "glatt_move")  # chosen origin first, then destination
ON_TRACK = ("advance", "extra", "row")  # a marker to move; the row a marker enters
IN_HAND = ("keep_goal", "pay", "take_card", "take_three")  # on the seat's cards (.ce-hand)
ON_MAP = (*ON_CITY, *ROUTES, *ON_TRACK, *IN_HAND, "city_card", "express")


def wait_for_decision(page: Page) -> bool:
    ready = f"{PAGE}[data-status=playing] :is(button.legal, .ce-wrap .place), {FINISHED}"
    page.wait_for_selector(ready, timeout=60_000, state="attached")
    return page.locator(FINISHED).count() == 0


MAP_FACTS = """() => [...document.querySelectorAll('svg.ce.map .city')].map(g => ({
    level: Number(g.dataset.level),
    cubes: [...g.querySelectorAll('[data-cube]')].map(e => e.dataset.cube || null),
    demand: [...g.querySelectorAll('[data-demand]')].map(e => e.dataset.post),
    place: g.dataset.place || null,
    action: g.dataset.action || null,
    origin: g.classList.contains('origin'),
}))"""


def check_map(page: Page, view: dict[str, Any]) -> list[dict[str, Any]]:
    facts: list[dict[str, Any]] = page.evaluate(MAP_FACTS)
    assert len(facts) == len(view["cities"])
    for seen, city in zip(facts, view["cities"], strict=True):
        assert seen["level"] == city["level"]
        assert seen["cubes"] == city.get("cubes", [])
        posts = ["" if d["post"] is None else str(d["post"]) for d in city.get("demand", [])]
        assert seen["demand"] == posts
    return facts


def city_of(action: list[Any], view: dict[str, Any]) -> int:
    """The city an action on a city is clicked on; the second post goes on the city of
    the personal city card (CE-SET-18)."""
    if action[0] != "second_post":
        return int(action[1])
    card = view["players"][view["to_move"]]["setup_card"]
    return next(c for c, city in enumerate(view["cities"]) if city["name"] == card)


def check_offer(
    page: Page, legal: list[dict[str, Any]], facts: list[dict[str, Any]], view: dict[str, Any]
) -> bool:
    """Plans and vassal deliveries start at the outlined origins; actions on a city are its
    place (one action, or a menu, which an origin's always is); display cards on the
    display, the seat's cards in its hand; everything else listed once. Whether a city was
    both an origin and the place of other actions (bug 7's clash)."""
    actions = [item["action"] for item in legal]
    origins = {a[1] for a in actions if a[0] in ROUTES}
    assert {c for c, f in enumerate(facts) if f["origin"]} == origins
    on_city: dict[int, list[str]] = {}
    for a in actions:
        if a[0] in ON_CITY:
            on_city.setdefault(city_of(a, view), []).append(action_key(a))
    placed = {c for c, f in enumerate(facts) if f["place"]}
    assert placed == origins | set(on_city)
    for c, keys in on_city.items():
        alone = len(keys) == 1 and c not in origins
        assert facts[c]["action"] == (keys[0] if alone else None)
    listed = set(
        page.eval_on_selector_all(f"{PAGE} button.legal", "els => els.map(e => e.dataset.action)")
    )
    cards = set(
        page.eval_on_selector_all(f"{PAGE} .ce-card.place", "els => els.map(e => e.dataset.action)")
    )
    hand = set(
        page.eval_on_selector_all(
            f"{PAGE} .ce-hand .place", "els => els.map(e => e.dataset.action)"
        )
    )
    elsewhere = {action_key(a) for a in actions if a[0] not in ON_MAP}
    assert listed == elsewhere
    assert cards == {action_key(a) for a in actions if a[0] == "city_card"}
    assert hand == {action_key(a) for a in actions if a[0] in IN_HAND}
    express = set(
        page.eval_on_selector_all(
            f"{PAGE} svg.ce .express.place", "els => els.map(e => e.dataset.express)"
        )
    )
    assert express == {str(a[1]) for a in actions if a[0] == "express"}
    track = page.eval_on_selector_all(
        f"{PAGE} svg.ce.track .place", "els => els.map(e => [e.dataset.place, e.dataset.action])"
    )
    expected = {
        (f"marker:{a[1]}" if a[0] != "row" else f"row:{a[1]}", action_key(a))
        for a in actions
        if a[0] in ON_TRACK
    }
    assert {tuple(place) for place in track} == expected
    return bool(origins & set(on_city))


def click_place(page: Page, selector: str, key: str) -> None:
    target = page.locator(selector)
    menu = target.get_attribute("data-action") != key
    target.click()
    if menu:
        page.locator(f".choice-menu button[data-action='{key}']").click()


def do(page: Page, action: list[Any], view: dict[str, Any]) -> None:
    key = action_key(action)
    version = page.locator(".table-page").get_attribute("data-version")
    kind = action[0]
    if kind in ROUTES:
        origin = page.locator(f"{PAGE} svg.ce .place[data-place='city:{action[1]}']")
        origin.click()
        if page.locator(".choice-menu").count():  # the origin has actions of its own
            page.locator(".choice-menu button[data-step=board]").click()
        page.wait_for_selector(f"{PAGE} svg.ce .place.chosen[data-place='city:{action[1]}']")
        click_place(page, f"{PAGE} svg.ce .place[data-place='city:{action[2]}']", key)
    elif kind in ON_CITY:
        click_place(page, f"{PAGE} svg.ce .place[data-place='city:{city_of(action, view)}']", key)
    elif kind == "city_card":
        page.locator(f"{PAGE} .ce-card[data-action='{key}']").click()
    elif kind in IN_HAND:
        page.locator(f"{PAGE} .ce-hand .place[data-action='{key}']").click()
    elif kind in ("advance", "extra"):
        page.locator(f"{PAGE} svg.ce.track .place[data-place='marker:{action[1]}']").click()
    elif kind == "row":
        page.locator(f"{PAGE} svg.ce.track .place[data-place='row:{action[1]}']").click()
    elif kind == "express":
        click_place(page, f"{PAGE} svg.ce .place[data-place='express:{action[1]}']", key)
    else:
        page.locator(f"{PAGE} button.legal[data-action='{key}']").click()
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


EXPRESS_SIZES = """() => [...document.querySelectorAll('svg.ce.map .express')].map(
    g => { const box = g.getBBox(); return Math.max(box.width, box.height); })"""
"""An express space's place is its round space alone: a click on its middle lands on it."""

EXPRESS_FACTS = """() => [...document.querySelectorAll('svg.ce.map .express')].map(
    g => g.dataset.tile || null)"""


@pytest.mark.parametrize("board", ["europe", "dior", "vassals", "clans"])
def test_a_cargo_empire_game_against_a_bot(page: Page, server: LiveServer, board: str) -> None:
    """The whole game on either map; on Dior the express spaces show the view's tiles and
    an express tile to choose is clicked on its space (CE-DIOR-1, CE-DIOR-6); in vassal mode
    the vassal's free delivery is chosen on the map (CE-2P-7, CE-2P-8); with clans the
    emblem is placed and moved on its city and Glatt's move chosen like a route (CE-CLAN)."""
    sign_up(page, server.url, "Ann")
    vassals = board == "vassals"
    chosen = {"map": "dior" if board == "dior" else "europe"}
    checked = (board,) if board in ("vassals", "clans") else ()
    table = create_table(
        page, ["human", "normal"], game="cargo_empire", checked=checked, chosen=chosen
    )
    page.wait_for_selector("svg.ce.map")
    rng = random.Random(3)
    kinds: set[str] = set()
    offered: set[str] = set()
    clashed = False
    while wait_for_decision(page):
        state = api_state(page, table)
        assert state["to_move"] == 0 and state["legal"]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        facts = check_map(page, state["view"])
        assert page.evaluate(EXPRESS_FACTS) == state["view"].get("express", [])
        assert all(size <= 40 for size in page.evaluate(EXPRESS_SIZES))
        clash = check_offer(page, state["legal"], facts, state["view"])
        clashed |= clash
        actions = [item["action"] for item in state["legal"]]
        plans = [a for a in actions if a[0] in ROUTES]
        # Payments with two kinds of card move two markers: the order is chosen on the track.
        mixed = [a for a in actions if a[0] == "pay" and sum(n > 0 for n in a[1:4]) > 1]
        # An origin that is also the place of an emblem's move: one or the other, from its menu.
        both = {a[1] for a in plans} & {a[1] for a in actions if a[0] == "move_emblem"}
        # Ending the turn mostly, not paying cubes at once, keeps them for a paid ability
        # before a later transport, where the emblem's moves meet the origins.
        ends = [a for a in actions if a[0] == "end_turn"]
        if ends and rng.random() < 0.8:
            action = ends[0]
        elif mixed:
            action = rng.choice(mixed)
        elif clash and both:
            city = rng.choice(sorted(both))
            action = rng.choice(
                [a for a in actions if a[0] in (*ROUTES, "move_emblem") and a[1] == city]
            )
        else:
            action = rng.choice(plans) if plans and rng.random() < 0.8 else rng.choice(actions)
        do(page, action, state["view"])
        kinds.add(action[0])
        offered.update(a[0] for a in actions if a[0] in ON_TRACK)
    assert {"plan", "pay", "first_post"} <= kinds
    assert ("vassal" in kinds) == vassals
    assert "row" in offered and offered & {"advance", "extra"}  # the track's places were used
    assert ("emblem" in kinds) == (board == "clans")
    if board == "clans":  # bug 7: an origin that was the place of an emblem's move too
        assert clashed
    result = api_state(page, table)["result"]
    assert len(result["scores"]) == 2
