#!/usr/bin/env python3
"""Does the reset-password-token answer's timing tell whether an address has an account?

Starts the given server binary on a fresh SQLite database, makes one account with `create-admin`,
then sends PAIRS interleaved requests for that address and for an unknown one (order alternating
within each pair) over one keep-alive connection each, and compares the two sets of answer times:
medians, and a two-sided Mann-Whitney U test (normal approximation). Loopback only; bounded.

usage: reset_timing.py BINARY [PAIRS] [LABEL]
"""

import http.client
import json
import math
import os
import subprocess
import sys
import time
from urllib.parse import urlparse

from server_process import serving


def mann_whitney_p(a, b):
    ranked = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        i = j + 1
    r1 = sum(rank for rank, (_, group) in zip(ranks, ranked) if group == 0)
    n1, n2 = len(a), len(b)
    u = r1 - n1 * (n1 + 1) / 2
    mean = n1 * n2 / 2
    sd = math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    z = (u - mean) / sd
    return math.erfc(abs(z) / math.sqrt(2))


def main():
    binary = sys.argv[1]
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    label = sys.argv[3] if len(sys.argv) > 3 else os.path.basename(binary)
    def create_account(env):
        subprocess.run([binary, "create-admin", "--email", "known@example.com", "--first-name", "Known",
                        "--last-name", "Person"], env=env, check=True, stdout=subprocess.DEVNULL)

    settings = {"OTP_CLIENT_LIMIT": "100000", "ADMIN_PASSWORD": "a long password"}
    with serving(binary, "jobportal-timing-", settings, before=create_account) as (base, _):
        port = urlparse(base).port
        connections = {kind: http.client.HTTPConnection("127.0.0.1", port, timeout=30) for kind in ("known", "unknown")}

        def ask(kind, n):
            body = json.dumps({"email": "known@example.com" if kind == "known" else f"stranger{n}@example.com"})
            connection = connections[kind]
            started = time.perf_counter()
            connection.request("POST", "/api/v1/auth/reset-password-token", body,
                               {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            took = time.perf_counter() - started
            if response.status != 200:
                sys.exit(f"unexpected status {response.status}")
            return took * 1000

        for n in range(20):  # warm both connections and the server
            ask("known", n), ask("unknown", n)
        times = {"known": [], "unknown": []}
        for n in range(pairs):
            order = ("known", "unknown") if n % 2 == 0 else ("unknown", "known")
            for kind in order:
                times[kind].append(ask(kind, n))
                time.sleep(0.01)  # a steady trickle the background slots can carry
    median = {kind: sorted(values)[len(values) // 2] for kind, values in times.items()}
    print(json.dumps({
        "label": label, "pairs": pairs,
        "median_known_ms": round(median["known"], 3), "median_unknown_ms": round(median["unknown"], 3),
        "difference_ms": round(median["known"] - median["unknown"], 3),
        "mann_whitney_p": float(f"{mann_whitney_p(times['known'], times['unknown']):.3g}"),
    }))


if __name__ == "__main__":
    main()
