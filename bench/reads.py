"""make bench-reads (issue 29): the reads a job board lives on beside nginx serving the same bytes
from files, in the same run, and the write that matters (applications) counted in the database.

For each engine: a fresh database seeded by `jobportal seed-bench` (`--jobs` jobs, `--applicants`
applicants), the index built by `jobportal reindex`, the board settled (on PostgreSQL vacuumed and
analyzed, as autovacuum would soon after such a load; then a wait of up to 4 minutes for the load
average to fall under 1.5), and up to 20,000 distinct job ids in random order. A first server
process fetches every page and JSON answer once (no encoding asked) and they are written as files
at the same paths under the root of an nginx of our own (Debian's package: `sendfile on`,
`gzip_static on` beside a `.gz` of each file made with Python's gzip at level 6, `access_log off`,
`worker_processes auto`); that process is then stopped and a fresh one measured, so nothing it
keeps in memory was warmed by the copying. Then, from `--connections` connections as
fast as they go, `--rounds` rounds (the order of the servers turned each round), the same URL
list to each server:

  /job/{id}        the job's page                        (target: >= 50 % of nginx)
  getJob/{id}      GET /api/v1/jobs/getJob/{id}, JSON     (target: >= 50 % of nginx)
  /company/{slug}  a company's page: its profile and its newest open jobs, from the index
                                                          (target: >= 50 % of nginx, as a job's page)
  /about           a page with no read                    (target: >= 70 % of nginx)
  asset            /assets/<the build's largest .js>      (target: >= 70 % of nginx)

each with `Accept-Encoding: identity` (always sent: oha's default asks for gzip, compress, deflate
and br), with `Accept-Encoding: gzip`, and with `Accept-Encoding: br` (nginx
from Debian has no brotli: its side of a br row is the same precompressed .gz that gzip_static
sends, asked with `Accept-Encoding: gzip`: a smaller-effort stand-in, not the same bytes).

`--baseline BINARY`: a second jobportal binary (the previous design) measured in the same run, on
the same database (on PostgreSQL a copy of it, made after seeding, with the migrations newer than
the baseline undone: it refuses a database migrated past what it knows): its own DATA_DIR (the same `web` link, its own search index, built by its own
`reindex` before it starts), started beside ours and measured in turn with the same URL lists and
headers as ours, so each row has three runs (jobportal, baseline, nginx; the order reversed every
other round); its requests per second and its ratio to nginx's are the table's baseline columns.
Its applications run after ours, on the other half of the open jobs (ours take the first half),
`--applications` for each (at most the pairs of its half), counted in the database the same way.

`--writes RATE` (0, off, by default): during every read run, of every server, applications at RATE
a second (paced by the clock, from a few keep-alive connections) to the jobs of the read list that
take applications (open, the deadline an hour away or more), so the jobs being read keep changing:
to the server measured, and to ours while nginx is measured. The seeded applicants (logged in once
when our server starts) take (applicant, job) pairs in turn, each pair once over the whole run:
the first applicant through those jobs, then the next. Every answer is counted by status and
message (201, and 400 once a job is full, are both expected), and the rate achieved is reported.
The applications below leave out the pairs these took.

Applications: `--applicants` threads (64), each a seeded applicant logged in once, on its own
keep-alive connection (a raw socket: little Python per request), applying to open jobs (listed, not closed, deadline at least an
hour away) with room for every applicant, every request a new (applicant, job) pair and
consecutive requests on different jobs, until `--applications` were sent. Afterwards counted in
the database: every 201 a row (0 lost), no row without a 201, no (job, applicant) pair twice (0
doubled), each job's applications_count equal to its rows; every other answer by status and
message. The same client against nginx answering a fixed 201 shows the client's own ceiling.

Server memory: the measured process's RssAnon, peak per phase (search.Server samples it).

    python3 bench/reads.py BINARY WEB_DIR [--engines sqlite,postgres] [--jobs 100000] [--duration 10]
        [--rounds 2] [--connections 32] [--applicants 64] [--applications 50000]
        [--encodings identity,gzip,br] [--baseline BINARY] [--writes 0]
        [--pg postgres://postgres@127.0.0.1:5432/postgres] [--perf]

Loopback only; every run bounded in time; results in bench/out/reads.md and reads.json.
"""

import argparse
import gzip
import http.client
import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from cluster import login_all, psql  # noqa: E402
from search import OUT, Server, oha, percentile, run_command, said  # noqa: E402
from server_process import free_port  # noqa: E402

DATABASE = "jobportal_bench_reads"
IDS = 20_000
# (label, Accept-Encoding to us, to nginx). Always sent: oha's own default is "gzip, compress,
# deflate, br", so a run without the header would measure brotli against nginx's .gz.
ENCODINGS = [("identity", "identity", "identity"), ("gzip", "gzip", "gzip"), ("br", "br", "gzip")]
TARGETS = {"/job/{id}": 0.5, "getJob/{id}": 0.5, "/company/{slug}": 0.5, "/about": 0.7, "asset": 0.7}
LISTED = "deleted_at IS NULL AND hidden_at IS NULL AND suspended_at IS NULL"


# --- the database ----------------------------------------------------------------------------------

def fresh_database(engine, admin, scratch):
    if engine == "sqlite":
        return f"sqlite://{scratch}/jobportal.db"
    subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)",
                    "-c", f"CREATE DATABASE {DATABASE}"], check=True, capture_output=True)
    return admin.rsplit("/", 1)[0] + "/" + DATABASE


def drop_database(engine, admin):
    if engine == "postgres":
        for name in (DATABASE, f"{DATABASE}_baseline"):
            subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)


# What the migrations newer than the baseline added, undone in its copy of the database (the
# baseline refuses a database migrated past what it knows): issue 29's 0024_job_counts.
NEWER_THAN_BASELINE = ("DROP TRIGGER IF EXISTS jobs_count_announced ON jobs; "
                       "DROP FUNCTION IF EXISTS announce_job_count(); "
                       "DELETE FROM _sqlx_migrations WHERE version >= 24;")


def baseline_database(engine, admin, url):
    """The database the baseline runs on: on SQLite ours (no newer migration there); on PostgreSQL
    a copy of ours (the same jobs and ids) with the newer migrations undone."""
    if engine != "postgres":
        return url
    copy = f"{DATABASE}_baseline"
    subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {copy} WITH (FORCE)",
                    "-c", f"CREATE DATABASE {copy} TEMPLATE {DATABASE}"], check=True, capture_output=True)
    copied = admin.rsplit("/", 1)[0] + "/" + copy
    subprocess.run(["psql", copied, "-qc", NEWER_THAN_BASELINE], check=True, capture_output=True)
    return copied


def query(engine, url, sql):
    """Rows of `sql` as lists of strings, through psql or the sqlite3 module."""
    if engine == "postgres":
        return psql(url, sql)
    with sqlite3.connect(url.removeprefix("sqlite://")) as db:
        return [[str(value) for value in row] for row in db.execute(sql)]


def settle(engine, urls, quiet=1.5, longest=240):
    """Before the measuring: on PostgreSQL, what autovacuum would do to a million freshly written
    rows, done now (`VACUUM (ANALYZE)` of each database); then, on either engine, a wait (up to
    `longest` seconds) for the load average to fall under `quiet`. A board that has been running is
    not in the middle of its first vacuum. Returns the seconds it took and the load average after."""
    started = time.monotonic()
    if engine == "postgres":
        for url in urls:
            psql(url, "VACUUM (ANALYZE)")
    while os.getloadavg()[0] > quiet and time.monotonic() - started < longest:
        time.sleep(5)
    return round(time.monotonic() - started, 1), round(os.getloadavg()[0], 1)


# --- nginx -------------------------------------------------------------------------------------------

def nginx_binary():
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise SystemExit("nginx is not installed (make bench-reads installs Debian's package)")
    return found


class Nginx:
    """Debian's nginx on a free loopback port serving `root`, its files as they are or their .gz
    beside them (gzip_static); POST /api/v1/jobs/apply/... answers a fixed 201 (the apply client's
    ceiling)."""

    def __init__(self, root, prefix, log):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        conf = os.path.join(prefix, "nginx.conf")
        with open(conf, "w") as handle:
            handle.write(f"""worker_processes auto;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    gzip_static on;
    server {{
        listen 127.0.0.1:{self.port};
        root {root};
        location /job/ {{ default_type text/html; }}
        location /company/ {{ default_type text/html; }}
        location = /about {{ default_type text/html; }}
        location /api/v1/jobs/apply/ {{ default_type application/json; return 201 '{{"success":true}}'; }}
        location /api/ {{ default_type application/json; }}
    }}
}}
""")
        self.process = subprocess.Popen([nginx_binary(), "-p", prefix, "-e", f"{prefix}/error.log", "-c", conf,
                                         "-g", "daemon off;"], stdout=log, stderr=log)
        for _ in range(100):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
                connection.request("GET", "/about")
                connection.getresponse().read()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise SystemExit(f"nginx did not start (see {prefix}/error.log)")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# --- fetching ----------------------------------------------------------------------------------------

def fetch_all(base, paths, headers=None, threads=4):
    """{path: (status, headers, body)} over keep-alive connections."""
    host, port = base.removeprefix("http://").split(":")
    answers, queue, lock = {}, list(paths), threading.Lock()

    def worker():
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        while True:
            with lock:
                if not queue:
                    break
                path = queue.pop()
            connection.request("GET", path, headers=headers or {})
            answer = connection.getresponse()
            answers[path] = (answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        connection.close()

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    return answers


def save_files(root, answers):
    """Each answer's body at its path under `root`, and a .gz beside it (Python's gzip, level 6)."""
    for path, (status, headers, body) in answers.items():
        if status != 200 or headers.get("content-encoding"):
            raise SystemExit(f"GET {path}: {status} {headers.get('content-encoding')}: not a plain 200")
        file = os.path.join(root, path.lstrip("/"))
        os.makedirs(os.path.dirname(file), exist_ok=True)
        with open(file, "wb") as handle:
            handle.write(body)
        with open(file + ".gz", "wb") as handle:
            handle.write(gzip.compress(body, compresslevel=6, mtime=0))


def sizes(base, paths, encoding):
    """Mean body size and the Content-Encoding answered over `paths` asked with `encoding`."""
    answers = fetch_all(base, paths, {"Accept-Encoding": encoding} if encoding else None, threads=2)
    bad = [p for p, (status, _, _) in answers.items() if status != 200]
    if bad:
        raise SystemExit(f"{base}{bad[0]}: {answers[bad[0]][0]}")
    encodings = {headers.get("content-encoding", "none") for _, headers, _ in answers.values()}
    return round(sum(len(body) for _, _, body in answers.values()) / len(answers)), "/".join(sorted(encodings))


# --- applications ----------------------------------------------------------------------------------

class Connection:
    """A keep-alive HTTP/1.1 connection with as little Python per request as it takes (no header
    parsing beyond the status and Content-Length), so the client leaves the cores to the server."""

    def __init__(self, host, port):
        self.address = (host, port)
        self.socket, self.buffer = None, b""

    def request(self, method, path, body, headers):
        if self.socket is None:
            self.socket = socket.create_connection(self.address, timeout=60)
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.buffer = b""
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        self.socket.sendall(f"{method} {path} HTTP/1.1\r\nHost: {self.address[0]}:{self.address[1]}\r\n{head}"
                            f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        while b"\r\n\r\n" not in self.buffer:
            self.receive()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.split(b"\r\n")
        status = int(lines[0].split()[1])
        length = next((int(line.split(b":", 1)[1]) for line in lines[1:]
                       if line[:15].lower() == b"content-length:"), None)
        if length is None:
            raise http.client.HTTPException(f"no Content-Length: {head[:200]!r}")
        while len(self.buffer) < length:
            self.receive()
        data, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, data

    def receive(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionResetError("closed by the server")
        self.buffer += chunk

    def close(self):
        if self.socket:
            self.socket.close()
        self.socket = None


def apply_once(connection, token, job, sop):
    """One application over `connection`: 201, else "status message" (or the error's name, the
    connection then closed)."""
    body = json.dumps({"sop": sop}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    try:
        code, data = connection.request("POST", f"/api/v1/jobs/apply/{job}", body, headers)
    except (OSError, ValueError, http.client.HTTPException) as error:
        connection.close()
        return type(error).__name__
    if code == 201:
        return 201
    try:
        return f"{code} {json.loads(data).get('message')}"
    except ValueError:
        return f"{code} {data[:80]!r}"


def apply_load(base, tokens, jobs, total, tag, taken=frozenset()):
    """A thread per applicant, each on one keep-alive connection, applying until `total` were sent
    between them. Applicant t goes through every job from its own starting point, so at any moment
    the applicants are on different jobs; every (applicant, job) pair once, the pairs (t, job) in
    `taken` left out. Returns the figures and the numbers of the requests answered 201."""
    host, port = base.removeprefix("http://").split(":")
    counter, lock = iter(range(total)), threading.Lock()
    statuses, latencies, created = {}, [], []

    def worker(t, token):
        connection = Connection(host, int(port))
        start = t * len(jobs) // len(tokens)
        mine, codes, ok = [], {}, []
        for n in range(len(jobs)):
            job = jobs[(start + n) % len(jobs)]
            if (t, job) in taken:
                continue
            with lock:
                k = next(counter, None)
            if k is None:
                break
            sent = time.monotonic()
            code = apply_once(connection, token, job, f"reads-bench {tag} {k}: I would like this job.")
            if code == 201:
                ok.append(k)
            mine.append((time.monotonic() - sent) * 1000)
            codes[code] = codes.get(code, 0) + 1
        connection.close()
        with lock:
            latencies.extend(mine)
            created.extend(ok)
            for code, count in codes.items():
                statuses[str(code)] = statuses.get(str(code), 0) + count

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(t, token)) for t, token in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {"sent": len(latencies), "seconds": round(elapsed, 1), "achieved": round(len(latencies) / elapsed),
            "p50": round(percentile(latencies, 0.5), 1), "p99": round(percentile(latencies, 0.99), 1),
            "slowest": round(max(latencies), 1), "statuses": dict(sorted(statuses.items()))}, created


def counted(engine, url, tag, created):
    """The applications of run `tag` in the database against the requests answered 201."""
    rows = query(engine, url, f"SELECT sop, job_id, applicant_id FROM applications WHERE sop LIKE 'reads-bench {tag} %'")
    numbers = [int(sop.split()[2].rstrip(":")) for sop, _, _ in rows]
    in_db, answered = set(numbers), set(created)
    pairs = {(job, applicant) for _, job, applicant in rows}
    off = query(engine, url, (
        "SELECT count(*) FROM (SELECT j.id FROM jobs j JOIN applications a ON a.job_id = j.id "
        f"GROUP BY j.id, j.applications_count HAVING count(a.id) <> j.applications_count "
        f"AND max(CASE WHEN a.sop LIKE 'reads-bench {tag} %' THEN 1 ELSE 0 END) = 1) AS wrong"))[0][0]
    return {"rows": len(rows), "answered_201": len(created), "lost": len(answered - in_db),
            "without_201": len(in_db - answered), "doubled_requests": len(numbers) - len(in_db),
            "doubled_pairs": len(rows) - len(pairs), "jobs_count_off": int(off)}


class Writes:
    """Applications at `rate` a second to `jobs` while a read run goes on. The seeded applicants
    (`tokens`) take the (applicant, job) pairs in turn over the whole run, each pair once: applicant
    0 with every job of the list, then applicant 1, and so on."""

    def __init__(self, tokens, jobs, rate):
        self.tokens, self.jobs, self.rate = tokens, jobs, rate
        # The same applicants' tokens on a server with a database of its own (the baseline's copy).
        self.tokens_at = {}
        self.next = 0  # the number of the next pair, over the whole run
        self.lock = threading.Lock()
        # One connection waits for each answer: a few, so a slow answer does not hold the pace.
        self.connections = max(2, min(16, -(-rate // 25)))

    def taken(self):
        """The (applicant, job) pairs sent so far."""
        return {(n // len(self.jobs), self.jobs[n % len(self.jobs)]) for n in range(self.next)}

    def pair(self):
        """(number, token, job) of the next pair, or None when every pair was taken."""
        with self.lock:
            n = self.next
            if not self.jobs or n // len(self.jobs) >= len(self.tokens):
                return None
            self.next += 1
        return n, n // len(self.jobs), self.jobs[n % len(self.jobs)]

    def during(self, base, work):
        """work()'s result, with the figures of the writes sent to `base` while it ran."""
        host, port = base.removeprefix("http://").split(":")
        stop, slots, statuses = threading.Event(), iter(range(2**62)), {}
        started = time.monotonic()

        def worker():
            connection, codes = Connection(host, int(port)), {}
            while True:
                with self.lock:
                    slot = next(slots)
                if stop.wait(max(0.0, started + slot / self.rate - time.monotonic())):
                    break
                pair = self.pair()
                if pair is None:
                    break
                n, applicant, job = pair
                token = self.tokens_at.get(base, self.tokens)[applicant]
                code = apply_once(connection, token, job, f"reads-bench writes {n}: I would like this job.")
                codes[str(code)] = codes.get(str(code), 0) + 1
            connection.close()
            with self.lock:
                for code, count in codes.items():
                    statuses[code] = statuses.get(code, 0) + count

        threads = [threading.Thread(target=worker) for _ in range(self.connections)]
        for thread in threads:
            thread.start()
        try:
            result = work()
        finally:
            stop.set()
            stopped = time.monotonic()
            for thread in threads:
                thread.join()
        sent = sum(statuses.values())
        return result, {"sent": sent, "per_second": round(sent / (stopped - started), 1),
                        "statuses": dict(sorted(statuses.items()))}


# --- perf -------------------------------------------------------------------------------------------

def perf_during(pid, name, seconds, work):
    """`perf record -g` on the server while `work()` runs; the top of `perf report` to a file. Returns
    what `work()` returns."""
    os.makedirs(OUT, exist_ok=True)
    data = os.path.join(OUT, f"reads-perf-{name}.data")
    recorder = subprocess.Popen(["perf", "record", "-F", "499", "-g", "-p", str(pid), "-o", data, "--", "sleep",
                                 str(seconds)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    done = work()
    recorder.wait()
    report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--stdio", "--percent-limit", "0.7",
                             "-g", "none", "--sort", "dso,symbol"], capture_output=True, text=True).stdout
    with open(os.path.join(OUT, f"reads-perf-{name}.txt"), "w") as handle:
        handle.write(report)
    os.remove(data)
    return done


# --- the run ------------------------------------------------------------------------------------------

def bench_engine(engine, args, log):
    binary, web = os.path.abspath(args.binary), os.path.abspath(args.web_dir)
    scratch = tempfile.mkdtemp(prefix=f"jobportal-bench-reads-{engine}-")
    os.chmod(scratch, 0o755)  # nginx's workers read the files as nobody
    result = {"engine": engine, "jobs": args.jobs, "rows": []}
    server = nginx = baseline = None
    try:
        url = fresh_database(engine, args.pg, scratch)
        data = os.path.join(scratch, "data")
        seed_s, seeded = run_command(binary, url, data, "seed-bench", "--jobs", str(args.jobs), "--recruiters",
                                     str(max(10, args.jobs // 200)), "--applicants", str(args.applicants))
        index_s, indexed = run_command(binary, url, data, "reindex")
        seeded, indexed = said(seeded, "seeded"), said(indexed, "indexed")
        result.update(seeded=seeded, seed_s=round(seed_s, 1), index_s=round(index_s, 1))
        print(f"== {engine}: {seeded} in {seed_s:.1f} s; {indexed} in {index_s:.1f} s", flush=True)
        os.symlink(web, os.path.join(data, "web"))  # search.Server serves DATA_DIR/web
        if args.baseline:
            # The baseline's own data folder: the same web app, its own index (its own format).
            baseline_data = os.path.join(scratch, "data-baseline")
            os.makedirs(baseline_data)
            os.symlink(web, os.path.join(baseline_data, "web"))
            baseline_url = baseline_database(engine, args.pg, url)
            try:
                baseline_index_s, _ = run_command(os.path.abspath(args.baseline), baseline_url, baseline_data,
                                                  "reindex")
            except subprocess.CalledProcessError as error:
                raise SystemExit(f"the baseline's reindex failed: {error.stderr.strip()}")
            result["baseline_index_s"] = round(baseline_index_s, 1)

        settled_s, settled_load = settle(engine, [url] + ([baseline_url] if args.baseline else []))
        result.update(settle_s=settled_s, settle_load=settled_load)
        print(f"settled in {settled_s} s (load average {settled_load})", flush=True)
        ids = [row[0] for row in query(engine, url, f"SELECT id FROM jobs WHERE {LISTED} ORDER BY random() LIMIT {IDS}")]
        random.Random(29).shuffle(ids)
        asset = max((name for name in os.listdir(os.path.join(web, "assets")) if name.endswith(".js")),
                    key=lambda name: os.path.getsize(os.path.join(web, "assets", name)))
        slugs = [row[0] for row in query(engine, url, (
            "SELECT slug FROM companies WHERE removed_at IS NULL AND suspended_at IS NULL "
            f"ORDER BY random() LIMIT {IDS}"))]
        random.Random(29).shuffle(slugs)
        reads = [("/job/{id}", [f"/job/{job}" for job in ids]),
                 ("getJob/{id}", [f"/api/v1/jobs/getJob/{job}" for job in ids]),
                 ("/company/{slug}", [f"/company/{slug}" for slug in slugs]),
                 ("/about", ["/about"]), ("asset", [f"/assets/{asset}"])]
        result.update(ids=len(ids), companies=len(slugs), asset=f"/assets/{asset}")

        # The bytes nginx serves: each answer once from a server process that is then stopped.
        root = os.path.join(scratch, "root")
        copier = Server(binary, url, data, log)
        try:
            for _, paths in reads[:-1]:
                save_files(root, fetch_all(copier.base, paths))
        finally:
            copier.stop()
        os.makedirs(os.path.join(root, "assets"), exist_ok=True)
        with open(os.path.join(web, "assets", asset), "rb") as source:
            save_files(root, {f"/assets/{asset}": (200, {}, source.read())})
        nginx = Nginx(root, scratch, log)
        server = Server(binary, url, data, log)
        # The applicants, for the writes during the reads and for the applications after them.
        server.label = "log in"
        tokens = login_all(server.base, args.applicants)
        server.label = "start"
        sides = [("jobportal", server), ("nginx", nginx)]
        if args.baseline:
            baseline = Server(os.path.abspath(args.baseline), baseline_url, baseline_data, log)
            sides.insert(1, ("baseline", baseline))
            # On a copy of the database (PostgreSQL) the sessions of ours are not there.
            baseline_tokens = tokens if baseline_url == url else login_all(baseline.base, args.applicants)
        writes = None
        if args.writes > 0:
            # The jobs of the read list that take applications (open, the deadline an hour away or more).
            now_ms = int(time.time() * 1000) + 3_600_000
            open_jobs = {row[0] for row in query(engine, url, (
                f"SELECT id FROM jobs WHERE {LISTED} AND closed_at IS NULL AND deadline > {now_ms}"))}
            writes = Writes(tokens, [job for job in ids if job in open_jobs], args.writes)
            if baseline:
                writes.tokens_at[baseline.base] = baseline_tokens
            result["writes_jobs"] = len(writes.jobs)

        encodings = [e for e in ENCODINGS if e[0] in args.encodings.split(",")]
        lists = {}
        for label, paths in reads:
            for side, target in sides:
                base = target.base
                file = os.path.join(scratch, f"{side}-{label.strip('/').split('/')[0]}.txt")
                with open(file, "w") as handle:
                    # oha reads a file of one URL as one URL: the same URL twice is the same load.
                    handle.writelines(f"{base}{path}\n" for path in (paths if len(paths) > 1 else paths * 2))
                lists[label, side] = file

        # Mean sizes over a sample (also shows nginx answers from the .gz: Content-Encoding gzip).
        sample = {label: paths[:50] for label, paths in reads}
        size = {}
        for label, _ in reads:
            for encoding, ours, theirs in encodings:
                size[label, encoding] = (sizes(server.base, sample[label], ours), sizes(nginx.base, sample[label], theirs))

        for round_ in range(1, args.rounds + 1):
            order = sides if round_ % 2 else sides[::-1]
            for label, _ in reads:
                for encoding, ours, theirs in encodings:
                    row = {"read": label, "encoding": encoding, "round": round_, "load": round(os.getloadavg()[0], 1)}
                    for side, target in order:
                        header = theirs if side == "nginx" else ours
                        server.label = label
                        extra = ["-H", f"Accept-Encoding: {header}"]
                        run = lambda: oha(extra + ["--urls-from-file", lists[label, side]], args.duration,  # noqa: E731
                                          connections=args.connections)
                        if writes:
                            # To the server measured; to ours while nginx is.
                            written = baseline if side == "baseline" else server
                            row[side], figures = writes.during(written.base, run)
                            row["writes" if side == "jobportal" else f"writes_{side}"] = figures
                        else:
                            row[side] = run()
                    row["ratio"] = round(row["jobportal"]["achieved"] / max(1, row["nginx"]["achieved"]), 2)
                    if baseline:
                        row["ratio_baseline"] = round(row["baseline"]["achieved"] / max(1, row["nginx"]["achieved"]), 2)
                    row["bytes"] = {"jobportal": size[label, encoding][0], "nginx": size[label, encoding][1]}
                    result["rows"].append(row)
                    also = (f"baseline {row['baseline']['achieved']:>6}/s (p50 {row['baseline']['p50']} p99 "
                            f"{row['baseline']['p99']}) ratio {row['ratio_baseline']} {row['baseline']['statuses']} "
                            if baseline else "")
                    print(f"{engine} r{round_} {label:12} {encoding:5} jobportal {row['jobportal']['achieved']:>6}/s "
                          f"(p50 {row['jobportal']['p50']} p99 {row['jobportal']['p99']}) nginx "
                          f"{row['nginx']['achieved']:>6}/s (p50 {row['nginx']['p50']} p99 {row['nginx']['p99']}) "
                          f"ratio {row['ratio']} {row['jobportal']['statuses']} {row['nginx']['statuses']} {also}"
                          + (f"writes {row['writes']}" if writes else ""), flush=True)

        # Applications (leaving out the pairs the writes above took: every pair new).
        now_ms = int(time.time() * 1000) + 3_600_000
        jobs = [row[0] for row in query(engine, url, (
            f"SELECT id FROM jobs WHERE {LISTED} AND closed_at IS NULL AND deadline > {now_ms} "
            f"AND max_applicants - applications_count >= {args.applicants} ORDER BY random()"))]
        taken = writes.taken() if writes else set()
        if writes:
            result["writes_sent"] = writes.next
        # With a baseline: ours on the first half of the jobs, the baseline's on the second.
        halves = [jobs[:len(jobs) // 2], jobs[len(jobs) // 2:]] if baseline else [jobs]
        result["apply_jobs"] = len(halves[0])
        ceiling, _ = apply_load(nginx.base, tokens, jobs, min(args.applications, 30_000), "ceiling")
        result["client_ceiling"] = ceiling
        print(f"{engine} apply client against nginx's fixed 201: {ceiling}", flush=True)
        for name, target, half, tag in (("apply", server, halves[0], engine),
                                        ("apply_baseline", baseline, halves[-1], f"{engine}-baseline")):
            if target is None:
                continue
            mine = set(half)
            pairs = len(half) * len(tokens) - sum(1 for _, job in taken if job in mine)
            if not pairs:
                print(f"{name}: no open job with room for every applicant: no applications", flush=True)
                continue
            if pairs < args.applications:
                print(f"{name}: only {pairs:,} (applicant, open job) pairs with room: {args.applications:,} asked",
                      flush=True)
            target.label = "applications"
            result[f"{name}_load_before"] = round(os.getloadavg()[0], 1)
            mine_tokens = baseline_tokens if target is baseline else tokens
            applied, created = apply_load(target.base, mine_tokens, half, min(args.applications, pairs), tag, taken)
            applied["database"] = counted(engine, baseline_url if target is baseline else url, tag, created)
            applied["jobs"] = len(half)
            result[name] = applied
            print(f"{engine} {name}: {applied}", flush=True)

        if args.perf and shutil.which("perf"):
            server.label = "perf"
            for label, encoding in (("/job/{id}", "identity"), ("getJob/{id}", "identity"), ("/job/{id}", "br"),
                                    ("asset", "identity")):
                extra = ["-H", f"Accept-Encoding: {encoding}"]
                name = f"{engine}-{label.strip('/').split('/')[0]}-{encoding}"
                perf_during(server.process.pid, name, args.duration,
                            lambda: oha(extra + ["--urls-from-file", lists[label, "jobportal"]], args.duration - 1,
                                        connections=args.connections))
            # Pairs mostly new: the applicants walk the jobs from half-way round.
            turned = jobs[len(jobs) // 2:] + jobs[:len(jobs) // 2]
            perf_during(server.process.pid, f"{engine}-apply", args.duration,
                        lambda: apply_load(server.base, tokens, turned, 10_000, f"{engine}-perf"))
        result["rss_mb"] = {label: round(mb, 1) for label, mb in server.peak.items()}
        return result
    finally:
        if server:
            server.stop()
        if baseline:
            baseline.stop()
        if nginx:
            nginx.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        drop_database(engine, args.pg)


def ms(figures):
    return f"{figures['p50']} / {figures['p99']}"


def answers(statuses):
    return ", ".join(f"{code} × {count}" for code, count in sorted(statuses.items()))


def apply_row(engine, against, figures, target=None):
    mark = f"≥ {target} {'ok' if figures['achieved'] >= target else '**no**'}" if target else ""
    return (f"| {engine} | {against} | {figures['sent']} | {figures['seconds']} | {figures['achieved']} | "
            f"{ms(figures)} | {figures['slowest']} | {answers(figures['statuses'])} | {mark} |")


def in_database(db):
    return (f"{db['rows']:,} rows for {db['answered_201']:,} answers 201; lost (201 without a row) {db['lost']}, "
            f"rows without a 201 {db['without_201']}, doubled requests {db['doubled_requests']}, doubled "
            f"(job, applicant) pairs {db['doubled_pairs']}, jobs whose applications_count differs from their rows "
            f"{db['jobs_count_off']}.")


def markdown(results, args):
    lines = []
    for result in results:
        baseline = bool(result["rows"]) and "baseline" in result["rows"][0]
        servers = (f"`{args.baseline}` (the baseline: the previous design, its own index built by its own reindex "
                   f"in {result['baseline_index_s']} s, on the same database; on PostgreSQL a copy of it with the newer migration undone) measured between ours and nginx, "
                   if baseline else "")
        writes = (f" With {args.writes} applications/s to the jobs being read going on during every run (the "
                  f"{result['writes_jobs']:,} of them that take applications; to the server measured, to ours while "
                  "nginx is), each a new (applicant, job) pair; the rate achieved and the answers during our runs "
                  "are in the writes column." if args.writes > 0 else "")
        lines += [f"### {result['engine']}, {result['jobs']:,} jobs", "",
                  f"{result['seeded']}; index in {result['index_s']} s; settled in {result['settle_s']} s "
                  f"(load average then {result['settle_load']}). "
                  f"{result['ids']:,} distinct job ids and {result['companies']:,} companies in random order, "
                  f"{args.connections} connections, {args.duration} s "
                  f"per run, {args.rounds} rounds ({servers}the servers' order turned each round). "
                  f"Asset: `{result['asset']}`. "
                  "nginx serves the bytes the server gave once (no encoding asked) from files, and for gzip the .gz "
                  "beside each (Python's gzip, level 6); **br rows: nginx (no brotli in Debian's) sends its .gz**, "
                  f"so they compare our brotli with a static server's precompressed gzip.{writes}", "",
                  "| read | encoding | round | jobportal req/s | p50 / p99 ms | nginx req/s | p50 / p99 ms | ratio | "
                  "target | baseline req/s | baseline ratio | mean bytes (ours / nginx) | answers (ours; nginx"
                  + ("; baseline" if baseline else "") + ") | writes during ours | load avg before |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for row in result["rows"]:
            target = TARGETS[row["read"]]
            mark = "ok" if row["ratio"] >= target else "**no**"
            ours, theirs = row["bytes"]["jobportal"], row["bytes"]["nginx"]
            said = "; ".join(answers(row[side]["statuses"])
                             for side in ("jobportal", "nginx", "baseline") if side in row)
            theirs_too = (f"{row['baseline']['achieved']} | {row['ratio_baseline']}" if "baseline" in row else "- | -")
            written = (f"{row['writes']['per_second']}/s: {answers(row['writes']['statuses'])}"
                       if "writes" in row else "-")
            lines.append(f"| {row['read']} | {row['encoding']} | {row['round']} | {row['jobportal']['achieved']} | "
                         f"{ms(row['jobportal'])} | {row['nginx']['achieved']} | {ms(row['nginx'])} | {row['ratio']} | "
                         f"≥ {target} {mark} | {theirs_too} | {ours[0]:,} {ours[1]} / {theirs[0]:,} {theirs[1]} | "
                         f"{said} | {written} | {row['load']} |")
        ceiling = result["client_ceiling"]
        target = 2500 if result["engine"] == "sqlite" else 1500
        split = (f" The baseline's after ours, over {result['apply_baseline']['jobs']:,} other such jobs (the open "
                 "jobs split in two halves)." if "apply_baseline" in result else "")
        lines += ["", f"Applications: {args.applicants} applicants logged in once, each on its own keep-alive "
                      f"connection, over {result['apply_jobs']:,} open jobs with room for all of them (every pair new, "
                      f"consecutive requests on different jobs).{split}", "",
                  "| applications | against | sent | seconds | per second | p50 / p99 ms | slowest ms | answers | target |",
                  "|---|---|---|---|---|---|---|---|---|",
                  f"| the client's ceiling | nginx, a fixed 201 | {ceiling['sent']} | {ceiling['seconds']} | "
                  f"{ceiling['achieved']} | {ms(ceiling)} | {ceiling['slowest']} | {answers(ceiling['statuses'])} | |"]
        if "apply" in result:
            lines.append(apply_row(result["engine"], "jobportal", result["apply"], target))
        if "apply_baseline" in result:
            lines.append(apply_row(result["engine"], "baseline", result["apply_baseline"]))
        lines.append("")
        for name, whose in (("apply", "our"), ("apply_baseline", "the baseline's")):
            if name in result:
                lines += [f"Load average before {whose} applications: {result[f'{name}_load_before']}. "
                          f"In the database afterwards: {in_database(result[name]['database'])}", ""]
        lines += ["Server memory (RssAnon), peak per phase: "
                  + ", ".join(f"{label} {mb} MB" for label, mb in result["rss_mb"].items())
                  + f"; highest {max(result['rss_mb'].values())} MB (target < 300 MB).", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("web_dir")
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--applicants", type=int, default=64)
    parser.add_argument("--applications", type=int, default=50_000)
    parser.add_argument("--encodings", default="identity,gzip,br", help="of identity,gzip,br")
    parser.add_argument("--baseline", help="a second jobportal binary (the previous design) measured beside ours")
    parser.add_argument("--writes", type=int, default=0,
                        help="applications a second to the jobs being read during every read run (0: none)")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--perf", action="store_true", help="perf record the server in extra runs (bench/out/reads-perf-*)")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    results = []
    with open(os.path.join(OUT, "reads-servers.log"), "w") as log:
        for engine in args.engines.split(","):
            results.append(bench_engine(engine.strip(), args, log))
            with open(os.path.join(OUT, "reads.json"), "w") as handle:
                json.dump(results, handle, indent=1)
    report = markdown(results, args)
    print(report)
    with open(os.path.join(OUT, "reads.md"), "w") as handle:
        handle.write(report)


if __name__ == "__main__":
    main()
