"""Break one rule at a time in the rules modules and check that the tests notice.

    .venv/bin/python scripts/mutants.py [--game catan] [--only CT-SEVEN-2]

(games: catan, russian_railroads, cargo_empire, traveling_merchants, forwarder_of_xanadu)

Each mutant below is a hand-written change to one line of a game's rules code that breaks
the clause it names (an off-by-one, a tie read the other way, a check dropped). For each,
the script copies the repository to a temporary directory, applies the change there, and
runs first the tests that name the clause (`killed`), then, if they all pass, every test of
that game (its folder, golden records and conformance checks: `killed*` when one fails).
Survivors are printed and belong in docs/testing.md. A mutant whose text no longer appears
in its file is reported as stale: update it with the code. Slow (test runs per mutant), so
not part of `make test`.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[1]


class Mutant(NamedTuple):
    clause: str
    path: str
    before: str
    after: str


CATAN = "kaido/games/catan/engine.py"
CATAN_TRADE = "kaido/games/catan/trade.py"
RR = "kaido/games/russian_railroads/engine.py"
CE = "kaido/games/cargo_empire/engine.py"
CE_PAY = "kaido/games/cargo_empire/payments.py"
CE_SCORING = "kaido/games/cargo_empire/scoring.py"
CE_RULES = "kaido/games/cargo_empire/rules.py"
RR_SCORING = "kaido/games/russian_railroads/scoring.py"
TM = "kaido/games/traveling_merchants/engine.py"
FX = "kaido/games/forwarder_of_xanadu/engine.py"

MUTANTS: dict[str, list[Mutant]] = {
    "catan": [
        Mutant("CT-SEVEN-2", CATAN, "if held > 7:", "if held >= 7:"),
        Mutant(
            "CT-SEVEN-2",
            CATAN,
            "s.discard_left[p] = held // 2",
            "s.discard_left[p] = held // 2 + held % 2",
        ),
        Mutant(
            "CT-WIN-2",
            CATAN,
            "p = s.turn\n    if s.phase != OVER",
            "p = max(range(s.n), key=lambda q: s.vp[q])\n    if s.phase != OVER",
        ),
        Mutant(
            "CT-LR-1", CATAN, "if best < LONGEST_ROAD_MIN or", "if best < LONGEST_ROAD_MIN - 1 or"
        ),
        Mutant(
            "CT-LR-3",
            CATAN,
            "if s.road_len[p] > s.road_len[holder]:",
            "if s.road_len[p] >= s.road_len[holder]:",
        ),
        Mutant("CT-LR-5", CATAN, 'and s.options["longest_road_holder_keeps_on_tie"]', ""),
        Mutant(
            "CT-LR-5",
            CATAN,
            "if holder >= 0 and holder not in shortened:\n        return",
            "if holder >= 0:\n        return",
        ),
        Mutant(
            "CT-LA-2",
            CATAN,
            "if holder >= 0 and count <= s.knights[holder]:",
            "if holder >= 0 and count < s.knights[holder]:",
        ),
        Mutant("CT-ROBBER-2", CATAN, "if h == s.robber or h == desert:", "if h == desert:"),
        Mutant(
            "CT-KNIGHT-1",
            CATAN,
            'desert = s.board.desert if s.by_knight and not s.options["knight_to_desert"] else -1',
            "desert = -1",
        ),
        Mutant("CT-ROBBER-4", CATAN, "if owner != mover:", "if True:"),
        Mutant("CT-PROD-1", CATAN, "+= 1 if b < CITY_BASE else 2", "+= 1"),
        Mutant("CT-PROD-2", CATAN, "if h == robber:\n            continue\n", ""),
        Mutant(
            "CT-BANK-1",
            CATAN,
            "if len(owners) != 1 or not s.options",
            "if len(owners) > 1 or not s.options",
        ),
        Mutant("CT-DEV-5", CATAN, "if dev[o + KNIGHT] > new[KNIGHT]:", "if dev[o + KNIGHT]:"),
        Mutant(
            "CT-DEV-4",
            CATAN,
            "if not state.dev_played:\n        _dev_actions(state, out)\n    if not (",
            "_dev_actions(state, out)\n    if not (",
        ),
        Mutant(
            "CT-TURN-3",
            CATAN,
            'if not (state.built and state.options["separate_trade_build"]):',
            "if True:",
        ),
        Mutant(
            "CT-PORT-5",
            CATAN_TRADE,
            "(rate == 2 and not ports >> k & 1)",
            "(rate == 2 and not generic)",
        ),
        Mutant("CT-PORT-6", CATAN_TRADE, "if bank[get]:", "if True:"),
    ],
    "cargo_empire": [
        Mutant(  # ship_pairs' ports (route_legs has the same line)
            "EX-B",
            CE_PAY,
            "if comp.harbour[c] or c == extra]\n        dist = comp.dist",
            "]\n        dist = comp.dist",
        ),
        Mutant("EX-E", CE_PAY, "<= dist <= cars + 2 * locos", "<= dist <= cars + 3 * locos"),
        Mutant(
            "CE-PAY-7",
            CE_PAY,
            "if not any(m[0] <= pay[0] and m[1] <= pay[1] and m[2] <= pay[2] for m in found):",
            "if True:",
        ),
        Mutant("CE-TURN-8", CE, "if k in colours:", "if colours:"),
        Mutant("CE-CLAN-5", CE, "st.cubes[p] += 1  # CE-CLAN-5", "pass"),
        Mutant(
            "CE-UPG-2",
            CE,
            "full = int(st.prod[2 * city] < 0 and st.prod[2 * city + 1] < 0)",
            "full = int(st.prod[2 * city] < 0 or st.prod[2 * city + 1] < 0)",
        ),
        Mutant(
            "CE-DEV-5",
            CE,
            "mask = sum(1 << t for t in range(3) if st.dev[t])",
            "mask = 7",
        ),
        Mutant(
            "AMB-2",
            CE,
            "if bonus:\n        apply_bonus",
            "if bonus and not frame[3]:\n        apply_bonus",
        ),
        Mutant(
            "AMB-11",
            CE,
            "st.plan[4] = upgrade(st, d, events)",
            "st.plan[4] = city_reward(st, p) + upgrade(st, d, events) - city_reward(st, p)",
        ),
        Mutant("AMB-12", CE, "if len(pending) > 1:", "if len(pending) > 2:"),
        Mutant(
            "AMB-18",
            CE,
            "cards, st.enhanced, extra)",
            "cards, st.enhanced + (st.cubes[p] >= 2), extra)",
        ),
        Mutant(
            "AMB-21",
            CE,
            "return st.emblem[owner] if owner >= 0 else -1",
            "return st.emblem[p]",
        ),
        Mutant(
            "AMB-24",
            CE,
            "sources.setdefault(cube, []).append(c)\n            else:",
            "sources.setdefault(cube, []).append(c)\n            if True:",
        ),
        Mutant(
            "AMB-34",
            CE,
            "if st.clan[p] == KASHA and st.gained >> clan & 1:",
            "if st.clan[p] == KASHA and st.gained >> clan & 1 and clan != TINO:",
        ),
        Mutant(
            "CE-CLAN-14",
            CE,
            "if owner < 0 or owner == p or emblem_city(st, p, ROCKRIEL) >= 0:",
            "if True:",
        ),
        Mutant(
            "EX-M",
            CE,
            "if position(st, 3 * q + t) > position(st, 3 * best + t):",
            "if position(st, 3 * q + t) >= position(st, 3 * best + t):",
        ),
        Mutant("AMB-41", CE_SCORING, "-st.order.index(p)", "-p"),
        Mutant(
            "AMB-7",
            CE_SCORING,
            "return goal.vp if any(posts_in(st, p, c) >= 4 for c in cities) else 0",
            "return goal.vp * sum(posts_in(st, p, c) >= 4 for c in cities)",
        ),
        Mutant(
            "CE-SET-17",
            CE_RULES,
            "[[F_FIRST, p] for p in reversed(humans)]",
            "[[F_FIRST, p] for p in humans]",
        ),
        Mutant(
            "CE-PAY-14",
            CE,
            "(st.prod[2 * c] < 0 or st.prod[2 * c + 1] < 0) and present(st, p, c)",
            "(st.prod[2 * c] < 0 or st.prod[2 * c + 1] < 0)",
        ),
        Mutant(
            "CE-END-3",
            CE_SCORING,
            "for c in range(st.comp.cities) if st.level[c] == 3)",
            "for c in range(st.comp.cities) if st.level[c] >= 2)",
        ),
    ],
    "traveling_merchants": [
        Mutant("TM-END-1", TM, "if min(s.specials) >= 0:", "if max(s.specials) >= 0:"),
        Mutant("TM-END-1", TM, "if min(s.specials) >= 0:", "if sorted(s.specials)[1] >= 0:"),
    ],
    "forwarder_of_xanadu": [
        Mutant(
            "FX-DAILY-1",
            FX,
            "min(paid[g], office[g]) + 1) for g in range(3)]",
            "max(0, paid[g] - port[g]) + 1) for g in range(3)]",
        ),
        Mutant(
            "FX-DAILY-1",
            FX,
            "from_port = [paid[g] - office[g] for g in range(3)]",
            "from_port = [min(paid[g], port[g]) for g in range(3)]\n"
            "    office = tuple(paid[g] - from_port[g] for g in range(3))",
        ),
    ],
    "russian_railroads": [
        Mutant(
            "RR-SCORE-3", RR_SCORING, "if line == STP and b[DONE] & STP_DOUBLE_BIT:", "if False:"
        ),
        Mutant(
            "RR-SCORE-2",
            RR_SCORING,
            "limit = min(reach(b, line), LINE_LENGTH[line])",
            "limit = LINE_LENGTH[line]",
        ),
        Mutant("RR-SCORE-10", RR_SCORING, "if b[IND2] >= 0:", "if False:"),
        Mutant(
            "RR-END-3",
            RR_SCORING,
            "for vp, entry in zip((40, 20), ranked",
            "for vp, entry in zip((40, 40), ranked",
        ),
        Mutant(
            "RR-END-3",
            RR_SCORING,
            "(engineer_count(b, c), highest_engineer(b), seat)",
            "(engineer_count(b, c), -highest_engineer(b), seat)",
        ),
        Mutant(
            "RR-EB-3",  # + 1, not the cap: 5 factory spaces x 4 VP never pass the cap of 20
            RR_SCORING,
            'return min(int(spec["cap"]), int(spec["each"]) * built)',
            'return min(int(spec["cap"]), int(spec["each"]) * (built + 1))',
        ),
        Mutant(
            "RR-SCORE-8",
            RR_SCORING,
            "total += value * (twice - bisect_right(DOUBLER_SQUARES, low, 0, doubled))",
            "pass",
        ),
    ],
}


def tests_for(game: str) -> list[str]:
    return [f"tests/games/{game}", "tests/golden", "tests/conformance", "-k", game]


def passes(copy: Path, tests: list[str]) -> bool:
    """Whether `tests` (pytest arguments) pass in `copy`; no tests selected counts as a pass."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    done = subprocess.run(command, cwd=copy, capture_output=True)
    return done.returncode in (0, 5)


def check(copy: Path, game: str, mutant: Mutant) -> str:
    """How the tests take one mutant: killed by a test naming its clause, killed by another
    test of the game, 'SURVIVED', or 'stale' (its text is gone from the code)."""
    target = copy / mutant.path
    original = target.read_text()
    if original.count(mutant.before) != 1:
        return "stale"
    target.write_text(original.replace(mutant.before, mutant.after))
    try:
        named = ["tests/games", "-k", mutant.clause.replace("-", "_")]
        if not passes(copy, named):
            return "killed"
        return "SURVIVED" if passes(copy, tests_for(game)) else "killed*"
    finally:
        target.write_text(original)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(MUTANTS), action="append")
    parser.add_argument("--only", help="run only the mutants of this clause")
    args = parser.parse_args()
    bad = 0
    with tempfile.TemporaryDirectory() as temp:
        copy = Path(temp) / "repo"
        ignore = shutil.ignore_patterns(".venv*", ".git", "__pycache__", "*-data", ".*_cache")
        shutil.copytree(REPO, copy, ignore=ignore)
        for game in args.game or sorted(MUTANTS):
            if not passes(copy, tests_for(game)):
                print(f"{game}: the tests fail without any mutant; fix them first")
                return 1
            for mutant in MUTANTS[game]:
                if args.only and mutant.clause != args.only:
                    continue
                start = time.perf_counter()
                outcome = check(copy, game, mutant)
                bad += not outcome.startswith("killed")
                took = time.perf_counter() - start
                print(f"{outcome:8} {mutant.clause:12} {mutant.before!r} ({took:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
