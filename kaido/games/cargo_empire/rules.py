"""Cargo Empire: the Game object (protocol methods) over the engine in `engine.py`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import IllegalAction, OptionError
from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.options import Options, OptionSpec
from kaido.core.result import Result, places
from kaido.core.rng import Rng
from kaido.games.cargo_empire import bots, encode, engine, explain, solo, summary, text, views
from kaido.games.cargo_empire.board import (
    ANY_AND_STEP,
    ANY_CARD,
    DIOR,
    EUROPE,
    MAPS,
    Components,
    components_named,
)
from kaido.games.cargo_empire.payments import max_land_cards
from kaido.games.cargo_empire.scoring import Scores, goal_values, ranking_keys
from kaido.games.cargo_empire.state import (
    CLAN_OF_COLOUR,
    F_BEGIN,
    F_BOT_SETUP,
    F_CARD,
    F_EMBLEM,
    F_FIRST,
    F_GOAL,
    F_SECOND,
    PHASE_OVER,
    PLAYER_COLOURS,
    CEState,
)

Key = tuple[Any, ...]


def _pay_keys(most: int) -> list[Key]:
    return [
        ("pay", c, lo, s, 0)
        for s in (0, 1, 2)  # 2 ships: never legal, refused with CE-PAY-7
        for c in range(most + 1)
        for lo in range(most + 1)
        if c + lo + s
    ]


def _action_keys(maps: tuple[Components, ...]) -> list[Key]:
    """Every action on any map, in a fixed order (the maps share city indices 0-23); keys
    added for a later map come last, so the earlier ones keep their indices."""
    comp = maps[0]
    cities = range(comp.cities)
    keys: list[Key] = [("keep_goal", g) for g in range(1, len(comp.goals) + 1)]
    keys += [("take_card", t) for t in range(3)]
    keys += [("first_post", c, i) for c in cities for i in (0, 1)]
    keys += [("second_post", i) for i in (0, 1)] + [("emblem", c) for c in cities]
    keys += [("plan", o, d, i, k) for o in cities for d in cities for i in (0, 1) for k in range(4)]
    keys += _pay_keys(max_land_cards(comp))
    keys += [
        ("pay", c, lo, s, 1)
        for c, lo, s in ((2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (0, 1, 1), (0, 0, 2))
    ]
    keys += [("row", 0), ("row", 1)] + [("advance", t) for t in range(3)]
    keys += [("extra", t) for t in range(3)] + [("city_card", s) for s in range(5)]
    keys += [("refill", c) for c in cities] + [("take_three",)]
    keys += [("move_emblem", c) for c in cities] + [("elleston_car",), ("rockriel",)]
    keys += [("glatt_move", a, b, k) for a in cities for b in cities for k in range(4) if a != b]
    keys += [("kasha", c) for c in range(5)] + [("tino_swap", t) for t in range(3)]
    keys += [("end_turn",), ("tino_harbour", 0), ("tino_harbour", 1)]
    keys += [("city_or_goal", 0), ("city_or_goal", 1)]
    keys += [("express", k) for k in range(6)] + [("no_express",)]
    keys += [
        ("vassal", o, d, i, k) for o in cities for d in cities for i in (0, 1) for k in range(4)
    ]
    longest = _pay_keys(max(max_land_cards(m) for m in maps))
    known = set(keys)  # once: in the comprehension it was built again for every key
    return keys + [key for key in longest if key not in known]


class CargoEmpire(Game[CEState]):
    id = "cargo_empire"
    title = {"en": "Cargo Empire", "ja": "カーゴエンパイア"}
    player_counts = (1, 2, 3, 4, 5)  # 1: solo against the bot (CE-BOT-1)
    default_players = 4
    rules_version = "1"
    rules_prefix = "CE"
    option_specs = (
        OptionSpec(
            "map",
            "europe",
            "the map board's side: Europe, or the continent of Dior with its express spaces "
            "and tiles",  # CE-DIOR
            "マップボードの面：ヨーロッパ、または急行スペースと急行タイルのあるディオール大陸",
            choices=MAPS,
            labels=(("Europe", "ヨーロッパ"), ("Dior", "ディオール")),
        ),
        OptionSpec(
            "clans",
            False,
            "the clan variant: each colour's clan abilities, emblem tiles, cubes kept",  # CE-CLAN
            "クラン・バリアント：各色のクラン能力・紋章タイル・貨物の保持",
        ),
        OptionSpec(
            "tracks",
            "basic",
            "development-track tiles: basic (a01-a06), advanced (one of a01-a06, b01-b03 and "
            "c01-c03 left to right) or mixed (any three of the twelve)",  # CE-ADV-1, CE-ADV-2
            "開発トラックタイル：基本（a01～a06）、上級（左からa・b・cを1枚ずつ）、"
            "混合（12枚から任意に3枚）",
            choices=("basic", "advanced", "mixed"),
            labels=(("basic", "基本"), ("advanced", "上級"), ("mixed", "混合")),
        ),
        OptionSpec(
            "colours",
            "red,yellow,green,blue,purple",
            "player colours in seat order (red, yellow, green, blue, purple); with clans the "
            "colour is the clan",  # CE-CLAN-2
            "席順のプレイヤー色（赤・黄・緑・青・紫をカンマ区切りで）。クランありでは色がクラン",
        ),
        OptionSpec(
            "bot",
            False,
            "the rulebook's bot plays along in the next unused colour: solo (1 player, always "
            "with it), 2 or 3 players plus the bot",  # CE-BOT, CE-2P-1, CE-5P-8
            "ルールブックのボットが未使用の色で参加：ソロ（1人、常にボットあり）、または2～3人＋"
            "ボット",
        ),
        OptionSpec(
            "vassals",
            False,
            "vassal mode for 2 players, without the bot: after each turn you place a post of "
            "your vassal colour by a free transport of any cube to get in your rival's way",
            # CE-2P-2..12
            "2人用の家臣モード（ボットなし）：毎手番の後、家臣の色の交易所を任意の貨物の無料輸送で"
            "置き、相手の邪魔をする",
        ),
    )
    agent_kinds = {"heuristic": "kaido.games.cargo_empire.agents:HeuristicAgent"}
    # bench/README.md ("Weights tuned by self-play"): against three written heuristics the
    # tuned look-ahead wins more than any search did, and more again with the rest of each
    # turn played by its own look-ahead, two levels deep
    bot_levels = {
        "normal": "heuristic:tuned=true",
        "strong": "heuristic:tuned=true:depth=2:value=auto",
    }
    decisions_per_player = 48  # 12 heuristic games at 2 players: median 96 decisions

    def __init__(self) -> None:
        self.table = ActionTable()
        self.by_key: dict[Key, Action] = {}
        for key in _action_keys((EUROPE, DIOR)):
            self.by_key[key] = self.table.add(key[0], *key[1:])

    # ---- set-up ---------------------------------------------------------------------------

    def make_options(self, raw: Any = None, **values: Any) -> Options:
        given = {**(raw or {}), **values}
        if str(given.get("players", "")) == "1" and "bot" not in given:
            values = {**values, "bot": True}  # CE-BOT-1: one player plays against the bot
        options = super().make_options(raw, **values)
        check_modes(options)
        seat_colours(options)
        return options

    def setup(self, options: Options, seed: int) -> CEState:
        rng = Rng(seed)
        st = CEState()
        st.new_game(options, rng, components_named(str(options["map"])))
        comp, n = st.comp, st.n
        st.colours = all_colours(options)
        clans = bool(options["clans"])
        seats = st.colours[: st.n]  # vassal colours follow (CE-2P-3); they have no clan
        st.clan = tuple(CLAN_OF_COLOUR[PLAYER_COLOURS[c]] for c in seats) if clans else ()
        if clans and st.bot >= 0:
            st.clan = (*st.clan[: st.bot], -1)  # CE-XV-1: the bot has no clan
        tiles = list(range(len(comp.tile_ids)))
        rng.shuffle(tiles)  # CE-SET-1
        for c in range(comp.cities):
            st.tile[c] = tiles[c]
            st.prod[2 * c : 2 * c + 2] = comp.produce[tiles[c]][0]  # CE-SET-2
        if comp.express:
            engine.place_express(st, None)  # CE-DIOR-1
        st.track = draw_track(comp, str(options["tracks"]), rng)
        st.deck = list(range(comp.cities))
        rng.shuffle(st.deck)  # CE-SET-5
        st.display = [st.deck.pop() for _ in range(5 if n == 5 else 4)]  # CE-SET-5, CE-5P-3
        st.goal_deck = [g.id for g in comp.goals]
        rng.shuffle(st.goal_deck)  # CE-SET-6
        st.goal_from = [-1] * len(st.goal_deck)
        st.cards = [1] * (3 * n)  # CE-SET-10
        st.left = [st.turns] * n  # CE-SET-9
        frames: list[list[int]] = []
        for p in range(st.seats):
            st.setup_card[p] = st.deck.pop()  # CE-SET-11
            frames.append([F_GOAL, p, st.goal_deck.pop(), st.goal_deck.pop()])  # CE-SET-12
            st.goal_from[-2:] = []
        if st.bot >= 0:
            solo.deal_bot(st)
        start = rng.below(n)  # CE-SET-13, CE-BOT-5: the bot included
        st.order = [(start + k) % n for k in range(n)]
        for space, p in enumerate(st.order):  # CE-SET-14, CE-SET-15, CE-5P-2
            if p == st.bot:
                continue  # CE-BOT-5: no adjustment-track bonus for the bot
            bonus = engine.adjustment_track(st)[space]
            if bonus >= ANY_CARD:
                frames.append([F_CARD, p, 1] if bonus == ANY_AND_STEP else [F_CARD, p])
            else:
                st.cards[3 * p + bonus] += 1
        humans = [p for p in st.order if p != st.bot]
        frames += [[F_FIRST, p] for p in reversed(humans)]  # CE-SET-17
        if st.bot >= 0:
            frames.append([F_BOT_SETUP, st.bot, 0])  # CE-BOT-6, CE-BOT-7
        frames += [[F_SECOND, p] for p in humans]  # CE-SET-18
        if st.bot >= 0:
            frames.append([F_BOT_SETUP, st.bot, 1])  # CE-BOT-8..10
        if clans:
            frames += [[F_EMBLEM, p] for p in humans]  # CE-CLAN-3, AMB-25
        frames.append([F_BEGIN, -1])
        st.stack = frames[::-1]
        engine.settle(st, None)
        return st

    def action_table(self, options: Options) -> ActionTable:
        return self.table

    # ---- playing --------------------------------------------------------------------------

    def to_move(self, state: CEState) -> int:
        return engine.to_move(state)

    def legal_actions(self, state: CEState) -> Sequence[Action]:
        by_key = self.by_key
        return [by_key[key] for key in engine.legal_keys(state)]

    def step(self, state: CEState, action: Action, events: list[Event] | None) -> None:
        engine.answer(state, (action.kind, *action.args), events)

    def explain_illegal(self, state: CEState, action: Action) -> IllegalAction:
        return explain.why(state, (action.kind, *action.args))

    def is_irreversible(self, state: CEState, action: Action) -> bool:
        """Undo stops at a draw or reveal, and where the turn passes on."""
        after = state.copy()
        self.step(after, action, None)
        return (
            after.reveals != state.reveals
            or engine.to_move(after) != engine.to_move(state)
            or (after.turn, after.round) != (state.turn, state.round)
            or after.phase == PHASE_OVER
        )

    def is_over(self, state: CEState) -> bool:
        return state.phase == PHASE_OVER

    def result(self, state: CEState) -> Result:
        """CE-END-6..9: most VP; ties by categories 1-4, then round 3's turn order.

        One entry per seat. With the bot (CE-BOT) the places count it: a seat's rank is 1
        only if it beat the bot and every other seat, and the bot's place is the one no
        seat holds (solo: rank 1 = beat the bot, rank 2 = lost to it). The bot's score is
        in the view (`scores`, its last row) and the terminal board."""
        scores = state.final or []
        return seats_result(state, scores, ranking_keys(state, scores))

    def forfeit(self, state: CEState, leavers: set[int]) -> Result | None:
        """The bot (CE-BOT) is one of those who stay: a seat that left places below it too
        (solo, resigning loses to it). Decided at once when one player stays."""
        if not self.is_over(state) and state.n - len(leavers) > 1:
            return None
        scores = state.final or [(0, 0, 0, 0)] * state.n
        keys = [(p not in leavers, *key) for p, key in enumerate(ranking_keys(state, scores))]
        return seats_result(state, scores, keys)

    def summary(self, state: CEState, log: Sequence[Event], lang: Lang = "en") -> dict[str, Any]:
        return summary.summary(state, log, lang)

    def balance(self, state: CEState, events: Sequence[Event]) -> dict[str, float]:
        """The winners' points by category, and each kept goal card's value (`kaido
        report` averages it over the games where someone kept the card)."""
        return {**super().balance(state, events), **goal_values(state)}

    # ---- information ----------------------------------------------------------------------

    def view(self, state: CEState, player: int | None) -> dict[str, Any]:
        return views.view(state, player)

    def encode(self, state: CEState, player: int) -> list[float]:
        return encode.encode(state, player)

    def determinize(self, state: CEState, player: int, rng: Rng) -> CEState:
        return views.determinize(state, player, rng)

    def evaluate(self, state: CEState, player: int) -> float:
        return bots.evaluate_all(state)[player]

    def evaluate_all(self, state: CEState) -> list[float]:
        return bots.evaluate_all(state)

    def invariants(self, state: CEState) -> None:
        views.invariants(state)

    # ---- text -----------------------------------------------------------------------------

    def player_name(self, player: int, lang: Lang = "en", options: Options | None = None) -> str:
        return text.player_name(player, _colours(options), lang)

    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        players = int(options["players"]) + bool(options["bot"]) if options else None
        return text.action_text((action.kind, *action.args), lang, _map(options), players)

    def prompt(self, state: CEState, lang: Lang = "en") -> str:
        return text.prompt(state, lang)

    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        return text.describe(event, viewer, _colours(options), lang, _map(options))

    def render(self, state: CEState, viewer: int | None, lang: Lang = "en") -> str:
        return text.render(state, viewer, lang)


def draw_track(comp: Components, tracks: str, rng: Rng) -> list[int]:
    """The three track tiles left to right, each `tile * 2 + side`: three of a01-a06
    (CE-SET-3, AMB-1), one a, b and c tile (CE-ADV-1), or any three (CE-ADV-2); sides at
    random (AMB-42)."""
    if tracks == "advanced":
        picks = [group[rng.below(len(group))] for group in map(comp.track_group, "abc")]
    else:
        picks = comp.track_group("a") if tracks == "basic" else list(range(len(comp.track_tiles)))
        rng.shuffle(picks)
    return [k * 2 + rng.below(2) for k in picks[:3]]


def _map(options: Options | None) -> Components:
    return components_named(str(options["map"])) if options else EUROPE


def _colours(options: Options | None) -> tuple[int, ...]:
    return all_colours(options) if options else tuple(range(5))


def check_modes(options: Options) -> None:
    """Player counts per variant (CE-BOT-1, CE-2P-1, CE-5P-8, CE-XV-7)."""
    players = int(options["players"])
    if options["bot"] and players > 3:
        raise OptionError(
            f"the bot plays with 1 to 3 players (CE-BOT-1), not {players}: "
            "turn it off for 4 or 5 players"
        )
    if players == 1 and not options["bot"]:
        raise OptionError("a 1-player game is played against the bot (CE-BOT-1): set bot=true")
    if options["vassals"] and options["bot"]:
        raise OptionError("the vassal mode is played without the bot (CE-XV-7): choose one")
    if options["vassals"] and players != 2:
        raise OptionError(f"the vassal mode is for 2 players (CE-2P-2), not {players}")


def all_colours(options: Options) -> tuple[int, ...]:
    """The seats' colours, then the bot's: the next colour of the option no seat has
    (CE-BOT-3); in vassal mode the two vassals' colours instead (CE-2P-3)."""
    seats = seat_colours(options)
    if options.get("vassals"):  # CE-2P-3: each seat's vassal colour, in seat order
        return (*seats, *bot_colours(options, seats))
    if not options.get("bot"):
        return seats
    return (*seats, bot_colours(options, seats)[0])


def bot_colours(options: Options, seats: tuple[int, ...]) -> tuple[int, int]:
    """The first two colours no seat has, in the option's order, then the rest: the bot's
    colour and that of its origin and destination markers (CE-BOT-3), or the vassals'."""
    raw = str(options["colours"]).replace("、", ",")
    named = [
        PLAYER_COLOURS.index(JA_COLOURS.get(c.strip(), c.strip()))
        for c in raw.split(",")
        if c.strip()
    ]
    free = [c for c in [*named, *range(len(PLAYER_COLOURS))] if c not in seats]
    free = list(dict.fromkeys(free))
    return free[0], free[1]


JA_COLOURS: Final = dict(zip("赤黄緑青紫", PLAYER_COLOURS, strict=True))
"""The colours' Japanese names, accepted in the option like the English ones."""


def seat_colours(options: Options) -> tuple[int, ...]:
    """The seats' colours from the `colours` option (CE-SET-8; clans: CE-CLAN-2, AMB-26)."""
    raw = str(options["colours"]).replace("、", ",")
    names = [JA_COLOURS.get(c.strip(), c.strip()) for c in raw.split(",") if c.strip()]
    n = int(options["players"])
    unknown = [c for c in names if c not in PLAYER_COLOURS]
    if unknown:
        raise OptionError(f"unknown colour {unknown[0]!r} (colours: {', '.join(PLAYER_COLOURS)})")
    if len(set(names)) != len(names) or len(names) < n:
        raise OptionError(
            f"option 'colours' needs {n} different colours, got {options['colours']!r}"
        )
    return tuple(PLAYER_COLOURS.index(c) for c in names[:n])


def seats_result(state: CEState, scores: Sequence[Scores], keys: Sequence[Sequence[int]]) -> Result:
    """One entry per seat; the bot's place, when it plays, is the one no seat holds."""
    seats = state.seats
    return Result(tuple(float(sum(s)) for s in scores[:seats]), places(keys)[:seats])


GAME: Final = CargoEmpire()
