"""The server for device seats: aiohttp, on its own asyncio loop in a thread of its own.

HTTP serves the page (from the package: nothing comes from the internet) and a WebSocket
per device carries its seat's messages. The server knows no rule and no match: it checks
a device's code with the Doorkeeper, passes what the device sends to `on_message` (the
host takes it on its own thread) and sends what the host gives it. It listens on the
host's local network address and on loopback, on a port of its choosing unless one is set.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from .seats import MAX_MESSAGE, DeviceSeat, Doorkeeper, Refused, encode

PAGE_FILES = {"page.js": "text/javascript", "page.css": "text/css"}
# Headers every answer carries: the page runs nothing from elsewhere and is never framed.
SAFE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def page_file(name: str) -> bytes:
    return resources.files("illusio_table.remote").joinpath("page", name).read_bytes()


def local_address() -> str | None:
    """This computer's address on the local network (IPv4), or None when it has none
    but loopback. A UDP socket's connect only asks the system which address its route
    to a private address would leave from: no packet is sent. (A name lookup of the
    computer's own name often answers a loopback address, as Debian's 127.0.1.1.)"""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    if address and not address.startswith("127.") and address != "0.0.0.0":
        return address
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for *_, sockaddr in found:
        if not str(sockaddr[0]).startswith("127."):
            return str(sockaddr[0])
    return None


class DeviceServer:
    def __init__(
        self,
        doorkeeper: Doorkeeper,
        on_message: Callable[[int, str, str], None],
        on_presence: Callable[[int], None],
        port: int = 0,
        network: bool = True,
    ) -> None:
        """`on_message(seat, code, text)` and `on_presence(seat)` are called on the
        server's thread: they must only hand over to the host's own thread."""
        self.doorkeeper = doorkeeper
        self.on_message = on_message
        self.on_presence = on_presence
        self.wanted_port = port
        self.hosts = ["127.0.0.1"]
        if network and (address := local_address()):
            self.hosts.insert(0, address)
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._sockets: dict[int, set[web.WebSocketResponse]] = {}

    # -- the host's side (its own thread) -------------------------------------------------

    def start(self) -> int:
        """Starts listening; returns the port. Raises OSError if it cannot."""
        if self._thread is not None:
            return self.port
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._open())
            except BaseException as error:  # noqa: BLE001 - reported to the host
                failure.append(error)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
            loop.close()

        self._thread = threading.Thread(target=run, name="device seats", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            self._thread = None
            raise OSError(f"the server for phones could not start: {failure[0]}")
        return self.port

    def stop(self) -> None:
        if self._thread is None or self._loop is None:
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._thread = self._loop = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    def address(self, code: str) -> str:
        return f"http://{self.hosts[0]}:{self.port}/seat/{code}"

    def send(self, seat: int, text: str) -> None:
        """Sends `text` to every open page of `seat` (from any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._send, seat, text)

    def shut(self, seat: int, why: str) -> None:
        """Closes the pages of a seat whose code died, telling them why."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._shut, seat, why)

    # -- the server's side (its loop) -----------------------------------------------------

    async def _open(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/seat/{code}", self._page)
        app.router.add_get("/seat/{code}/ws", self._socket)
        app.router.add_get("/page/{name}", self._file)
        app.router.add_get("/favicon.ico", _no_icon)
        app.on_response_prepare.append(_safe_headers)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        port = self.wanted_port
        for host in self.hosts:
            site = web.TCPSite(self._runner, host, port)
            await site.start()
            if not port:
                server = site._server  # the port the system chose, for the next address
                assert server is not None
                port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.port = port

    async def _close(self) -> None:
        for sockets in list(self._sockets.values()):
            for ws in list(sockets):
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _enter(self, request: web.Request) -> DeviceSeat:
        address = request.remote or "?"
        with self.doorkeeper.lock:
            return self.doorkeeper.enter(request.match_info["code"], address)

    async def _page(self, request: web.Request) -> web.StreamResponse:
        try:
            self._enter(request)
        except Refused as refused:
            return web.Response(status=403, text=refused.reason)
        return web.Response(body=page_file("index.html"), content_type="text/html")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            raise web.HTTPNotFound()
        return web.Response(body=page_file(name), content_type=PAGE_FILES[name])

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        # A page of another site may not open a seat's socket with this browser.
        if request.headers.get("Origin") != f"http://{request.host}":
            return web.Response(status=403, text="This page may not open a seat.")
        try:
            device = self._enter(request)
        except Refused as refused:
            return web.Response(status=403, text=refused.reason)
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        seat, code = device.seat, device.code
        self._sockets.setdefault(seat, set()).add(ws)
        with self.doorkeeper.lock:
            device.connections += 1
            device.ever_joined = True
        self.on_presence(seat)
        try:
            async for message in ws:
                if message.type == WSMsgType.BINARY:
                    await ws.send_str(encode(_refusal("A device sends text, not bytes.")))
                    continue
                if message.type != WSMsgType.TEXT:
                    break  # an error (a frame over the size limit): the library closes it
                try:
                    with self.doorkeeper.lock:
                        if self.doorkeeper.seats.get(seat) is not device:
                            break  # the code died meanwhile
                        self.doorkeeper.pace(device)
                except Refused as refused:
                    await ws.send_str(encode(_refusal(refused.reason)))
                    continue
                self.on_message(seat, code, message.data)
        finally:
            self._sockets.get(seat, set()).discard(ws)
            with self.doorkeeper.lock:
                device.connections -= 1
            self.on_presence(seat)
        return ws

    def _send(self, seat: int, text: str) -> None:
        for ws in list(self._sockets.get(seat, ())):
            if not ws.closed:
                asyncio.ensure_future(ws.send_str(text))

    def _shut(self, seat: int, why: str) -> None:
        for ws in list(self._sockets.pop(seat, ())):
            asyncio.ensure_future(_close_with(ws, why))


async def _close_with(ws: web.WebSocketResponse, why: str) -> None:
    if not ws.closed:
        await ws.send_str(encode({"type": "closed", "reason": why}))
        await ws.close()


def _refusal(reason: str) -> dict[str, Any]:
    return {"type": "refused", "reason": reason}


async def _no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


async def _safe_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SAFE_HEADERS.items():
        response.headers.setdefault(name, value)
