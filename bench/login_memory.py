#!/usr/bin/env python3
"""Memory of the server through a burst of parallel logins.

Starts the given server binary on a fresh SQLite database in a scratch directory, sends BURST
logins at one instant (each for a different address, so no login limit applies and every one
needs a password hash), and reports the process's resident memory before, at its peak (VmHWM),
and a few seconds after the burst, with the statuses the burst got. Loopback only; bounded.

usage: login_memory.py BINARY [BURST] [LABEL]
"""

import concurrent.futures
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request

from server_process import serving, status_kib


def login(base, n, barrier):
    body = json.dumps({"email": f"nobody{n}@example.com", "password": "not the password"}).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/auth/login", data=body, headers={"Content-Type": "application/json"}
    )
    barrier.wait()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except Exception as error:  # a refused or reset connection counts too
        return type(error).__name__


def main():
    binary = sys.argv[1]
    burst = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    label = sys.argv[3] if len(sys.argv) > 3 else os.path.basename(binary)
    with serving(binary, "jobportal-memory-") as (base, server):
        time.sleep(1)  # the decoy hash is made at start
        before = status_kib(server.pid, "VmRSS")
        barrier = threading.Barrier(burst)
        started = time.time()
        with concurrent.futures.ThreadPoolExecutor(max_workers=burst) as pool:
            statuses = list(pool.map(lambda n: login(base, n, barrier), range(burst)))
        took = time.time() - started
        time.sleep(3)
        peak = status_kib(server.pid, "VmHWM")
        after = status_kib(server.pid, "VmRSS")
    counts = {}
    for status in statuses:
        counts[str(status)] = counts.get(str(status), 0) + 1
    print(json.dumps({
        "label": label, "burst": burst, "seconds": round(took, 2),
        "rss_before_mib": round(before / 1024, 1), "rss_peak_mib": round(peak / 1024, 1),
        "rss_after_mib": round(after / 1024, 1), "statuses": counts,
    }))


if __name__ == "__main__":
    main()
