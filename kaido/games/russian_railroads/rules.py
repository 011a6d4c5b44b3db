"""Russian Railroads: the Game object (protocol methods) over the engine in `engine.py`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import IllegalAction
from kaido.core.events import Event
from kaido.core.game import Fact, Game, Lang
from kaido.core.options import Options, OptionSpec
from kaido.core.result import Result
from kaido.core.rng import Rng
from kaido.games.russian_railroads import (
    bots,
    encode,
    engine,
    explain,
    review,
    summary,
    text,
    views,
)
from kaido.games.russian_railroads.actions import KEY, TABLE
from kaido.games.russian_railroads.components import (
    CONFLICTS,
    DOUBLERS,
    END_BONUS,
    END_BONUS_DRAW,
    ENGINEER_LETTER,
    ENGINEERS,
    LOCO_COPIES,
    ORDER_SPACES,
    ROUNDS,
    SPACES,
    START_RUBLES,
    STRIPS,
    TEMP_WORKERS,
    TSR,
    WORKERS_IN_HAND,
    WORKERS_TOTAL,
)
from kaido.games.russian_railroads.state import (
    BOARD_SIZE,
    F_START,
    HAND,
    IND2,
    LOCO,
    PHASE_OVER,
    POS,
    RUBLES,
    STOCKW,
    VP,
    RRState,
)

Key = tuple[Any, ...]


CONFLICT_HELP: Final = {
    "loco_and_factory_workers": (
        "workers the loco-and-factory space costs: 2 (the guide; default) or 3 "
        "(two sources for the printed board)",  # RR-TILE-3
        "機関車と工場のスペースのワーカー数: 2（ガイド、既定）または 3（印刷ボードの資料 2 件）",
    ),
    "transsib_worker_marker": (
        "the marker the Trans-Siberian square 3 worker bonus needs: brown (the guide; "
        "default) or black (a read of the board art)",  # RR-BONUS-3
        "シベリア鉄道 3 マス目のワーカー獲得に必要なコマ: "
        "茶色（ガイド、既定）または黒（盤面画像の読み）",
    ),
    "industry_end_vp": (
        "VP of the industry track's end square: 30 (the base-game scorer; default) or 50 "
        "(a read of the board art)",
        "工業トラック最終マスの得点: "
        "30（基本ゲームの得点計算アプリ、既定）または 50（盤面画像の読み）",
    ),
}
"""Help for the options that pick a reading of conflicting data (components.CONFLICTS)."""
CONFLICT_LABELS: Final = {
    "transsib_worker_marker": (("brown (the guide)", "茶色（ガイド）"), ("black", "黒")),
}
"""Words for the values of those options that are not numbers."""


class RussianRailroads(Game[RRState]):
    id = "russian_railroads"
    title = {"en": "Russian Railroads", "ja": "ロシアンレールロード"}
    player_counts = (2, 3, 4)
    rules_version = "2"
    rules_prefix = "RR"
    option_specs = (
        OptionSpec(
            "public_engineers_partial",
            False,
            "the 2 public engineers may be used though their action cannot be done in full "
            "(the guide's literal reading; off: like every main-board space they must be "
            "fully executable, as the designers clarified)",  # RR-ENG-5, R-13
            "公開技術者は完全に実行できなくても使える（ガイドの字義どおり。"
            "オフ：他のアクションスペースと同じく完全に実行できる時だけ）",
        ),
        *(
            OptionSpec(
                c.option,
                c.values[0],
                *CONFLICT_HELP[c.option],
                choices=c.values,
                labels=CONFLICT_LABELS.get(c.option, ()),
            )
            for c in CONFLICTS
        ),
    )
    agent_kinds = {"heuristic": "kaido.games.russian_railroads.agents:HeuristicAgent"}
    # bench/README.md: here the plain search beats the heuristic-guided one (50 and 200 ms),
    # and at 4 players half a learnt value and half the evaluation at its leaves wins 80% of
    # games against three heuristic bots where the evaluation alone wins 39-43% at its CPU;
    # a policy learnt from that search, anchored on the heuristic, wins 74% on unseen deals
    # (docs/learning.md). Both play the heuristic's way where no model ships (2-3 players).
    bot_levels = {
        "normal": "policy:model=auto:anchor=2",
        "strong": "mcts:time=1:worlds=1:rollout=0:c=0.25:guide=false:value=auto:mix=0.5",
    }
    decisions_per_player = 84  # 12 heuristic games at 2 players: median 167 decisions

    # ---- set-up ---------------------------------------------------------------------------

    def setup(self, options: Options, seed: int) -> RRState:
        rng = Rng(seed)
        st = RRState()
        st.new_game(options, rng)
        n = st.n
        st.rounds = ROUNDS[n]
        for _ in range(n):
            b = [0] * BOARD_SIZE
            for line in range(3):
                b[POS + line * 5] = 1  # RR-SETUP-7: black markers on square 1
            b[LOCO] = 1  # the "1" loco on the Trans-Siberian
            b[IND2] = -1
            b[HAND] = WORKERS_IN_HAND[n]
            b[STOCKW] = WORKERS_TOTAL[n] - WORKERS_IN_HAND[n]
            b[RUBLES] = START_RUBLES[n]
            st.boards.append(b)
        # RR-SETUP-3, RR-2P-2, RR-3P-1: one tile per player of each number; the "1"s are
        # the players' starting locos.
        st.piles = [0] + [n] * 9
        st.piles[1] = 0
        st.removed_tiles = [0] + [LOCO_COPIES - n] * 9
        st.x2_stock = DOUBLERS
        st.temp_on_space = TEMP_WORKERS
        st.adv_cards = sum(1 << k for k in range(1, 6))
        st.start_bonus = sum(1 << k for k in range(1, 5))
        st.occ = [-1] * len(SPACES)
        st.order = list(range(n))
        rng.shuffle(st.order)  # RR-SETUP-9
        cards = list(range(1, len(END_BONUS) + 1))
        rng.shuffle(cards)  # RR-SETUP-2
        removed = len(cards) - END_BONUS_DRAW
        st.removed_eb = sorted(cards[:removed])
        st.deck = sorted(cards[removed:])
        st.hands = [[] for _ in range(n)]
        st.seen = [0] * n
        st.seen_at = [-1] * n
        self._deal_engineers(st, rng)
        # RR-SETUP-10: start bonus picks from the last position back to the second.
        for position in range(1, n):
            st.stack.append([F_START, st.order[position]])
        engine.settle(st, None)
        return st

    def _deal_engineers(self, st: RRState, rng: Rng) -> None:
        """RR-SETUP-6: shuffle A and B separately; B on the left spaces, A on the right."""
        strip = STRIPS[st.n]
        a = [e for e in ENGINEERS if ENGINEER_LETTER[e] == "A"]
        b = [e for e in ENGINEERS if ENGINEER_LETTER[e] == "B"]
        rng.shuffle(a)
        rng.shuffle(b)
        st.strip = [0] * strip.length
        for position, engineer in zip(strip.b_positions, b, strict=False):
            st.strip[position] = engineer
        for position, engineer in zip(strip.a_positions, a, strict=False):
            st.strip[position] = engineer

    def action_table(self, options: Options) -> ActionTable:
        return TABLE

    # ---- playing --------------------------------------------------------------------------

    def to_move(self, state: RRState) -> int:
        return engine.to_move(state)

    def legal_actions(self, state: RRState) -> Sequence[Action]:
        return engine.legal_actions(state)

    def step(self, state: RRState, action: Action, events: list[Event] | None) -> None:
        state.fresh_scores = None
        engine.answer(state, KEY[action.index], events)

    def explain_illegal(self, state: RRState, action: Action) -> IllegalAction:
        return explain.why(state, (action.kind, *action.args))

    def is_irreversible(self, state: RRState, action: Action) -> bool:
        """Undo stops at anything revealing (looking at the end bonus deck) and at the end
        of a turn (the decision passes on, or the same player starts a new turn)."""
        if action.kind in ("pass", "look", "keep", "start_bonus", "reuse", "reuse_skip"):
            return True
        after = state.copy()
        self.step(after, action, None)
        return (
            after.turn_serial != state.turn_serial
            or engine.to_move(after) != engine.to_move(state)
            or after.phase == PHASE_OVER
        )

    def is_over(self, state: RRState) -> bool:
        return state.phase == PHASE_OVER

    def result(self, state: RRState) -> Result:
        """RR-END-4: most VP wins; ties are not broken."""
        scores = [b[VP] for b in state.boards]
        return Result.from_keys(scores, [(s,) for s in scores])

    def summary(self, state: RRState, log: Sequence[Event], lang: Lang = "en") -> dict[str, Any]:
        return summary.summary(state, log, lang)

    # ---- information ----------------------------------------------------------------------

    def view(self, state: RRState, player: int | None) -> dict[str, Any]:
        return views.view(state, player)

    def encode(self, state: RRState, player: int) -> list[float]:
        return encode.encode(state, player)

    def determinize(self, state: RRState, player: int, rng: Rng) -> RRState:
        return views.determinize(state, player, rng)

    def evaluate(self, state: RRState, player: int) -> float:
        return bots.evaluate(self, state, player)

    def evaluate_all(self, state: RRState) -> list[float]:
        return bots.evaluate_all(self, state)

    def search_actions(self, state: RRState, legal: Sequence[Action]) -> Sequence[Action]:
        return bots.one_payment_each(state, list(legal))

    def rollout_action(self, state: RRState, legal: Sequence[Action], rng: Rng) -> Action:
        return bots.rollout_action(self, state, list(legal), rng)

    def invariants(self, state: RRState) -> None:
        views.invariants(state)

    def review_facts(
        self,
        states: Sequence[RRState],
        actions: Sequence[Action],
        chances: Sequence[Sequence[float]],
    ) -> list[Fact]:
        return review.line_facts(states, lambda seat, lang: self.player_name(seat, lang))

    # ---- text -----------------------------------------------------------------------------

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        return text.action_text((action.kind, *action.args), lang)

    def prompt(self, state: RRState, lang: Lang = "en") -> str:
        return text.prompt(state, lang)

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        return text.describe(event, viewer, lang)

    def render(self, state: RRState, viewer: int | None, lang: Lang = "en") -> str:
        return text.render(state, viewer, lang)


_ = (ORDER_SPACES, TSR)
GAME: Final = RussianRailroads()
