"""Russian Railroads in a real browser: a human and two bots, the first rounds played by
clicking the boards (action spaces, payment menus, track markers, loco slots...), a reload
mid-turn, then play to the end. At every decision the boards must show what the engine's
view says, and every legal action must be offered exactly once: on its place on the board
or in the list."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Page, expect

from kaido.core.records import Record
from tests.server.live import LiveServer
from tests.web.pages import FINISHED, action_key, create_table, sign_up, table_state
from tests.web.test_catan import check_summary

PAGE = ".table-page:not(.pending)"
ME = 0
# Where the board offers an action (see placeOf in kaido/web/boards/russian_railroads.js);
# the other kinds are in the list of actions.
PLACES = {
    "place": "space:{0}",
    "repeat": "space:{0}",
    "reuse": "space:{0}",
    "step": "marker:{0}:{1}",
    "industry": "industry:{0}",
    "loco": "slot:{0}",
    "replace_factory": "factory:{0}",
    "advantage": "token:{0}",
    "advantage_card": "card:{0}",
    "start_bonus": "start:{0}",
    "take_stock": "stock:{0}",
    "keep": "keep:{0}",  # an end bonus card to keep, drawn as a card (.rr-cards)
}
BOARD_ROUNDS = 3
"""Rounds played by choosing among everything on offer; later the human mostly passes."""


def place_of(action: list[Any]) -> str | None:
    pattern = PLACES.get(action[0])
    return pattern.format(*action[1:]) if pattern else None


def api_state(page: Page, table: str) -> dict[str, Any]:
    return table_state(page, table)


def wait_for_decision(page: Page) -> bool:
    """True when the human decides now (the page ready for it), False once the game is over."""
    ready = f"{PAGE}[data-status=playing] :is(button.legal, .rr-wrap .place), {FINISHED}"
    page.wait_for_selector(ready, timeout=60_000, state="attached")
    return page.locator(FINISHED).count() == 0


def offered(page: Page) -> tuple[dict[str, str], set[str]]:
    """The board's clickable places (place -> its one action's key, or '' for a menu) and
    the keys of the listed actions."""
    found: list[list[str]] = page.eval_on_selector_all(
        f"{PAGE} .rr-wrap .place",
        "els => els.map(e => [e.dataset.place, e.dataset.action || ''])",
    )
    places = dict(found)
    assert len(places) == len(found), f"a place drawn twice: {found}"
    listed: list[str] = page.eval_on_selector_all(
        f"{PAGE} button.legal", "els => els.map(e => e.dataset.action)"
    )
    return places, set(listed)


def check_offer(page: Page, legal: list[dict[str, Any]]) -> None:
    places, listed = offered(page)
    by_place: dict[str, list[str]] = {}
    expected_listed = set()
    for item in legal:
        key, place = action_key(item["action"]), place_of(item["action"])
        if place is None:
            expected_listed.add(key)
        else:
            by_place.setdefault(place, []).append(key)
    assert listed == expected_listed
    assert set(places) == set(by_place)
    for place, keys in by_place.items():
        assert places[place] == (keys[0] if len(keys) == 1 else ""), place


def click(page: Page, action: list[Any]) -> str:
    """Do `action` as a person would; says how: 'board', 'menu' (a place, then a choice in
    its menu) or 'list'."""
    key = action_key(action)
    version = page.locator(".table-page").get_attribute("data-version")
    place = place_of(action)
    if place is None:
        page.locator(f"{PAGE} button.legal[data-action='{key}']").click()
        how = "list"
    else:
        target = page.locator(f"{PAGE} .rr-wrap .place[data-place='{place}']")
        how = "board" if target.get_attribute("data-action") == key else "menu"
        target.click()
        if how == "menu":
            page.locator(f".choice-menu button[data-action='{key}']").click()
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")
    return how


BOARD_FACTS = """() => {
    const page = document.querySelector('.table-page');
    const ints = (el, names) => names.map(n => Number(el.dataset[n]));
    const all = (svg, css, names) => [...svg.querySelectorAll(css)].map(e => ints(e, names));
    const one = (svg, css, name) => all(svg, css, [name]).map(values => values[0]);
    const boards = [...document.querySelectorAll('svg.rr.player')].map(svg => ({
        seat: Number(svg.dataset.seat),
        numbers: ints(svg, ['rubles', 'vp', 'workers', 'passed']),
        markers: all(svg, '.marker', ['line', 'colour', 'square']),
        locos: one(svg, '.loco-slot', 'tile'),
        reach: one(svg, '.line', 'reach'),
        industry: all(svg, '.industry-marker', ['marker', 'square']),
        factories: one(svg, '.factory-space', 'factory'),
        tokens: one(svg, '.advantage-token', 'used'),
        cards: [...svg.querySelectorAll('.end-bonus-card')].map(e => e.dataset.card),
    }));
    const spaces = Object.fromEntries([...document.querySelectorAll('svg.rr.main .space')]
        .map(e => [e.dataset.space, e.dataset.occupied]));
    const round = Number(document.querySelector('svg.rr.main .rounds').dataset.round);
    const keys = [...document.querySelectorAll('svg.rr.main .space')].map(e => e.dataset.key);
    const note = document.querySelector('svg.rr.main .round-note')?.textContent || '';
    return { version: Number(page.dataset.version), boards, spaces, round, keys, note };
}"""


def check_board(page: Page, state: dict[str, Any]) -> None:
    """The boards show the view: numbers, markers, locos, industry, tokens, cards, spaces."""
    facts = page.evaluate(BOARD_FACTS)
    assert facts["version"] == state["version"]
    view = state["view"]
    assert facts["round"] == view["round"]
    assert sorted(board["seat"] for board in facts["boards"]) == list(range(len(view["players"])))
    for board in facts["boards"]:
        seen = view["players"][board["seat"]]
        numbers = [seen["rubles"], seen["vp"], seen["workers"], seen["passed"]]
        assert board["numbers"] == numbers
        on_lines = sorted(
            [line, colour, square]
            for line, squares in enumerate(seen["markers"])
            for colour, square in enumerate(squares)
            if square
        )
        assert sorted(m for m in board["markers"] if m[2]) == on_lines
        assert board["locos"] == seen["locos"] and board["reach"] == seen["reach"]
        assert sorted(board["industry"]) == [
            [m, at] for m, at in enumerate(seen["industry"]) if at >= 0
        ]
        assert board["factories"] == seen["factories"]
        assert board["tokens"] == [seen["advantage_tokens"] >> k & 1 for k in range(7)]
        faces = seen["end_bonus"]
        if faces is None:  # hidden: as many backs as cards taken
            faces = [""] * len(seen["end_bonus_acquired"])
        assert board["cards"] == [str(card) for card in faces]
    occupied: dict[str, list[int]] = {}
    for space, seat, *_ in view["placements"]:
        occupied.setdefault(str(space), []).append(seat)
    for space, seats in facts["spaces"].items():
        assert seats == " ".join(map(str, occupied.get(space, []))), space
    last = view["round"] == view["rounds"]
    assert ("last_1" in facts["keys"]) == last and ("order_1" in facts["keys"]) == (not last)
    assert bool(facts["note"]) == (last or view["phase"] != 1)


def choose(rng: random.Random, state: dict[str, Any], paid: bool) -> list[Any]:
    """Anything on offer while the first rounds are played on the board (once a space paid
    with a ruble, chosen in its menu of payments); later pass when possible, else the first
    choice."""
    actions = [item["action"] for item in state["legal"]]
    if state["view"]["round"] > BOARD_ROUNDS:
        return ["pass"] if ["pass"] in actions else actions[0]
    placing = [a for a in actions if a[0] == "place"]
    with_ruble = [a for a in placing if a[2]]
    if with_ruble and not paid:
        return rng.choice(with_ruble)
    if placing and rng.random() < 0.9:
        return rng.choice(placing)
    return rng.choice(actions)


def test_a_russian_railroads_game_against_two_bots(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "normal", "normal"], game="russian_railroads")
    page.wait_for_selector("svg.rr.main")
    rng = random.Random(7)
    done: dict[str, int] = {}
    while wait_for_decision(page):
        state = api_state(page, table)
        assert state["to_move"] == ME and state["legal"]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        if state["view"]["round"] == 2 and "japanese" not in done:
            done["japanese"] = switch_to_japanese(page, state)
        check_board(page, state)
        check_offer(page, state["legal"])
        action = choose(rng, state, "menu" in done)
        how = step_marker(page, action) if action[0] == "step" else click(page, action)
        for kind in (how, action[0]):
            done[kind] = done.get(kind, 0) + 1
        mid_turn = state["view"]["phase"] == 1 and action[0] == "place"
        if mid_turn and "reloaded" not in done and reload_mid_turn(page, table):
            done["reloaded"] = 1
    assert done.get("board", 0) >= 10 and done.get("menu", 0) >= 1, done
    assert done.get("step", 0) >= 3 and done.get("reloaded") == done.get("japanese") == 1, done
    expect(page.locator(".result table tr")).to_have_count(4)
    check_summary(page, table, rows=8, charts=1)
    final = api_state(page, table)
    check_board(page, final)
    # At the end every card is shown.
    for seat, seen in enumerate(final["view"]["players"]):
        cards = page.locator(f"svg.rr.player[data-seat='{seat}'] .end-bonus-card.face")
        expect(cards).to_have_count(len(seen["end_bonus"]))
    record = Record.loads(page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.text())"))
    assert record.game == "russian_railroads" and record.result is not None
    # The replay draws the same boards, with nothing to click.
    page.click(f"a[href='/replay/{table}']")
    page.wait_for_selector(".replay[data-step='0'] svg.rr.main")
    page.click("button.next")
    page.wait_for_selector(".replay[data-step='1'] svg.rr.main")
    expect(page.locator("svg.rr.player")).to_have_count(3)
    expect(page.locator("svg.rr .place")).to_have_count(0)


def step_marker(page: Page, action: list[Any]) -> str:
    """Click a track marker: it moves one square on."""
    line, colour = action[1], action[2]
    marker = page.locator(
        f"svg.rr.player[data-seat='{ME}'] .marker[data-line='{line}'][data-colour='{colour}']"
    )
    before = int(marker.get_attribute("data-square") or 0)
    how = click(page, action)
    expect(marker).to_have_attribute("data-square", str(before + 1))
    return how


def reload_mid_turn(page: Page, table: str) -> bool:
    """Reload while the human is carrying out a placement; the boards come back the same."""
    state = api_state(page, table)
    if state["to_move"] != ME or not state["view"]["pending"]:
        return False
    rubles = page.locator(f"svg.rr.player[data-seat='{ME}']").get_attribute("data-rubles")
    page.reload()
    page.wait_for_selector(f"{PAGE}[data-version='{state['version']}'] svg.rr.main")
    expect(page.locator(f"svg.rr.player[data-seat='{ME}']")).to_have_attribute(
        "data-rubles", rubles or ""
    )
    check_board(page, state)
    check_offer(page, state["legal"])
    return True


def switch_to_japanese(page: Page, state: dict[str, Any]) -> int:
    """The boards' own words and the engine's texts, in Japanese."""
    page.click("header button.lang")
    page.wait_for_selector(f"{PAGE}[data-version='{state['version']}'] svg.rr.main")
    expect(page.locator("svg.rr.main")).to_have_attribute(
        "aria-label", "ロシアンレールロードのメインボード"
    )
    expect(page.locator("svg.rr.main .rounds text").first).to_have_text(
        f"ラウンド 2 / {state['view']['rounds']}"
    )
    # The space's name first; when it can be taken, what taking it does follows (hover help).
    expect(page.locator("svg.rr.main .space[data-key='black_3'] > title")).to_have_text(
        re.compile(r"^黒3マス（ワーカー2）(\n.*)?$")
    )
    expect(page.locator("svg.rr.player .line text").first).to_have_text("シベリア横断鉄道")
    expect(page.locator(".log")).to_contain_text("第2ラウンド開始")
    return 1
