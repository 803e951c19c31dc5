"""Starts a jobportal binary on a fresh SQLite database in a scratch directory, for the bench
scripts: loopback only, stopped and cleaned up however the measurement ends."""

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(binary, prefix, extra_env=None, before=None, preexec=None):
    """Yields (base URL, process). `before(env)` runs first with the same settings (a command);
    `preexec` runs in the server's process before it starts (its limits)."""
    data = tempfile.mkdtemp(prefix=prefix)
    port = free_port()
    env = dict(os.environ, DATA_DIR=data, LISTEN_ADDR=f"127.0.0.1:{port}", RUST_LOG="warn",
               WEB_DIR=os.path.join(data, "web"), **(extra_env or {}))
    env.pop("DATABASE_URL", None)
    if before:
        before(env)
    server = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=preexec)
    server.data_dir = data
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/readyz", timeout=1)
                break
            except Exception:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        yield base, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)


def status_kib(pid, field):
    """A field of /proc/PID/status in kB (VmRSS, VmHWM), 0 when absent."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0
