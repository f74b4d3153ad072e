"""A device for tests: a real WebSocket client (aiohttp's) on a loop of its own thread, so
the test's thread stays free to run the Qt events the host answers on.

Like the page, it keeps the device token the host gives the seat's holder; a Phone made
with another's `token` is that same device again (a reload), one without is a new device.
Like a browser, it offers compressed frames (permessage-deflate); like the page, it takes
a delta on top of the state it names (kept in `received` as the whole state it makes), and
asks for a whole state when it lacks that one."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import aiohttp

from testbed.frames import Page


class Phone:
    def __init__(
        self,
        address: str,
        origin: str | None = "same",
        host: str | None = None,
        token: str | None = None,
    ) -> None:
        self.address = address
        self.token = token  # the device's token: given by the host to the seat's holder
        self.host = host  # another Host header than the address's (a stranger's page)
        http = address.replace("/seat/", "/seat/", 1)
        self.origin = http.split("/seat/")[0] if origin == "same" else origin
        self.received: list[dict[str, Any]] = []
        self.kinds: list[str] = []  # the type of every frame, as sent ("delta" included)
        self.closed = threading.Event()
        self.status: int | None = None  # the HTTP status of a refused upgrade
        self.page = Page()
        self.compress = 0  # the window bits of the compression agreed on (0: none)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._talk())

    async def _talk(self) -> None:
        headers = {"Origin": self.origin} if self.origin else {}
        if self.host:
            headers["Host"] = self.host
        async with aiohttp.ClientSession() as session:
            try:
                query = f"?device={self.token}" if self.token else ""
                ws = await session.ws_connect(
                    self.address + "/ws" + query, headers=headers, compress=15
                )
            except aiohttp.WSServerHandshakeError as error:
                self.status = error.status
                self._ready.set()
                self.closed.set()
                return
            except aiohttp.ClientConnectionError:
                self.status = 0  # nothing listens there
                self._ready.set()
                self.closed.set()
                return
            self._ws = ws
            self.compress = ws.compress
            self._ready.set()
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        frame = json.loads(message.data)
                        self.kinds.append(frame["type"])
                        if frame["type"] == "device":
                            self.token = frame["token"]
                        taken = self.page.receive(frame)
                        for text in self.page.outbox:  # its asks for a whole state
                            await ws.send_str(text)
                        self.page.outbox.clear()
                        if taken is not None:
                            self.received.append(taken)
            except (aiohttp.ClientError, ConnectionError):
                pass  # the host went away
            self.closed.set()

    @property
    def joined(self) -> bool:
        return self._ws is not None

    def send_text(self, text: str) -> None:
        assert self._ws is not None
        asyncio.run_coroutine_threadsafe(self._ws.send_str(text), self._loop).result(5)

    def send_bytes(self, data: bytes) -> None:
        assert self._ws is not None
        asyncio.run_coroutine_threadsafe(self._ws.send_bytes(data), self._loop).result(5)

    def play(self, action: dict[str, Any], version: str | None = None) -> None:
        version = version if version is not None else self.state()["version"]
        self.send_text(json.dumps({"type": "act", "action": action, "version": version}))

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.received if m["type"] == "state"]

    def state(self) -> dict[str, Any]:
        return self.states()[-1]

    def closed_for(self) -> str:
        """Why the host closed this page ('' if it did not)."""
        closed = [m["reason"] for m in self.received if m["type"] == "closed"]
        return closed[-1] if closed else ""

    def asked(self) -> list[dict[str, Any]]:
        """The other devices this page's person is asked about now."""
        asks = [m for m in self.received if m["type"] == "ask"]
        return asks[-1]["knocks"] if asks else []

    def answer(self, allow: bool, knock: int | None = None) -> None:
        """Its person taps Allow or Refuse about another device (the first asked)."""
        knock = knock if knock is not None else self.asked()[0]["knock"]
        kind = "allow" if allow else "refuse"
        self.send_text(json.dumps({"type": kind, "knock": knock}))

    def refusals(self) -> list[str]:
        return [m["reason"] for m in self.received if m["type"] == "refused"]

    def close(self) -> None:
        if self._ws is not None and not self.closed.is_set():
            asyncio.run_coroutine_threadsafe(self._ws.close(), self._loop).result(5)
        self._thread.join(5)
