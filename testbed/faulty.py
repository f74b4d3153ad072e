"""A bad network between the host and a phone, for the tests and the bench: a WebSocket
relay on loopback that delays each frame by its own random time (so frames overtake each
other), sends some twice, and now and then cuts the connection in the middle of the game,
and a phone that plays through it as the page does (it takes a state only if its number
is newer, draws nothing before the card file, rejoins after a cut with the device token
the host gave it) and chooses moves at a person's pace.

Everything runs on one asyncio loop in a thread of its own; the test's thread stays free
to run the Qt events the host answers on."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from typing import Any

import aiohttp
from aiohttp import web

from testbed.frames import Page


class FaultyRelay:
    """Listens on loopback; each connection opens one to `upstream` (the host's seat
    address, with the host's own Host and Origin) and passes frames both ways, badly."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        upstream: str,
        rng: random.Random,
        cuts: bool = True,
        doubles: float = 0.15,
        delay: float = 0.08,
    ):
        """`cuts`: a connection is cut after 10 to 60 frames; `doubles`: the share of frames
        sent twice; `delay`: the most a frame is held back, in seconds (each its own)."""
        self.loop = loop
        self.cut, self.double, self.delay = cuts, doubles, delay
        self.upstream = upstream  # http://127.0.0.1:PORT/seat/CODE
        self.origin = upstream.split("/seat/")[0]
        self.rng = rng
        self.cuts = 0
        self.reordered = 0
        self.doubled = 0
        self.address = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/ws", self._relay)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.address = f"ws://127.0.0.1:{port}/ws"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _relay(self, request: web.Request) -> web.StreamResponse:
        down = web.WebSocketResponse()
        await down.prepare(request)
        async with aiohttp.ClientSession() as session:
            try:
                query = f"?{request.query_string}" if request.query_string else ""
                # Compressed frames from the host, as a browser agrees to them.
                up = await session.ws_connect(
                    self.upstream + "/ws" + query, headers={"Origin": self.origin}, compress=15
                )
            except aiohttp.ClientError:
                await down.close()
                return down
            # A cut after a random number of frames (a phone walking out of the Wi-Fi).
            cut_after = self.rng.randint(10, 60)
            sent = [0]
            last_due = [0.0]
            pending: set[asyncio.Task[None]] = set()

            async def later(text: str, delay: float) -> None:
                await asyncio.sleep(delay)
                if not down.closed:
                    await down.send_str(text)

            async def host_to_phone() -> None:
                async for message in up:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    sent[0] += 1
                    if self.cut and sent[0] >= cut_after:
                        self.cuts += 1
                        await down.close()  # mid-game: the phone must rejoin
                        return
                    copies = 2 if self.rng.random() < self.double else 1
                    self.doubled += copies - 1
                    for _ in range(copies):
                        delay = self.rng.uniform(0, self.delay)
                        now = asyncio.get_running_loop().time()
                        if now + delay < last_due[0]:
                            self.reordered += 1
                        last_due[0] = max(last_due[0], now + delay)
                        task = asyncio.ensure_future(later(message.data, delay))
                        pending.add(task)
                        task.add_done_callback(pending.discard)

            async def phone_to_host() -> None:
                async for message in down:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    copies = 2 if self.rng.random() < self.double * 2 / 3 else 1
                    self.doubled += copies - 1
                    for _ in range(copies):
                        await asyncio.sleep(self.rng.uniform(0, self.delay * 3 / 8))
                        if not up.closed:
                            await up.send_str(message.data)

            tasks = [asyncio.ensure_future(host_to_phone()), asyncio.ensure_future(phone_to_host())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks + list(pending):
                task.cancel()
            await up.close()
            await down.close()
        return down


class PatientPhone:
    """A phone on the other side of a FaultyRelay, holding the page's rules: a frame whose
    number is not newer than the last one taken on this connection is dropped; a state
    that comes before the card file waits for it (and asks for it); after a cut it
    rejoins; a delta is taken only on top of the state it names, and without that one
    the phone asks for a whole state (`testbed.frames.Page`). It plays one of its moves,
    chosen at random, a moment after a state that offers some."""

    def __init__(self, relay: FaultyRelay, rng: random.Random) -> None:
        self.relay = relay
        self.rng = rng
        self.state: dict[str, Any] | None = None
        self.cards_game = ""
        self.joins = 0
        self.sent = 0
        self.stopped = False
        self.quiet = False  # it plays no more (a test waiting for the present to settle)
        self.ended = ""  # the reason the host gave when it closed this page for good
        self.token = ""  # its device's token, as the page keeps it
        self.page = Page()  # the page's rule for frames: its last state, its asks
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        async with aiohttp.ClientSession() as session:
            while not self.stopped and not self.ended:
                try:
                    query = f"?device={self.token}" if self.token else ""
                    ws = await session.ws_connect(self.relay.address + query)
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
                    continue
                self.joins += 1
                await self._talk(ws)
                await asyncio.sleep(0.05)

    async def _talk(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        waiting: dict[str, Any] | None = None
        self.page.connected()
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            frame = json.loads(message.data)
            if frame["type"] == "device":  # unnumbered, sent to this page alone
                self.token = frame["token"]
                continue
            if frame["type"] == "knock":  # the host took it for another device
                self.ended = "kept waiting as another device"
                return
            taken = self.page.receive(frame)
            for text in self.page.outbox:  # its asks for a whole state
                await ws.send_str(text)
            self.page.outbox.clear()
            if taken is None:
                continue
            frame = taken
            if frame["type"] == "cards":
                self.cards_game = frame["game"]
                if waiting is None:
                    continue
                frame, waiting = waiting, None
            elif frame["type"] == "closed":
                if "another device" not in frame["reason"]:
                    self.ended = frame["reason"]
                return
            elif frame["type"] == "refused":
                # Its move refused (too many messages at once, or late): a person tries
                # again on what the page shows (a state that comes next supersedes it).
                state = self.state
                if state is not None and state["seat"] in state["awaited"] and state["moves"]:
                    if not self.quiet:
                        asyncio.ensure_future(self._play(ws, state))
                continue
            elif frame["type"] != "state":
                continue
            if frame["game"] != self.cards_game:
                waiting = frame
                await ws.send_str(json.dumps({"type": "cards"}))
                continue
            self.state = frame
            if frame["seat"] in frame["awaited"] and frame["moves"] and not self.quiet:
                asyncio.ensure_future(self._play(ws, frame))

    async def _play(self, ws: aiohttp.ClientWebSocketResponse, frame: dict[str, Any]) -> None:
        await asyncio.sleep(self.rng.uniform(0.1, 0.2))  # a person's pace
        if self.state is frame and not ws.closed and not self.quiet:
            move = self.rng.choice(frame["moves"])["action"]
            try:
                await ws.send_str(
                    json.dumps({"type": "act", "action": move, "version": frame["version"]})
                )
            except ConnectionError:
                return  # cut meanwhile: the state after the rejoin decides
            self.sent += 1


class BadNetwork:
    """The relays and phones of one test, on a loop of their own thread."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.loop = asyncio.new_event_loop()
        self.relays: dict[int, FaultyRelay] = {}
        self.phones: dict[int, PatientPhone] = {}
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def _call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    def phone(self, seat: int, address: str) -> PatientPhone:
        relay = FaultyRelay(self.loop, address, random.Random(self.rng.random()))
        self._call(relay.start())
        phone = PatientPhone(relay, random.Random(self.rng.random()))
        self.relays[seat], self.phones[seat] = relay, phone

        async def begin() -> None:
            phone.task = asyncio.ensure_future(phone.run())

        self._call(begin())
        return phone

    def close(self) -> None:
        async def end() -> None:
            for phone in self.phones.values():
                phone.stopped = True
                if phone.task is not None:
                    phone.task.cancel()
            for relay in self.relays.values():
                await relay.stop()

        try:
            self._call(end())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)
