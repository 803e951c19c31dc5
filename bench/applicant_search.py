"""make bench: the hiring team's applicant search over 50,000 applications of one company, with
applications being written, beside the public job search in the same run.

For each engine: a fresh database seeded by `jobportal seed-bench` (10,000 jobs from 200
recruiters, 1,100 applicants with resume words of a Zipf vocabulary, and 50,000 applications: the
first 1,000 applicants each applying to the first recruiter's 50 jobs), the server started (it
builds both indexes), then rate-controlled load from oha (latency correction on) with a stream of
distinct searches as the first recruiter: words drawn from the applicants' resumes (one or two,
common and rare, a typo now and then), over every job or one, with and without the stage and
requirement filters, pages 1 to 3. Beside it, the same rate of public job searches
(`/jobs/alljobs?q=`), the baseline. During both, the other 100 applicants apply to the company's
open jobs at 20 a second, so the applicant index keeps changing.

    python3 bench/applicant_search.py BINARY [--engines sqlite postgres] [--duration 20] [--rate 100]
        [--pg postgres://postgres@127.0.0.1:5432/test]

Loopback only; results in bench/out/applicant_search.md and applicant_search.json.
"""

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from search import OUT, PASSWORD, Server, drop_database, fresh_database, oha, request, run_command, said  # noqa: E402

APPLICATIONS = 50_000
SPARE = 100
RECRUITER = "bench-recruiter-0@example.com"


def resume_words(engine, database_url, count=400):
    """Words of the seeded resumes, from a sample of profiles."""
    sql = "SELECT resume_text FROM applicant_profiles WHERE resume_text <> '' ORDER BY user_id LIMIT 300"
    if engine == "sqlite":
        with sqlite3.connect(database_url.removeprefix("sqlite://")) as db:
            texts = [row[0] for row in db.execute(sql)]
    else:
        texts = subprocess.run(["psql", database_url, "-tAc", sql], check=True, capture_output=True,
                               text=True).stdout.splitlines()
    words = [word for text in texts for word in text.split()]
    rng = random.Random(7)
    return rng.sample(words, min(count, len(words)))


def typo(word, rng):
    if len(word) < 5:
        return word
    at = rng.randrange(1, len(word) - 1)
    return word[:at] + word[at + 1] + word[at] + word[at + 2:]


def search_urls(base, words, jobs, count=5000):
    """Distinct applicant searches: the words, a job or none, filters and a page."""
    rng = random.Random(11)
    urls = set()
    while len(urls) < count:
        chosen = [rng.choice(words) for _ in range(rng.choice([1, 1, 2]))]
        if rng.random() < 0.1:
            chosen[0] = typo(chosen[0], rng)
        query = f"q={'%20'.join(chosen)}"
        if rng.random() < 0.4:
            query += f"&job={rng.choice(jobs)}"
        if rng.random() < 0.2:
            query += "&meets=all"
        if rng.random() < 0.2:
            query += f"&stage={rng.choice(['applied', 'screening'])}"
        query += f"&page={rng.choice([1, 1, 1, 2, 3])}"
        urls.add(f"{base}/api/v1/auth/applications/search?{query}")
    return sorted(urls, key=lambda _: rng.random())


def job_search_urls(base, words, count=5000):
    rng = random.Random(13)
    titles = ["engineer", "developer", "analyst", "manager", "designer", "backend", "data", "cloud", "senior"]
    urls = set()
    while len(urls) < count:
        urls.add(f"{base}/api/v1/jobs/alljobs?q={rng.choice(titles)}%20{rng.choice(words)}&page={rng.choice([1, 2, 3])}")
    return sorted(urls, key=lambda _: rng.random())


class Applying:
    """The spare applicants applying at `rate` a second until stopped, each (applicant token, job) of
    `pairs` once: the list is shared by the runs, so no application is sent twice."""

    def __init__(self, base, pairs, rate=20):
        self.base, self.rate = base, rate
        self.pairs = pairs
        self.stop = threading.Event()
        self.statuses = {}
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        started, n = time.monotonic(), 0
        while not self.stop.is_set() and self.pairs:
            time.sleep(max(0, started + n / self.rate - time.monotonic()))
            token, job = self.pairs.pop()
            status, _ = request("POST", f"{self.base}/api/v1/jobs/apply/{job}", {"sop": "bench applicant", "answers": []},
                                token)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            n += 1

    def end(self):
        self.stop.set()
        self.thread.join()
        return self.statuses


def measure(engine, args, binary):
    scratch = tempfile.mkdtemp(prefix="jobportal-applicant-search-")
    log = open(os.path.join(scratch, "server.log"), "w")
    database_url = fresh_database(engine, args.pg, scratch)
    try:
        seed_s, seeded = run_command(binary, database_url, scratch, "seed-bench", "--jobs", "10000", "--recruiters", "200",
                                     "--applicants", str(1000 + SPARE), "--applications", str(APPLICATIONS),
                                     "--vocabulary", "zipf")
        started = time.monotonic()
        server = Server(binary, database_url, scratch, log)
        while server.index_status() != "ready":
            time.sleep(0.5)
        built_s = time.monotonic() - started
        status, body = request("POST", f"{server.base}/api/v1/auth/login", {"email": RECRUITER, "password": PASSWORD})
        assert status == 200, body
        recruiter = body["token"]
        status, body = request("GET", f"{server.base}/api/v1/jobs/getAllJobs", token=recruiter)
        assert status == 200, body
        jobs = [job["_id"] for job in body["data"]]
        today = time.strftime("%Y-%m-%d")
        open_jobs = [job["_id"] for job in body["data"] if job["deadline"][:10] > today and not job.get("closedAt")]
        tokens = []
        for n in range(1000, 1000 + SPARE):
            status, body = request("POST", f"{server.base}/api/v1/auth/login",
                                   {"email": f"bench-applicant-{n}@example.com", "password": PASSWORD})
            assert status == 200, body
            tokens.append(body["token"])
        words = resume_words(engine, database_url)
        status, probe = request("GET", f"{server.base}/api/v1/auth/applications/search?q={words[0]}", token=recruiter)
        assert status == 200, probe
        applicant_urls = os.path.join(scratch, "applicants.txt")
        with open(applicant_urls, "w") as out:
            out.write("\n".join(search_urls(server.base, words, jobs)))
        public_urls = os.path.join(scratch, "jobs.txt")
        with open(public_urls, "w") as out:
            out.write("\n".join(job_search_urls(server.base, words)))
        auth = ["-H", f"Authorization: Bearer {recruiter}"]
        oha(auth + ["--urls-from-file", applicant_urls], 3, rate=args.rate, connections=16)  # warm up
        result = {"engine": engine, "seeded": said(seeded, "seeded"), "seed_s": round(seed_s, 1),
                  "index_built_s": round(built_s, 1), "probe_total": probe["total"], "rounds": []}
        pairs = [(token, job) for token in tokens for job in open_jobs]
        random.Random(17).shuffle(pairs)
        for round_number in range(args.rounds):
            writes = Applying(server.base, pairs)
            applicants = oha(auth + ["--urls-from-file", applicant_urls], args.duration, rate=args.rate, connections=16)
            public = oha(["--urls-from-file", public_urls], args.duration, rate=args.rate, connections=16)
            result["rounds"].append({"applicant_search": applicants, "job_search": public, "writes": writes.end()})
            print(f"{engine} round {round_number + 1}: applicant search {applicants}, job search {public}", flush=True)
        server.stop()
        return result
    finally:
        log.close()
        drop_database(engine, args.pg)
        shutil.rmtree(scratch, ignore_errors=True)


def report(results, args):
    lines = ["# Applicant search", "",
             f"Command: `python3 bench/applicant_search.py BINARY --duration {args.duration} --rate {args.rate}`. "
             "Distinct searches as the company's recruiter over its 50,000 applications, beside public job "
             "searches at the same rate, with 20 applications a second to the company's jobs going on.", "",
             "| engine | round | search | offered/s | achieved/s | p50 ms | p99 ms | slowest ms | statuses |",
             "|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        for number, run in enumerate(result["rounds"], 1):
            for name in ("applicant_search", "job_search"):
                r = run[name]
                lines.append(f"| {result['engine']} | {number} | {name.replace('_', ' ')} | {r['offered']} | "
                             f"{r['achieved']} | {r['p50']} | {r['p99']} | {r['slowest']} | {r['statuses']} |")
    lines.append("")
    for result in results:
        lines.append(f"- {result['engine']}: {result['seeded']}; both indexes built in {result['index_built_s']} s; "
                     f"writes answered {[run['writes'] for run in result['rounds']]}.")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--engines", nargs="+", default=["sqlite", "postgres"])
    parser.add_argument("--duration", type=int, default=20)
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    results = [measure(engine, args, binary) for engine in args.engines]
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "applicant_search.json"), "w") as out:
        json.dump(results, out, indent=2)
    text = report(results, args)
    with open(os.path.join(OUT, "applicant_search.md"), "w") as out:
        out.write(text)
    print(text)


if __name__ == "__main__":
    main()
