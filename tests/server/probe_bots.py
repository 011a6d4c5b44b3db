"""A bot for the tests of the bots' processes: it tells where it thinks and can wait for
others to think at the same time."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from kaido.agents import Agent
from kaido.core.actions import Action
from kaido.core.game import Game


def probe_log(seed: int) -> Path:
    """Where the probe seeded `seed` writes: one line per decision, `pid niceness humans`."""
    return Path(tempfile.gettempdir()) / f"kaido-probe-{seed}.log"


def probe_lines(seed: int) -> list[list[str]]:
    """The lines of `probe_log(seed)` written in full so far, split into their fields: a
    probe creates the file an instant before it writes its line."""
    path = probe_log(seed)
    text = path.read_text() if path.exists() else ""
    return [line.split() for line in text.splitlines(keepends=True) if line.endswith("\n")]


class Probe(Agent):
    """Writes its process, niceness and the number of human seats to `probe_log(seed)`,
    then waits (until called off, or a minute) for `meet` lines there: probes that meet
    think at the same time. Plays the first legal action."""

    kind = "probe"

    def __init__(self, seed: int = 0, meet: int = 1) -> None:
        super().__init__(seed)
        self.seed, self.log = seed, probe_log(seed)
        self.meet = meet

    def choose(self, game: Game[Any], state: Any) -> Action:
        with self.log.open("a") as out:
            out.write(f"{os.getpid()} {os.nice(0)} {len(self.humans)}\n")
        deadline = time.monotonic() + 60
        while not self.stop.is_set() and time.monotonic() < deadline:
            if len(probe_lines(self.seed)) >= self.meet:
                break
            time.sleep(0.01)
        return game.legal_actions(state)[0]
