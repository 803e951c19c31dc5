"""make bench: search through the index against the database path, on SQLite and PostgreSQL.

For each engine and data size: a fresh database seeded by `jobportal seed-bench`, the index built
by `jobportal reindex` (timed), then rate-controlled load from oha (latency correction on, so
queueing counts) with a stream of distinct queries. At the largest size also: searches while
applications and job posts are written (and how soon a posted job is found, on the same instance
and on a second one), 32 concurrent nonsense searches beside job detail, and the server's memory.
The baseline is the same server with `SEARCH_INDEX=off` (every search is SQL), side by side.

    python3 bench/search.py BINARY [--engines sqlite postgres] [--sizes 10000 100000 1000000]
        [--duration 15] [--pg postgres://postgres@127.0.0.1:5432/test]

Loopback only; every run bounded in time; results in bench/out/search.md and search.json.
"""

import argparse
import json
import os
import random
import shutil
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from server_process import free_port  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "out")
PASSWORD = "bench password"  # bench_data::BENCH_PASSWORD

# Words as seed-bench writes them (server/src/ops/bench_data.rs): titles are "<seniority> <field>
# <role>", with companies, locations and skills beside them.
SENIORITY = "junior|senior|lead|principal|staff|associate|head|trainee"
FIELDS = ("backend|frontend|data|cloud|security|mobile|embedded|payments|marketing|sales|support|finance|tax|"
          "risk|quality|product|growth|platform|network|database|content|brand|operations|compliance|hardware|"
          "research|hr")
ROLES = ("engineer|developer|analyst|manager|designer|consultant|accountant|scientist|executive|specialist|"
         "architect|administrator|recruiter|writer|researcher|technician|coordinator|officer|advisor|"
         "strategist|planner|auditor|tester|trainer|engineers|developers|managers|engin|analy|develo|manag")
OTHERS = "acme|globex|initech|hooli|wonka|labs|systems|pune|mumbai|delhi|bengaluru|kochi|noida|python|sql|figma"
FILTERS = ("(&jobType=(Full-time|Part-time|Internship))?(&location=(pune|mumbai|delhi|chennai))?"
           "(&salaryMin=[1-2][05]0000)?(&openOnly=true)?(&postedWithin=(7|30|90))?(&sort=newest)?")


def distinct_queries():
    """How many different URLs the search regex can make (the stream is drawn from these)."""
    seniority, fields, roles, others = (len(words.split("|")) for words in (SENIORITY, FIELDS, ROLES, OTHERS))
    words = (seniority + 1) * (fields + 1) * roles + others * (roles + 1)
    filters = 4 * 5 * 5 * 2 * 4 * 2
    return words * filters * 3 * 4  # pages and limits


def search_regex(base):
    title = f"(({SENIORITY})%20)?(({FIELDS})%20)?({ROLES})"
    other = f"({OTHERS})(%20({ROLES}))?"
    return f"{base}/api/v1/jobs/alljobs[?]q=({title}|{other}){FILTERS}&page=[1-3]&limit=(10|20|30|50)"


NONSENSE = "/api/v1/jobs/alljobs[?]q=[b-df-hj-np-tv-z]{9}(%20[b-df-hj-np-tv-z]{7})?"


def request(method, url, body=None, token=None, timeout=30):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class Server:
    """A release binary on the given database, its own data folder, its memory sampled."""

    def __init__(self, binary, database_url, data_dir, log, **env):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        settings = dict(os.environ, DATA_DIR=data_dir, DATABASE_URL=database_url, RUST_LOG="warn",
                        LISTEN_ADDR=f"127.0.0.1:{self.port}", WEB_DIR=os.path.join(data_dir, "web"), **env)
        self.process = subprocess.Popen([binary], env=settings, stdout=log, stderr=log)
        self.peak = {}
        self.label = "start"
        self.sampling = True
        for _ in range(600):
            try:
                if request("GET", f"{self.base}/readyz", timeout=1)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        threading.Thread(target=self.sample, daemon=True).start()

    def sample(self):
        while self.sampling and self.process.poll() is None:
            try:
                with open(f"/proc/{self.process.pid}/status") as status:
                    fields = dict(line.split(":", 1) for line in status)
                anon = int(fields["RssAnon"].split()[0]) / 1024
                self.peak[self.label] = max(self.peak.get(self.label, 0), anon)
            except (OSError, KeyError, ValueError):
                pass
            time.sleep(0.2)

    def index_status(self):
        return request("GET", f"{self.base}/readyz")[1]["searchIndex"]

    def stop(self):
        self.sampling = False
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def oha(args, duration, rate=None, connections=50):
    command = ["oha", "--no-tui", "--output-format", "json", "-z", f"{duration}s", "-c", str(connections)]
    if rate:
        command += ["-q", str(rate), "--latency-correction"]
    output = subprocess.run(command + args, check=True, capture_output=True, text=True).stdout
    report = json.loads(output)
    summary, percentiles = report["summary"], report["latencyPercentiles"]
    return {
        "offered": rate or "max",
        "achieved": round(summary["requestsPerSec"]),
        "p50": round(percentiles["p50"] * 1000, 1),
        "p99": round(percentiles["p99"] * 1000, 1),
        "slowest": round(summary["slowest"] * 1000, 1),
        "statuses": report.get("statusCodeDistribution", {}),
    }


def oha_background(args, duration, rate=None, connections=50):
    result = {}
    thread = threading.Thread(target=lambda: result.update(oha(args, duration, rate, connections)))
    thread.start()
    return thread, result


class Writer:
    """Applications at `applications` per second from seeded applicants and one job post a second
    from a seeded recruiter; each post's title holds a new word, searched on `watch` instances
    until it is found: the time from sending the post to the first search that finds it."""

    def __init__(self, base, watch, applications=20, posts=1):
        self.base, self.watch = base, watch
        self.applications, self.posts = applications, posts
        self.stop = threading.Event()
        self.applied, self.apply_errors, self.apply_ms = 0, {}, []
        self.found_ms = {name: [] for name in watch}
        self.posted = 0
        api = f"{base}/api/v1"
        self.applicants = []
        for n in range(100):
            status, body = request("POST", f"{api}/auth/login",
                                   {"email": f"bench-applicant-{n}@example.com", "password": PASSWORD})
            assert status == 200, body
            self.applicants.append(body["token"])
        status, body = request("POST", f"{api}/auth/login",
                               {"email": "bench-recruiter-0@example.com", "password": PASSWORD})
        assert status == 200, body
        self.recruiter = body["token"]
        self.category = request("GET", f"{api}/jobs/showAllCategories")[1]["categories"][0]["_id"]
        self.open_jobs = []
        for page in range(1, 21):
            jobs = request("GET", f"{api}/jobs/alljobs?openOnly=true&limit=100&page={page}")[1]["data"]
            self.open_jobs += [job["_id"] for job in jobs if job["applicationsCount"] + 5 < job["maxApplicants"]]
        random.shuffle(self.open_jobs)

    def apply_loop(self):
        api, n = f"{self.base}/api/v1", 0
        started = time.monotonic()
        while not self.stop.is_set() and n < len(self.open_jobs):
            time.sleep(max(0, started + n / self.applications - time.monotonic()))
            token = self.applicants[n % len(self.applicants)]
            before = time.monotonic()
            status, _ = request("POST", f"{api}/jobs/apply/{self.open_jobs[n]}", {"sop": "I would like this job."},
                                token)
            self.apply_ms.append((time.monotonic() - before) * 1000)
            if status == 201:
                self.applied += 1
            else:
                self.apply_errors[status] = self.apply_errors.get(status, 0) + 1
            n += 1

    def post_loop(self):
        api, n = f"{self.base}/api/v1", 0
        started = time.monotonic()
        while not self.stop.is_set():
            time.sleep(max(0, started + n / self.posts - time.monotonic()))
            word = "zq" + "".join(random.choice(string.ascii_lowercase) for _ in range(8))
            job = {"title": f"Bench {word} Engineer", "company": "Acme", "description": "Fresh.",
                   "maxApplicants": 50, "maxPositions": 1, "dateOfPosting": time.strftime("%Y-%m-%d"),
                   "deadline": "2099-12-31", "skillsets": ["rust"], "jobType": "Full-time", "salary": 50000,
                   "categoryName": self.category, "location": "Pune"}
            sent = time.monotonic()
            status, body = request("POST", f"{api}/jobs/createJob", job, self.recruiter)
            assert status == 201, body
            self.posted += 1
            for name, base in self.watch.items():
                threading.Thread(target=self.find, args=(name, base, word, sent), daemon=True).start()
            n += 1

    def find(self, name, base, word, sent):
        while time.monotonic() - sent < 10:
            status, body = request("GET", f"{base}/api/v1/jobs/alljobs?q={word}")
            if status == 200 and body["total"] == 1:
                self.found_ms[name].append((time.monotonic() - sent) * 1000)
                return
            time.sleep(0.01)
        self.found_ms[name].append(float("inf"))

    def run(self, seconds):
        threads = [threading.Thread(target=self.apply_loop), threading.Thread(target=self.post_loop)]
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        self.stop.set()
        for thread in threads:
            thread.join()
        time.sleep(1)


# Skill sets for the applicants whose "jobs for you" are measured, from seed-bench's vocabulary.
FOR_YOU_SKILLS = ["rust, sql, kafka", "python, excel", "react, java, sql", "excel", "java, python, rust, react"]


def jobs_for_you(base, duration, rate):
    """GET /jobs/forYou at `rate`/s for seeded applicants with different skills (one oha run each,
    `duration` seconds); the worst p99 of the runs, with their summed counts."""
    runs = []
    for n, skills in enumerate(FOR_YOU_SKILLS):
        status, body = request("POST", f"{base}/api/v1/auth/login",
                               {"email": f"bench-applicant-{150 + n}@example.com", "password": PASSWORD})
        assert status == 200, body
        token = body["token"]
        status, body = request("POST", f"{base}/api/v1/auth/updateUserDetails",
                               {"firstName": "Bench", "lastName": f"Applicant {n}", "skills": skills}, token=token)
        assert status == 200, body
        runs.append(oha(["-H", f"Authorization: Bearer {token}", f"{base}/api/v1/jobs/forYou"],
                        duration, rate=rate, connections=20))
    worst = max(runs, key=lambda run: run["p99"])
    return {**worst, "achieved": sum(run["achieved"] for run in runs) // len(runs),
            "slowest": max(run["slowest"] for run in runs)}


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else None


def nonsense_beside_detail(base, ids, scratch, duration):
    """32 connections searching random consonant strings (they match nothing), and job detail at
    200/s from 20 more connections at the same time."""
    urls = os.path.join(scratch, "job-urls.txt")
    with open(urls, "w") as handle:
        handle.writelines(f"{base}/api/v1/jobs/getJob/{job_id}\n" for job_id in ids)
    thread, nonsense = oha_background(["--rand-regex-url", base.replace(".", "[.]") + NONSENSE], duration,
                                      connections=32)
    detail = oha(["--urls-from-file", urls], duration, rate=200, connections=20)
    thread.join()
    return nonsense, detail


def fresh_database(engine, pg_admin, scratch):
    if engine == "sqlite":
        return f"sqlite://{scratch}/jobportal.db"
    subprocess.run(["psql", pg_admin, "-qc", "DROP DATABASE IF EXISTS jobportal_bench WITH (FORCE)",
                    "-c", "CREATE DATABASE jobportal_bench"], check=True, capture_output=True)
    return pg_admin.rsplit("/", 1)[0] + "/jobportal_bench"


def drop_database(engine, pg_admin):
    """Drops the PostgreSQL database `fresh_database` made (nothing to do for SQLite's file)."""
    if engine == "postgres":
        subprocess.run(["psql", pg_admin, "-qc", "DROP DATABASE IF EXISTS jobportal_bench WITH (FORCE)"],
                       capture_output=True)


def run_command(binary, database_url, data_dir, *arguments):
    env = dict(os.environ, DATA_DIR=data_dir, DATABASE_URL=database_url, RUST_LOG="warn")
    started = time.monotonic()
    output = subprocess.run([binary, *arguments], env=env, check=True, capture_output=True, text=True).stdout
    return time.monotonic() - started, output.strip()


def said(output, word):
    """The last line of a command's output that begins with `word`: its own summary, not one of the
    log lines written to the same stream (a slow statement's warning, say)."""
    lines = [line for line in output.splitlines() if line.startswith(word)]
    return lines[-1] if lines else output.splitlines()[-1]


def bench_size(binary, engine, size, largest, args, log):
    rows = []
    scratch = tempfile.mkdtemp(prefix=f"jobportal-bench-{engine}-")
    try:
        url = fresh_database(engine, args.pg, scratch)
        data_a = os.path.join(scratch, "a")
        seed_seconds, seeded = run_command(binary, url, data_a, "seed-bench", "--jobs", str(size),
                                           "--recruiters", str(max(10, size // 200)), "--applicants", "200")
        index_seconds, indexed = run_command(binary, url, data_a, "reindex")
        print(f"== {engine} {size}: {seeded}; {indexed} in {index_seconds:.1f} s", flush=True)
        result = {"engine": engine, "jobs": size, "seed_s": round(seed_seconds, 1), "index_s": round(index_seconds, 1),
                  "index_mb": round(sum(os.path.getsize(os.path.join(root, name))
                                        for root, _, names in os.walk(os.path.join(data_a, "index"))
                                        for name in names) / 2**20, 1)}
        # A second instance on the same database starts from a copy of the index and its cursor.
        data_b = os.path.join(scratch, "b")
        if largest:
            shutil.copytree(data_a, data_b)

        server = Server(binary, url, data_a, log)
        second = Server(binary, url, data_b, log) if largest else None
        try:
            assert server.index_status() == "ready"
            regex = search_regex(server.base.replace(".", "[.]"))
            oha(["--rand-regex-url", regex], 3, rate=200)  # warm up
            server.label = "search"
            rows.append(("index", "search, as fast as it goes", oha(["--rand-regex-url", regex], args.duration)))
            rows.append(("index", "search at 200/s", oha(["--rand-regex-url", regex], args.duration, rate=200)))
            rows.append(("index", "search at 500/s", oha(["--rand-regex-url", regex], args.duration, rate=500)))
            server.label = "for you"
            rows.append(("index", "jobs for you at 100/s (5 skill sets, worst p99)", jobs_for_you(server.base, args.duration, 100)))
            if largest:
                server.label = "mixed"
                writer = Writer(server.base, {"same instance": server.base, "second instance": second.base})
                # At a search rate this machine carries at 1M jobs (see "as fast as it goes").
                thread, searched = oha_background(["--rand-regex-url", regex], args.duration * 2, rate=200)
                writer.run(args.duration * 2)
                thread.join()
                rows.append(("index", "search at 200/s while writing", searched))
                # Jobs for you while applications and posts go on (the writer's own figures are the
                # mixed search's, above).
                server.label = "for you, writing"
                held = {}
                beside = Writer(server.base, {"same instance": server.base})
                ranking = threading.Thread(target=lambda: held.update(row=jobs_for_you(server.base, args.duration, 100)))
                ranking.start()
                beside.run(args.duration * len(FOR_YOU_SKILLS) + 5)
                ranking.join()
                rows.append(("index", "jobs for you at 100/s while writing (worst p99)", held["row"]))
                result["writes"] = {
                    "applications": writer.applied, "application_errors": writer.apply_errors,
                    "application_p99_ms": round(percentile(writer.apply_ms, 0.99) or 0, 1),
                    "posts": writer.posted,
                    "found_ms": {name: {"p50": round(percentile(found, 0.5), 1), "p99": round(percentile(found, 0.99), 1),
                                        "max": round(max(found), 1), "n": len(found)}
                                 for name, found in writer.found_ms.items()},
                    "seconds": args.duration * 2,
                }
                server.label = "nonsense"
                ids = [job["_id"] for page in range(1, 11)
                       for job in request("GET", f"{server.base}/api/v1/jobs/alljobs?limit=100&page={page}")[1]["data"]]
                nonsense_re = server.base.replace(".", "[.]") + NONSENSE
                rows.append(("index", "nonsense searches at 200/s", oha(["--rand-regex-url", nonsense_re], args.duration,
                                                                      rate=200)))
                nonsense, detail = nonsense_beside_detail(server.base, ids, scratch, args.duration)
                rows.append(("index", "32 concurrent nonsense searches", nonsense))
                rows.append(("index", "job detail at 200/s beside them", detail))
            result["rss_mb"] = {label: round(mb, 1) for label, mb in server.peak.items()}
        finally:
            server.stop()
            if second:
                second.stop()

        baseline = Server(binary, url, data_a, log, SEARCH_INDEX="off")
        try:
            regex = search_regex(baseline.base.replace(".", "[.]"))
            oha(["--rand-regex-url", regex], 3, rate=50)
            rows.append(("database", "search, as fast as it goes", oha(["--rand-regex-url", regex], args.duration)))
            if largest:
                rows.append(("database", "search at 500/s", oha(["--rand-regex-url", regex], args.duration, rate=500)))
                nonsense_re = baseline.base.replace(".", "[.]") + NONSENSE
                rows.append(("database", "nonsense searches at 200/s", oha(["--rand-regex-url", nonsense_re],
                                                                         args.duration, rate=200)))
                nonsense, detail = nonsense_beside_detail(baseline.base, ids, scratch, args.duration)
                rows.append(("database", "32 concurrent nonsense searches", nonsense))
                rows.append(("database", "job detail at 200/s beside them", detail))
        finally:
            baseline.stop()
        result["rows"] = [{"path": path, "scenario": scenario, **numbers} for path, scenario, numbers in rows]
        return result
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        drop_database(engine, args.pg)


def markdown(results):
    lines = []
    for result in results:
        lines.append(f"\n### {result['engine']}, {result['jobs']:,} jobs\n")
        lines.append(f"Seeded in {result['seed_s']} s; index built by `jobportal reindex` in **{result['index_s']} s** "
                     f"({result['index_mb']} MB on disk). Server memory (RssAnon, mapped index files aside), peak per "
                     f"phase: {', '.join(f'{k} {v} MB' for k, v in result.get('rss_mb', {}).items())}.\n")
        lines.append("| path | scenario | offered/s | achieved/s | p50 ms | p99 ms | slowest ms | statuses |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for row in result["rows"]:
            lines.append(f"| {row['path']} | {row['scenario']} | {row['offered']} | {row['achieved']} | {row['p50']} | "
                         f"{row['p99']} | {row['slowest']} | {row['statuses']} |")
        if "writes" in result:
            writes = result["writes"]
            lines.append(f"\nWhile writing ({writes['seconds']} s): {writes['applications']} applications "
                         f"(errors {writes['application_errors']}, p99 {writes['application_p99_ms']} ms) and "
                         f"{writes['posts']} job posts. A posted job found by search, from sending the post: "
                         + "; ".join(f"{name} p50 {f['p50']} ms, p99 {f['p99']} ms, max {f['max']} ms (n={f['n']})"
                                     for name, f in writes["found_ms"].items()) + ".")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--engines", nargs="+", default=["sqlite", "postgres"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    print(f"distinct search URLs the stream draws from: {distinct_queries():,}")
    results = []
    with open(os.path.join(OUT, "search-servers.log"), "w") as log:
        for engine in args.engines:
            for size in sorted(args.sizes):
                results.append(bench_size(args.binary, engine, size, size == max(args.sizes), args, log))
                with open(os.path.join(OUT, "search.json"), "w") as handle:
                    json.dump(results, handle, indent=1)
                print(markdown(results[-1:]), flush=True)
    with open(os.path.join(OUT, "search.md"), "w") as handle:
        handle.write(markdown(results))


if __name__ == "__main__":
    main()
