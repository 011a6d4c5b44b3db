"""Each game's table on a phone (390x844, touch): nothing wider than the screen, a header
on one line, the actions in a bar fixed at the bottom, buttons at least 44 px high, the
log in a drawer, and every place on a board tapped at 44 px or more (a board drawn
smaller zooms on the first tap)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.server.live import LiveServer
from tests.web.pages import PLACES, READY, create_table, play_as_guest, wait_for_turn_or_end

WIDTH, HEIGHT, TOUCH = 390, 844, 44


def box(target: Locator) -> dict[str, float]:
    found = target.bounding_box()
    assert found is not None, "not shown"
    return found


# Measured in one go: the page is drawn again after every move, a bot's included.
LAYOUT = """() => {
  const size = (e) => e.getBoundingClientRect();
  const bar = document.querySelector(".table-page .bar");
  const shown = (e) => e.offsetParent !== null;
  return {
    width: document.documentElement.scrollWidth,
    header: size(document.querySelector("header#top")).height,
    barPosition: getComputedStyle(bar).position,
    barBottom: size(bar).bottom,
    buttons: [...bar.querySelectorAll("button")].filter(shown)
      .map((b) => [b.textContent, size(b).height]),
    boards: [...document.querySelectorAll("svg.board")].map((b) => size(b).width),
  };
}"""


def check_layout(page: Page) -> None:
    """The page fits the width, the header is one line, the bar sits at the bottom with
    buttons big enough for a finger."""
    layout = page.evaluate(LAYOUT)
    assert layout["width"] <= WIDTH
    assert layout["header"] < 60
    assert layout["barPosition"] == "fixed"
    assert abs(layout["barBottom"] - HEIGHT) < 1
    assert all(height >= TOUCH for _text, height in layout["buttons"]), layout["buttons"]
    assert all(width <= WIDTH for width in layout["boards"]), layout["boards"]


def check_log_drawer(page: Page) -> None:
    """The log is hidden behind a button and opens over the page, then closes."""
    log = page.locator(".table-page .log")
    expect(log).to_be_hidden()
    page.locator(".bar .log-toggle").tap()
    expect(log).to_be_visible()
    assert box(log)["width"] >= WIDTH * 0.8
    expect(log.locator("li").first).to_be_visible()
    log.locator(".log-close").tap()
    expect(log).to_be_hidden()


def tap_place(page: Page, selector: str) -> None:
    """Tap the first place `selector` finds and wait for the move it makes."""
    version = page.locator(".table-page").get_attribute("data-version")
    tap(page, selector)
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def tap(page: Page, selector: str) -> None:
    """Tap the first place `selector` finds as a finger would: when it is too small the
    first tap zooms the board around it, and it is tapped again, now at least 44 px."""
    place = page.locator(selector).first
    if page.locator(".zoom-out:visible").count():  # the place may be out of the zoomed view
        page.locator(".zoom-out:visible").first.tap()
    size = box(place)
    if min(size["width"], size["height"]) < TOUCH:
        visible(place).tap()
        expect(page.locator("svg.board.zoomed")).to_have_count(1)
        size = box(place)
        assert min(size["width"], size["height"]) >= TOUCH - 1, size
    visible(place).tap()


def tap_choice(page: Page, selector: str) -> None:
    """Tap a place, then the first entry of its menu when it offers several actions."""
    has_menu = page.locator(selector).first.get_attribute("data-action") is None
    tap(page, selector)
    if has_menu:
        page.locator(".choice-menu button").first.tap()


def visible(target: Locator) -> Locator:
    """Scrolled to the middle of the screen (the bar covers its bottom)."""
    target.evaluate("e => e.scrollIntoView({block: 'center'})")
    return target


def test_catan_on_a_phone_settles_by_tapping_the_board(phone: Page, server: LiveServer) -> None:
    """The opening (two settlements, two roads) tapped on the board at phone size."""
    play_as_guest(phone, server.url)
    create_table(phone, ["human", "normal", "normal", "normal"], game="catan")
    phone.wait_for_selector(PLACES)
    check_layout(phone)
    assert box(phone.locator("svg.catan"))["width"] >= WIDTH * 0.85  # the board fills it
    for _ in range(4):  # settlement, road, settlement, road
        phone.wait_for_selector(PLACES)
        tap_place(phone, PLACES)
    phone.wait_for_selector(f"{READY}, {PLACES}")
    assert phone.locator("svg.catan [data-player='0']").count() == 4
    check_layout(phone)
    check_log_drawer(phone)


def test_russian_railroads_on_a_phone_places_workers_by_tapping(
    phone: Page, server: LiveServer
) -> None:
    """Workers placed by tapping action spaces of the main board at phone size."""
    play_as_guest(phone, server.url)
    create_table(phone, ["human", "normal"], game="russian_railroads")
    phone.wait_for_selector(PLACES)
    check_layout(phone)
    tap_place(phone, ".table-page:not(.pending) svg.rr.main .place[data-action]")
    for _ in range(3):  # what follows: on a board when it has a place, else in the bar
        phone.wait_for_selector(f"{READY}, {PLACES}")
        if phone.locator(PLACES).count():
            tap_place(phone, PLACES)
        else:
            version = phone.locator(".table-page").get_attribute("data-version")
            phone.locator(READY).first.tap()
            phone.wait_for_selector(f".table-page:not([data-version='{version}'])")
    check_layout(phone)
    check_log_drawer(phone)


def test_cargo_empire_on_a_phone_transports_by_tapping_the_map(
    phone: Page, server: LiveServer
) -> None:
    """The set-up (a goal card tapped among the cards in hand, the posts tapped on their
    cities), then a transport tapped origin first, then destination (and its demand space
    from the menu when there are two), then a way to pay tapped as the cards it spends, at
    phone size."""
    play_as_guest(phone, server.url)
    # a payment with one way would be taken for the player (forced steps): tapped here
    phone.evaluate("fetch('/api/preferences', {method: 'POST', headers: {'content-type': "
                   "'application/json'}, body: JSON.stringify({auto_forced: false})})")  # fmt: skip
    create_table(phone, ["human", "normal"], game="cargo_empire")
    map_places = ".table-page:not(.pending) svg.ce.map .place"
    hand = ".table-page:not(.pending) .ce-hand .place"
    origins = f"{map_places}.origin"
    phone.wait_for_selector("svg.ce.map")
    check_layout(phone)
    assert box(phone.locator("svg.ce.map"))["width"] >= WIDTH * 0.85
    posts = 0
    while not phone.locator(origins).count():
        phone.wait_for_selector(f"{hand}, {map_places}")
        if phone.locator(origins).count():
            break
        version = phone.locator(".table-page").get_attribute("data-version")
        if phone.locator(map_places).count():  # a post, tapped on its city
            tap_choice(phone, map_places)
            posts += 1
        else:  # the goal card to keep, or a transport card to take
            visible(phone.locator(hand).first).tap()
        phone.wait_for_selector(f".table-page:not([data-version='{version}'])")
    assert posts >= 2
    tap(phone, origins)
    phone.wait_for_selector(f"{origins}.chosen")
    version = phone.locator(".table-page").get_attribute("data-version")
    tap_choice(phone, f"{map_places}:not(.origin)")
    phone.wait_for_selector(f".table-page:not([data-version='{version}'])")
    pays = phone.locator(f"{hand}[data-place^='pay:']")  # the ways to pay, as cards
    assert pays.count() and box(pays.first)["height"] >= TOUCH
    check_layout(phone)
    check_log_drawer(phone)


def test_a_game_without_a_board_plays_from_the_bar(phone: Page, server: LiveServer) -> None:
    """A game drawn by the generic view: its actions are buttons in the bar."""
    play_as_guest(phone, server.url)
    create_table(phone, ["human", "easy"])
    assert wait_for_turn_or_end(phone)
    check_layout(phone)
    version = phone.locator(".table-page").get_attribute("data-version")
    phone.locator(READY).first.tap()
    phone.wait_for_selector(f".table-page:not([data-version='{version}'])")
    check_log_drawer(phone)
    phone.locator("button.lang").tap()  # the Japanese header fits as well
    expect(phone.locator(".bar .log-toggle")).to_have_text("ログ")
    assert wait_for_turn_or_end(phone)
    check_layout(phone)
