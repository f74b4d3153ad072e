"""What a phone is sent over a whole game, and what it weighs on the wire, for the tests
and the bench: the page's rule of whole states and deltas (`Page`), every frame the hub
sends each seat of a game its bots play through the phones (`game_frames`), and the size
of each frame as aiohttp sends it with permessage-deflate (`wire_sizes`)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp._websocket.models import WSMsgType
from aiohttp._websocket.writer import WebSocketWriter

from illusio_table.engine import Match, make_bot
from illusio_table.engine.bots import bot_move
from illusio_table.games import builtin_registry
from illusio_table.remote.hub import DeviceHub
from illusio_table.remote.server import DeviceServer, numbered
from illusio_table.table.session import Session


class Page:
    """The page's rule for states (page.js). `receive` takes every numbered frame as the
    page does: a numbered one not newer than the last taken on this socket is dropped (a
    card file never is); a whole state is taken as it is; a delta only on top of the state whose
    version it names, else the page asks for a whole one, once until it comes (a burst of
    deltas after a lost one would otherwise ask so often that the host refuses the page's
    next move as too many messages). A whole state overtaken while one is asked for may
    have been the answer: the page asks again. Asked to confirm its seat in a new match, the
    page drops the last match's state: no delta is applied to it. What the page must send
    goes to `outbox`."""

    def __init__(self) -> None:
        self.base: dict[str, Any] | None = None
        self.asking = False  # a whole state was asked for and has not come yet
        self.last = 0  # the number of the newest frame taken on this socket
        self.outbox: list[str] = []
        self.asked = 0  # whole states asked for, over every socket

    def connected(self) -> None:
        """A new socket: its frames are numbered from 1, and the host sends a whole state."""
        self.last, self.asking = 0, False

    def refused(self) -> None:
        """The host refused a message (too many at once): an ask is sent again."""
        if self.asking:
            self.asking = False
            self._ask()

    def receive(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """A numbered frame as the page takes it: a state or delta as the whole state it
        makes, any other frame as it is; None when it is dropped (stale), or a delta this
        page cannot take (it asks for a whole state)."""
        if "seq" in frame and frame["type"] != "cards" and frame["seq"] <= self.last:
            if frame["type"] == "state" and self.asking:
                self.asking = False
                self._ask()
            return None
        self.last = max(self.last, frame.get("seq", 0))
        if frame["type"] == "refused":
            self.refused()
        if frame["type"] == "confirm":  # a new match: the last one's state is no base
            self.base, self.asking = None, False
        if frame["type"] not in ("state", "delta"):
            return frame
        whole = self.take(frame)
        if whole is None:
            self._ask()
        return whole

    def _ask(self) -> None:
        if not self.asking:
            self.asking = True
            self.asked += 1
            self.outbox.append(json.dumps({"type": "state"}))

    def take(self, frame: dict[str, Any]) -> dict[str, Any] | None:
        """The whole state a "state" or "delta" frame makes, each gesture with its move's
        action and words put back; None for a delta made against a state this page does
        not hold (it must ask for a whole one)."""
        if frame["type"] == "delta":
            if self.base is None or self.base["version"] != frame["base"]:
                return None
            frame = {**self.base, **frame, "type": "state"}
            del frame["base"]
        else:
            self.asking = False
        self.base = frame
        moves = frame["moves"]
        gestures = [{**moves[g["move"]], **g} if "move" in g else g for g in frame["gestures"]]
        return {**frame, "gestures": gestures}


class _Recorder(DeviceServer):
    """A server that sends nothing: it keeps every frame the hub gives each seat, numbered
    as the real one numbers them, and lets a page join a seat as the real one does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: dict[int, list[str]] = {}

    def start(self) -> int:
        return 0

    def stop(self) -> None:
        pass

    def send(self, seat: int, text: str) -> None:
        code = self._code(seat)
        number = self.seq[code] = self.seq.get(code, 0) + 1
        if self.doorkeeper.seats[seat].connections:  # (before its page joins: to no one)
            self.frames.setdefault(seat, []).append(numbered(number, text))

    def join(self, seat: int) -> None:
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats[seat]
            device.connections += 1
            device.ever_joined = True
            device.joins += 1
        self.on_presence(seat)


class _AtOnce:
    """A session's timer that fires as soon as it is started (the count runs through)."""

    def __init__(self, callback: Any) -> None:
        self.callback = callback

    def start(self, ms: int) -> None:
        self.callback()

    def stop(self) -> None:
        pass


def game_frames(
    game_id: str, seats: int, seed: int, bot: str, options: dict[str, Any] | None = None
) -> tuple[dict[int, list[str]], DeviceHub]:
    """Every frame the hub sends each seat's phone over a whole game (every seat on a
    phone, joined at the start; each seat's move chosen by its `bot` and played from its
    phone), and the hub, to ask what it last sent."""
    people = [{"name": f"P{s + 1}", "bot": None} for s in range(seats)]
    match = Match.start(game_id, people, seed, options or {}, registry=builtin_registry())
    session = Session(match, _AtOnce, bot_delay_ms=None)
    hub = DeviceHub(session, network=False)
    recorder = _Recorder(hub.doorkeeper, hub._incoming, hub._present, 0, False)
    hub.server = recorder
    session.begin()
    for seat in range(seats):
        hub.give(seat)
    for seat in range(seats):
        recorder.join(seat)
    bots = [make_bot(match.game, bot, s, seed + s) for s in range(seats)]
    while not match.is_over():
        seat = min(match.to_act())
        reason = session.act_from_device(seat, bot_move(match.game, bots[seat], seat))
        assert reason is None, reason
    return recorder.frames, hub


class _Wire(asyncio.Transport):
    """A transport that keeps only how many bytes were written to it."""

    def __init__(self) -> None:
        super().__init__()
        self.written = 0

    def write(self, data: Any) -> None:
        self.written += len(data)

    def is_closing(self) -> bool:
        return False


class _Protocol:
    _paused = False


def wire_sizes(texts: list[str]) -> list[int]:
    """The bytes each text takes on the wire, in order on one socket, as aiohttp's own
    writer sends it with permessage-deflate at the window browsers agree to (15 bits,
    the compressor's window kept from frame to frame): frame header included."""

    async def send() -> list[int]:
        wire = _Wire()
        writer = WebSocketWriter(_Protocol(), wire, compress=15)  # type: ignore[arg-type]
        sizes = []
        for text in texts:
            before = wire.written
            await writer.send_frame(text.encode(), WSMsgType.TEXT)
            sizes.append(wire.written - before)
        return sizes

    return asyncio.run(send())


def frame_figures(frames: dict[int, list[str]]) -> dict[str, float]:
    """The sizes of every phone's frames: the 95th percentile of one frame, plain and on
    the wire, and the most a phone received over the game, plain and on the wire."""
    plain = [len(text.encode()) for texts in frames.values() for text in texts]
    wired = [wire_sizes(texts) for texts in frames.values()]
    every = sorted(size for sizes in wired for size in sizes)
    return {
        "p95_plain": sorted(plain)[int(len(plain) * 0.95)],
        "p95_wire": every[int(len(every) * 0.95)],
        "most_plain": max(sum(len(t.encode()) for t in texts) for texts in frames.values()),
        "most_wire": max(sum(sizes) for sizes in wired),
        "largest_wire": every[-1],
        "frames": len(every),
    }


def whole_states(texts: list[str]) -> list[dict[str, Any]]:
    """The whole states a page takes from `texts` in order (every delta must apply)."""
    page, states = Page(), []
    for text in texts:
        frame = json.loads(text)
        if frame["type"] in ("state", "delta"):
            state = page.take(frame)
            assert state is not None, "a delta against a state the page does not hold"
            states.append(state)
    return states
