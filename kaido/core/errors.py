"""The error types the engine raises. Every one carries a message fit to show a person."""

from __future__ import annotations


class KaidoError(Exception):
    """Base of every error Kaido reports to a person (one clear line, no traceback)."""


class IllegalAction(KaidoError):
    """An action the rules do not allow now. The state it was offered to is unchanged.

    `clause` is the rule clause id from `shared/rules/` (for example `CT-SETTLE-3`).
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class OptionError(KaidoError):
    """Options that a game does not accept (unknown name, bad value, wrong player count)."""


class NoEnd(KaidoError):
    """A game that did not end within its cap on decisions (a bot that stalls it)."""


class RecordError(KaidoError):
    """A record that cannot be loaded or replayed (malformed, other rules version, illegal step)."""


class ActionFormatError(KaidoError):
    """A text or JSON form that names no action of the game."""


class ModelError(KaidoError):
    """A model file (a fitted value, a trained network) that cannot be used, with what is
    wrong with it."""
