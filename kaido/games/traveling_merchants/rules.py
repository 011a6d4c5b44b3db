"""The Era of Traveling Merchants (行商の時代): the Game object over the parts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import IllegalAction, OptionError
from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.options import Options, OptionSpec
from kaido.core.result import Result
from kaido.core.rng import Rng
from kaido.games.traveling_merchants import (
    actions,
    bots,
    encode,
    engine,
    explain,
    summary,
    text,
    views,
)
from kaido.games.traveling_merchants.board import DATA
from kaido.games.traveling_merchants.engine import Key
from kaido.games.traveling_merchants.state import OVER, START, TMState

MAP_LABELS: Final = {"basic": ("the basic map", "基本マップ")}


class TravelingMerchants(Game[TMState]):
    id = "traveling_merchants"
    title = {"en": "The Era of Traveling Merchants", "ja": "行商の時代"}
    player_counts = (2, 3, 4)
    rules_version = "1"
    rules_prefix = "TM"
    option_specs = (
        OptionSpec("map", "basic", "the card map: basic or example 1-5",
                   "カードの配置: 基本マップか例①〜⑤", tuple(DATA.maps),
                   labels=tuple(MAP_LABELS.get(m, (f"example {m}", f"例{m}")) for m in DATA.maps)),
        OptionSpec("random_cities", False, "deal the city cards onto the map's positions at random",
                   "都市カードをマップの位置にランダムに配置する"),
        OptionSpec("road", False, "add the road card", "道カードを加える"),
        OptionSpec("titles", False, "two title cards add VP at the end",
                   "称号カード2枚で終了時に勝利点を追加"),
        OptionSpec("beginner_wagons", False, "wagon cards on their beginner side",
                   "馬車カードを初心者面で使う"),
        OptionSpec("literal_refill", False, "always refill the row to 6, as the text says",
                   "注文カードを常に6枚まで補充する(原文どおり)"),
        OptionSpec("specials_count_for_houses", False,
                   "special orders count toward trading houses",
                   "特注カードも商館の配置条件に数える"),
        OptionSpec("start_player", -1, "the start player's seat, or drawn at random",
                   "スタートプレイヤーの席、または無作為", (-1, 0, 1, 2, 3),
                   labels=(("drawn at random", "無作為"),
                           *((f"seat {n}", f"{n}番席") for n in range(1, 5)))),
    )  # fmt: skip
    agent_kinds = {"heuristic": "kaido.games.traveling_merchants.agents:HeuristicAgent"}
    # bench/README.md: valued at once (no play-outs) the search does 18 times more iterations;
    # its values differ by hundredths, so it explores less (c=0.15). At 4 players the normal
    # level plays a policy learnt from that search's moves, anchored on the heuristic: 34-40%
    # of games against three heuristic bots (docs/learning.md); the heuristic's way elsewhere.
    bot_levels = {"normal": "policy:model=auto:anchor=3", "strong": "mcts:time=1:rollout=0:c=0.15"}
    decisions_per_player = 83  # 12 heuristic games at 2 players: median 167 decisions

    def __init__(self) -> None:
        self.by_key: dict[Key, Action] = {actions.key(a): a for a in actions.TABLE}

    def setup(self, options: Options, seed: int) -> TMState:
        if int(options["start_player"]) >= int(options["players"]):
            raise OptionError("start_player must be a seat of this table (0 to players - 1)")
        return engine.setup(options, seed)

    def action_table(self, options: Options) -> ActionTable:
        return actions.TABLE

    def to_move(self, state: TMState) -> int:
        return engine.to_move(state)

    def legal_actions(self, state: TMState) -> Sequence[Action]:
        return engine.legal(state)

    def step(self, state: TMState, action: Action, events: list[Event] | None) -> None:
        engine.answer(state, action, events)

    def explain_illegal(self, state: TMState, action: Action) -> IllegalAction:
        return explain.why(state, (action.kind, *action.args))

    def is_irreversible(self, state: TMState, action: Action) -> bool:
        """Undo stops where the row is refilled (a draw) or the decision passes on."""
        if state.phase == START or action.kind == "end":
            return True
        after = state.copy()
        self.step(after, action, None)
        return after.turns != state.turns or after.phase == OVER

    def is_over(self, state: TMState) -> bool:
        return state.phase == OVER

    def result(self, state: TMState) -> Result:
        """TM-SCORE-2, TM-TIE-1: most VP, then more order cards; still tied, shared."""
        scores = engine.scores(state)
        keys = [(v, len(t)) for v, t in zip(scores, state.taken, strict=True)]
        return Result.from_keys(scores, keys)

    def summary(self, state: TMState, log: Sequence[Event], lang: Lang = "en") -> dict[str, Any]:
        return summary.summary(state, log, lang)

    def view(self, state: TMState, player: int | None) -> dict[str, Any]:
        return views.view(state, player)

    def encode(self, state: TMState, player: int) -> list[float]:
        return encode.encode(state, player)

    def determinize(self, state: TMState, player: int, rng: Rng) -> TMState:
        return views.determinize(state, player, rng)

    def evaluate(self, state: TMState, player: int) -> float:
        return bots.evaluate(self, state, player)

    def evaluate_all(self, state: TMState) -> list[float]:
        return bots.evaluate_all(self, state)

    def rollout_action(self, state: TMState, legal: Sequence[Action], rng: Rng) -> Action:
        return bots.rollout_action(self, state, legal, rng)

    def invariants(self, state: TMState) -> None:
        views.invariants(state)

    def player_name(self, player: int, lang: Lang = "en", options: Options | None = None) -> str:
        return text.player_name(player, lang)

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        return text.action_text((action.kind, *action.args), lang)

    def action_help(
        self, state: TMState, action: Action, lang: Lang = "en", *, foresee: bool = True
    ) -> str:
        said = super().action_help(state, action, lang, foresee=foresee)
        return " — ".join(filter(None, [said, text.action_cost(state, action.kind, lang)]))

    def prompt(self, state: TMState, lang: Lang = "en") -> str:
        return text.prompt(state, lang)

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        return text.describe(event, viewer, lang)

    def render(self, state: TMState, viewer: int | None, lang: Lang = "en") -> str:
        return text.render(state, viewer, lang)


GAME: Final = TravelingMerchants()
