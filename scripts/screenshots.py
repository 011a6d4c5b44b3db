"""Take the screenshots in docs/: the lobby and a table in play per game, from a real
`kaido serve`; or, with `--reviews`, a finished game's review per game; or, with `--play`,
docs/play.md's pictures.

    .venv/bin/python scripts/screenshots.py [--games catan russian_railroads] [--out docs]
    .venv/bin/python scripts/screenshots.py --games cargo_empire:map=dior
    .venv/bin/python scripts/screenshots.py --reviews --games catan russian_railroads
    .venv/bin/python scripts/screenshots.py --play

Writes `lobby.png` (with the first game chosen), and `table-<game>.png`,
`table-<game>-phone.png` (at 390x844) and `table-<game>-end.png` (a game bots played to
its end) for each game (the game id with dashes; a game
given as `game:option=value` is created with that option chosen in the lobby and its
pictures are named `table-<game>-<value>.png`). With `--reviews`: `review-<game>.png`, the
replay of a game its bots played to the end, opened at its first turning point from the
review on the end screen where the bot preferred another move (the move played and the
bot's marked on the board). With `--play`: `play-quick-match.png` (the lobby while
waiting for a quick match), `play-turns.png` (a game waiting for you, and where you are
told) and `play-tournament.png` (a tournament's page in its first round). Uses
Debian's Chromium (`chromium` on the PATH, or $KAIDO_CHROMIUM) through Playwright, a
temporary data directory and a free loopback port; the human seat makes seeded random
choices among the actions it is offered (on the board or listed).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx2
from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

REPO = Path(__file__).resolve().parents[1]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHOICES = ".table-page:not(.pending) [data-action]"
FINISHED = ".table-page[data-status=finished]"
DECISIONS = {"catan": 12, "russian_railroads": 40, "forwarder_of_xanadu": 30}
"""Choices the human makes before the shot."""
FULL_PAGE = {"russian_railroads"}
"""Games whose shot is the whole page (the main board and every player's board)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True}
"""The phone the pictures `table-<game>-phone.png` are taken on (12 choices in)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    data: Path, port: int, games: list[str], bot_delay: float = 0.05, extra: tuple[str, ...] = ()
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "kaido.cli.main", "serve", "--port", str(port), *extra]
    command += ["--data-dir", str(data), "--bot-delay", str(bot_delay), "--log-level", "warning"]
    if "tiny" in games:  # the core's test game, for when no real game is registered
        command += ["--register", "tests.core.tiny_game:TINY"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(command, cwd=REPO, env=env)
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/me", timeout=1)
            return process
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("kaido serve did not start")


def play(page: Page, decisions: int, rng: random.Random) -> None:
    """Make `decisions` choices as the human seat, each among every action on offer (a
    place on the board with several actions offers them in a menu)."""
    made = 0
    while made < decisions:
        page.wait_for_selector(f"{CHOICES}, .table-page:not(.pending) svg .place, {FINISHED}")
        if page.locator(FINISHED).count():
            return
        try:
            choose(page, rng)
            made += 1
        except PlaywrightTimeout:  # the page moved on meanwhile (a bot's move): look again
            continue


def choose(page: Page, rng: random.Random) -> None:
    """One choice among the actions on offer; done once the page shows the next version."""
    version = page.locator(".table-page").get_attribute("data-version")
    menus = page.locator(".table-page:not(.pending) svg .place:not([data-action])")
    choices = page.locator(CHOICES)
    if menus.count() and (not choices.count() or rng.random() < 0.5):
        place = menus.nth(rng.randrange(menus.count())).get_attribute("data-place")
        press(page, f"svg .place[data-place='{place}']")
        choices = page.locator(".choice-menu [data-action]")
        if not choices.count():  # a place that marks a first pick (Cargo Empire's origin)
            return
        choices.nth(rng.randrange(choices.count())).click()
    else:
        key = choices.nth(rng.randrange(choices.count())).get_attribute("data-action")
        press(page, f"{CHOICES}[data-action='{key}']")
    page.wait_for_selector(f".table-page:not([data-version='{version}'])")


def press(page: Page, selector: str) -> None:
    """Click what `selector` finds; on a phone the first tap on a small board zooms it, so
    tap the place again, now big enough."""
    target = page.locator(selector).first
    if not target.evaluate("e => Boolean(e.closest('.zoom-box'))"):
        centre(target).click()
        return
    zoomed = target.locator("xpath=ancestor::*[contains(@class, 'zoom-box')][1]")
    if zoomed.locator("svg.zoomed").count():  # the place may be out of the zoomed view
        zoomed.locator(".zoom-out").click()
    centre(page.locator(selector).first).click()  # zooms in around it
    centre(page.locator(selector).first).click()


def centre(target: Locator) -> Locator:
    """Scroll `target` to the middle of the screen: on a phone the bar of actions covers
    the bottom."""
    target.evaluate("e => e.scrollIntoView({block: 'center'})")
    return target


def create_tables(page: Page, game: str) -> None:
    """A few tables so the lobby's lists are not empty."""
    for seats in (["human", "human", "bot"], ["bot", "bot", "bot"]):
        page.select_option("select[name=game]", game)
        page.select_option("select[name=players]", str(len(seats)))
        for n, kind in enumerate(seats):
            page.select_option(f"select[name=seat-{n}-kind]", kind)
        page.select_option("select[name=my_seat]", "")  # watch only: left open or bots only
        page.click("#create-table button[type=submit]")
        page.wait_for_url("**/table/*")
        page.goto(page.url.rsplit("/table/", 1)[0] + "/")
        page.wait_for_selector("#create-table")


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`cargo_empire:map=dior` -> ("cargo_empire", {"map": "dior"})."""
    game, *chosen = spec.split(":")
    return game, dict(pair.split("=", 1) for pair in chosen)


def shoot_table(
    page: Page, base: str, spec: str, out: Path, rng: random.Random, suffix: str = ""
) -> Path:
    """A table of the human (seat 1) and bots, some choices in; its picture."""
    game, chosen = split_spec(spec)
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.select_option("select[name=game]", game)
    for option, value in chosen.items():
        page.select_option(f"select[name=option-{option}]", value)
    if game in FULL_PAGE:
        page.select_option("select[name=players]", "3")
    page.click("#create-table button[type=submit]")  # the default: you and bots
    page.wait_for_url("**/table/*")
    play(page, DECISIONS.get(game, 12) if not suffix else 12, rng)
    page.wait_for_timeout(800)
    zoomed = page.locator(".zoom-out:visible")
    while zoomed.count():  # each board whole
        zoomed.first.click()
    page.evaluate("window.scrollTo(0, 0)")
    name = "-".join([game.replace("_", "-"), *chosen.values()])
    path = out / f"table-{name}{suffix}.png"
    page.screenshot(path=str(path), full_page=game in FULL_PAGE and not suffix)
    return path


FINISH = """async ([game, options]) => {
  const games = (await (await fetch("/api/games")).json()).games;
  const players = games.find((g) => g.id === game).default_players;
  const seats = Array(players).fill({kind: "bot", bot: "normal"});
  const body = {game, options, my_seat: null, seats};
  const answer = await fetch("/api/tables", {method: "POST",
    headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  return (await answer.json()).table.id;
}"""
"""A table of bots only (the page watches), for a finished game's picture."""


def shoot_end(page: Page, base: str, spec: str, out: Path) -> Path:
    """A game played to its end by bots: the end screen (places, where the points came
    from, the charts) over the final board."""
    game, chosen = split_spec(spec)
    table = page.evaluate(FINISH, [game, chosen])
    page.goto(f"{base}/table/{table}")
    page.wait_for_selector(f"{FINISHED} .summary", timeout=600_000)
    page.wait_for_timeout(500)
    name = "-".join([game.replace("_", "-"), *chosen.values()])
    path = out / f"table-{name}-end.png"
    page.screenshot(path=str(path))
    return path


def shoot_review(page: Page, base: str, spec: str, out: Path) -> Path:
    """A table of bots only, played to the end; its replay at the first turning point."""
    game, chosen = split_spec(spec)
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.select_option("select[name=game]", game)
    for option, value in chosen.items():
        page.select_option(f"select[name=option-{option}]", value)
    players = int(page.locator("select[name=players]").input_value())
    for n in range(players):
        page.select_option(f"select[name=seat-{n}-kind]", "bot")
    page.select_option("select[name=my_seat]", "")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/table/*")
    page.wait_for_selector(FINISHED, timeout=900_000)
    page.wait_for_selector(".review[data-status=ready]", timeout=600_000)
    # The first turning point where the bot preferred another move, so both are marked.
    differing = page.locator(".review button.turning:has(.bot)")
    (differing if differing.count() else page.locator(".review button.turning")).first.click()
    page.wait_for_selector(".review-move")
    page.wait_for_timeout(800)
    page.evaluate("window.scrollTo(0, 0)")
    path = out / f"review-{'-'.join([game.replace('_', '-'), *chosen.values()])}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def browse(shots: Callable[[Browser], list[Path]]) -> list[Path]:
    """`shots` taken in Debian's Chromium."""
    chromium = os.environ.get("KAIDO_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        raise SystemExit("needs Chromium: apt-get install chromium, or set KAIDO_CHROMIUM")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        try:
            return shots(browser)
        finally:
            browser.close()


def shoot_reviews(browser: Browser, base: str, games: list[str], out: Path) -> list[Path]:
    page = browser.new_page(viewport={"width": 1360, "height": 900})
    page.on("pageerror", lambda error: print("the page raised:", error, file=sys.stderr))
    page.goto(base + "/")
    page.click("#guest")
    page.wait_for_selector("#create-table")
    return [shoot_review(page, base, game, out) for game in games]


def shoot(browser: Browser, base: str, games: list[str], out: Path) -> list[Path]:
    rng = random.Random(1)
    page = browser.new_page(viewport={"width": 1360, "height": 900})
    page.set_default_timeout(90_000)  # a busy machine's bots may take a while
    page.goto(base + "/")
    page.click("#guest")
    page.wait_for_selector("#create-table")
    first = split_spec(games[0])[0]
    create_tables(page, first)
    page.select_option("select[name=game]", first)
    page.wait_for_timeout(500)
    page.screenshot(path=str(out / "lobby.png"))
    written = [out / "lobby.png"]
    written += [shoot_table(page, base, game, out, rng) for game in games]
    written += [shoot_end(page, base, game, out) for game in games]
    phone = browser.new_context(**PHONE).new_page()
    phone.set_default_timeout(90_000)
    phone.goto(base + "/")
    phone.click("#guest")
    written += [shoot_table(phone, base, game, out, rng, "-phone") for game in games]
    return written


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("#register")
    page.wait_for_selector("#quick-match")


def shoot_play(browser: Browser, base: str, out: Path) -> list[Path]:
    """docs/play.md's pictures: quick match, turns, a tournament."""
    size = {"viewport": {"width": 1280, "height": 900}}
    ann = browser.new_context(**size).new_page()
    sign_up(ann, base, "Ann")
    ann.select_option("select[name=qm-game]", "catan")
    ann.select_option("select[name=qm-players]", "4")
    ann.select_option("select[name=qm-bots]", "120")
    ann.click("#quick-match .play-now")
    ann.wait_for_selector("#quick-match[data-state=waiting] .hint")
    ann.wait_for_timeout(3000)  # a few seconds waited
    ann.screenshot(path=str(out / "play-quick-match.png"))
    ann.click(".leave-queue")
    # A turn-based game of Russian Railroads against a bot: Ann's turn.
    ann.request.post(
        f"{base}/api/tables",
        data={
            "game": "russian_railroads",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "normal"}],
            "move_seconds": 86400,
        },
    )
    ann.reload()
    ann.wait_for_selector("#list-mine .your-turn")
    ann.fill("#mail-form input[name=address]", "ann@example.org")
    ann.screenshot(path=str(out / "play-turns.png"))
    ann.click("nav a.tournaments")
    ann.fill("#create-tournament input[name=name]", "Sunday Swiss")
    ann.select_option("#create-tournament select[name=game]", "traveling_merchants")
    ann.select_option("#create-tournament select[name=seats]", "2")
    ann.fill("#create-tournament input[name=capacity]", "6")
    ann.select_option("#create-tournament select[name=bot_level]", "easy")
    ann.click("#create-tournament button[type=submit]")
    ann.wait_for_selector("#tournament #unregister")
    address = ann.url
    for name in ("Bob", "Cat", "Dan", "Eve", "Fay"):
        other = browser.new_context(**size).new_page()
        sign_up(other, base, name)
        other.goto(address)
        other.click("#register")
        other.wait_for_selector("#unregister")
        other.context.close()
    ann.wait_for_selector("#tournament[data-status=running] .round", timeout=30_000)
    ann.wait_for_timeout(6000)  # the page draws again with the bots' first moves
    ann.screenshot(path=str(out / "play-tournament.png"), full_page=True)
    return [out / f"play-{name}.png" for name in ("quick-match", "turns", "tournament")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games = ["catan", "russian_railroads", "traveling_merchants"]
    parser.add_argument("--games", nargs="+", default=games)
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--reviews", action="store_true", help="finished games' reviews")
    parser.add_argument("--play", action="store_true", help="docs/play.md's pictures")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # A mail server is named so that the turn mail field shows; nothing is sent.
    extra = ("--smtp-host", "127.0.0.1", "--smtp-port", str(free_port())) if args.play else ()
    with tempfile.TemporaryDirectory() as data:
        delay = 0.0 if args.reviews else 0.05
        server = start_server(Path(data), port, args.games, delay, extra)
        try:
            if args.reviews:
                written = browse(lambda b: shoot_reviews(b, base, args.games, args.out))
            elif args.play:
                written = browse(lambda b: shoot_play(b, base, args.out))
            else:
                written = browse(lambda b: shoot(b, base, args.games, args.out))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print("wrote", ", ".join(str(path) for path in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
