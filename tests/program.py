"""A test's program in a process of its own: a module of the project run offscreen, the
lines it prints read as they come, and killed outright (SIGKILL) as a crash would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class Program:
    def __init__(self, module: str, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.strip())

    def wait_for(self, condition: Callable[[], bool], seconds: float) -> bool:
        """Whether `condition` held within `seconds` (it is asked every 20 ms)."""
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > end:
                return False
            time.sleep(0.02)
        return True

    def kill(self) -> None:
        """Kills the program outright and reads what it printed to the end."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self._reader.join(timeout=10)
