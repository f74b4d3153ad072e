"""The server for device seats: aiohttp, on its own asyncio loop in a thread of its own.

HTTP serves the page (from the package: nothing comes from the internet) and a WebSocket
per device carries its seat's messages. The server knows no rule and no match: it checks
a device's code with the Doorkeeper, passes what the device sends to `on_message` (the
host takes it on its own thread) and sends what the host gives it. It listens on the
host's local network address and on loopback, on a port of its choosing unless one is set.

Anyone on the same Wi-Fi can reach the port, so the server holds out against strangers:
it answers only to the names it listens on (no DNS rebinding), keeps a bounded number of
connections per address and in all (the host's open files are never used up: the
autosave needs them), and closes within seconds any connection that has not opened a
seat with a valid code. A seat has one device: the first page on its code is given a
device token of its own, and a page bringing that token (a reload, the same phone after a
cut) holds the seat again at once; any other device on the code is told to wait and gets
nothing of the seat until the host hands the seat over to it (`hand_over`: its holder, or
the big screen, allowed it) or turns it away. Every frame to a seat goes through one
writer in order, numbered (`seq`), whatever its size, and a page that falls too far
behind is closed.
"""

from __future__ import annotations

import asyncio
import html
import socket
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from illusio_table.table.kits import kit_of

from .seats import MAX_MESSAGE, DeviceSeat, Doorkeeper, Refused, encode

WAITING = (
    "This seat is held by another device. Its phone is asked to let this one take it (if "
    "that phone has been away a while, the big screen is asked instead): wait here."
)
NEXT_STEP = (
    "Ask at the big screen for your seat's code: in the Phones panel, “Take back to this "
    "screen”, then “Play on a phone”, and scan the new code."
)
# Connections at once from one address, and in all: a phone's browser opens a few for the
# page and one for its seat; a table has at most a handful of phones.
PER_ADDRESS = 12
IN_ALL = 64
# Seconds a connection may stay open without opening a seat (a page and its files load in
# well under a second on a local network); an idle keep-alive connection goes sooner.
GRACE = 10.0
KEEP_ALIVE = 5.0
# What may wait to be sent to one page, in characters, before it counts as gone (a page
# that reads nothing must not make the host hold its frames forever).
BACKLOG = 4 * 1024 * 1024

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
        # The open pages of each code (a code stays with its person from match to match,
        # whichever seat it opens in each).
        self._sockets: dict[str, set[web.WebSocketResponse]] = {}
        self._lines: dict[web.WebSocketResponse, Line] = {}
        self._counted: set[web.WebSocketResponse] = set()  # pages counted as holding a seat
        # The other devices asking for a seat, by the number of their question: they are
        # sent nothing of the seat, and nothing they send is read.
        self._knockers: dict[int, tuple[DeviceSeat, web.WebSocketResponse]] = {}
        self._listening: list[asyncio.AbstractServer] = []
        self.doors = Doors(self._seated)
        self.seq: dict[str, int] = {}  # the number of the last frame sent to each code

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
            # Its loop is closed: nothing may be sent through it (a server that could not
            # start, stopped or told to close a page later, raised "Event loop is closed").
            self._thread = self._loop = None
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
        """Sends `text` to the open page of `seat` (from the host's thread)."""
        code = self._code(seat)
        if self._loop is not None and code:
            self._loop.call_soon_threadsafe(self._send, code, text)

    def hand_over(self, knock: int, why: str) -> None:
        """The device that asked with `knock` holds its seat now; the pages of the device
        that held it are told `why` and closed (from the host's thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._hand_over, knock, why)

    def turn_away(self, knock: int, why: str) -> None:
        """The device that asked with `knock` does not get the seat: told `why`, closed."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._turn_away, knock, why)

    def later(self, seconds: float, job: Callable[[], None]) -> None:
        """Calls `job` on the server's thread in `seconds` (it must only hand over)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.call_later, seconds, job)

    def shut(self, seat: int, why: str) -> None:
        """Closes the pages of a seat whose code dies, telling them why (before the code
        is closed in the doorkeeper)."""
        code = self._code(seat)
        if self._loop is not None and code:
            self._loop.call_soon_threadsafe(self._shut, code, why)

    def compressed(self, seat: int) -> bool:
        """Whether the page holding `seat` agreed to compressed frames (permessage-deflate)."""
        sockets = list(self._sockets.get(self._code(seat), ()))
        return bool(sockets) and all(ws.compress for ws in sockets)

    def _code(self, seat: int) -> str:
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return device.code if device is not None else ""

    # -- the server's side (its loop) -----------------------------------------------------

    async def _open(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[self._known_host])
        app.router.add_get("/seat/{code}", self._page)
        app.router.add_get("/seat/{code}/ws", self._socket)
        app.router.add_get("/page/{name}", self._file)
        app.router.add_get("/page/games/{game}.js", self._drawing)
        app.router.add_get("/favicon.ico", _no_icon)
        app.on_response_prepare.append(_safe_headers)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, keepalive_timeout=KEEP_ALIVE
        )
        await self._runner.setup()
        handlers = self._runner.server
        assert handlers is not None
        loop = asyncio.get_running_loop()
        self._listening = []
        self.doors = Doors(self._seated)
        # A server started again begins with no page.
        self._sockets, self._lines, self._counted, self._knockers = {}, {}, set(), {}
        port = self.wanted_port
        for host in self.hosts:
            # aiohttp's handler behind a door that counts and times connections (the
            # sites of aiohttp have no such limits).
            listening = await loop.create_server(
                lambda: Door(handlers(), self.doors), host, port, reuse_address=True
            )
            self._listening.append(listening)
            if not port:  # the port the system chose, for the next address too
                port = listening.sockets[0].getsockname()[1]
        self.port = port

    async def _close(self) -> None:
        for listening in self._listening:
            listening.close()
        for sockets in list(self._sockets.values()):
            for ws in list(sockets):
                await ws.close()
        for _, ws in list(self._knockers.values()):
            await ws.close()
        self.doors.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    def _seated(self) -> set[str]:
        """The addresses of the devices that hold a seat (or held it last): a phone coming
        back from one of them is let in past the limit in all, so that a stranger who
        fills every connection from several addresses never keeps a seat's phone out."""
        with self.doorkeeper.lock:
            return {device.where for device in self.doorkeeper.seats.values() if device.where}

    def names(self) -> set[str]:
        """The Host headers the server answers to: the addresses it listens on and prints."""
        names = {f"{host}:{self.port}" for host in self.hosts}
        return names | {f"localhost:{self.port}"}

    @web.middleware
    async def _known_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        # A page of another site that renamed itself to this address (DNS rebinding) asks
        # with its own name: it gets nothing.
        if request.host not in self.names():
            return web.Response(status=421, text="This server answers only to its own address.")
        response: web.StreamResponse = await handler(request)
        return response

    def _enter(self, request: web.Request) -> DeviceSeat:
        address = request.remote or "?"
        with self.doorkeeper.lock:
            return self.doorkeeper.enter(request.match_info["code"], address)

    async def _page(self, request: web.Request) -> web.StreamResponse:
        try:
            self._enter(request)
        except Refused as refused:
            # A page for a phone, in the table's look, that says what to do next.
            page = page_file("refused.html").decode()
            page = page.replace("{reason}", html.escape(refused.reason)).replace(
                "{next}", html.escape(NEXT_STEP)
            )
            return web.Response(status=403, text=page, content_type="text/html")
        return web.Response(body=page_file("index.html"), content_type="text/html")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            raise web.HTTPNotFound()
        return web.Response(body=page_file(name), content_type=PAGE_FILES[name])

    async def _drawing(self, request: web.Request) -> web.StreamResponse:
        # A game's drawing, its kit's `phone` part; any other name gets the plain one (the
        # name only picks a kit: no path is made of it).
        phone = kit_of(request.match_info["game"]).phone
        return web.Response(body=phone.read_bytes(), content_type="text/javascript")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        # A page of another site may not open a seat's socket with this browser.
        if request.headers.get("Origin") != f"http://{request.host}":
            return web.Response(status=403, text="This page may not open a seat.")
        try:
            device = self._enter(request)
        except Refused as refused:
            return web.Response(status=403, text=refused.reason)
        # permessage-deflate, which every browser offers: a state compresses about
        # twentyfold, and more against the frames before it on the same socket (the
        # library keeps the compressor's window from frame to frame, and compresses a
        # large frame off the loop).
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20, compress=True)
        await ws.prepare(request)
        self.doors.admit(request.transport)  # a seat's own socket: no deadline
        code = device.code
        address = request.remote or "?"
        self._lines[ws] = Line(ws, self._close_line)
        knock = 0
        token = self.doorkeeper.claim(device, request.query.get("device"))
        if token is not None:
            # The seat's own device (or the first on its code): its older pages (a tab
            # left open, a socket the Wi-Fi left half open) are told and closed.
            self._hold(device, ws, token, address, "This seat was opened again on this device.")
        else:
            try:
                knock = self.doorkeeper.knock(device, address)
            except Refused as refused:
                self._close_line(ws, refused.reason)
            else:
                self._knockers[knock] = (device, ws)
                self._put(ws, encode({"type": "knock", "status": WAITING}))
        self.on_presence(device.seat)
        try:
            async for message in ws:
                if ws not in self._sockets.get(code, ()):
                    continue  # a device not let in (yet): nothing it sends is read
                if message.type == WSMsgType.BINARY:
                    self._put(ws, encode(_refusal("A device sends text, not bytes.")))
                    continue
                if message.type != WSMsgType.TEXT:
                    break  # an error (a frame over the size limit): the library closes it
                try:
                    with self.doorkeeper.lock:
                        if self.doorkeeper.seats.get(device.seat) is not device:
                            break  # the code died meanwhile
                        self.doorkeeper.pace(device)
                except Refused as refused:
                    self._put(ws, encode(_refusal(refused.reason)))
                    continue
                self.on_message(device.seat, code, message.data)
        finally:
            self._sockets.get(code, set()).discard(ws)
            line = self._lines.pop(ws, None)
            if line is not None:
                line.stop()
            if knock and self._knockers.get(knock, (None, None))[1] is ws:
                del self._knockers[knock]
            with self.doorkeeper.lock:
                device.knocks.pop(knock, None)
                if ws in self._counted:
                    self._counted.discard(ws)
                    device.connections -= 1
                    if not device.connections:
                        device.gone_since = self.doorkeeper.clock()
            self.on_presence(device.seat)
        return ws

    def _hold(
        self,
        device: DeviceSeat,
        ws: web.WebSocketResponse,
        token: str,
        address: str,
        why: str,
        moved: bool = False,
    ) -> None:
        """`ws` holds the seat now: it is given its device's token first (the page keeps
        it, to come back without asking); the seat's other pages are told `why`, closed.
        `moved`: it is another device's, let in (not the seat's own come back)."""
        code = device.code
        older = list(self._sockets.get(code, ()))
        for old in older:
            self._sockets[code].discard(old)
            self._close_line(old, why)
        self._sockets.setdefault(code, set()).add(ws)
        self._counted.add(ws)
        with self.doorkeeper.lock:
            device.connections += 1
            device.ever_joined = True
            device.joins += 1
            device.where = address
            device.gone_since = None
            device.moved, device.closed = moved, len(older)
        self._put(ws, encode({"type": "device", "token": token}))

    def _hand_over(self, knock: int, why: str) -> None:
        found = self._knockers.pop(knock, None)
        if found is None:
            return  # that device went away meanwhile
        device, ws = found
        with self.doorkeeper.lock:
            if self.doorkeeper.seats.get(device.seat) is not device:
                return  # the code died meanwhile (its pages are being closed)
            address = device.knocks.get(knock, "?")
            token = self.doorkeeper.hand_over(device, knock)
        self._hold(device, ws, token, address, why, moved=True)
        self.on_presence(device.seat)

    def _turn_away(self, knock: int, why: str) -> None:
        found = self._knockers.pop(knock, None)
        if found is None:
            return
        device, ws = found
        with self.doorkeeper.lock:
            device.knocks.pop(knock, None)
        self._close_line(ws, why)
        self.on_presence(device.seat)

    def _put(self, ws: web.WebSocketResponse, text: str) -> None:
        line = self._lines.get(ws)
        if line is not None:
            line.put(text)

    def _send(self, code: str, text: str) -> None:
        number = self.seq[code] = self.seq.get(code, 0) + 1
        text = numbered(number, text)
        for ws in list(self._sockets.get(code, ())):
            self._put(ws, text)

    def _shut(self, code: str, why: str) -> None:
        for ws in list(self._sockets.pop(code, ())):
            self._close_line(ws, why)
        for knock, (device, ws) in list(self._knockers.items()):
            if device.code == code:
                del self._knockers[knock]
                self._close_line(ws, why)

    def _close_line(self, ws: web.WebSocketResponse, why: str) -> None:
        """Tells a page why it no longer plays its seat (after what it was already sent),
        then closes its socket."""
        line = self._lines.get(ws)
        if line is not None:
            line.finish(encode({"type": "closed", "reason": why}))


def numbered(number: int, text: str) -> str:
    """A frame (a JSON object's text) with its number in front."""
    return f'{{"seq":{number},{text[1:]}'


class Line:
    """The one writer of a socket: frames go out strictly in the order given, each sent
    only after the one before has gone (aiohttp compresses a large frame in a task of its
    own, so sends started side by side can overtake each other)."""

    def __init__(
        self, ws: web.WebSocketResponse, close: Callable[[web.WebSocketResponse, str], None]
    ) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.waiting = 0  # characters queued and not yet sent
        self.closing = False
        self._close = close
        self.task = asyncio.ensure_future(self._write())

    def put(self, text: str) -> None:
        if self.closing:
            return
        self.waiting += len(text)
        if self.waiting > BACKLOG:
            # A page that reads nothing: it is let go (a real one reloads and rejoins).
            self.finish(encode({"type": "closed", "reason": "This page fell behind: reload it."}))
            return
        self.queue.put_nowait(text)

    def finish(self, last: str) -> None:
        """Sends `last` after everything queued, then closes the socket."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(last)
            self.queue.put_nowait(None)

    def stop(self) -> None:
        self.task.cancel()

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.ws.close()
                    return
                self.waiting -= len(text)
                if not self.ws.closed:
                    await self.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            await self.ws.close()


class Doors:
    """The connections open now, by address, each with its deadline: past the limits a
    new one is closed at once, and one that has not opened a seat in time is closed.
    The limit in all does not hold for the addresses `seated` gives (those of the seats'
    devices): each of those still has its own limit, so the whole stays bounded."""

    def __init__(self, seated: Callable[[], set[str]] = set) -> None:
        self.by_address: dict[str, int] = {}
        self.open: dict[asyncio.BaseTransport, Door] = {}
        self.seated = seated

    def enter(self, door: Door, transport: asyncio.BaseTransport) -> bool:
        address = _peer(transport)
        if self.by_address.get(address, 0) >= PER_ADDRESS:
            return False
        if len(self.open) >= IN_ALL and address not in self.seated():
            return False
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.open[transport] = door
        return True

    def leave(self, transport: asyncio.BaseTransport) -> None:
        if self.open.pop(transport, None) is None:
            return
        address = _peer(transport)
        self.by_address[address] -= 1
        if not self.by_address[address]:
            del self.by_address[address]

    def admit(self, transport: asyncio.BaseTransport | None) -> None:
        door = self.open.get(transport) if transport is not None else None
        if door is not None:
            door.admit()

    def close_all(self) -> None:
        for transport in list(self.open):
            transport.close()


class Door(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind a count and a deadline. asyncio calls
    the door; the door passes every call on to aiohttp's handler."""

    def __init__(self, handler: asyncio.Protocol, doors: Doors) -> None:
        self.handler = handler
        self.doors = doors
        self.transport: asyncio.BaseTransport | None = None
        self.deadline: asyncio.TimerHandle | None = None
        self.let_in = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        if not self.doors.enter(self, transport):
            transport.abort()  # too many: the handler never sees it
            return
        self.let_in = True
        self.deadline = asyncio.get_running_loop().call_later(GRACE, transport.abort)
        self.handler.connection_made(transport)

    def admit(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def data_received(self, data: bytes) -> None:
        if self.let_in:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.let_in else None

    def pause_writing(self) -> None:
        if self.let_in:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.let_in:
            self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.admit()
        if self.transport is not None:
            self.doors.leave(self.transport)
        if self.let_in:
            self.handler.connection_lost(exc)


def _peer(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if peer else "?"


def _refusal(reason: str) -> dict[str, Any]:
    return {"type": "refused", "reason": reason}


async def _no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


async def _safe_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in SAFE_HEADERS.items():
        response.headers.setdefault(name, value)
