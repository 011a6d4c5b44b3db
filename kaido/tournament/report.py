"""`kaido report`: a tournament's (or the web server's finished games') tables and plots as
an HTML page with PNG figures.

The report works on game records alone, so the same page comes from a tournament database
or from the server's database: standings as in `kaido tournament`, win rate by seat, score
distributions, game lengths, rating history, and the balance figures a game may supply
through `Game.balance` (each game replayed once to collect them).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import mean
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.core.records import Record, Replayer
from kaido.games import get_game
from kaido.server.leaderboard import finished_tables
from kaido.tournament import figures
from kaido.tournament.ratings import Played, Standings, standings, standings_json
from kaido.tournament.store import Tournament, TournamentStore


@dataclass
class ReportData:
    title: str
    game: Game[Any]
    players: int
    names: list[str]
    """Every bot or person, in the order they first appear."""
    records: list[Record]
    """Finished games; `players` names who sat in each seat."""
    skipped: int = 0
    """Games left out (another player count)."""


def from_tournament(store: TournamentStore, tournament: Tournament) -> ReportData:
    plan = tournament.plan
    records = [game.record(plan) for game in store.games(tournament)]
    title = f"{tournament.name}: {plan.format} of {plan.players}-player {plan.game}"
    return ReportData(title, get_game(plan.game), plan.players, list(plan.bots), records)


def from_server(url: str, game_id: str, players: int | None) -> ReportData:
    """The finished games of `game_id` on the web server whose database is `url`: people by
    their names, bots by level (`bot:easy`, ...). Only one player count is reported (the
    most common, unless `players` is given)."""
    game = get_game(game_id)
    engine = create_engine(url)
    where = engine.url.render_as_string(hide_password=True)
    if engine.url.get_backend_name() == "sqlite" and not Path(engine.url.database or "").is_file():
        raise KaidoError(f"no server database at {where}")
    try:
        with Session(engine) as session:
            records = finished_tables(session, game_id)
    except DBAPIError as error:
        raise KaidoError(f"cannot read the server's games from {where}: {error.orig}") from None
    finally:
        engine.dispose()
    if not records:
        raise KaidoError(f"the server has no finished {game_id} game")
    counts = Counter(len(r.players or ()) for r in records)
    wanted = players or counts.most_common(1)[0][0]
    kept = [r for r in records if len(r.players or ()) == wanted]
    if not kept:
        raise KaidoError(f"no finished {wanted}-player {game_id} game on the server")
    names = list(dict.fromkeys(name for r in kept for name in r.players or ()))
    title = f"{wanted}-player {game_id} on the web server"
    return ReportData(title, game, wanted, names, kept, len(records) - len(kept))


def balance_means(game: Game[Any], records: Sequence[Record]) -> dict[str, float]:
    """The mean of each figure `game.balance` gives, over the games that give it (a goal
    card's value, say, over the games where someone kept it); empty when the game supplies
    none. Records of other rules versions are left out."""
    if type(game).balance is Game.balance and type(game).summary is Game.summary:
        return {}  # nothing to replay the games for
    totals: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for record in records:
        if record.rules_version != game.rules_version:
            continue
        replayer = Replayer(game, record)
        events = [event for step in replayer.steps(narrate=True) for event in step.events]
        figures = game.balance(replayer.state, events)
        totals.update(figures)
        counts.update(figures.keys())
    return {name: total / counts[name] for name, total in totals.items()}


def report_standings(data: ReportData) -> Standings:
    played = [
        Played(tuple(r.players or ()), r.result.scores, r.result.ranks)
        for r in data.records
        if r.result is not None
    ]
    return standings(data.names, data.players, played)


def write_report(data: ReportData, folder: Path) -> Path:
    """Figures, `report.json` and `index.html` in `folder`; the page's path."""
    folder.mkdir(parents=True, exist_ok=True)
    table = report_standings(data)
    lengths = [len(r.actions) for r in data.records]
    balance = balance_means(data.game, data.records)
    images = figures.all_figures(table, lengths, balance, folder)
    summary = {
        "title": data.title,
        "game": data.game.id,
        "players": data.players,
        "skipped_games": data.skipped,
        **standings_json(table),
        "length": {
            "mean_decisions": round(mean(lengths), 2) if lengths else 0,
            "min_decisions": min(lengths, default=0),
            "max_decisions": max(lengths, default=0),
        },
        "balance": {name: round(value, 4) for name, value in sorted(balance.items())},
    }
    (folder / "report.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    page = folder / "index.html"
    page.write_text(_html(data, table, summary, images), encoding="utf-8")
    return page


def _html(
    data: ReportData, table: Standings, summary: dict[str, Any], images: dict[str, str]
) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>{n}</td><td>{e(r.bot)}</td><td>{r.mu:.1f} ({r.rating_interval[0]:.1f}"
        f"–{r.rating_interval[1]:.1f})</td><td>{r.games}</td><td>{r.win_rate:.1%} "
        f"({r.win_interval[0]:.0%}–{r.win_interval[1]:.0%})</td><td>{r.mean_place:.2f}</td>"
        f"<td>{r.mean_score:.2f}</td>"
        + "".join(f"<td>{s.win_rate:.0%} of {s.games}</td>" for s in r.seats)
        + "</tr>"
        for n, r in enumerate(table.bots, start=1)
    )
    seat_heads = "".join(f"<th>seat {s + 1}</th>" for s in range(data.players))
    all_seats = "".join(
        f"<td>{s.win_rate:.1%} ({s.interval[0]:.0%}–{s.interval[1]:.0%})</td>" for s in table.seats
    )
    length = summary["length"]
    pictures = "".join(
        f'<figure><img src="{e(file)}" alt="{e(name)}"></figure>' for name, file in images.items()
    )
    skipped = f" ({data.skipped} games of other player counts left out)" if data.skipped else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(data.title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; max-width: 60em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }}
td:nth-child(2) {{ text-align: left; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>{e(data.title)}</h1>
<p>{table.games} games{skipped}; {length["mean_decisions"]} decisions per game on average
({length["min_decisions"]}–{length["max_decisions"]}). Ratings: openskill Plackett-Luce from
finishing places, mu with its 95% interval; win rates with 95% Wilson intervals (a shared
first place counts as a share of a win).</p>
<h2>Standings</h2>
<table><tr><th>#</th><th>player</th><th>rating (95%)</th><th>seats</th><th>win rate (95%)</th>
<th>mean place</th><th>mean score</th>{seat_heads}</tr>
{rows}
<tr><td></td><td><b>all games</b></td><td></td><td></td><td></td><td></td><td></td>{all_seats}</tr>
</table>
<h2>Figures</h2>
{pictures}
</body></html>
"""
