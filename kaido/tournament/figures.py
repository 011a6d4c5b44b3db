"""The report's plots, drawn with matplotlib (the `report` extra) into PNG files."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kaido.core.errors import KaidoError
from kaido.tournament.ratings import Standings

Axes = Any  # matplotlib's, imported only when a report is drawn
Draw = Callable[[Axes], None]


def _save(path: Path, draw: Draw, size: tuple[float, float] = (8, 4.5)) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display is needed or wanted
        import matplotlib.pyplot as plt
    except ImportError:
        raise KaidoError("reports need matplotlib: pip install 'kaido[report]'") from None
    figure, axes = plt.subplots(figsize=size)
    draw(axes)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path.name


def ratings(table: Standings, folder: Path) -> str:
    """Each bot's rating with its 95% interval, best at the top."""

    def draw(axes: Axes) -> None:
        rows = list(reversed(table.bots))
        mus = [row.mu for row in rows]
        spreads = [1.959963984540054 * row.sigma for row in rows]
        axes.errorbar(mus, range(len(rows)), xerr=spreads, fmt="o", capsize=4)
        axes.set_yticks(range(len(rows)), [row.bot for row in rows])
        axes.set(xlabel="openskill rating (mu, 95% interval)", title="Ratings")

    return _save(folder / "ratings.png", draw, (8, 1.2 + 0.5 * len(table.bots)))


def seats(table: Standings, folder: Path) -> str:
    """Win rate by seat: all games (the first-player advantage), then each bot."""

    def draw(axes: Axes) -> None:
        groups = [("all", table.seats)] + [(row.bot, row.seats) for row in table.bots]
        count = len(table.seats)
        width = 0.8 / len(groups)
        for g, (name, results) in enumerate(groups):
            xs = [s + (g - (len(groups) - 1) / 2) * width for s in range(count)]
            rates = [r.win_rate for r in results]
            pairs = list(zip(rates, results, strict=True))
            # max: the interval's ends may miss 0 or 1 by a rounding error
            errors = [
                [max(0.0, rate - r.interval[0]) for rate, r in pairs],
                [max(0.0, r.interval[1] - rate) for rate, r in pairs],
            ]
            colour = "grey" if g == 0 else None
            axes.bar(xs, rates, width, yerr=errors, capsize=2, label=name, color=colour)
        axes.axhline(1 / count, color="grey", linestyle="--", linewidth=1)
        axes.set_xticks(range(count), [f"seat {s + 1}" for s in range(count)])
        axes.set(ylabel="win rate (95% interval)", ylim=(0, 1), title="Win rate by seat")
        axes.legend(fontsize="small")

    return _save(folder / "seats.png", draw)


def scores(table: Standings, folder: Path) -> str:
    def draw(axes: Axes) -> None:
        axes.boxplot([row.scores or [0.0] for row in table.bots])
        axes.set_xticks(range(1, len(table.bots) + 1), [row.bot for row in table.bots])
        axes.set(ylabel="final score", title="Score distribution")
        axes.tick_params(axis="x", labelrotation=15)

    return _save(folder / "scores.png", draw)


def lengths(decisions: Sequence[int], folder: Path) -> str:
    def draw(axes: Axes) -> None:
        axes.hist(decisions, bins=min(30, max(1, len(set(decisions)))))
        axes.set(xlabel="decisions per game", ylabel="games", title="Game length")

    return _save(folder / "length.png", draw)


def history(table: Standings, folder: Path) -> str:
    def draw(axes: Axes) -> None:
        for bot, points in table.history.items():
            axes.plot([p[0] for p in points], [p[1] for p in points], label=bot)
        axes.set(xlabel="games played by the bot", ylabel="rating (mu)", title="Rating history")
        axes.legend(fontsize="small")

    return _save(folder / "history.png", draw)


def balance(figures: dict[str, float], folder: Path) -> str:
    """The game's own balance figures (each the mean over the games that give it), largest
    at the top."""

    def draw(axes: Axes) -> None:
        names = sorted(figures, key=lambda name: figures[name])
        axes.barh(range(len(names)), [figures[name] for name in names])
        axes.set_yticks(range(len(names)), names)
        axes.set(xlabel="mean over the games that give it", title="Balance figures (from the game)")

    return _save(folder / "balance.png", draw, (8, 1.2 + 0.3 * len(figures)))


def all_figures(
    table: Standings, decisions: Sequence[int], balance_means: dict[str, float], folder: Path
) -> dict[str, Any]:
    """Every figure of a report: name -> PNG file name in `folder`."""
    out = {
        "ratings": ratings(table, folder),
        "seats": seats(table, folder),
        "scores": scores(table, folder),
        "length": lengths(decisions, folder),
        "history": history(table, folder),
    }
    if balance_means:
        out["balance"] = balance(balance_means, folder)
    return out
