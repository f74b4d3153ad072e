"""Phones for browser tests: Debian's chromium, headless, at a phone's size, driven by
selenium as a person would tap. Skipped where chromium or its driver is not installed
(`.ci/run` installs both)."""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import weakref
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
needs_browser = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="chromium and chromium-driver are not installed"
)


def open_phone(address: str, width: int = 390, height: int = 844):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="phone-")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}},
    )
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    # Chromium's profile (2.4 MB) goes with its driver: left behind, every run of the
    # browser tests would leave a score of them in the temporary folder.
    weakref.finalize(driver, shutil.rmtree, profile, ignore_errors=True)
    driver.get(address)
    return driver


def page_state(driver) -> dict | None:
    return driver.execute_script("return typeof state === 'undefined' ? null : state")


def tap_key(driver, key) -> bool:
    """Taps the drawn piece with that key; False when the page draws none."""
    found = driver.find_elements(
        "css selector", f"[data-key='{json.dumps(key, separators=(',', ':'))}']"
    )
    if not found:
        return False
    # A person taps a card on its name, clear of the money and arrows drawn on it.
    title = found[0].find_elements("css selector", ":scope > b, :scope > .facts, :scope > h3")
    _click(driver, title[0] if title else found[0])
    return True


def _click(driver, element) -> None:
    """Scrolls the element to the middle of the screen (clear of the sticky heading), then
    taps it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def take_a_turn(driver, rng: random.Random, wanted: dict | None = None) -> str:
    """Makes one of the seat's moves by taps on what the page draws (a piece, then its
    place; or a piece or button alone), as a person would; returns the words of the move.
    `wanted`: the move to make (its JSON), when the person knows what they want."""
    state = page_state(driver)
    gestures = list(state["gestures"])
    rng.shuffle(gestures)
    if wanted is not None:
        gestures = [g for g in gestures if g["action"] == wanted]
    # What the page draws, asked once (not once a gesture: each question is a round trip).
    keys = set(driver.execute_script(DRAWN_KEYS))
    for g in gestures:
        if _key(g["target"]) not in keys:
            continue
        if g["source"] is not None and _key(g["source"]) in keys:
            if not g["click"] or rng.random() < 0.5:
                tap_key(driver, g["source"])
                tap_key(driver, g["target"])
                _pick_in_sheet(driver, shown(g))
                return g["words"]
        if g["click"]:
            tap_key(driver, g["target"])
            _pick_in_sheet(driver, shown(g))
            return g["words"]
    for g in gestures:
        buttons = [
            b
            for b in driver.find_elements("css selector", "section.buttons button")
            if b.text == shown(g)
        ]
        if g["click"] and buttons:
            _click(driver, buttons[0])
            return g["words"]
    # Only the list of moves is left (a move no gesture makes).
    driver.execute_script("document.getElementById('moves-box').open = true")
    moves = driver.find_elements("css selector", "#moves button")
    assert moves, f"no move on the page: {driver.get_log('browser')}"
    if wanted is not None:
        words = [shown(m) for m in state["moves"] if m["action"] == wanted]
        moves = [m for m in moves if m.text in words] or moves
    move = rng.choice(moves)
    words = move.text
    _click(driver, move)
    return words


def shown(move: dict) -> str:
    """A move's button as the page writes it: its words, and its hint if it has one."""
    return f"{move['words']} — {move['hint']}" if move.get("hint") else move["words"]


DRAWN_KEYS = "return [...document.querySelectorAll('[data-key]')].map((n) => n.dataset.key)"


def _key(key) -> str:
    """A key as the page writes it in data-key."""
    return json.dumps(key, separators=(",", ":"))


def page_progress(driver) -> dict | None:
    """The version and count of the state the page draws, without the whole state (asked
    every few milliseconds while a test waits: the whole state is a large answer)."""
    return driver.execute_script(
        "return typeof state === 'undefined' || state === null ? null"
        " : {version: state.version, count: state.count}"
    )


def _pick_in_sheet(driver, words: str) -> None:
    sheet = driver.find_element("id", "sheet")
    if sheet.is_displayed():
        for button in sheet.find_elements("css selector", "button"):
            if button.text == words:
                _click(driver, button)
                return


def looks_right(driver) -> None:
    """No script error, no sideways scrolling, no text under 12 CSS px."""
    errors = [e["message"] for e in driver.get_log("browser") if e["source"] == "javascript"]
    assert not errors, errors
    width, scroll = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth]"
    )
    assert scroll <= width, f"the page scrolls sideways: {scroll} > {width}"
    smallest = driver.execute_script(
        """
        let least = 99;
        for (const node of document.querySelectorAll('body *')) {
          const words = [...node.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
          if (!node.offsetParent || !words) continue;
          least = Math.min(least, parseFloat(getComputedStyle(node).fontSize));
        }
        return least;
        """
    )
    assert smallest >= 12, f"text of {smallest} px"
    overlaps = driver.execute_script(OVERLAPS)
    assert not overlaps, f"pieces drawn over one another: {overlaps[:3]}"


# Pieces (cards, tokens, chips) drawn over one another, neither inside the other: each is
# measured where it shows, clipped by any box that scrolls or hides what overflows it.
OVERLAPS = """
const shown = [];
for (const node of document.querySelectorAll('.piece')) {
  if (!node.offsetParent) continue;
  let r = node.getBoundingClientRect();
  let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
  for (let up = node.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflowX === 'visible') continue;
    const c = up.getBoundingClientRect();
    [l, t] = [Math.max(l, c.left), Math.max(t, c.top)];
    [rt, b] = [Math.min(rt, c.right), Math.min(b, c.bottom)];
  }
  if (rt - l > 1 && b - t > 1) shown.push([node, l, t, rt, b]);
}
const found = [];
for (let i = 0; i < shown.length; i++) {
  for (let j = i + 1; j < shown.length; j++) {
    const [a, al, at, ar, ab] = shown[i], [z, zl, zt, zr, zb] = shown[j];
    if (a.contains(z) || z.contains(a)) continue;
    const w = Math.min(ar, zr) - Math.max(al, zl), h = Math.min(ab, zb) - Math.max(at, zt);
    if (w > 2 && h > 2) found.push([a.dataset.key, z.dataset.key, Math.round(w), Math.round(h)]);
  }
}
return found;
"""
