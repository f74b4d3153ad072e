"""Instructions an action, counted by valgrind: the steady measure of the engines' speed.

    python -m benchmarks.instructions [GAME ...] [--games N] [--seed S] [--mode MODE]
                                      [--tree CHECKOUT] [--rarely] [--profile]

For each game (default: every one found) and each engine (the interpreted source; the
compiled core of `make core` where it is built), random four-seat self-play of N games
(default 20, seed 0) is run under `valgrind --tool=callgrind`, and again with no game: the
difference, divided by the actions played, is what an action costs, the imports and the
card file's reading left out. Callgrind counts every instruction the process runs, so a
count is the same within ±0.5 % from run to run on a busy machine, where a clock drifts by
a third (the hash seed is fixed for the same reason). A run takes a minute or two a game.
RLCard's UNO, counted the same way over 100 games, was 253.5k instructions a step
(docs/PERFORMANCE.md).

Not a part of `make bench`: valgrind is not everywhere. `--tree` counts another checkout
(an older commit's worktree, its own `make core` built: the before of a change), with
this venv's Python. `--profile` keeps each run's callgrind file (build/callgrind/ here)
for `callgrind_annotate --inclusive=yes`. `--rarely` runs the cyclic collector as the
command line's `selfplay`, the thinking process and the bench do (`collect_rarely`): without
it, as the figures in docs/PERFORMANCE.md were counted, Python's default collector takes
about a tenth of a compiled action.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNO_STEP = 253_500  # RLCard's UNO, instructions a step (PERFORMANCE.md)

# What each counted process runs: N games of random self-play (none: the set-up alone).
PLAY = """
import sys
from illusio_table.engine.selfplay import selfplay
from illusio_table.games import builtin_registry
game_id, games, seed, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if sys.argv[5] == "rarely":
    from illusio_table.engine.collector import collect_rarely
    collect_rarely()
game = builtin_registry().get(game_id)
game.card_data()
options = {"mode": mode} if mode else None
print(selfplay(game, 4, games, seed, options=options)["actions"] if games else 0)
"""


def counted(
    tree: Path,
    compiled: bool,
    game_id: str,
    games: int,
    seed: int,
    mode: str,
    rarely: bool,
    keep: Path | None,
) -> tuple[int, int]:
    """(instructions, actions) of one process, the package imported from `tree`."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(tree))
    if compiled:
        env["ILLUSIO_TABLE_ENGINE"] = "compiled"
    out = str(keep) if keep is not None else os.devnull
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={out}"]
        + [sys.executable, "-c", PLAY, game_id, str(games), str(seed), mode]
        + ["rarely" if rarely else "default"],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--mode", default="", help="the option 'mode' (Incantibus: apprentice, expert)"
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to count")
    parser.add_argument("--rarely", action="store_true", help="the collector as the CLI runs it")
    parser.add_argument("--profile", action="store_true", help="keep the callgrind files")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: no instructions to count")
    from illusio_table.games import builtin_registry

    ids = args.games_ids or builtin_registry().ids()
    tree = args.tree.resolve()
    core = tree / "build" / "core"  # the compiled engine core (installer/core.py, `make core`)
    engines = [("interpreted", tree)]
    if (core / ".built").is_file():
        engines.append(("compiled", core))
    else:
        print(f"{core} holds no compiled engine (`make core`): the interpreted one alone")
    keep = ROOT / "build" / "callgrind"
    if args.profile:
        keep.mkdir(parents=True, exist_ok=True)
    for game_id in ids:
        for engine, path in engines:
            files = [
                keep / f"{game_id}-{engine}-{n}.out" if args.profile else None
                for n in (args.games, 0)
            ]
            runs = [
                counted(
                    path, engine == "compiled", game_id, n, args.seed, args.mode, args.rarely, f
                )
                for n, f in zip((args.games, 0), files, strict=True)
            ]
            (total, actions), (base, _) = runs
            each = (total - base) / actions
            collector = "; collector as the CLI runs it" if args.rarely else ""
            print(
                f"{game_id} {args.mode or ''} {engine}: {each / 1000:.1f}k instructions an action "
                f"({actions} actions, {args.games} games, seed {args.seed}{collector}; "
                f"{UNO_STEP / each:.2f}× RLCard's UNO a step)".replace("  ", " ")
            )


if __name__ == "__main__":
    main()
