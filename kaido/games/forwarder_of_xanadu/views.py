"""Views, determinization and invariants.

Hidden: the order of both request decks (FX-SETUP-9), every skill hand but the viewer's,
the cards dealt out of the game (FX-STYLE-1/2), and in the draft the hands being passed:
a player sees the hand in front of them and the cards they kept. Everything else is
public: the board, warehouses, gauges, market, exclusive and survey cards, played skills.
"""

from __future__ import annotations

from typing import Any

from kaido.core.rng import Rng
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, TRACKS
from kaido.games.forwarder_of_xanadu.engine import (
    PORT,
    REQUESTS,
    SETUP,
    SKILLS,
    card_types,
    final_skill,
    limit,
    to_move,
)
from kaido.games.forwarder_of_xanadu.state import CATEGORIES, OVER, PHASE_NAMES, FXState


def view(s: FXState, player: int | None) -> dict[str, Any]:
    n = s.n
    return {
        "players": n,
        "viewer": player,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move(s),
        "turn_player": s.turn_player,
        "round": s.round,
        "start_player": s.start,
        "starters": s.starters,
        "board": list(s.board),
        "gauges": [g[:] for g in s.gauge],
        "stock": s.stock[:],
        "action_cards": [
            {"type": t, "spaces": s.spaces[c][:]} for c, t in enumerate(card_types(s))
        ],
        "market": s.market[:],
        "decks": [len(d) for d in s.decks],
        "discards": [sorted(d) for d in s.discards],
        "survey": s.temp[:],
        "pools": s.pools[:],
        "to_place": s.to_place,
        "grow_left": s.grow_left,
        "refill_amount": s.refill_amount,
        "paying": s.paying,
        "skill_discards": s.skill_discards[:],
        "removed": len(s.removed),
        "seats": [_seat(s, p, player) for p in range(n)],
        "over": s.phase == OVER,
    }


def _seat(s: FXState, p: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == p
    return {
        "company": s.company[p],
        "vp": s.vp[p],
        "categories": dict(zip(CATEGORIES, s.cats[p * 7 : p * 7 + 7], strict=True)),
        "warehouses": [s.wh[(p * AREAS + a) * 3 : (p * AREAS + a) * 3 + 3] for a in range(AREAS)],
        "limit": limit(s, p),
        "tokens_left": s.tokens_left[p],
        "workers": s.workers[p],
        "cells": dict(zip(TRACKS, s.cells[p * 5 : p * 5 + 5], strict=True)),
        "dispatched": s.disp_avail[p],
        "dispatched_spent": s.disp_spent[p],
        "office": s.office[p],
        "dailies": s.dailies[p * 2 : p * 2 + 2],
        "dailies_done": s.dailies_done[p],
        "exclusive": s.exclusive[p],
        "played": s.played[p][:],
        "hand": sorted(s.hands[p]) if own else None,
        "hand_size": len(s.hands[p]),
        "draft_hand": sorted(s.draft[p]) if own else None,
        "draft_size": len(s.draft[p]),
        "final_skill": final_skill(s, p) if s.company[p] >= 0 else 0,
    }


def determinize(s: FXState, player: int, rng: Rng) -> FXState:
    """Deal again what `player` cannot see: both decks' order, the other hands, the
    hands being passed in the draft and the cards out of the game, keeping every count."""
    out = s.copy()
    for d in range(2):
        deck = sorted(s.decks[d])
        rng.shuffle(deck)
        out.decks[d] = deck
    holders = [out.hands[q] for q in range(s.n) if q != player]
    holders += [out.draft[q] for q in range(s.n) if q != player]
    holders.append(out.removed)
    pool = sorted(k for h in holders for k in h)
    rng.shuffle(pool)
    for h in holders:
        size = len(h)
        h[:] = [pool.pop() for _ in range(size)]
    out.rng = Rng(rng.next64())
    return out


def invariants(s: FXState) -> None:
    n = s.n
    for g in range(3):  # cubes conserved (◇資源キューブ), gained ones in hand included
        held = s.stock[g] + sum(s.wh[g::3]) + (s.to_place + s.refill_amount if g == 0 else 0)
        assert held == SETUP["cubes"][g], f"grade {g}: {held} in play"
        assert min(s.stock[g], *s.wh[g::3]) >= 0
    for p in range(n):
        on_board = sum(g.count(p) for g in s.gauge)
        assert on_board + s.tokens_left[p] == SETUP["share_tokens"], "share tokens"
        locked = sum(DATA.cells) - sum(s.cells[p * 5 : p * 5 + 5])
        dispatched = sum(c.count(p * 2 + 1) for c in s.spaces)
        total = locked + s.disp_avail[p] + dispatched + s.disp_spent[p]
        assert total == SETUP["dispatched"], "dispatched workers"
        assert s.workers[p] >= 0 and s.disp_avail[p] >= 0
        assert s.vp[p] == sum(s.cats[p * 7 : p * 7 + 7]), "vp and categories"
        assert len(s.played[p]) <= s.cells[p * 5 + 4], "more skills played than cells"
        for a in range(AREAS):
            if a != PORT:
                assert sum(s.wh[(p * AREAS + a) * 3 : (p * AREAS + a) * 3 + 3]) <= limit(s, p)
    for a in range(AREAS):
        size = DATA.port_board.gauge if s.board[a] < 0 else DATA.districts[s.board[a]].gauge
        assert len(s.gauge[a]) <= size, "gauge overflow"
    for i, c in enumerate(s.spaces):  # FX-RESET-1: only the card just taken waits to reset
        assert len(c) < len(DATA.spaces) or i == s.card_used, "a full card was not reset"
    cards = [*s.decks[0], *s.decks[1], *s.discards[0], *s.discards[1]]
    cards += [c for c in [*s.market, *s.exclusive, *s.temp] if c >= 0]
    assert sorted(cards) == list(range(len(REQUESTS))), "request cards not conserved"
    skills = [k for h in [*s.hands, *s.draft, *s.played] for k in h]
    skills += s.skill_discards + s.removed
    assert sorted(skills) == list(range(len(SKILLS))), "skill cards not conserved"
