"""Seats on other devices: each person's private screen is a page on their own phone.

`seats` (codes, what a device is sent and may send; no server, no Qt), `server`
(aiohttp on its own thread), `hub` (the Qt side: it meets the match only through
MatchModel, on the window's thread) and `page/` (the page the phones open)."""
