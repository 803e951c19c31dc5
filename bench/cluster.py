"""make bench-cluster: search, job pages and applications through HAProxy (deploy/haproxy.cfg),
with one and with two server instances on one PostgreSQL database, beside the same load sent
straight to one instance, so the balancer's own cost shows.

A fresh database (`jobportal_bench_cluster`) seeded by `jobportal seed-bench`, the index built once
by `jobportal reindex` and copied into the second instance's DATA_DIR (as bench/search.py does).
Instances a and b run throughout (b idle, following the change log, when it is not behind the
balancer). Three setups, each given the same load for the same time from the same connections:

  direct          the load sent straight to instance a
  haproxy -> 1    HAProxy running deploy/haproxy.cfg unchanged, with JOBPORTAL_A and JOBPORTAL_B
                  both set to instance a (two server lines, one process behind them)
  haproxy -> 2    the same file with JOBPORTAL_A = instance a, JOBPORTAL_B = instance b

A fresh HAProxy for each setup; `--rounds` rounds of the three, their order turned each round so
a change in the machine's other load does not always fall on the same setup; the report takes the
round with the median requests/s. Loads, as fast as they go from `--connections` connections, each
after a 2 s warm-up:

  search     GET /api/v1/jobs/alljobs?q=... over distinct queries (oha --urls-from-file)
  getJob     GET /api/v1/jobs/getJob/{id} over distinct job ids (oha --urls-from-file)
  /job/{id}  the job's page, only when the built web app (WEB_DIR) is given and exists
  apply      POST /api/v1/jobs/apply/{jobId} {"sop": ...}: a thread per connection with a
             keep-alive http.client connection; every request a new (applicant, open job) pair from
             seeded applicants logged in beforehand, so none is refused as a repeat. Afterwards
             the applications are counted in the database: one row per 201, none doubled, and each
             job's applications_count moved by exactly its new rows.

Every instance: TRUSTED_PROXIES=127.0.0.1, its own DATA_DIR, one PUBLIC_URL for both (only
e-mailed links use it). The CPU seconds each part used during each run (the instances, HAProxy,
PostgreSQL's processes, the load generator) are read from /proc, to show where the cores went.

    python3 bench/cluster.py BINARY [WEB_DIR] [--jobs 100000] [--duration 15] [--connections 32]
        [--rounds 3] [--pg postgres://postgres@127.0.0.1:5432/postgres]

Loopback only; every run bounded in time; results in bench/out/cluster.md and cluster.json.
"""

import argparse
import http.client
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from search import (FIELDS, OTHERS, OUT, PASSWORD, ROLES, SENIORITY, Server, oha, percentile,  # noqa: E402
                    request, run_command, said)
from server_process import free_port  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HAPROXY_CFG = os.path.join(ROOT, "deploy", "haproxy.cfg")
DATABASE = "jobportal_bench_cluster"
TICKS = os.sysconf("SC_CLK_TCK")
APPLICANTS = 256


# --- the data --------------------------------------------------------------------------------

def search_paths(count, rng):
    """`count` distinct search paths in seed-bench's vocabulary (as bench/search.py's regex draws
    them: title words or a company, city or skill word, optional filters, pages and limits)."""
    seniority, fields, roles, others = (words.split("|") for words in (SENIORITY, FIELDS, ROLES, OTHERS))
    paths = set()
    while len(paths) < count:
        if rng.random() < 0.75:
            words = [w for w in (rng.choice(seniority) if rng.random() < 0.5 else None,
                                 rng.choice(fields) if rng.random() < 0.6 else None) if w] + [rng.choice(roles)]
        else:
            words = [rng.choice(others)] + ([rng.choice(roles)] if rng.random() < 0.5 else [])
        query = "q=" + "%20".join(words)
        if rng.random() < 0.3:
            query += "&jobType=" + rng.choice(["Full-time", "Part-time", "Internship"])
        if rng.random() < 0.3:
            query += "&location=" + rng.choice(["pune", "mumbai", "delhi", "chennai"])
        if rng.random() < 0.2:
            query += f"&salaryMin={rng.choice([10, 15, 20, 25])}0000"
        if rng.random() < 0.5:
            query += "&openOnly=true"
        if rng.random() < 0.2:
            query += f"&postedWithin={rng.choice([7, 30, 90])}"
        if rng.random() < 0.3:
            query += "&sort=newest"
        query += f"&page={rng.randint(1, 3)}&limit={rng.choice([10, 20, 30, 50])}"
        paths.add(f"/api/v1/jobs/alljobs?{query}")
    paths = sorted(paths)
    rng.shuffle(paths)
    return paths


def psql(url, sql):
    output = subprocess.run(["psql", url, "-XAtqc", sql], check=True, capture_output=True, text=True).stdout
    return [line.split("|") for line in output.splitlines() if line]


def fresh_database(admin):
    subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)",
                    "-c", f"CREATE DATABASE {DATABASE}"], check=True, capture_output=True)
    return admin.rsplit("/", 1)[0] + "/" + DATABASE


def drop_database(admin):
    subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"], capture_output=True)


# --- where the CPU went ---------------------------------------------------------------------------

def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
    except (OSError, IndexError, ValueError):
        return 0.0


def postgres_pids():
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as handle:
                    if handle.read().strip() == "postgres":
                        pids.append(int(entry))
            except OSError:
                pass
    return pids


class CpuMeter:
    """CPU seconds of the servers, HAProxy and PostgreSQL's processes (backends that end during a
    run are missed: the servers' pools keep theirs), and of this script's children (oha) and
    itself (the apply driver), between start() and stop()."""

    def __init__(self, servers, haproxy):
        self.servers = [server.process.pid for server in servers]
        self.haproxy = [haproxy.pid] if haproxy else []

    def snapshot(self):
        times = os.times()
        return {"servers": [cpu_seconds(pid) for pid in self.servers], "haproxy": sum(map(cpu_seconds, self.haproxy)),
                "postgres": {pid: cpu_seconds(pid) for pid in postgres_pids()},
                "client": times.user + times.system + times.children_user + times.children_system}

    def start(self):
        self.before = self.snapshot()
        self.load = os.getloadavg()[0]

    def stop(self):
        after, before = self.snapshot(), self.before
        used = {part: after[part] - before[part] for part in ("haproxy", "client")}
        servers = [round(a - b, 1) for a, b in zip(after["servers"], before["servers"])]
        # A process that started during the run counts from zero (also one that took the id of a
        # process that ended); one that ended during the run is missed.
        used["postgres"] = sum(seconds - before["postgres"].get(pid, 0.0) if seconds >= before["postgres"].get(pid, 0.0)
                               else seconds for pid, seconds in after["postgres"].items())
        return {"servers": servers, **{part: round(seconds, 1) for part, seconds in used.items()},
                "loadavg_before": round(self.load, 1)}


# --- the balancer ---------------------------------------------------------------------------------

class Balancer:
    """HAProxy from Debian's package running deploy/haproxy.cfg as it is, its addresses from the
    environment. For one instance both server lines name the same address."""

    def __init__(self, a, b, log):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, JOBPORTAL_LISTEN=f"127.0.0.1:{self.port}", JOBPORTAL_A=a, JOBPORTAL_B=b,
                   JOBPORTAL_CHECK="1s")
        self.process = subprocess.Popen(["haproxy", "-db", "-f", HAPROXY_CFG], env=env, stdout=log, stderr=log)
        self.pid = self.process.pid
        seen = set()
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{self.base}/readyz", timeout=1) as answer:
                    seen.add(answer.headers["X-Served-By"])
                if seen == {"a", "b"}:
                    return
            except (OSError, urllib.error.HTTPError):
                pass
            time.sleep(0.05)
        self.stop()
        raise SystemExit(f"the balancer did not reach both server lines: {seen}")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# --- applications ----------------------------------------------------------------------------------

class Applications:
    """Pairs (applicant, job) handed out once each, over every setup: the k-th goes to
    jobs[k % J] from applicants[(k // J) % A], distinct while k < J * A."""

    def __init__(self, tokens, jobs):
        self.tokens, self.jobs = tokens, jobs
        self.counter = itertools.count()

    def next(self):
        k = next(self.counter)
        if k >= len(self.jobs) * len(self.tokens):
            return None
        return k, self.tokens[(k // len(self.jobs)) % len(self.tokens)], self.jobs[k % len(self.jobs)]


def apply_load(base, pairs, tag, duration, connections):
    """`connections` threads, each a keep-alive connection applying as fast as it goes for
    `duration` seconds; a request counts if it was sent before the end."""
    host, port = base.removeprefix("http://").split(":")
    statuses, latencies, lock = {}, [], threading.Lock()
    deadline = time.monotonic() + duration

    def worker():
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        mine, codes = [], {}
        while time.monotonic() < deadline:
            pair = pairs.next()
            if pair is None:
                break
            k, token, job = pair
            body = json.dumps({"sop": f"cluster-bench {tag} {k}: I would like this job."})
            sent = time.monotonic()
            try:
                connection.request("POST", f"/api/v1/jobs/apply/{job}", body,
                                   {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
                answer = connection.getresponse()
                answer.read()
                code = answer.status
            except (OSError, http.client.HTTPException) as error:
                code = type(error).__name__
                connection.close()
                connection = http.client.HTTPConnection(host, int(port), timeout=30)
            mine.append((time.monotonic() - sent) * 1000)
            codes[code] = codes.get(code, 0) + 1
        connection.close()
        with lock:
            latencies.extend(mine)
            for code, count in codes.items():
                statuses[code] = statuses.get(code, 0) + count

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {"achieved": round(len(latencies) / elapsed), "p50": round(percentile(latencies, 0.5), 1),
            "p99": round(percentile(latencies, 0.99), 1), "slowest": round(max(latencies), 1),
            "statuses": {str(code): count for code, count in sorted(statuses.items(), key=str)}}


def counted(url, tag):
    rows, distinct_sops, distinct_pairs = map(int, psql(url, (
        "SELECT count(*), count(DISTINCT sop), count(DISTINCT (job_id, applicant_id)) FROM applications "
        f"WHERE sop LIKE 'cluster-bench {tag} %'"))[0])
    return {"rows": rows, "distinct_sops": distinct_sops, "distinct_pairs": distinct_pairs}


# --- the run ----------------------------------------------------------------------------------------

def measure(setup, round_, base, servers, haproxy, loads, args, database_url, pairs, results):
    meter = CpuMeter(servers, haproxy)
    # Warm-up (not counted): the same loads, briefly.
    for name, urls in loads:
        oha(["--urls-from-file", urls(base)], 2, connections=args.connections)
    for name, urls in loads:
        meter.start()
        row = oha(["--urls-from-file", urls(base)], args.duration, connections=args.connections)
        row["cpu"] = meter.stop()
        results.append({"setup": setup, "round": round_, "load": name, **row})
        print(f"{setup:14} {name:10} {row['achieved']:>6}/s p50 {row['p50']} ms p99 {row['p99']} ms "
              f"{row['statuses']} cpu {row['cpu']}", flush=True)
    tag = f"{setup.replace(' ', '')}-r{round_}"
    meter.start()
    row = apply_load(base, pairs, tag, args.duration, args.connections)
    row["cpu"] = meter.stop()
    row["database"] = counted(database_url, tag)
    results.append({"setup": setup, "round": round_, "load": "apply", **row})
    print(f"{setup:14} {'apply':10} {row['achieved']:>6}/s p50 {row['p50']} ms p99 {row['p99']} ms "
          f"{row['statuses']} cpu {row['cpu']} in the database {row['database']}", flush=True)


def login_all(base, count):
    tokens = [None] * count

    def log_in(n):
        for _ in range(20):
            status, body = request("POST", f"{base}/api/v1/auth/login",
                                   {"email": f"bench-applicant-{n}@example.com", "password": PASSWORD})
            if status == 200:
                tokens[n] = body["token"]
                return
            time.sleep(0.2)  # 503: the password hashes are busy
        raise SystemExit(f"bench-applicant-{n} could not log in: {status} {body}")

    def worker(numbers):
        for n in numbers:
            log_in(n)

    threads = [threading.Thread(target=worker, args=(range(i, count, 2),)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tokens


def median_rows(results):
    """Per setup and load, the round with the median requests/s, with the range over the rounds
    and the answers summed over them."""
    rows = []
    for setup in dict.fromkeys(row["setup"] for row in results):
        for load in dict.fromkeys(row["load"] for row in results):
            runs = sorted((row for row in results if row["setup"] == setup and row["load"] == load),
                          key=lambda row: row["achieved"])
            if not runs:
                continue
            statuses = {}
            for run in runs:
                for code, count in run["statuses"].items():
                    statuses[code] = statuses.get(code, 0) + count
            rows.append({**runs[len(runs) // 2], "range": (runs[0]["achieved"], runs[-1]["achieved"]),
                         "all_statuses": statuses})
    order = {"direct": 0, "haproxy -> 1": 1, "haproxy -> 2": 2}
    loads = list(dict.fromkeys(row["load"] for row in results))
    return sorted(rows, key=lambda row: (loads.index(row["load"]), order[row["setup"]]))


def markdown(meta, results):
    lines = [f"Board: {meta['seeded']}; index built in {meta['index_s']} s. {meta['connections']} connections, "
             f"{meta['duration']} s per run, as fast as it goes, {meta['rounds']} rounds (the setups' order turned "
             f"each round); {meta['search_urls']:,} distinct searches, {meta['job_ids']:,} distinct job ids, "
             f"applications as {meta['applicants']} applicants to {meta['apply_jobs']:,} open jobs (every pair new). "
             "Each row is the round with the median requests/s; the range is over the rounds, the answers are "
             "summed over them.", "",
             "| load | setup | requests/s | range | p50 ms | p99 ms | answers (all rounds) | CPU s: instance(s) / "
             "HAProxy / PostgreSQL / load generator | load average before |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in median_rows(results):
        answers = ", ".join(f"{code} × {count}" for code, count in sorted(row["all_statuses"].items()))
        cpu = row["cpu"]
        lines.append(f"| {row['load']} | {row['setup']} | {row['achieved']} | {row['range'][0]}-{row['range'][1]} | "
                     f"{row['p50']} | {row['p99']} | {answers} | {' + '.join(map(str, cpu['servers']))} / "
                     f"{cpu['haproxy'] if row['setup'] != 'direct' else '-'} / {cpu['postgres']} / {cpu['client']} | "
                     f"{cpu['loadavg_before']} |")
    lines += ["", "Every run:", "",
              "| round | setup | load | requests/s | p50 ms | p99 ms | slowest ms | answers | CPU s | load average before |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for row in results:
        answers = ", ".join(f"{code} × {count}" for code, count in sorted(row["statuses"].items()))
        cpu = row["cpu"]
        lines.append(f"| {row['round']} | {row['setup']} | {row['load']} | {row['achieved']} | {row['p50']} | "
                     f"{row['p99']} | {row['slowest']} | {answers} | {' + '.join(map(str, cpu['servers']))} / "
                     f"{cpu['haproxy']} / {cpu['postgres']} / {cpu['client']} | {cpu['loadavg_before']} |")
    lines.append("")
    for row in results:
        if row["load"] == "apply":
            db = row["database"]
            lines.append(f"- round {row['round']}, {row['setup']}: {row['statuses'].get('201', 0)} answered 201; in the "
                         f"database {db['rows']} rows, {db['distinct_sops']} distinct requests, {db['distinct_pairs']} "
                         f"distinct (job, applicant) pairs.")
    lines.append(f"- applications_count: {meta['count_check']}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("web_dir", nargs="?", help="the built web app; /job/{id} is measured when it exists")
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    web = args.web_dir and os.path.isfile(os.path.join(args.web_dir, "index.html")) and os.path.abspath(args.web_dir)
    os.makedirs(OUT, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="jobportal-bench-cluster-")
    rng = random.Random(24)
    results, servers = [], []
    try:
        url = fresh_database(args.pg)
        data_a, data_b = os.path.join(scratch, "a"), os.path.join(scratch, "b")
        seed_s, seeded = run_command(binary, url, data_a, "seed-bench", "--jobs", str(args.jobs), "--recruiters",
                                     str(max(10, args.jobs // 200)), "--applicants", str(APPLICANTS))
        index_s, indexed = run_command(binary, url, data_a, "reindex")
        # Their summary lines (the log shares standard output with them).
        seeded, indexed = said(seeded, "seeded"), said(indexed, "indexed")
        print(f"{seeded}; {indexed} in {index_s:.1f} s", flush=True)
        # The second instance starts from a copy of the index and its cursor, then follows the log.
        shutil.copytree(data_a, data_b)
        if web:
            for data in (data_a, data_b):
                os.symlink(web, os.path.join(data, "web"))

        listed = "deleted_at IS NULL AND hidden_at IS NULL AND suspended_at IS NULL"
        job_ids = [row[0] for row in psql(url, f"SELECT id FROM jobs WHERE {listed} ORDER BY random() LIMIT 20000")]
        now_ms = int(time.time() * 1000) + 3_600_000
        open_jobs = psql(url, f"SELECT id, applications_count FROM jobs WHERE {listed} AND closed_at IS NULL "
                              f"AND deadline > {now_ms} AND max_applicants - applications_count >= 20 "
                              "ORDER BY random() LIMIT 20000")
        initial_counts = {job: int(count) for job, count in open_jobs}
        searches = search_paths(20_000, rng)

        def url_file(name, paths):
            def for_base(base):
                path = os.path.join(scratch, f"{name}-{base.rsplit(':', 1)[1]}.txt")
                if not os.path.exists(path):
                    with open(path, "w") as handle:
                        handle.writelines(f"{base}{p}\n" for p in paths)
                return path
            return for_base

        loads = [("search", url_file("search", searches)),
                 ("getJob", url_file("getjob", [f"/api/v1/jobs/getJob/{job}" for job in job_ids]))]
        if web:
            loads.append(("/job/{id}", url_file("page", [f"/job/{job}" for job in job_ids])))

        public = f"http://127.0.0.1:{free_port()}"
        settings = {"TRUSTED_PROXIES": "127.0.0.1", "PUBLIC_URL": public}
        with open(os.path.join(OUT, "cluster-servers.log"), "w") as log:
            a = Server(binary, url, data_a, log, **settings)
            servers.append(a)
            b = Server(binary, url, data_b, log, **settings)
            servers.append(b)
            for _ in range(600):
                if a.index_status() == "ready" and b.index_status() == "ready":
                    break
                time.sleep(0.1)
            tokens = login_all(a.base, APPLICANTS)
            pairs = Applications(tokens, list(initial_counts))
            a_addr, b_addr = a.base.removeprefix("http://"), b.base.removeprefix("http://")
            # Instance b runs throughout (idle but for following the change log when it is not
            # behind the balancer). The order of the setups turns each round, so a change in the
            # machine's other load does not always fall on the same one.
            setups = [("direct", None, [a]), ("haproxy -> 1", (a_addr, a_addr), [a]),
                      ("haproxy -> 2", (a_addr, b_addr), [a, b])]
            for round_ in range(1, args.rounds + 1):
                turn = (round_ - 1) % len(setups)
                for setup, lines, measured in setups[turn:] + setups[:turn]:
                    balancer = Balancer(*lines, log) if lines else None
                    try:
                        measure(setup, round_, balancer.base if balancer else a.base, measured, balancer, loads,
                                args, url, pairs, results)
                    finally:
                        if balancer:
                            balancer.stop()

        # Each job's counter moved by exactly the applications it received here.
        rows = psql(url, "SELECT j.id, j.applications_count, count(a.id) FROM jobs j LEFT JOIN applications a "
                         "ON a.job_id = j.id AND a.sop LIKE 'cluster-bench %' GROUP BY j.id, j.applications_count "
                         "HAVING count(a.id) > 0")
        wrong = [job for job, now, new in rows if int(now) != initial_counts[job] + int(new)]
        count_check = (f"{len(rows):,} jobs applied to, {sum(int(new) for _, _, new in rows):,} applications; "
                       f"counter off on {len(wrong)} of them")
        meta = {"seeded": seeded, "seed_s": round(seed_s, 1), "index_s": round(index_s, 1),
                "connections": args.connections, "duration": args.duration, "search_urls": len(searches),
                "job_ids": len(job_ids), "applicants": len(tokens), "apply_jobs": len(initial_counts),
                "count_check": count_check, "web": bool(web), "rounds": args.rounds}
        report = markdown(meta, results)
        print(report)
        with open(os.path.join(OUT, "cluster.json"), "w") as handle:
            json.dump({"meta": meta, "rows": results}, handle, indent=1)
        with open(os.path.join(OUT, "cluster.md"), "w") as handle:
            handle.write(report)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        drop_database(args.pg)


if __name__ == "__main__":
    main()
