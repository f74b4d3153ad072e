"""The command line: the GUI, the headless demo, self-play, replay and the self-test."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from illusio_table import __version__


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM"):
        return os.environ["QT_QPA_PLATFORM"] not in ("offscreen", "minimal")
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True  # Windows and macOS always have a screen


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="illusio-table", description="A rules-enforcing table for three games."
    )
    p.add_argument("--version", action="version", version=f"illusio-table {__version__}")
    p.add_argument(
        "--self-test",
        action="store_true",
        help="check the data and every game offscreen, then exit",
    )
    sub = p.add_subparsers(dest="command")
    sub.add_parser("gui", help="open the table (the default)")
    demo = sub.add_parser(
        "demo", help="bots play every game offscreen; screenshots and logs are written"
    )
    demo.add_argument("--out", default="out/demo", type=Path)
    play = sub.add_parser("selfplay", help="bots play many games; one JSON line of figures")
    play.add_argument("--game", required=True)
    play.add_argument("--seats", type=int, required=True)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--bot", default="random", help="the bot at every seat")
    play.add_argument(
        "--bots",
        metavar="NAME,NAME,...",
        help="a bot per seat, e.g. expert,cunning,cunning,cunning (instead of --bot)",
    )
    play.add_argument("--budget", type=float, help="seconds a move for a searching bot (default 1)")
    play.add_argument(
        "--max-actions",
        type=int,
        default=100_000,
        help="a game still running after this many actions is stopped and counted as capped",
    )
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    replay = sub.add_parser("replay", help="check a saved match and summarise it")
    replay.add_argument("file", type=Path)
    sub.add_parser("self-test", help="the same as --self-test")
    return p


def parse_option(text: str) -> tuple[str, object]:
    key, _, raw = text.partition("=")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def cmd_selfplay(args: argparse.Namespace) -> int:
    from illusio_table.engine.collector import collect_rarely
    from illusio_table.engine.selfplay import selfplay
    from illusio_table.games import builtin_registry

    collect_rarely()

    registry = builtin_registry()
    if args.game not in registry.ids():
        print(
            f"illusio-table: unknown game {args.game!r}; "
            f"games: {', '.join(registry.ids()) or 'none'}",
            file=sys.stderr,
        )
        return 2

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            print(
                f"\r{done}/{total} games",
                end="\n" if done == total else "",
                file=sys.stderr,
                flush=True,
            )

    try:
        report = selfplay(
            registry.get(args.game),
            args.seats,
            args.games,
            args.seed,
            args.bots.split(",") if args.bots else args.bot,
            dict(parse_option(o) for o in args.option),
            progress=progress,
            max_actions=args.max_actions,
            budget=args.budget,
        )
    except ValueError as error:
        print(f"illusio-table: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0 if report["finished"] == report["games"] else 1


def cmd_replay(path: Path) -> int:
    from illusio_table.engine import RecordError
    from illusio_table.engine.match import replay
    from illusio_table.engine.record import read_save
    from illusio_table.games import builtin_registry
    from illusio_table.table.settings import TableSettings

    try:
        record = read_save(path)
        TableSettings.from_json(record.table, record.players)  # (read strictly too)
        game = replay(record, builtin_registry())
    except RecordError as error:
        print(f"{path}: {error.message}. The file was left as it is.", file=sys.stderr)
        return 1
    players = ", ".join(f"{p['name']} ({p['bot'] or 'human'})" for p in game.record.players)
    print(f"{path}: a valid match of {game.title}, seed {game.seed}")
    print(f"players: {players}")
    print(f"moves: {len(game.record.moves)}; options: {json.dumps(game.options)}")
    if game.is_over():
        result = game.result()
        print(
            "finished; winners: "
            + ", ".join(game.record.players[s]["name"] for s in result["winners"])
        )
        for line in result.get("explanation", []):
            print(f"  {line}")
    else:
        waiting = ", ".join(game.record.players[s]["name"] for s in sorted(game.to_act()))
        print(f"in progress; waiting for: {waiting}")
    return 0


def cmd_demo(out: Path) -> int:
    from illusio_table.demo import run_demo

    problems: list[str] = []
    written = run_demo(out, problems=problems)
    print(f"Wrote {len(written)} files to {out}/:", file=sys.stderr)
    for path in written:
        print(f"  {path}", file=sys.stderr)
    if problems:
        print("Left out, because its card file is broken:", file=sys.stderr)
        print("\n".join(problems), file=sys.stderr)
        return 2
    return 0


def self_test() -> int:
    """Loads every card file, plays every game with bots, renders each table to a PNG."""
    from illusio_table.data import CardDataError, read_yaml, resource_dir
    from illusio_table.data.loader import load_file
    from illusio_table.demo import run_demo
    from illusio_table.games import builtin_registry, compiled

    # Which engine this program runs: the installed one carries the compiled core where
    # it was built with a C compiler (installer/core.py); .ci/run checks that it does.
    print(f"engine: {'compiled (mypyc)' if compiled() else 'interpreted'}")
    registry = builtin_registry()
    # Each game declares itself by an entry point (games/__init__.py): a program built
    # without its distribution's metadata would find none and play nothing, silently.
    lost = sorted(
        path.stem
        for path in resource_dir("cards").glob("*.yaml")
        if path.stem not in registry.ids()
    )
    if lost or not registry.ids():
        print(f"self-test failed: games not found (no entry point): {lost}", file=sys.stderr)
        return 1
    print(f"games: {', '.join(registry.ids())}")
    try:
        for path in sorted(resource_dir("cards").glob("*.yaml")):
            schema = getattr(registry.games.get(path.stem), "card_schema", None)
            load_file(path, schema) if schema else read_yaml(path)
            print(f"ok: {path.name}", file=sys.stderr)
        import tempfile  # here, not at the top: the window opens without it

        with tempfile.TemporaryDirectory() as folder:
            written = run_demo(Path(folder))
            pictures = [p for p in written if p.suffix == ".png" and p.stat().st_size > 0]
            print(
                f"ok: {len(registry.ids())} games played, {len(pictures)} tables rendered",
                file=sys.stderr,
            )
        phones_check()
        sound_check()
        equilibrium_check()
    except CardDataError as error:
        print("\n".join(error.problems), file=sys.stderr)
        print("self-test failed: a card file is broken", file=sys.stderr)
        return 2
    except (OSError, AssertionError, ImportError) as error:
        print(f"self-test failed: phones, sound or the mixed wizard: {error}", file=sys.stderr)
        return 1
    except FileNotFoundError as error:
        print(f"self-test failed: {error}", file=sys.stderr)
        return 1
    print("self-test passed")
    return 0


def sound_check() -> None:
    """The table's sounds can be made and played in this program (the frozen one too):
    Qt Multimedia loads and every sound is written; a machine with no sound device hears
    nothing, which is no failure."""
    import tempfile

    from PySide6.QtMultimedia import QSoundEffect  # noqa: F401 - it must load here
    from PySide6.QtWidgets import QApplication

    from illusio_table.qt.app.sound import NOTES, Sounds

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        sounds = Sounds(Path(folder))
        for name in NOTES:
            sounds.play(name)
        made = [p for p in (Path(folder) / "sounds").glob("*.wav") if p.stat().st_size > 1000]
        assert len(made) == len(NOTES), f"sounds made: {len(made)} of {len(NOTES)}"
    del app
    print(f"ok: Qt Multimedia loads, {len(NOTES)} sounds made", file=sys.stderr)


def equilibrium_check() -> None:
    """The rehearsal's mixed wizard works in this program (the frozen one too): the
    game-theory library and what it needs load, and a casting's equilibrium is found."""
    from illusio_table.games import builtin_registry
    from illusio_table.games.incantibus.equilibrium import casting_game, equilibrium

    game = builtin_registry().new_game("incantibus", 2, 1, {"mode": "apprentice"})
    table = casting_game(game, 0, deals=1, depth=2)
    mix = equilibrium(table.leads)
    assert abs(sum(mix.options) - 1) < 1e-9, f"a mix that is no mix: {mix.options}"
    columns = range(len(table.field))
    worst = min(
        sum(p * row[c] for p, row in zip(mix.options, table.leads, strict=True)) for c in columns
    )
    assert worst >= mix.value - 1e-7, "the equilibrium is not one"
    print(
        f"ok: a casting's equilibrium ({len(table.options)} by {len(table.field)})", file=sys.stderr
    )


def phones_check() -> None:
    """Seats on phones work in this program (the frozen one too): the server starts on
    loopback, serves a seat its page and refuses a wrong code, and a QR code is drawn."""
    import urllib.error
    import urllib.request

    import segno

    from illusio_table.remote.seats import Doorkeeper
    from illusio_table.remote.server import DeviceServer

    doors = Doorkeeper()
    server = DeviceServer(doors, lambda *_: None, lambda *_: None, network=False)
    server.start()
    try:
        address = server.address(doors.open(0))
        with urllib.request.urlopen(address, timeout=10) as answer:
            assert b"page.js" in answer.read(), "the page is not served"
        try:
            urllib.request.urlopen(address.rsplit("/", 1)[0] + "/wrong", timeout=10)
            raise AssertionError("a wrong code was let in")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403, f"a wrong code got {refused.code}"
        assert segno.make(address).symbol_size()[0] > 0
    finally:
        server.stop()
    print(
        "ok: a phone's page served on loopback, a wrong code refused, a QR code drawn",
        file=sys.stderr,
    )


def main(argv: list[str] | None = None) -> int:
    from illusio_table.data import CardDataError

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except CardDataError as error:
        # A broken card file of the game at hand: its lines, no traceback. The other
        # games load their own files when used, so they are not stopped by it.
        print("\n".join(error.problems), file=sys.stderr)
        return 2


def run(argv: list[str]) -> int:
    if len(argv) == 1 and argv[0].endswith(".json") and Path(argv[0]).is_file():
        # `illusio-table match.illusio.json`: how a file manager opens a saved match.
        from illusio_table.qt.app.main import main as gui_main

        return gui_main(sys.argv[:1], open_path=Path(argv[0]))
    args = parser().parse_args(argv)
    if args.self_test or args.command == "self-test":
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        return self_test()
    if args.command == "selfplay":
        return cmd_selfplay(args)
    if args.command == "replay":
        return cmd_replay(args.file)
    if args.command == "demo":
        return cmd_demo(args.out)
    if not has_display() and not os.environ.get("ILLUSIO_TABLE_STARTUP_PROBE"):
        out = Path("out/demo")
        code = cmd_demo(out)
        print(
            f"No display was found, so bots played a demo of every game offscreen; the screenshots "
            f"and game logs are in {out}/. To see the real window, run `make run` on a desktop, "
            f"or under a virtual screen: `xvfb-run make run`.",
            file=sys.stderr,
        )
        return code
    from illusio_table.qt.app.main import main as gui_main

    return gui_main(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
