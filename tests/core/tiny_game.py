"""A tiny card game used only by the core's tests.

Rules (clause ids TINY-*):
- TINY-SETUP-1: 12 cards (1-6 twice) are shuffled; each player gets 2 hidden cards.
- TINY-TURN-1: on your turn you first draw the top card (chance, hidden to others).
- TINY-TURN-2: then bank any of your cards face up, one at a time, and end your turn.
- TINY-ONE-1: banking a 1 makes every other player holding cards discard one of their
  choice, in seat order from your left (decisions off turn).
- TINY-OFFER-1 (option `offers`): after drawing, the player on turn may offer one of their
  cards to the next player, who takes it (scoring it at once) or refuses it (a decision
  off turn that answers another player's proposal, as trade offers are).
- TINY-END-1: the game ends when a turn would start with an empty deck. Score: banked sum;
  tie-break: fewer cards in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import IllegalAction
from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.options import Options, OptionSpec
from kaido.core.result import Result
from kaido.core.rng import Rng

VALUES = range(1, 7)


@dataclass
class TinyState:
    options: Options
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    banks: list[list[int]]
    turn: int = 0
    drawn: bool = False
    pending: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    over: bool = False
    offered: int = 0
    """The card the player on turn offers to the next player (TINY-OFFER-1), or 0."""

    def copy(self) -> TinyState:
        return TinyState(
            self.options,
            self.rng.copy(),
            self.deck[:],
            [h[:] for h in self.hands],
            [b[:] for b in self.banks],
            self.turn,
            self.drawn,
            self.pending[:],
            self.discards[:],
            self.over,
            self.offered,
        )


class TinyGame(Game[TinyState]):
    id = "tiny"
    title = {"en": "Tiny", "ja": "タイニー"}
    player_counts = (2, 3)
    rules_version = "1"
    decisions_per_player = 13  # 40 greedy games at 2 players: median 27 decisions
    option_specs = (
        OptionSpec("copies", 2, "copies of each value", choices=(1, 2)),
        OptionSpec("offers", False, "players may offer a card to the next (TINY-OFFER-1)"),
    )

    def __init__(self) -> None:
        table = ActionTable()
        self.draw = table.add("draw")
        self.end = table.add("end")
        self.bank = {v: table.add("bank", v) for v in VALUES}
        self.discard = {v: table.add("discard", v) for v in VALUES}
        self.offer = {v: table.add("offer", v) for v in VALUES}
        self.take = table.add("take")
        self.refuse = table.add("refuse")
        self.table = table

    def setup(self, options: Options, seed: int) -> TinyState:
        rng = Rng(seed)
        deck = [v for v in VALUES for _ in range(options["copies"])]
        rng.shuffle(deck)
        n = options["players"]
        hands = [[deck.pop(), deck.pop()] for _ in range(n)]
        return TinyState(options, rng, deck, hands, [[] for _ in range(n)])

    def action_table(self, options: Options) -> ActionTable:
        return self.table

    def to_move(self, state: TinyState) -> int:
        if state.over:
            return -1
        if state.offered:
            return (state.turn + 1) % len(state.hands)
        return state.pending[0] if state.pending else state.turn

    def legal_actions(self, state: TinyState) -> Sequence[Action]:
        if state.over:
            return []
        if state.offered:
            return [self.refuse, self.take]
        if state.pending:
            return [self.discard[v] for v in sorted(set(state.hands[state.pending[0]]))]
        if not state.drawn:
            return [self.draw]
        held = sorted(set(state.hands[state.turn]))
        offers = [self.offer[v] for v in held] if state.options.get("offers") else []
        return [self.end] + [self.bank[v] for v in held] + offers

    def explain_illegal(self, state: TinyState, action: Action) -> IllegalAction:
        if state.over:
            return IllegalAction("TINY-END-1", "the game is over")
        if state.offered:
            return IllegalAction("TINY-OFFER-1", "the offered card must be taken or refused")
        if state.pending:
            return IllegalAction("TINY-ONE-1", "a player must first discard a card they hold")
        if not state.drawn:
            return IllegalAction("TINY-TURN-1", "you must draw first")
        return IllegalAction("TINY-TURN-2", "you can only bank a card you hold, or end the turn")

    def step(self, state: TinyState, action: Action, events: list[Event] | None) -> None:
        kind = action.kind
        if kind == "draw":
            card = state.deck.pop()
            state.hands[state.turn].append(card)
            state.drawn = True
            if events is not None:
                events.append(Event("draw", {"player": state.turn}, {"card": card}, (state.turn,)))
        elif kind == "bank":
            value = int(action.args[0])
            state.hands[state.turn].remove(value)
            state.banks[state.turn].append(value)
            if value == 1:
                n = len(state.hands)
                order = [(state.turn + k) % n for k in range(1, n)]
                state.pending = [p for p in order if state.hands[p]]
            if events is not None:
                events.append(Event("bank", {"player": state.turn, "card": value}))
        elif kind == "discard":
            player = state.pending.pop(0)
            state.hands[player].remove(int(action.args[0]))
            state.discards.append(int(action.args[0]))
            if events is not None:
                events.append(
                    Event("discard", {"player": player}, {"card": action.args[0]}, (player,))
                )
        elif kind == "offer":
            state.offered = int(action.args[0])
            state.hands[state.turn].remove(state.offered)
            if events is not None:
                events.append(Event("offer", {"player": state.turn, "card": state.offered}))
        elif kind in ("take", "refuse"):
            taker = (state.turn + 1) % len(state.hands)
            owner = taker if kind == "take" else state.turn
            state.banks[owner].append(state.offered)
            state.offered = 0
            if events is not None:
                events.append(Event(kind, {"player": taker}))
        else:  # end
            state.turn = (state.turn + 1) % len(state.hands)
            state.drawn = False
            if not state.deck:
                state.over = True
            if events is not None:
                events.append(Event("end", {"next": state.turn, "over": state.over}))

    def is_irreversible(self, state: TinyState, action: Action) -> bool:
        return action.kind != "bank"

    def decline_offer(self, state: TinyState) -> Action | None:
        return self.refuse if state.offered else None

    def is_over(self, state: TinyState) -> bool:
        return state.over

    def result(self, state: TinyState) -> Result:
        scores = [sum(bank) for bank in state.banks]
        keys = [(s, -len(hand)) for s, hand in zip(scores, state.hands, strict=True)]
        return Result.from_keys(scores, keys)

    def view(self, state: TinyState, player: int | None) -> dict[str, Any]:
        return {
            "deck": len(state.deck),
            "hand_sizes": [len(h) for h in state.hands],
            "hand": sorted(state.hands[player]) if player is not None else None,
            "banks": [b[:] for b in state.banks],
            "turn": state.turn,
            "drawn": state.drawn,
            "pending": state.pending[:],
            "discards": len(state.discards),
            "over": state.over,
            "offered": state.offered,
        }

    def determinize(self, state: TinyState, player: int, rng: Rng) -> TinyState:
        out = state.copy()
        out.rng = rng.spawn()
        unseen = out.deck[:]
        for p, hand in enumerate(out.hands):
            if p != player:
                unseen += hand
        unseen.sort()  # depend only on what `player` knows, not on where cards really are
        rng.shuffle(unseen)
        for p, hand in enumerate(out.hands):
            if p != player:
                hand[:] = [unseen.pop() for _ in hand]
        out.deck = unseen
        return out

    def invariants(self, state: TinyState) -> None:
        cards = state.deck + state.discards
        cards += [c for h in state.hands for c in h] + [c for b in state.banks for c in b]
        cards += [state.offered] if state.offered else []
        full = [v for v in VALUES for _ in range(state.options["copies"])]
        assert sorted(cards) == full, "cards were not conserved"

    def evaluate(self, state: TinyState, player: int) -> float:
        if state.over:
            return super().evaluate(state, player)
        scores = [sum(b) for b in state.banks]
        best = max(scores) or 1
        return 0.5 * scores[player] / best + 0.25

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        if lang == "ja":
            names = {"draw": "引く", "end": "終了", "bank": "預ける", "discard": "捨てる"}
            names |= {"offer": "差し出す", "take": "受け取る", "refuse": "断る"}
        else:
            names = {"draw": "draw", "end": "end", "bank": "bank", "discard": "discard"}
            names |= {"offer": "offer", "take": "take", "refuse": "refuse"}
        return " ".join([names[action.kind], *map(str, action.args)])

    def prompt(self, state: TinyState, lang: Lang = "en") -> str:
        ja = lang == "ja"
        if state.over:
            return ""
        if state.offered:
            return "差し出されたカードを受け取るか断る" if ja else "Take or refuse the card offered"
        if state.pending:
            return "手札を1枚捨てる" if ja else "Discard a card of your hand"
        if not state.drawn:
            return "カードを1枚引く" if ja else "Draw a card"
        return "カードを預けるか手番を終える" if ja else "Bank a card, or end your turn"

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        data = event.for_viewer(viewer)
        return f"{event.kind} " + " ".join(f"{k}={v}" for k, v in data.items() if k != "kind")

    def render(self, state: TinyState, viewer: int | None, lang: Lang = "en") -> str:
        view = self.view(state, viewer)
        return f"deck {view['deck']}  banks {view['banks']}  your hand {view['hand']}"


TINY = TinyGame()
