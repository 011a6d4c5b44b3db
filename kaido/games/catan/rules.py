"""Catan (base game, 3-4 players): the game object, assembled from its parts.

`engine.py` holds the transitions, `trade.py` the trades, `explain.py` the refusals,
`views.py` what each seat sees, `text.py` the words, `bots.py` the evaluation and
play-out policy; this class only connects them to the protocol of `kaido.core.game`.
"""

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
from kaido.games.catan import actions as A
from kaido.games.catan import bots, encode, engine, explain, review, summary, text, trade, views
from kaido.games.catan.board import beginner_board, random_board
from kaido.games.catan.state import OVER, CatanState


class CatanGame(Game[CatanState]):
    id = "catan"
    title = {"en": "Catan", "ja": "カタン"}
    player_counts = (3, 4)
    rules_version = "1"
    rules_prefix = "CT"
    agent_kinds = {"heuristic": "kaido.games.catan.agents:HeuristicAgent"}
    bot_levels = {"strong": "mcts:time=1:widen=1:rollout=10"}  # bench/README.md
    decisions_per_player = 183  # 12 heuristic games at 3 players: median 550 decisions
    option_specs = (
        OptionSpec(
            "layout",
            "random",
            "board layout: the beginner map or the variable set-up",
            "盤面: 初心者用の配置か、ランダム配置",
            choices=("beginner", "random"),
            labels=(("the beginner map", "初心者用の配置"), ("a random map", "ランダム配置")),
        ),
        OptionSpec(
            "separate_trade_build",
            False,
            "beginner mode: a trade phase, then a build phase",  # CT-TURN-3
            "初心者モード: 交易フェーズの後に建設フェーズ",
        ),
        OptionSpec(
            "shortage_single_recipient",
            False,
            "bank shortage: a lone recipient takes what is left",
            "資源不足: 受け取るのが1人なら残りを受け取る",
        ),
        OptionSpec(
            "longest_road_holder_keeps_on_tie",
            False,
            "a holder whose road is broken keeps Longest Road when still tied",
            "分断されても同点最長なら保持者が最長交易路を保持",
        ),
        OptionSpec(
            "knight_to_desert",
            False,
            "a knight may send the robber to the desert, as a 7 may",
            "騎士でも盗賊を砂漠へ移動できる (7の目と同じく)",
        ),
    )

    # ---- set-up -------------------------------------------------------------------------

    def setup(self, options: Options, seed: int) -> CatanState:
        rng = Rng(seed)
        layout = options["layout"]
        # The layout name is the options' own string, so states pickle alike after replay.
        board = beginner_board() if layout == "beginner" else random_board(rng, layout)
        return engine.new_state(options, board, rng)

    def action_table(self, options: Options) -> ActionTable:
        return A.TABLE

    # ---- playing ------------------------------------------------------------------------

    def to_move(self, state: CatanState) -> int:
        return engine.to_move(state)

    def legal_actions(self, state: CatanState) -> Sequence[Action]:
        return engine.legal_actions(state)

    def step(self, state: CatanState, action: Action, events: list[Event] | None) -> None:
        engine.step(state, action, events)

    def explain_illegal(self, state: CatanState, action: Action) -> IllegalAction:
        return explain.why_illegal(state, action)

    def is_irreversible(self, state: CatanState, action: Action) -> bool:
        return engine.is_irreversible(state, action)

    def decline_offer(self, state: CatanState) -> Action | None:
        return trade.decline_action(state)

    # ---- the end ------------------------------------------------------------------------

    def is_over(self, state: CatanState) -> bool:
        return state.phase == OVER

    def result(self, state: CatanState) -> Result:
        scores = [engine.total_points(state, p) for p in range(state.n)]
        keys = [(1 if p == state.winner else 0, scores[p]) for p in range(state.n)]
        return Result.from_keys(scores, keys)

    def summary(self, state: CatanState, log: Sequence[Event], lang: Lang = "en") -> dict[str, Any]:
        return summary.summary(state, log, lang)

    def balance(self, state: CatanState, events: Sequence[Event]) -> dict[str, float]:
        return {**super().balance(state, events), **summary.resource_balance(state, events)}

    # ---- information --------------------------------------------------------------------

    def view(self, state: CatanState, player: int | None) -> dict[str, Any]:
        return views.view(state, player)

    def encode(self, state: CatanState, player: int) -> list[float]:
        return encode.encode(state, player)

    def determinize(self, state: CatanState, player: int, rng: Rng) -> CatanState:
        return views.determinize(state, player, rng)

    def evaluate(self, state: CatanState, player: int) -> float:
        if state.phase == OVER:
            return super().evaluate(state, player)
        return bots.evaluate(state, player)

    def evaluate_all(self, state: CatanState) -> list[float]:
        if state.phase == OVER:
            return super().evaluate_all(state)
        return bots.evaluate_all(state)

    def search_actions(self, state: CatanState, legal: Sequence[Action]) -> Sequence[Action]:
        return bots.search_actions(state, legal)

    def rollout_action(self, state: CatanState, legal: Sequence[Action], rng: Rng) -> Action:
        return bots.rollout_action(state, legal, rng)

    def invariants(self, state: CatanState) -> None:
        views.check_invariants(state)

    def review_facts(
        self,
        states: Sequence[CatanState],
        actions: Sequence[Action],
        chances: Sequence[Sequence[float]],
    ) -> list[Fact]:
        return review.robber_facts(states, actions, chances)

    # ---- text ---------------------------------------------------------------------------

    def player_name(self, player: int, lang: Lang = "en", options: Options | None = None) -> str:
        return text.player_name(player, lang)

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        return text.action_text(action, lang)

    def action_help(
        self, state: CatanState, action: Action, lang: Lang = "en", *, foresee: bool = True
    ) -> str:
        # Drafting an offer tells nothing: not played out on a copy (a third of the legal
        # list's time in random play, bench/README.md).
        foresee = foresee and action.kind not in trade.DRAFT_STEPS
        said = super().action_help(state, action, lang, foresee=foresee)
        return " — ".join(filter(None, [said, text.build_help(state, action.kind, lang)]))

    def prompt(self, state: CatanState, lang: Lang = "en") -> str:
        return text.prompt(state, lang)

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        return text.describe(event, viewer, lang)

    def render(self, state: CatanState, viewer: int | None, lang: Lang = "en") -> str:
        return text.render(state, viewer, lang)


GAME: Final = CatanGame()
