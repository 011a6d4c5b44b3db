"""What a Catan review tells beyond the chances: the robber placements that cost the other
players most (CT-ROBBER), each by the fall of their chances of winning as they saw them."""

from __future__ import annotations

from collections.abc import Sequence

from kaido.core.actions import Action
from kaido.core.game import Fact, Lang
from kaido.games.catan import engine
from kaido.games.catan.state import CatanState
from kaido.games.catan.text import place_name, player_name

COSTLIEST = 3
"""Robber placements told."""
NOTICED = 0.01
"""A fall of chance smaller than this is not worth naming."""


def robber_facts(
    states: Sequence[CatanState], actions: Sequence[Action], chances: Sequence[Sequence[float]]
) -> list[Fact]:
    """The robber placements after which the other players' chances fell most (together),
    in the order of the game."""
    found: list[tuple[float, Fact]] = []
    for step, action in enumerate(actions):
        if action.kind != "robber":
            continue
        hex_, victim = (int(a) for a in action.args)
        mover = engine.to_move(states[step])
        pairs = enumerate(zip(chances[step], chances[step + 1], strict=True))
        falls = {
            seat: before - after
            for seat, (before, after) in pairs
            if seat != mover and before - after >= NOTICED
        }
        if not falls:
            continue
        where = states[step].board.places((hex_,))
        text = {lang: _text(lang, mover, victim, where, falls) for lang in ("en", "ja")}
        found.append((sum(falls.values()), Fact(step, (mover, *falls), text)))
    costliest = sorted(found, key=lambda pair: -pair[0])[:COSTLIEST]
    return sorted((fact for _cost, fact in costliest), key=lambda fact: fact.step)


def _text(
    lang: Lang, mover: int, victim: int, where: list[list[object]], falls: dict[int, float]
) -> str:
    """ "Red's robber on the 6 hills, robbing Blue: Blue −9%, White −3%"."""
    ja = lang == "ja"
    place = place_name(where, lang)
    lost = ("、" if ja else ", ").join(
        f"{player_name(seat, lang)} −{round(fall * 100)}%"
        for seat, fall in sorted(falls.items(), key=lambda item: -item[1])
    )
    who = player_name(mover, lang)
    if ja:
        robbed = f"、{player_name(victim, lang)}から盗む" if victim >= 0 else ""
        return f"{who}が盗賊を{place}へ{robbed}: 勝つ見込み {lost}"
    robbed = f", robbing {player_name(victim, lang)}" if victim >= 0 else ""
    return f"{who.capitalize()}'s robber on {place}{robbed}: chance of winning {lost}"
