"""The error types the engine raises. Every one carries a message fit to show a person."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

# Compiled (kaido/compiled.py), a class takes Python subclasses only where it says so:
# the server, plug-ins and tests define errors of their own.


@mypyc_attr(allow_interpreted_subclasses=True)
class KaidoError(Exception):
    """Base of every error Kaido reports to a person (one clear line, no traceback)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class IllegalAction(KaidoError):
    """An action the rules do not allow now. The state it was offered to is unchanged.

    `clause` is the rule clause id from `shared/rules/` (for example `CT-SETTLE-3`).
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


@mypyc_attr(allow_interpreted_subclasses=True)
class OptionError(KaidoError):
    """Options that a game does not accept (unknown name, bad value, wrong player count)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class NoEnd(KaidoError):
    """A game that did not end within its cap on decisions (a bot that stalls it)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class RecordError(KaidoError):
    """A record that cannot be loaded or replayed (malformed, other rules version, illegal step)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ActionFormatError(KaidoError):
    """A text or JSON form that names no action of the game."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ModelError(KaidoError):
    """A model file (a fitted value, a trained network) that cannot be used, with what is
    wrong with it."""
