#!/usr/bin/env python3
"""Memory of the server while the whole job feed of a million open jobs is read (`make bench-feed`).

Seeds JOBS jobs into a fresh SQLite database (`seed-bench`), opens them all (a deadline ahead, none
closed: the seed spreads deadlines over the past year), starts the server without its search index
(the feed reads the database alone), then reads `/feeds/jobs.xml` once alone and twice at once,
gzip-compressed as a crawler asks for it, each by a reader that reads slowly part of the way. It
reports the process's resident memory before, its peak (VmHWM) through the reads, the feed's size
and jobs, and how long a read took; a third reader during the two is refused. Loopback only.

usage: feed_memory.py BINARY [--jobs 1000000]
"""

import argparse
import concurrent.futures
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
import zlib

from server_process import serving, status_kib

FAR_AHEAD_MS = 4102444800000  # fixed date: 2100-01-01, a deadline no run reaches


def read_feed(base, slow_chunks=0):
    """Reads the whole feed (gzip), slowly for its first `slow_chunks` chunks of 64 KiB: the
    compressed and the plain size, the jobs in it, the seconds it took, and the status."""
    request = urllib.request.Request(f"{base}/feeds/jobs.xml", headers={"Accept-Encoding": "gzip"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=3600) as response:
            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
            compressed = plain = jobs = 0
            tail = b""
            chunk_number = 0
            while chunk := response.read(65536):
                chunk_number += 1
                if chunk_number <= slow_chunks:
                    time.sleep(0.05)
                compressed += len(chunk)
                text = inflate.decompress(chunk)
                plain += len(text)
                # `<job>` may be cut between two pieces: count it in the joined tail.
                joined = tail + text
                jobs += joined.count(b"<job>")
                tail = joined[-4:] if not joined.endswith(b"<job>") else b""
            text = inflate.flush()
            plain += len(text)
            jobs += (tail + text).count(b"<job>")
            return {"status": response.status, "compressed": compressed, "plain": plain, "jobs": jobs,
                    "seconds": time.monotonic() - started}
    except urllib.error.HTTPError as error:
        return {"status": error.code, "message": error.read().decode(errors="replace")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--jobs", type=int, default=1_000_000)
    args = parser.parse_args()

    def seed(env):
        started = time.monotonic()
        subprocess.run([args.binary, "seed-bench", "--jobs", str(args.jobs)], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        database = sqlite3.connect(f"{env['DATA_DIR']}/jobportal.db")
        # The change log's trigger asks for unixepoch('subsec'), which Python's SQLite may lack, and
        # would log a million changes nothing reads here: it is set aside for the update.
        (trigger,) = database.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'jobs_logged_on_update'").fetchone()
        database.execute("DROP TRIGGER jobs_logged_on_update")
        database.execute("UPDATE jobs SET deadline = ?, closed_at = NULL", (FAR_AHEAD_MS,))
        database.execute(trigger)
        database.commit()
        database.close()
        print(f"seeded and opened {args.jobs:,} jobs in {time.monotonic() - started:.0f} s")

    with serving(args.binary, "jobportal-feed-", {"SEARCH_INDEX": "off"}, before=seed) as (base, server):
        before = status_kib(server.pid, "VmRSS")
        alone = read_feed(base, slow_chunks=200)
        after_one = status_kib(server.pid, "VmHWM")
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            readers = [pool.submit(read_feed, base, 400) for _ in range(2)]
            time.sleep(2)
            third = read_feed(base)
            both = [reader.result() for reader in readers]
        peak = status_kib(server.pid, "VmHWM")
        print(f"one read: {alone}")
        print(f"two at once: {both}")
        print(f"a third meanwhile: {third}")
        print(f"resident memory: {before / 1024:.0f} MiB before, peak {after_one / 1024:.0f} MiB through one read, "
              f"{peak / 1024:.0f} MiB through two at once")


if __name__ == "__main__":
    main()
