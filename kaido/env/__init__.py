"""Reinforcement-learning environments for every Kaido game: a PettingZoo AEC environment
(every seat an agent) and a Gymnasium environment (one learner, Kaido bots in the other
seats). Needs the `rl` extra: pip install 'kaido[rl]'."""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(f"kaido.env needs the rl extra: pip install 'kaido[rl]' ({error})") from None

from kaido.core.encoding import HASHED_SIZE, Encoder
from kaido.env.aec import KaidoAECEnv, aec_env
from kaido.env.single import KaidoEnv

__all__ = ["HASHED_SIZE", "Encoder", "KaidoAECEnv", "KaidoEnv", "aec_env"]
