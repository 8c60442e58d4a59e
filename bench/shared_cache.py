"""The cache the site's processes share, for a benchmark: LOAD_CACHE_URL's Redis, else a
throwaway `redis-server` (in memory only) for the run, else none when Redis is not
installed."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time


@contextlib.contextmanager
def server(port: int):
    """The cache the workers share: LOAD_CACHE_URL's, else a throwaway redis-server on
    `port` (in memory only), else none (each worker's own memory) when Redis is not
    installed or LOAD_CACHE_URL=local."""
    named = os.environ.get("LOAD_CACHE_URL", "")
    if named or not shutil.which("redis-server"):
        yield "" if named in ("", "local") else named
        return
    server = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--maxmemory",
            "256mb",
            "--maxmemory-policy",
            "allkeys-lru",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)
