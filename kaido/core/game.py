"""The game protocol every Kaido game implements.

A game is a stateless object (one per game, kept in the registry) whose methods act on
that game's state objects. Everything a caller needs to play is here:

    game = get_game("catan")
    options = game.make_options(players=4)
    state = game.setup(options, seed=7)
    while not game.is_over(state):
        player = game.to_move(state)           # who decides now
        action = choose(game.legal_actions(state))
        events = game.apply(state, action, narrate=True)
    game.result(state)

Rules code lives in the game; interfaces (terminal, server, simulator, RL) only call this.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from mypy_extensions import mypyc_attr

from kaido.core.actions import Action, ActionTable
from kaido.core.errors import ActionFormatError, IllegalAction
from kaido.core.events import Event
from kaido.core.options import Options, OptionSpec, resolve_options
from kaido.core.result import Result
from kaido.core.rng import Rng

Lang = str  # "en" or "ja"
LANGS: Final[tuple[Lang, ...]] = ("en", "ja")
NO_EVENTS: Final[tuple[Event, ...]] = ()


class GameState(Protocol):
    """What the core needs of every game's state: its options and a cheap copy."""

    options: Options

    def copy(self) -> Self: ...


S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Fact:
    """Something worth telling of a finished game in its review (`Game.review_facts`)."""

    step: int
    """The decision it is about: the record's action number, from 0."""
    seats: tuple[int, ...]
    """The players it is about."""
    text: dict[Lang, str]
    """What it says, in each language."""


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games and tests' games are Python
class Game(ABC, Generic[S]):
    """The rules of one game. Subclasses fill in the abstract methods."""

    id: ClassVar[str]
    title: ClassVar[dict[Lang, str]]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int | None] = None
    """Players when a caller names none; None means the largest of `player_counts`."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    rules_version: ClassVar[str]
    rules_prefix: ClassVar[str] = ""
    """The clause-id prefix of this game's rules file (`CT`, `RR`, ...)."""
    agent_kinds: ClassVar[dict[str, str]] = {}
    """Game-specific agents: kind -> 'module:Class' (for example a heuristic bot)."""
    bot_levels: ClassVar[dict[str, str]] = {}
    """The agent spec behind a bot level (`easy`, `normal`, `strong`) where this game's
    best choice differs from the web application's default (see kaido/server/bots.py)."""
    decisions_per_player: ClassVar[int | None] = None
    """The decisions each player makes in a typical game (a median of heuristic
    self-play): the web server rates a game ended by a resignation only once a quarter of
    its decisions were made (kaido/server/leaderboard.py). None: such a game is not rated."""

    # ---- options and set-up -------------------------------------------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        """A game goes to another process (the server's bot processes take the games added
        at run time) as its class, made again without arguments, and the attributes it set:
        a compiled base class would otherwise leave a Python subclass's attributes out."""
        return type(self), (), dict(getattr(self, "__dict__", {}))

    def make_options(self, raw: Mapping[str, Any] | None = None, **values: Any) -> Options:
        """Validated options with defaults; `players` defaults to `default_players`."""
        merged = {**(raw or {}), **values}
        return resolve_options(self.option_specs, self.player_counts, merged, self.default_players)

    @abstractmethod
    def setup(self, options: Options, seed: int) -> S:
        """A new game. All chance in it comes from an `Rng` seeded with `seed`."""

    @abstractmethod
    def action_table(self, options: Options) -> ActionTable:
        """Every action this game can offer under `options`, in a fixed order."""

    # ---- playing ------------------------------------------------------------------------

    @abstractmethod
    def to_move(self, state: S) -> int:
        """The player who decides now (not always the one on turn); -1 once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]:
        """Every legal action of the player who decides now. Empty once the game is over."""

    def apply(
        self, state: S, action: Action, *, narrate: bool = False, trusted: bool = False
    ) -> Sequence[Event]:
        """Carry out `action`, changing `state` in place; the events, if `narrate`.

        An illegal action raises `IllegalAction` and leaves `state` unchanged. `trusted`
        skips the legality check: pass it only for an action taken from `legal_actions`.
        """
        if not trusted:
            self.check(state, action)
        if not narrate:
            self.step(state, action, None)
            return NO_EVENTS
        events: list[Event] = []
        self.step(state, action, events)
        return events

    def check(self, state: S, action: Action) -> None:
        """Raise `IllegalAction` (with the clause it breaks) unless `action` is legal now."""
        if action not in self.legal_actions(state):
            raise self.explain_illegal(state, action)

    @abstractmethod
    def step(self, state: S, action: Action, events: list[Event] | None) -> None:
        """Apply a legal action; append events to `events` when it is not None."""

    @abstractmethod
    def explain_illegal(self, state: S, action: Action) -> IllegalAction:
        """Why `action` (known to be illegal now) is refused: the clause and a sentence."""

    def is_irreversible(self, state: S, action: Action) -> bool:
        """Whether `action` rolls, draws, reveals or ends a turn, so it can never be undone."""
        return True

    def decline_offer(self, state: S) -> Action | None:
        """When the decision now is an answer to another player's proposal (a trade offer),
        the legal action that declines it; else None. The server declines for a player who
        ignores offers, and when the answer's time runs out, so an offer never holds a
        table up."""
        return None

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """Scores and places of a finished game, with the rulebook's tie-breaks."""

    def forfeit(self, state: S, leavers: set[int]) -> Result | None:
        """The result once the seats in `leavers` left the game for good (resigned or
        removed): they place below everyone who stayed, in the order of the places they
        had. `None` while the places of those who stay are still to be played for: bots
        then play the leavers' seats to the end. A game whose players include one without
        a seat (an automated opponent) overrides this to count them among those who stay."""
        if not self.is_over(state) and self.num_players(state) - len(leavers) > 1:
            return None
        return self.result(state).forfeited(leavers)

    def num_players(self, state: S) -> int:
        return int(state.options["players"])

    def summary(self, state: S, log: Sequence[Event], lang: Lang = "en") -> dict[str, Any]:
        """A finished game in numbers, from its final state and every event of the game
        (`log`; only their public part, `event.data`, may be used):

        - `breakdown`: rows `{"label", "values"}` of each player's points in the game's own
          categories, whose sum is the player's score;
        - `charts`: a few statistics, each `{"title", "kind": "bars" | "lines", "labels",
          "series": [{"name", "values", "player"?}]}` (one value per label; `player` when
          a series is a player's, so it is drawn in their colour);
        - `others` (optional): players no seat plays (a game's own bot), each `{"name",
          "values", "rank"}`, its points by the breakdown's rows and its place among the
          seats (the seats' places in `result` count it).

        Empty unless the game says more."""
        return {"breakdown": [], "charts": []}

    def review_facts(
        self, states: Sequence[S], actions: Sequence[Action], chances: Sequence[Sequence[float]]
    ) -> list[Fact]:
        """Facts of a game worth telling in its review (kaido/review), beyond the chances and
        the turning points every game gets: `states[i]` is the state before `actions[i]`
        (the last one the end), `chances[i][p]` seat p's chance of winning there as p saw
        it. Everything of a finished game may be told, as its replay shows it. None by
        default."""
        return []

    # ---- information --------------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What `player` (or a spectator, for None) may see, as JSON-ready data."""

    def encode(self, state: S, player: int) -> Sequence[float] | None:
        """What `player` may see (no more than `view` shows) as numbers within [-1, 1] for
        learning agents, equally many in every state of a game with the same options (the
        helpers of `kaido.core.vectors` write them). None, the default: `kaido.core.encoding` hashes
        the view into a fixed-length vector instead."""
        return None

    def balance(self, state: S, events: Sequence[Event]) -> dict[str, float]:
        """Figures of one finished game for balance reports (`kaido report`), by name: how
        often each dice total came up, 1 if the winner followed some strategy, ... The
        report shows each figure's mean over the games that give it (leave a figure out
        of a game it does not apply to). `events` are every event of the game, unfiltered.

        By default they come from `summary`: the winners' points from each category of
        the breakdown (which way to win works; none when no seat won) and the values of
        each bar chart with one series (`Dice rolled: 7`)."""
        summary = self.summary(state, events)
        figures: dict[str, float] = {}
        rows = summary["breakdown"][:-1]  # the last row is the total
        winners = self.result(state).winners  # none when a game's own bot won
        if rows and winners:
            for row in rows:
                won = sum(row["values"][p] for p in winners) / len(winners)
                figures[f"winners' points: {row['label']}"] = won
        for chart in summary["charts"]:
            if chart["kind"] == "bars" and len(chart["series"]) == 1:
                values = chart["series"][0]["values"]
                for label, value in zip(chart["labels"], values, strict=True):
                    figures[f"{chart['title']}: {label}"] = value
        return figures

    @abstractmethod
    def determinize(self, state: S, player: int, rng: Rng) -> S:
        """A full state that `player` cannot tell from `state`: what they cannot see
        (others' hands, deck order, future dice) is dealt again from `rng`, consistently
        with what they can see. Never reads the hidden parts of `state` beyond that."""

    def evaluate(self, state: S, player: int) -> float:
        """How good `state` looks for `player`, in [0, 1] (for greedy and search bots)."""
        if self.is_over(state):
            return result_value(self.result(state), player)
        return 0.5

    def evaluate_all(self, state: S) -> list[float]:
        """`evaluate` for every player at once (a game may share the work between them)."""
        return [self.evaluate(state, p) for p in range(self.num_players(state))]

    def search_actions(self, state: S, legal: Sequence[Action]) -> Sequence[Action]:
        """The legal actions a search agent should consider (a non-empty subset of
        `legal`): all of them unless the game knows some are never worth searching."""
        return legal

    def rollout_action(self, state: S, legal: Sequence[Action], rng: Rng) -> Action:
        """The move a search agent's play-out makes for the player to move: uniformly
        random unless the game knows a cheap, better default (a play-out policy)."""
        return legal[rng.below(len(legal))]

    @abstractmethod
    def invariants(self, state: S) -> None:
        """Raise AssertionError if `state` breaks a conservation law or a running total."""

    # ---- text ---------------------------------------------------------------------------

    # The text methods take the game's `options` where words depend on the set-up (Cargo
    # Empire's map names its cities, its seat colours name its players); None means the
    # game's default options.

    def player_name(self, player: int, lang: Lang = "en", options: Options | None = None) -> str:
        """How players are called in text (a colour in most games)."""
        return f"P{player + 1}"

    @abstractmethod
    def action_text(self, action: Action, lang: Lang = "en", options: Options | None = None) -> str:
        """The human form of an action (`build road 12-13`); parsing it gives the action."""

    def action_help(
        self, state: S, action: Action, lang: Lang = "en", *, foresee: bool = True
    ) -> str:
        """What choosing `action` (legal now) does, for the player choosing it (the table's
        hover help): its text, then what follows when that can be foreseen: the narration
        of its events, as the chooser may read them, when it draws, rolls and reveals
        nothing (`is_irreversible` is False) and `foresee` allows playing it out on a copy.
        A game adds what it costs or gains where the events do not say it."""
        text = self.action_text(action, lang, state.options)
        if not foresee or self.is_irreversible(state, action):
            return text
        after = state.copy()
        events = self.apply(after, action, narrate=True, trusted=True)
        mover = self.to_move(state)
        said = [self.describe(event, mover, lang, state.options) for event in events]
        return " — ".join([text, "; ".join(said)]) if said else text

    @abstractmethod
    def prompt(self, state: S, lang: Lang = "en") -> str:
        """What the player to move is asked now, as a short sentence in `lang` ("Choose
        a transport: an origin city, then a destination"); "" once the game is over. The
        table shows it above the board, to the player deciding and to everyone watching,
        so it says only what everyone may know."""

    @abstractmethod
    def describe(
        self, event: Event, viewer: int | None, lang: Lang = "en", options: Options | None = None
    ) -> str:
        """One line narrating `event` as `viewer` may see it."""

    @abstractmethod
    def render(self, state: S, viewer: int | None, lang: Lang = "en") -> str:
        """The game drawn as text for a terminal (may hold rich markup), as `viewer` sees it."""

    def parse_action(self, state: S, text: str) -> Action:
        """The legal action written as `text`: its text form (either language) or JSON form.
        An action of the game that is not legal now raises IllegalAction with its clause."""
        legal = self.legal_actions(state)
        stripped = text.strip()
        if stripped.startswith("["):
            try:
                action = self.action_table(state.options).from_json(json.loads(stripped))
            except json.JSONDecodeError:
                raise ActionFormatError(f"not valid JSON: {stripped[:60]}") from None
            if action not in legal:
                raise self.explain_illegal(state, action)
            return action
        wanted = normalize_text(stripped)

        def written(action: Action) -> bool:
            return any(
                normalize_text(self.action_text(action, lang, state.options)) == wanted
                for lang in LANGS
            )

        found = next((action for action in legal if written(action)), None)
        if found is not None:
            return found
        # An action of the game that is not legal now is refused with the clause it breaks.
        illegal = next((a for a in self.action_table(state.options) if written(a)), None)
        if illegal is not None:
            raise self.explain_illegal(state, illegal)
        raise ActionFormatError(f"{stripped!r} is not one of the legal actions now")


def normalize_text(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def result_value(result: Result, player: int) -> float:
    """A finished game as a number in [0, 1] for `player`: 1 alone first, 0 last."""
    # Places count any player no seat plays (a game's bot, which takes places too).
    n = max(len(result.ranks), *result.ranks) if result.ranks else 0
    if n <= 1:
        return 1.0 if result.ranks[player] == 1 else 0.0
    sharing = sum(1 for r in result.ranks if r == result.ranks[player])
    # Average the values of the places the tied players occupy.
    places = range(result.ranks[player], result.ranks[player] + sharing)
    return sum((n - place) / (n - 1) for place in places) / sharing
