"""A device for tests: a real WebSocket client (aiohttp's) on a loop of its own thread, so
the test's thread stays free to run the Qt events the host answers on."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import aiohttp


class Phone:
    def __init__(self, address: str, origin: str | None = "same", host: str | None = None) -> None:
        self.address = address
        self.host = host  # another Host header than the address's (a stranger's page)
        http = address.replace("/seat/", "/seat/", 1)
        self.origin = http.split("/seat/")[0] if origin == "same" else origin
        self.received: list[dict[str, Any]] = []
        self.closed = threading.Event()
        self.status: int | None = None  # the HTTP status of a refused upgrade
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
                ws = await session.ws_connect(self.address + "/ws", headers=headers)
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
            self._ready.set()
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self.received.append(json.loads(message.data))
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

    def refusals(self) -> list[str]:
        return [m["reason"] for m in self.received if m["type"] == "refused"]

    def close(self) -> None:
        if self._ws is not None and not self.closed.is_set():
            asyncio.run_coroutine_threadsafe(self._ws.close(), self._loop).result(5)
        self._thread.join(5)
