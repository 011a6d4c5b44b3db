"""Catan in a real browser: the opening placed by clicking the board, rolling, building,
trading with the bank, a reload mid-turn, and play to the end; two humans in two browsers
who never receive each other's hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from kaido.core.records import Record
from kaido.games import get_game
from tests.server.live import LiveServer
from tests.web.pages import (
    DEALS,
    FINISHED,
    Frames,
    action_key,
    create_table,
    play_as_guest,
    sign_up,
    table_state,
)

CATAN = get_game("catan")
CATAN_COLOURS = ["red", "blue", "white", "orange"]
PAGE = ".table-page:not(.pending)"
CHOICES = f"{PAGE} [data-action]"
MENUS = f"{PAGE} svg.catan .place:not([data-action])"
CONTROLS = f"{PAGE} :is(.picker, .open-offer, .open-counter)"
OFFERED = f"{CHOICES}, {MENUS}, {CONTROLS}"
# The control that offers each kind of action done with counters or resource buttons.
PICKERS = {
    "discard": ".picker.discard",
    "year_of_plenty": ".picker.plenty",
    "maritime": ".picker.bank",
    "trade": ":is(.open-offer, .picker.offer-editor)",
    "counter": ":is(.open-counter, .picker.counter-editor)",
}
PICKERS |= dict.fromkeys(["propose", "offer_give", "offer_ask"], ".picker.offer-editor")
COUNTER_KINDS = ["counter_submit", "counter_give", "counter_ask"]
PICKERS |= dict.fromkeys(COUNTER_KINDS, ".picker.counter-editor")
# What the test's player prefers, in order; a domestic offer ("trade") only if nothing else.
# Building comes before trading with the bank so that the game surely shows both (a player
# who trades every four of a kind away may never hold a road's brick and lumber).
PREFERENCE = ["settlement", "city", "road", "roll", "maritime", "discard", "robber", "decline"]
PREFERENCE += ["trade_with", "reject", "withdraw", "end"]


def decisions(page: Page, frames: Frames | None = None) -> list[list[Any]]:
    """The actions this page offers now, or [] at the end. Each must be reachable: clickable
    (on the board or in the list), in the menu of its place, or in its control. (`frames`,
    the page's messages, are reported if it offers nothing.)"""
    try:
        page.wait_for_selector(f"{OFFERED}, {FINISHED}", timeout=60_000, state="attached")
    except PlaywrightTimeout as error:
        seen = what_the_page_shows(page) | {"received": frames.lately() if frames else None}
        raise AssertionError(f"the page offers nothing: {seen}") from error
    if page.locator(FINISHED).count():
        return []
    found: list[str] = page.eval_on_selector_all(CHOICES, "els => els.map(e => e.dataset.action)")
    menus: list[str] = page.eval_on_selector_all(MENUS, "els => els.map(e => e.dataset.place)")
    legal = [item["action"] for item in api_state(page, table_of(page))["legal"]]
    for action in legal:
        control = PICKERS.get(action[0])
        reachable = action_key(action) in found or place_of(action) in menus
        assert reachable or (control and page.locator(f"{PAGE} {control}").count()), action
    return legal


def what_the_page_shows(page: Page) -> dict[str, Any]:
    """What a failing wait reports: the page's state and the server's, side by side."""
    shown = page.evaluate(
        """() => {
            const page = document.querySelector('.table-page');
            return {
                classes: page && page.className, version: page && page.dataset.version,
                offline: Boolean(document.querySelector('.connection-lost')),
                actions: [...document.querySelectorAll('[data-action]')].length,
                status: (document.querySelector('.side') || {}).innerText,
            };
        }"""
    )
    state = api_state(page, table_of(page))
    server = {key: state.get(key) for key in ("version", "status", "seat", "to_move", "legal")}
    return {"page": shown, "server": server}


def table_of(page: Page) -> str:
    return page.url.rsplit("/", 1)[1]


def place_of(action: list[Any]) -> str | None:
    return f"hex:{action[1]}" if action[0] == "robber" else None


def click(page: Page, action: list[Any]) -> str:
    """Do `action` as a person would; says how: 'board' or 'list' (one click), 'menu' (its
    place, then the choice in the menu that opens) or 'picker' (a control)."""
    version = page.locator(".table-page").get_attribute("data-version")
    direct = page.locator(f"{CHOICES}[data-action='{action_key(action)}']")
    how = "picker"
    if direct.count():
        how = "list" if "legal" in (direct.first.get_attribute("class") or "") else "board"
        direct.first.click()
    elif action[0] == "robber":
        page.locator(f"{MENUS}[data-place='{place_of(action)}']").click()
        page.locator(f".choice-menu button[data-action='{action_key(action)}']").click()
        how = "menu"
    elif action[0] == "maritime":
        page.locator(f"{PAGE} .picker.bank button.give[data-kind='{action[1]}']").click()
        page.locator(f"{PAGE} .picker.bank button[data-action='{action_key(action)}']").click()
    elif action[0] == "discard":
        discard_half(page)
    elif action[0] == "year_of_plenty":
        for kind in (k for k in action[1:] if k >= 0):
            page.locator(f"{PAGE} .counters.plenty [data-kind='{kind}'] .inc").click()
        page.locator(f"{PAGE} .do-plenty").click()
    else:
        raise AssertionError(f"the test does not do {action} (offers are written on purpose)")
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")
    return how


def discard_half(page: Page) -> None:
    """Choose the cards to discard with the counters (from the largest piles), then discard."""
    state = api_state(page, table_of(page))
    me, hand = state["seat"], list(state["view"]["hand"])
    need = state["view"]["discarding"][me]
    summary = page.locator(f"{PAGE} .picker.discard .summary")
    expect(summary).to_have_text(f"0 of {need} chosen")
    for n in range(need):
        kind = max(range(5), key=lambda k: hand[k])
        hand[kind] -= 1
        page.locator(f"{PAGE} .counters.discard [data-kind='{kind}'] .inc").click()
        expect(summary).to_have_text(f"{n + 1} of {need} chosen")
    page.locator(f"{PAGE} .do-discard").click()
    expect(page.locator(".picker.discard")).to_have_count(0, timeout=30_000)


def offer_terms(page: Page) -> tuple[int, int] | None:
    """One card of the largest pile for one of a kind the others could hold, if any."""
    view = api_state(page, table_of(page))["view"]
    hand, bank = view["hand"], view["bank"]
    give = max(range(5), key=lambda k: hand[k])
    asks = [k for k in range(5) if k != give and 19 - bank[k] - hand[k] > 0]
    return (give, asks[0]) if hand[give] and asks else None


def write_offer(page: Page, side: str, give: int, ask: int) -> None:
    """Write an offer (or a counter-offer) with the counters: one card for one; send it."""
    version = page.locator(".table-page").get_attribute("data-version")
    page.locator(f"{PAGE} .open-{side}").click()
    editor = page.locator(f"{PAGE} .picker.{side}-editor")
    editor.locator(f".counters.{side}-give [data-kind='{give}'] .inc").click()
    editor.locator(f".counters.{side}-ask [data-kind='{ask}'] .inc").click()
    expect(editor.locator(f".counters.{side}-ask [data-kind='{give}'] .inc")).to_be_disabled()
    editor.locator(f".send-{side}").click()
    # The page sends the offer card by card, each action once the last is done: wait for
    # the last (the page no longer pending), else the test could read the table between
    # two of them and wait for this page to decide when the others answer.
    page.wait_for_selector(f"{PAGE}:not([data-version='{version}'])")


def choose(actions: list[list[Any]]) -> list[Any]:
    for kind in PREFERENCE:
        found = [action for action in actions if action[0] == kind]
        if found:  # a bank trade at the best rate, as the page offers it
            return min(found, key=lambda a: a[2]) if kind == "maritime" else found[0]
    return next((a for a in actions if a[0] != "trade"), actions[0])


def my_pieces(page: Page, seat: int = 0) -> int:
    return page.locator(f"svg.catan [data-player='{seat}']").count()


PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


def best_corner(page: Page, table: str, actions: list[list[Any]]) -> list[Any]:
    """The settlement whose hexes roll most often (the player's own judgement)."""
    geometry = page.evaluate(f"fetch('/api/tables/{table}/geometry').then(r => r.json())")
    numbers = [number for _terrain, number in api_state(page, table)["view"]["board"]["hexes"]]

    def pips(action: list[Any]) -> int:
        return sum(
            PIPS[numbers[h]]
            for h, hexagon in enumerate(geometry["hexes"])
            if action[1] in hexagon["corners"]
        )

    return max(actions, key=pips)


def api_state(page: Page, table: str) -> dict[str, Any]:
    return table_state(page, table)


def opening(page: Page, table: str) -> None:
    """Two settlements and two roads, each clicked on the board."""
    page.wait_for_selector("svg.catan")
    for kind in ["settlement", "road", "settlement", "road"]:
        actions = decisions(page)
        assert actions and {a[0] for a in actions} == {kind}
        before = my_pieces(page)
        chosen = best_corner(page, table, actions) if kind == "settlement" else actions[0]
        page.locator(f"svg.catan .place.{kind}[data-action='{action_key(chosen)}']").click()
        expect(page.locator("svg.catan [data-player='0']")).to_have_count(before + 1)


def test_a_hoarder_discards_with_counters_and_robs_through_the_menu(
    page: Page, server: LiveServer
) -> None:
    """A player who never spends: on a 7 they choose the cards to discard with counters;
    moving the robber they click the hex, then whom to rob in its menu."""
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "normal", "normal", "normal"], game="catan")
    opening(page, table)
    done: set[str] = set()
    menus_offered = 0
    while not done >= {"discarded", "menu"}:
        actions = decisions(page)
        if not actions:
            break
        robbers = [a for a in actions if a[0] == "robber"]
        if robbers:  # the hex offering the most choices
            action = max(robbers, key=lambda a: sum(b[1] == a[1] for b in robbers))
            menus_offered += sum(b[1] == action[1] for b in robbers) > 1
        else:
            kinds = ["roll", "discard", "decline", "reject", "end"]
            action = next(a for kind in kinds for a in actions if a[0] == kind)
        how = click(page, action)
        done.add("discarded" if action[0] == "discard" else how)
    assert "discarded" in done, done
    assert ("menu" in done) == (menus_offered > 0), done


def test_a_catan_game_against_three_bots(page: Page, server: LiveServer) -> None:
    sign_up(page, server.url, "Ann")
    table = create_table(page, ["human", "normal", "normal", "normal"], game="catan")
    opening(page, table)
    done: set[str] = set()
    for _ in range(3000):
        actions = decisions(page)
        if not actions:
            break
        terms = offer_terms(page) if ["trade"] in actions and "offered" not in done else None
        if terms:
            write_offer(page, "offer", *terms)
            expect(page.locator(".log")).to_contain_text("red offers 1")
            done.add("offered")
            continue
        action = choose(actions)
        if (
            action[0] in ("road", "settlement", "city")
            and page.locator(f"svg.catan .place[data-action='{action_key(action)}']").count()
        ):
            done.add("built on the board")
        if action[0] == "maritime":
            done.add("traded with the bank")
        if action[0] == "roll":
            done.add("rolled")
        if click(page, action) == "menu":
            done.add("robbed through the menu")
        if "rolled" in done and "reloaded" not in done and decisions(page):
            hand = page.locator(".cards-row.hand").text_content() or ""
            version = page.locator(".table-page").get_attribute("data-version")
            page.reload()  # mid-turn: rolled, not yet ended
            page.wait_for_selector(f".table-page[data-version='{version}'] svg.catan")
            expect(page.locator(".cards-row.hand")).to_have_text(hand)
            done.add("reloaded")
    page.wait_for_selector(FINISHED)
    assert done >= {"built on the board", "traded with the bank", "rolled", "reloaded"}, done
    assert "offered" in done, done
    expect(page.locator(".result table tr")).to_have_count(5)
    check_summary(page, table, rows=5, charts=2)
    check_log_turns(page)
    check_badges(page, table)
    record = Record.loads(page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.text())"))
    assert record.game == "catan" and record.result is not None


def check_log_turns(page: Page) -> None:
    """Each "<colour>'s turn" opens an entry of the log under that colour, not under the
    player who ended the turn before."""
    entries = page.eval_on_selector_all(
        ".log li",
        "els => els.map(e => [e.querySelector('.who').textContent,"
        " [...e.querySelectorAll('.event')].map(x => x.textContent)])",
    )
    turns = [(who, events) for who, events in entries if any("'s turn" in e for e in events)]
    assert len(turns) > 8, entries[:20]
    for who, events in turns:
        assert events[0] == f"{who}'s turn", (who, events)
        assert all("'s turn" not in e for e in events[1:]), (who, events)


def check_badges(page: Page, table: str) -> None:
    """Longest Road and Largest Army: an SVG icon by the holder's name, named below the
    table, which stays inside its panel."""
    view = api_state(page, table)["view"]
    held = {"road": view["longest_road"], "army": view["largest_army"]}
    for name, holder in held.items():
        icons = page.locator(f".catan-players .badges svg.icon-{name}")
        if holder is None or holder < 0:
            expect(icons).to_have_count(0)
            continue
        expect(
            page.locator(f".catan-players tr[data-seat='{holder}'] svg.icon-{name}")
        ).to_be_visible()
        expect(page.locator(f".badge-legend .badge.{name}")).to_contain_text(CATAN_COLOURS[holder])
    widths = "e => [e.querySelector('table.catan-players').scrollWidth, e.clientWidth]"
    table_width, panel_width = page.locator(".catan-panel").evaluate(widths)
    assert table_width <= panel_width, (table_width, panel_width)


def check_summary(page: Page, table: str, rows: int, charts: int) -> None:
    """The finished game's breakdown (a row per category, then the totals, which are the
    scores) with players named as people know them, and its charts."""
    summary = page.locator(".summary")
    expect(summary.locator(".breakdown tr")).to_have_count(rows + 2)
    expect(summary.locator(".breakdown th[data-seat='0']")).to_contain_text("Ann")
    totals = summary.locator(".breakdown tr.total td").all_text_contents()
    assert [int(x) for x in totals] == api_state(page, table)["result"]["scores"]
    expect(summary.locator(".chart-box")).to_have_count(charts)
    assert summary.locator(".chart-box svg :is(rect.bar, polyline.line)").count() > 0


@pytest.fixture
def patient_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose offers never lapse during the test: on a loaded machine the guest
    may take longer than the usual 30 s to reach the counter-offer it must write."""
    with LiveServer(
        tmp_path / "data", bot_delay=0.05, offer_seconds=3600, options=DEALS
    ) as running:
        yield running


def test_two_humans_never_receive_each_others_hand(
    browser: Browser, patient_server: LiveServer
) -> None:
    server = patient_server
    contexts = [browser.new_context(), browser.new_context()]
    host, guest = (context.new_page() for context in contexts)
    frames = [Frames(host), Frames(guest)]
    sign_up(host, server.url, "Host")
    table = create_table(host, ["human", "human", "normal"], game="catan")
    play_as_guest(guest, server.url)
    guest.goto(f"{server.url}/table/{table}")
    guest.click("button.sit")
    pages = [host, guest]
    for page in pages:
        page.wait_for_selector("svg.catan")
    done: set[str] = set()
    offered_in: set[int] = set()  # the turns the host offered in: one offer a turn
    for _ in range(4000):
        state = api_state(host, table)
        if state["status"] == "finished":
            break
        if state["to_move"] == 2:  # the bot's decision
            host.wait_for_selector(f".table-page:not([data-version='{state['version']}'])")
            continue
        page = pages[state["to_move"]]
        page.wait_for_selector(f".table-page[data-version='{state['version']}']")
        actions = decisions(page, frames[state["to_move"]])
        turn = state["view"]["turns"]
        # The host offers until the guest has countered once; the guest answers first, and
        # counters when it holds a card to give (else the offer lapses and the host tries
        # again on a later turn: the deal decides when the guest has cards). The terms are
        # read from the server only when an offer or a counter-offer could be written.
        may_offer = ["trade"] in actions and "countered" not in done and turn not in offered_in
        may_counter = ["counter"] in actions and done == {"offered"} and state["to_move"] == 1
        terms = offer_terms(page) if may_offer or may_counter else None
        if may_offer and terms and state["view"]["hand_sizes"][1]:
            write_offer(page, "offer", *terms)
            done.add("offered")
            offered_in.add(turn)
        elif may_counter and terms:
            write_offer(page, "counter", *terms)
            expect(host.locator(".log")).to_contain_text("blue counters", timeout=30_000)
            done.add("countered")
        else:
            click(page, choose(actions))
        for seat, other in enumerate(pages):
            # Read the page's version, its hand and its version again in one go, so a live
            # update arriving meanwhile (a bot moving) cannot pair a hand with another state.
            version, shown, again = other.evaluate(
                """() => {
                    const page = document.querySelector('.table-page');
                    const before = Number(page.dataset.version);
                    const hand = [...document.querySelectorAll('.cards-row.hand li')]
                        .map(e => Number(e.dataset.count));
                    return [before, hand, Number(page.dataset.version)];
                }"""
            )
            own = api_state(other, table)
            if version == again == own["version"]:
                assert shown == own["view"]["hand"] and own["seat"] == seat
    assert api_state(host, table)["status"] == "finished"
    assert done == {"offered", "countered"}, done
    record = Record.loads(host.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.text())"))
    check_frames_against_the_engine(record, frames)
    assert [f.errors for f in frames] == [[], []]
    for context in contexts:
        context.close()


def check_frames_against_the_engine(record: Record, frames: list[Frames]) -> None:
    """Every view either page received is exactly `view(state, its seat)` at that point."""
    options = CATAN.make_options(record.options)
    table = CATAN.action_table(options)
    state = CATAN.setup(options, record.seed)
    views_at: list[list[dict[str, Any]]] = [[CATAN.view(state, 0), CATAN.view(state, 1)]]
    for value in record.actions:
        CATAN.apply(state, table.from_json(value))
        views_at.append([CATAN.view(state, 0), CATAN.view(state, 1)])
    checked = 0
    for seat, received in enumerate(frames):
        for message in received.states():
            if "view" not in message:
                continue
            step = message["log_from"] + len(message["log"])
            assert message["view"] == views_at[step][seat]
            for entry in message["log"]:
                for event in entry["events"]:
                    assert "hand" not in event["data"] or entry["player"] == seat
            checked += 1
    assert checked > 100
