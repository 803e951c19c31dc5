"""New visitors while a few addresses hold idle connections (`make bench-held-connections`).

Starts each build given on a fresh SQLite database with an open-files limit of 1,024 (as
`ulimit -n 1024` would), then from 127.0.0.2.. holds `--per-holder` idle connections per address
(they send nothing, and reconnect as soon as the server closes one), and from another address opens
a new connection every `--every` seconds for a request to /healthz (from a process of its own),
measuring how long each takes to be answered (`--timeout` at most). Prints one row per build: answered, timed out, p50, p95, max.
Loopback only; every loop is bounded in time.

    python3 bench/held_connections.py server/target/release/jobportal [--baseline OLD_BINARY]
"""

import argparse
import asyncio
import multiprocessing
import os
import resource
import statistics
import time

from server_process import serving


async def hold(address, port, stop):
    """One held connection from `address`: opened, left idle, opened again when closed."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(0.05)
            continue
        try:
            done = asyncio.ensure_future(reader.read())
            stopped = asyncio.ensure_future(stop.wait())
            await asyncio.wait([done, stopped], return_when=asyncio.FIRST_COMPLETED)
            done.cancel()
            stopped.cancel()
        finally:
            writer.close()


async def visit(port, timeout):
    """A new visitor's request on a new connection: seconds to its answer, or None past `timeout`."""
    started = time.perf_counter()

    async def request():
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.200", 0))
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        await writer.drain()
        answer = await reader.read()
        writer.close()
        return answer.startswith(b"HTTP/1.1 200")

    try:
        answered = await asyncio.wait_for(request(), timeout)
    except (asyncio.TimeoutError, OSError):
        return None
    return time.perf_counter() - started if answered else None


async def holding(port, args, stop_flag):
    """The holders until `stop_flag` is set (in a process of their own, so that their reconnecting
    never delays the visitors' clock)."""
    stop = asyncio.Event()
    holders = [
        asyncio.ensure_future(hold(f"127.0.0.{2 + holder}", port, stop))
        for holder in range(args.holders)
        for _ in range(args.per_holder)
    ]
    while not stop_flag.is_set():
        await asyncio.sleep(0.1)
    stop.set()
    await asyncio.gather(*holders, return_exceptions=True)


def hold_all(port, args, stop_flag):
    asyncio.run(holding(port, args, stop_flag))


async def visiting(port, args):
    visits = []
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline:
        visits.append(asyncio.ensure_future(visit(port, args.timeout)))
        await asyncio.sleep(args.every)
    return await asyncio.gather(*visits)


def measure(port, args):
    stop_flag = multiprocessing.Event()
    holders = multiprocessing.Process(target=hold_all, args=(port, args, stop_flag))
    holders.start()
    try:
        time.sleep(args.warmup)
        return asyncio.run(visiting(port, args))
    finally:
        stop_flag.set()
        holders.join(timeout=30)
        if holders.is_alive():
            holders.kill()


def limit_open_files(limit):
    def apply():
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return apply


def row(name, results):
    answered = sorted(seconds for seconds in results if seconds is not None)
    timed_out = len(results) - len(answered)
    if not answered:
        return f"| {name} | 0 of {len(results)} | {timed_out} | - | - | - |"
    p95 = answered[min(len(answered) - 1, int(len(answered) * 0.95))]
    ms = lambda seconds: f"{seconds * 1000:.1f} ms"
    return (f"| {name} | {len(answered)} of {len(results)} | {timed_out} | {ms(statistics.median(answered))} "
            f"| {ms(p95)} | {ms(answered[-1])} |")


def run(binary, args):
    # The holders and visitors of this process need more files than the server may have.
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with serving(binary, "held-", preexec=limit_open_files(args.nofile)) as (base, _):
        return measure(int(base.rsplit(":", 1)[1]), args)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--baseline")
    parser.add_argument("--holders", type=int, default=4)
    parser.add_argument("--per-holder", type=int, default=250)
    parser.add_argument("--nofile", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--every", type=float, default=0.1)
    parser.add_argument("--timeout", type=float, default=15)
    args = parser.parse_args()
    builds = [("this build", args.binary)] + ([("baseline", args.baseline)] if args.baseline else [])
    print(f"{args.holders} addresses x {args.per_holder} idle connections, open-files limit {args.nofile}, "
          f"a new visitor every {args.every} s for {args.seconds:.0f} s ({os.cpu_count()} cores)")
    print("| build | answered | timed out | p50 | p95 | max |")
    print("|---|---|---|---|---|---|")
    for name, binary in builds:
        print(row(name, run(binary, args)), flush=True)


if __name__ == "__main__":
    main()
