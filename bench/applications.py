"""Applications only, on a board that has taken applications before: the write path at a steady
state, beside an older binary (the previous design) in the same sitting.

`bench/reads.py` measures applications once, on a board seeded a moment before. There, on
PostgreSQL, the tables the applications grow (applications, outbox, notifications) are planned
from what PostgreSQL knew of them when each connection first ran its statements, nearly empty,
until autovacuum analyzes them (BENCHMARKS.md). A board that has been running has statistics of
tables with rows in them. So here the board is seeded once and warmed up: ours applies
`--applications` times, unmeasured (that first run is the freshly seeded board's figure), and on
PostgreSQL the tables are then analyzed with those rows in them, as autovacuum would. Nothing is
taken away between runs: the board grows as a real one does, and each run applies to open jobs
of its own (the open jobs with room for every applicant, shuffled and split between the warm-up
and the runs), so every (applicant, job) pair is new. The servers take turns, ours first, `--runs`
times, and every run is counted back in the database like reads.py's (nothing lost or doubled). A
run's first seconds are not left out: it is the whole run's rate. Each run also reports, from the
server's metrics, the applications' writer's busy share (near 1: applications wait for the one
writer, not for the requests around it) and how many applications went into each transaction.

    python3 bench/applications.py BINARY [--baseline OLD_BINARY] [--engines sqlite,postgres]
        [--jobs 100000] [--applicants 64] [--applications 20000] [--runs 3]
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
import urllib.request

import reads
from search import Server, run_command, said
from server_process import free_port

DB_NAME = "jobportal_bench_applications"



def writer_figures(metrics):
    """(seconds the applications' writer spent writing, applications written, transactions) from a
    scrape of the server's metrics; the seconds are None for a binary older than that metric."""
    try:
        with urllib.request.urlopen(f"http://{metrics}/metrics", timeout=10) as response:
            text = response.read().decode()
    except OSError:
        return None, 0, 0
    values = {}
    for line in text.splitlines():
        if not line.startswith("#") and " " in line:
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    return (values.get("jobportal_application_writer_busy_seconds"),
            values.get("jobportal_applications_written_total", 0), values.get("jobportal_application_transactions_total", 0))


def one_run(engine, url, binary, data, log, tokens_for, jobs, args, tag):
    metrics = f"127.0.0.1:{free_port()}"
    server = Server(binary, url, data, log, METRICS_ADDR=metrics)
    try:
        tokens = tokens_for(server)
        load = round(os.getloadavg()[0], 1)
        before = writer_figures(metrics)
        applied, created = reads.apply_load(server.base, tokens, jobs, args.applications, tag)
        after = writer_figures(metrics)
        # The writer's busy share over the run (near 1: applications wait for the writer, not for
        # the requests around it), and the applications in each of its transactions.
        applied["writer_busy"] = (round((after[0] - before[0]) / applied["seconds"], 2)
                                  if None not in (before[0], after[0]) else None)
        transactions = after[2] - before[2]
        applied["group"] = round((after[1] - before[1]) / transactions, 1) if transactions else None
        applied["database"] = reads.counted(engine, url, tag, created)
        applied["load_before"] = load
        applied["rss_mb"] = round(max(server.peak.values(), default=0), 1)
        return applied
    finally:
        server.stop()


def bench_engine(engine, args, log):
    scratch = tempfile.mkdtemp(prefix=f"jobportal-bench-applications-{engine}-")
    admin = args.pg
    try:
        if engine == "postgres":
            reads.psql(admin, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
            reads.psql(admin, f"CREATE DATABASE {DB_NAME}")
            url = admin.rsplit("/", 1)[0] + f"/{DB_NAME}"
        else:
            url = f"sqlite://{scratch}/jobportal.db"
        data = os.path.join(scratch, "data")
        if args.outbox_in_memory:
            # The mail written as files (no SMTP here) in memory: the stand-in for a mail relay,
            # kept off this machine's disk, where creating each file took 17-21 % of the server's
            # CPU in a profile (BENCHMARKS.md#applications).
            os.makedirs(data)
            os.symlink(tempfile.mkdtemp(prefix="jobportal-bench-outbox-", dir="/dev/shm"), os.path.join(data, "outbox"))
        seed_s, seeded = run_command(os.path.abspath(args.binary), url, data, "seed-bench", "--jobs", str(args.jobs),
                                     "--recruiters", str(max(10, args.jobs // 200)), "--applicants",
                                     str(args.applicants))
        run_command(os.path.abspath(args.binary), url, data, "reindex")
        print(f"== {engine}: {said(seeded, 'seeded')} in {seed_s:.1f} s", flush=True)
        now_ms = int(time.time() * 1000) + 3_600_000
        jobs = [row[0] for row in reads.query(engine, url, (
            f"SELECT id FROM jobs WHERE {reads.LISTED} AND closed_at IS NULL AND deadline > {now_ms} "
            f"AND max_applicants >= {args.applicants}"))]
        random.Random(29).shuffle(jobs)
        sides = [("jobportal", os.path.abspath(args.binary))]
        if args.baseline:
            sides.append(("baseline", os.path.abspath(args.baseline)))
        tokens = []

        def tokens_for(server):
            # Sessions live in the database: one login serves every run of both servers.
            if not tokens:
                tokens.extend(reads.login_all(server.base, args.applicants))
            return tokens

        # Each run's own jobs: the warm-up's, then each run's of each server.
        parts = 1 + args.runs * len(sides)
        shares = [jobs[k * len(jobs) // parts:(k + 1) * len(jobs) // parts] for k in range(parts)]
        # The warm-up: a board that has taken applications, and on PostgreSQL statistics that say so.
        warm_up = one_run(engine, url, os.path.abspath(args.binary), data, log, tokens_for, shares[0], args,
                          f"{engine}-warm-up")
        print(f"{engine} warm-up (ours, not measured): {warm_up['achieved']}/s", flush=True)
        if engine == "postgres":
            reads.query(engine, url, "ANALYZE applications, outbox, notifications, jobs")
        rows = []
        for run in range(1, args.runs + 1):
            for name, binary in sides:
                share = shares[len(rows) + 1]
                figures = one_run(engine, url, binary, data, log, tokens_for, share, args,
                                  f"{engine}-{name}-{run}")
                rows.append({"run": run, "server": name, **figures})
                print(f"{engine} run {run} {name}: {figures}", flush=True)
        return {"engine": engine, "jobs": args.jobs, "open_jobs": len(jobs), "share": len(shares[-1]), "rows": rows,
                "warm_up": warm_up}
    finally:
        outbox = os.path.join(scratch, "data", "outbox")
        if os.path.islink(outbox):
            shutil.rmtree(os.readlink(outbox), ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
        if engine == "postgres":
            reads.psql(admin, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


def dash(value):
    return "—" if value is None else value


def markdown(results, args):
    target = {"sqlite": 2500, "postgres": 1500}
    lines = []
    for result in results:
        engine = result["engine"]
        warm = result["warm_up"]
        db = warm["database"]
        lines += [f"#### {engine}, {result['jobs']:,} jobs ({result['open_jobs']:,} open with room for every applicant, "
                  f"about {result['share']:,} of them to each run)",
                  "",
                  f"The warm-up (ours, on the board as seeded, not measured against the baseline): {warm['sent']:,} sent "
                  f"in {warm['seconds']} s, **{warm['achieved']} applications/s**, p50 / p99 {warm['p50']} / "
                  f"{warm['p99']} ms, answers {reads.answers(warm['statuses'])}, lost / doubled {db['lost']} / "
                  f"{db['doubled_pairs'] + db['doubled_requests']} (counters off: {db['jobs_count_off']}), "
                  f"server memory {warm['rss_mb']} MB.",
                  "",
                  "| run | server | sent | seconds | per second | p50 / p99 ms | slowest ms | answers | lost / doubled | "
                  "writer busy | applications a transaction | server memory MB | target |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for row in result["rows"]:
            db = row["database"]
            mark = ""
            if row["server"] == "jobportal":
                mark = f"≥ {target[engine]} {'ok' if row['achieved'] >= target[engine] else '**no**'}"
            lines.append(f"| {row['run']} | {row['server']} | {row['sent']} | {row['seconds']} | {row['achieved']} | "
                         f"{row['p50']} / {row['p99']} | {row['slowest']} | {reads.answers(row['statuses'])} | "
                         f"{db['lost']} / {db['doubled_pairs'] + db['doubled_requests']} "
                         f"(counters off: {db['jobs_count_off']}) | {dash(row.get('writer_busy'))} | "
                         f"{dash(row.get('group'))} | {row['rss_mb']} | {mark} |")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--baseline", help="an older jobportal binary, run in turn with ours on the same board")
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--applicants", type=int, default=64)
    parser.add_argument("--applications", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--outbox-in-memory", action="store_true",
                        help="the servers' mail files (DATA_DIR/outbox) on /dev/shm rather than beside the database")
    args = parser.parse_args()
    os.makedirs(reads.OUT, exist_ok=True)
    with open(os.path.join(reads.OUT, "applications-servers.log"), "w") as log:
        results = [bench_engine(engine, args, log) for engine in args.engines.split(",")]
    print(markdown(results, args))


if __name__ == "__main__":
    sys.exit(main())
