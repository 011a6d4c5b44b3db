"""A game in progress: state, history, undo, and the record it makes.

The terminal, the server and the simulator all play through `Match`, so undo and records
behave the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kaido.core.actions import Action
from kaido.core.errors import KaidoError, NoEnd, RecordError
from kaido.core.events import Event
from kaido.core.game import Game
from kaido.core.options import Options
from kaido.core.records import Record, Replayer


class Chooser(Protocol):
    """Anything that picks an action for the player to move (every agent does)."""

    def choose(self, game: Game[Any], state: Any) -> Action: ...


@dataclass(frozen=True, slots=True)
class _Done:
    before: Any
    """The state before the action; None where undo stops (the action cannot be taken back)."""
    player: int
    action: Action

    @property
    def undoable(self) -> bool:
        return self.before is not None


class UndoRefused(KaidoError):
    """Undo is not allowed now; the message says why."""


class Match:
    """One game being played, with the history needed for undo and its record."""

    def __init__(
        self,
        game: Game[Any],
        options: Options,
        seed: int,
        *,
        players: list[str] | None = None,
        keep_history: bool = True,
    ) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.players = players
        self.state = game.setup(options, seed)
        self.actions: list[Action] = []
        self._keep_history = keep_history
        self._done: list[_Done] = []

    @classmethod
    def from_record(cls, game: Game[Any], record: Record) -> Match:
        """The match a record describes, replayed step by step (undo history included)."""
        replayer = Replayer(game, record)  # checks game, version and options
        match = cls(game, replayer.options, record.seed, players=record.players)
        for number, value in enumerate(record.actions, start=1):
            try:
                action = replayer.table.from_json(value)
                match.play(action, narrate=False)
            except KaidoError as error:
                raise RecordError(f"step {number}: {error}") from None
        return match

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    def play(
        self, action: Action, *, narrate: bool = True, trusted: bool = False, final: bool = False
    ) -> Sequence[Event]:
        """Apply `action` for the player to move; IllegalAction leaves everything unchanged.
        `final`: no one will take it back (a bot's move), so undo stops there as at a roll."""
        game, state = self.game, self.state
        player = game.to_move(state)
        if self._keep_history:
            if not trusted:
                game.check(state, action)
            if final or game.is_irreversible(state, action):
                # Undo stops here for good: what came before can never be reached again.
                self._done = [_Done(None, player, action)]
            else:
                self._done.append(_Done(state.copy(), player, action))
            trusted = True
        events = game.apply(state, action, narrate=narrate, trusted=trusted)
        self.actions.append(action)
        return events

    def undo(self, player: int) -> Action:
        """Take back `player`'s last decision, if the undo policy allows it; the action undone.

        Policy (as in online play): only your own decisions, only back to the last decision
        of another player, and never past a roll, a draw, a reveal or the end of a turn.
        """
        if not self._done:
            raise UndoRefused("there is nothing to undo")
        last = self._done[-1]
        if last.player != player:
            raise UndoRefused("the last decision was another player's")
        if not last.undoable:
            raise UndoRefused(
                f"'{self.game.action_text(last.action, 'en', self.options)}' cannot be taken back "
                "(it rolled, drew, revealed something or ended the turn)"
            )
        self._done.pop()
        self.actions.pop()
        self.state = last.before
        return last.action

    @property
    def kept_states(self) -> int:
        """How many earlier states are held for undo: only those since the last action that
        cannot be taken back, so a long game holds no more than a short one."""
        return sum(done.undoable for done in self._done)

    def can_undo(self, player: int) -> bool:
        return bool(self._done) and self._done[-1].player == player and self._done[-1].undoable

    def record(self) -> Record:
        return Record(
            game=self.game.id,
            rules_version=self.game.rules_version,
            options=dict(self.options),
            seed=self.seed,
            actions=[action.to_json() for action in self.actions],
            result=self.game.result(self.state) if self.is_over else None,
            players=self.players,
        )


def play_out(
    game: Game[Any], state: Any, choosers: Sequence[Chooser], *, max_steps: int = 1_000_000
) -> list[Action]:
    """Let `choosers[p]` decide for each player p until the game ends; the actions taken."""
    taken: list[Action] = []
    apply, to_move, is_over = game.apply, game.to_move, game.is_over
    while not is_over(state):
        if len(taken) >= max_steps:
            raise NoEnd(f"{game.id}: no end after {max_steps} decisions")
        action = choosers[to_move(state)].choose(game, state)
        apply(state, action, trusted=True)
        taken.append(action)
    return taken
