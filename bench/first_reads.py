"""First reads of job pages (issue 29): every request a job no server process has read yet, so each
one is a query and a page drawn, never a page kept. `make bench-reads`' round 1 mixes these with
reads of the pages it has just kept; this measures the first read alone, and the server's CPU per
request (from /proc; on PostgreSQL its processes' CPU too), for each binary in turn on the same
board.

A fresh board (`seed-bench --jobs`, `reindex`) on `--engine` (SQLite, or PostgreSQL on `--pg`, a
database made and dropped by the script; the binaries must know the same migrations); `--ids`
listed jobs in random order, split into one slice per run so that no id is asked twice of any
process; each run a fresh server process (JOB_CACHE_MB=256, enough to keep every page it draws),
then oha from `--connections` connections, each URL once. The binaries' runs alternate, `--runs`
each.

- `--read api` asks for `getJob` instead of the page, to tell the page's drawing from the read.
- `--encodings` are the `Accept-Encoding`s asked, each in its own runs (`identity` by default;
  `browser` is what a browser sends, `gzip, deflate, br, zstd`); a first read asked for an encoding
  compresses the job's own text too. Each run's line
  gives the server's peak memory (RssAnon) as well.

    python3 bench/first_reads.py WEB_DIR BINARY [BINARY ...] [--engine sqlite|postgres]
        [--jobs 100000] [--ids 60000] [--runs 2] [--pg postgres://postgres@127.0.0.1:5432/postgres]
        [--perf] [--read page|api] [--encodings identity,gzip,br,browser]

Loopback only; results printed, one line per run. With `--perf`, each run's server is also
profiled (`perf record -g`) and the top of the report written to
bench/out/reads-perf-first-ENCODING-BINARY-RUN.txt.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from reads import LISTED, drop_database, fresh_database, perf_during, query  # noqa: E402
from search import Server, run_command  # noqa: E402


# What Chromium and Firefox send.
BROWSER = "gzip, deflate, br, zstd"


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds():
    """The CPU time of every PostgreSQL process now running (its backends and background workers;
    those that ended between two readings are missed, and the bench's own connections are few)."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as handle:
                if handle.read().strip() not in ("postgres", "postmaster"):
                    continue
            total += cpu_seconds(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("web_dir")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--ids", type=int, default=60_000, help="distinct jobs, shared out among the runs")
    parser.add_argument("--runs", type=int, default=2, help="runs of each binary")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--engine", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--perf", action="store_true", help="perf record each run's server")
    parser.add_argument("--read", choices=["page", "api"], default="page",
                        help="a job's page (/job/ID) or its getJob (/api/v1/jobs/getJob/ID)")
    parser.add_argument("--encodings", default="identity",
                        help="the Accept-Encodings asked, in turn (of identity,gzip,br,browser; `browser` asks what "
                             "a browser does, 'gzip, deflate, br, zstd', and its first read then compresses too)")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="jobportal-bench-first-reads-")
    try:
        data, url = os.path.join(scratch, "data"), fresh_database(args.engine, args.pg, scratch)
        first = os.path.abspath(args.binaries[0])
        run_command(first, url, data, "seed-bench", "--jobs", str(args.jobs), "--recruiters",
                    str(max(10, args.jobs // 200)), "--applicants", "64")
        run_command(first, url, data, "reindex")
        os.symlink(os.path.abspath(args.web_dir), os.path.join(data, "web"))
        ids = [row[0] for row in query(args.engine, url, f"SELECT id FROM jobs WHERE {LISTED} LIMIT {args.ids}")]
        random.Random(29).shuffle(ids)
        encodings = args.encodings.split(",")
        turns = [(encoding, binary) for encoding in encodings for _ in range(args.runs) for binary in args.binaries]
        per_run = len(ids) // len(turns)
        log = open(os.path.join(scratch, "servers.log"), "w")
        prefix = "/job/" if args.read == "page" else "/api/v1/jobs/getJob/"
        print(f"{args.engine}, {args.jobs:,} jobs; {per_run:,} first reads of {prefix} a run, "
              f"{args.connections} connections", flush=True)
        for turn, (encoding, binary) in enumerate(turns):
            mine = ids[turn * per_run:(turn + 1) * per_run]
            server = Server(os.path.abspath(binary), url, data, log, JOB_CACHE_MB="256")
            try:
                urls = os.path.join(scratch, "urls.txt")
                with open(urls, "w") as handle:
                    handle.writelines(f"{server.base}{prefix}{job}\n" for job in mine)
                before, database_before = cpu_seconds(server.process.pid), postgres_cpu_seconds()
                command = ["oha", "--no-tui", "--output-format", "json", "-c", str(args.connections), "-n",
                           str(len(mine)), "-H", f"Accept-Encoding: {BROWSER if encoding == 'browser' else encoding}",
                           "--urls-from-file", urls]

                def read():
                    return subprocess.run(command, check=True, capture_output=True, text=True).stdout
                if args.perf:
                    name = f"first-{encoding}-{os.path.basename(binary)}-{turn // len(args.binaries) % args.runs + 1}"
                    output = perf_during(server.process.pid, name, 2, read)
                else:
                    output = read()
                used = cpu_seconds(server.process.pid) - before
                database = postgres_cpu_seconds() - database_before
                memory = max(server.peak.values(), default=0)
            finally:
                server.stop()
            report = json.loads(output)
            answered = sum(report.get("statusCodeDistribution", {}).values())
            print(f"{encoding:8} {binary}: {report['summary']['requestsPerSec']:,.0f}/s, p50 "
                  f"{report['latencyPercentiles']['p50'] * 1000:.1f} ms, p99 "
                  f"{report['latencyPercentiles']['p99'] * 1000:.1f} ms, answers {report.get('statusCodeDistribution')}, "
                  f"server CPU {1e6 * used / max(1, answered):.0f} us a request"
                  + (f", PostgreSQL's {1e6 * database / max(1, answered):.0f} us" if args.engine == "postgres" else "")
                  + f", memory (RssAnon) {memory:.0f} MB",
                  flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        drop_database(args.engine, args.pg)


if __name__ == "__main__":
    main()
