"""Trading (CT-PORT, CT-TRADE): the menus and the transitions of bank and domestic trades.

A domestic trade is a short sequence of decisions: the player on turn writes an offer
card by card, each other player in turn order accepts, declines or writes a
counter-offer, and the player on turn picks a partner or rejects them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.games.catan import actions as A
from kaido.games.catan.board import CARDS_PER_KIND, GENERIC_PORT
from kaido.games.catan.state import (
    ACCEPTED,
    COUNTER_DRAFT,
    COUNTERED,
    DECLINED,
    MAIN,
    NO_REPLY,
    OFFER_CHOICE,
    OFFER_DRAFT,
    OFFER_REPLY,
    CatanState,
)

# ---- menus ------------------------------------------------------------------------------


def others_could_hold(s: CatanState, p: int, k: int) -> int:
    """How many cards of kind k the players other than p hold in all (public: the bank is
    face up and p knows their own hand)."""
    return CARDS_PER_KIND - s.bank[k] - s.hand[p * 5 + k]


def trade_actions(s: CatanState, out: list[Action]) -> None:
    """Maritime trades (CT-PORT) and the first card of a domestic offer (CT-TRADE)."""
    p = s.turn
    o = p * 5
    hand, bank = s.hand, s.bank
    ports = s.ports[p]
    generic = ports >> GENERIC_PORT & 1
    for k in range(5):
        held = hand[o + k]
        if held < 2:
            continue
        by_rate = A.MARITIME_BY[k]
        for i, rate in enumerate(A.RATES):
            if held < rate or (rate == 3 and not generic) or (rate == 2 and not ports >> k & 1):
                continue
            for get, action in by_rate[i]:
                if bank[get]:
                    out.append(action)
    if hand[o] + hand[o + 1] + hand[o + 2] + hand[o + 3] + hand[o + 4] and any(
        others_could_hold(s, p, k) for k in range(5)
    ):
        out.append(A.OPEN_OFFER)


def negotiation_actions(s: CatanState) -> list[Action]:
    phase = s.phase
    if phase == OFFER_DRAFT:
        return _draft_actions(s)
    if phase == OFFER_REPLY:
        return _reply_actions(s)
    if phase == COUNTER_DRAFT:
        return _counter_actions(s)
    if phase == OFFER_CHOICE:
        return _choice_actions(s)
    raise AssertionError(f"no decision in phase {phase}")


def decline_action(s: CatanState) -> Action | None:
    """DECLINE while another player's offer is being answered (a counter-offer being
    written is still an answer: declining drops it)."""
    return A.DECLINE if s.phase in (OFFER_REPLY, COUNTER_DRAFT) else None


def ask_caps(s: CatanState, asker: int) -> list[int]:
    """Per kind, the most an offer may ask: what the others could hold (public facts)."""
    return [others_could_hold(s, asker, k) for k in range(5)]


def _draft_actions(s: CatanState) -> list[Action]:
    p = s.turn
    give, ask = s.offer[:5], s.offer[5:]
    largest = max([sum(s.hand[q * 5 : q * 5 + 5]) for q in range(s.n) if q != p])
    out: list[Action] = [A.PROPOSE] if any(give) and any(ask) else []
    out.append(A.WITHDRAW)
    out += _term_steps(s, p, give, ask, largest, A.OFFER_GIVE, A.OFFER_ASK)
    return out


def _reply_actions(s: CatanState) -> list[Action]:
    r = s.responder
    o = r * 5
    hand = s.hand
    out = [A.DECLINE]
    if all(hand[o + k] >= s.offer[5 + k] for k in range(5)):
        out.append(A.ACCEPT)
    if sum(hand[o : o + 5]) and sum(hand[s.turn * 5 : s.turn * 5 + 5]):
        out.append(A.COUNTER)
    return out


def _counter_actions(s: CatanState) -> list[Action]:
    r = s.responder
    c = r * 10
    give, ask = s.counters[c : c + 5], s.counters[c + 5 : c + 10]
    active_size = sum(s.hand[s.turn * 5 : s.turn * 5 + 5])
    out: list[Action] = [A.COUNTER_SUBMIT] if any(give) and any(ask) else []
    out.append(A.DECLINE)
    out += _term_steps(s, r, give, ask, active_size, A.COUNTER_GIVE, A.COUNTER_ASK)
    return out


def _term_steps(
    s: CatanState,
    seat: int,
    give: list[int],
    ask: list[int],
    total_cap: int,
    give_actions: Sequence[Action],
    ask_actions: Sequence[Action],
) -> list[Action]:
    """One more card on either side of terms being drafted by `seat` (an offer or a
    counter): give only what the hand holds, ask at most `total_cap` cards in all, and
    never give and ask the same resource."""
    o = seat * 5
    out = [give_actions[k] for k in range(5) if not ask[k] and s.hand[o + k] > give[k]]
    if sum(ask) < total_cap:
        caps = ask_caps(s, seat)
        out += [ask_actions[k] for k in range(5) if not give[k] and ask[k] < caps[k]]
    return out


def _choice_actions(s: CatanState) -> list[Action]:
    out = [A.REJECT]
    for q in range(s.n):
        if s.replies[q] == ACCEPTED or (s.replies[q] == COUNTERED and can_pay_counter(s, q)):
            out.append(A.TRADE_WITH[q])
    return out


def can_pay_counter(s: CatanState, q: int) -> bool:
    o = s.turn * 5
    c = q * 10 + 5
    return all(s.hand[o + k] >= s.counters[c + k] for k in range(5))


# ---- transitions ------------------------------------------------------------------------


def _maritime(s: CatanState, action: Action, events: list[Event] | None) -> None:
    give, rate, get = [int(a) for a in action.args]
    p = s.turn
    o = p * 5
    s.hand[o + give] -= rate
    s.bank[give] += rate
    s.hand[o + get] += 1
    s.bank[get] -= 1
    known = s.known
    known[o + give] = max(0, known[o + give] - rate)
    known[o + get] += 1
    if events is not None:
        events.append(Event("maritime", {"player": p, "give": give, "rate": rate, "get": get}))


def _open_offer(s: CatanState, action: Action, events: list[Event] | None) -> None:
    s.phase = OFFER_DRAFT
    s.offers_made += 1


def _offer_card(s: CatanState, action: Action, events: list[Event] | None) -> None:
    k = int(action.args[0])
    s.offer[k if action.kind == "offer_give" else 5 + k] += 1


def _propose(s: CatanState, action: Action, events: list[Event] | None) -> None:
    s.phase = OFFER_REPLY
    s.responder = (s.turn + 1) % s.n
    if events is not None:
        events.append(Event("offer", {"player": s.turn, "offer": s.offer[:]}))


def _withdraw(s: CatanState, action: Action, events: list[Event] | None) -> None:
    clear_offer(s)


def _start_counter(s: CatanState, action: Action, events: list[Event] | None) -> None:
    s.phase = COUNTER_DRAFT


def _counter_card(s: CatanState, action: Action, events: list[Event] | None) -> None:
    k = int(action.args[0])
    o = s.responder * 10
    s.counters[o + (k if action.kind == "counter_give" else 5 + k)] += 1


def _reply(s: CatanState, action: Action, events: list[Event] | None) -> None:
    r = s.responder
    kind = action.kind
    if kind == "accept":
        s.replies[r] = ACCEPTED
    elif kind == "counter_submit":
        s.replies[r] = COUNTERED
    else:
        s.replies[r] = DECLINED
        o = r * 10
        s.counters[o : o + 10] = [0] * 10
    if events is not None:
        data: dict[str, Any] = {"player": r, "reply": s.replies[r]}
        if kind == "counter_submit":
            data["counter"] = s.counters[r * 10 : r * 10 + 10]
        events.append(Event("reply", data))
    nxt = (r + 1) % s.n
    if nxt != s.turn:
        s.responder = nxt
        s.phase = OFFER_REPLY
        return
    s.responder = -1
    if ACCEPTED in s.replies or COUNTERED in s.replies:
        s.phase = OFFER_CHOICE
    else:
        clear_offer(s)
        if events is not None:
            events.append(Event("no_trade", {"player": s.turn}))


def _trade_with(s: CatanState, action: Action, events: list[Event] | None) -> None:
    q = int(action.args[0])
    p = s.turn
    if s.replies[q] == ACCEPTED:
        give, get = s.offer[:5], s.offer[5:]
    else:  # the counter-offer: what q gives is what p gets
        get, give = s.counters[q * 10 : q * 10 + 5], s.counters[q * 10 + 5 : q * 10 + 10]
    hand, known = s.hand, s.known
    for k in range(5):
        hand[p * 5 + k] += get[k] - give[k]
        hand[q * 5 + k] += give[k] - get[k]
        known[p * 5 + k] = max(0, known[p * 5 + k] - give[k]) + get[k]
        known[q * 5 + k] = max(0, known[q * 5 + k] - get[k]) + give[k]
    if events is not None:
        events.append(Event("trade", {"player": p, "partner": q, "give": give, "get": get}))
    clear_offer(s)


def _reject(s: CatanState, action: Action, events: list[Event] | None) -> None:
    if events is not None:
        events.append(Event("no_trade", {"player": s.turn}))
    clear_offer(s)


def clear_offer(s: CatanState) -> None:
    s.offer = [0] * 10
    s.replies = [NO_REPLY] * s.n
    s.counters = [0] * (10 * s.n)
    s.responder = -1
    s.phase = MAIN


DRAFT_STEPS: Final = frozenset(
    {"trade", "offer_give", "offer_ask", "withdraw", "counter", "counter_give", "counter_ask"}
)
"""Steps that open, write or drop the terms being drafted and narrate nothing: the table's
help has nothing to foresee in them (only proposing or submitting the terms is told)."""

STEPS: Final = {
    "maritime": _maritime,
    "trade": _open_offer,
    "offer_give": _offer_card,
    "offer_ask": _offer_card,
    "propose": _propose,
    "withdraw": _withdraw,
    "accept": _reply,
    "decline": _reply,
    "counter": _start_counter,
    "counter_give": _counter_card,
    "counter_ask": _counter_card,
    "counter_submit": _reply,
    "trade_with": _trade_with,
    "reject": _reject,
}
