"""What a Russian Railroads review tells beyond the chances: when a railway line fell
behind for good, the point after which a player who had led a line (or shared its lead)
never again scored as much on it as another player (RR-SCORE-2..8, each line's VP)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kaido.core.game import Fact, Lang
from kaido.games.russian_railroads.components import LINE_LENGTH
from kaido.games.russian_railroads.scoring import line_score
from kaido.games.russian_railroads.state import RRState
from kaido.games.russian_railroads.text import LINE_NAME

Names = Callable[[int, Lang], str]


def line_facts(states: Sequence[RRState], name: Names) -> list[Fact]:
    """For each line: the decisions after which a player's line, which had led (or shared
    the lead) with some VP, stayed behind another's to the end, in the order of the game.
    Lines overtaken by one move are told together."""
    lines = range(len(LINE_LENGTH))
    scores = [[[line_score(b, line) for line in lines] for b in s.boards] for s in states]
    behind: dict[tuple[int, int, int], list[int]] = {}
    for line in lines:
        for seat in range(len(scores[0])):
            step = _fell_behind(scores, seat, line)
            if step is not None:
                ahead = _leader(scores[step + 1], line)
                behind.setdefault((step, line, ahead), []).append(seat)
    facts = []
    for (step, line, ahead), seats in sorted(behind.items()):
        text = {
            lang: _text(lang, name, seats, ahead, line, states[step].round) for lang in ("en", "ja")
        }
        facts.append(Fact(step, (*seats, ahead), text))
    return facts


def _fell_behind(scores: list[list[list[int]]], seat: int, line: int) -> int | None:
    """The decision after which `seat`'s line was behind to the end, if it had led it with
    some VP before (else None)."""
    last_lead = None
    for step, point in enumerate(scores):
        mine = point[seat][line]
        if mine > 0 and mine >= max(other[line] for other in point):
            last_lead = step
    if last_lead is None or last_lead == len(scores) - 1:
        return None
    return last_lead  # the decision made there put the line behind


def _leader(point: list[list[int]], line: int) -> int:
    return max(range(len(point)), key=lambda seat: point[seat][line])


def _text(lang: Lang, name: Names, seats: list[int], ahead: int, line: int, round_: int) -> str:
    line_name = LINE_NAME[lang][line]
    if lang == "ja":
        who = "と".join(name(seat, lang) for seat in seats)
        return (
            f"ラウンド{round_}: {who}の{line_name}が"
            f"{name(ahead, lang)}に抜かれ、以後追いつけなかった"
        )
    owners = [f"{name(seat, lang)}'s" for seat in seats]
    who = owners[0] if len(owners) == 1 else f"{', '.join(owners[:-1])} and {owners[-1]}"
    lines = "lines" if len(seats) > 1 else "line"
    return (
        f"Round {round_}: {who} {line_name} {lines} fell behind "
        f"{name(ahead, lang)}'s and never caught up"
    )
