"""The public pages under load: a job's page (one indexed read of its row, then the
title, description, Open Graph tags and JobPosting written into the built index.html) beside the
same job as JSON (`getJob`, the same read) and a plain screen (`/about`, no read at all), each over
distinct job ids; then the sitemap: how long its files take to make cold, and that repeated requests
are answered from the file made within the last minute. A rate-controlled run of the job pages goes
on while a writer posts and applies, so the reads share the database with writes.

Usage: python3 bench/pages.py server/target/release/jobportal web/dist [--jobs 100000]
"""

import argparse
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from search import OUT, Server, Writer, oha, run_command  # noqa: E402


def timed_get(url):
    started = time.monotonic()
    with urllib.request.urlopen(url, timeout=120) as response:
        body = response.read()
        return response.status, len(body), (time.monotonic() - started) * 1000


def url_file(scratch, name, urls):
    path = os.path.join(scratch, name)
    with open(path, "w") as handle:
        handle.writelines(f"{url}\n" for url in urls)
    return ["--urls-from-file", path]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("web_dir")
    parser.add_argument("--jobs", type=int, default=100_000)
    parser.add_argument("--duration", type=int, default=15)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="jobportal-bench-pages-")
    rows, notes = [], []
    try:
        url = f"sqlite://{scratch}/jobportal.db"
        data = os.path.join(scratch, "data")
        seconds, seeded = run_command(args.binary, url, data, "seed-bench", "--jobs", str(args.jobs),
                                      "--recruiters", str(max(10, args.jobs // 200)), "--applicants", "200")
        run_command(args.binary, url, data, "reindex")
        notes.append(f"{seeded} in {seconds:.1f} s")
        with sqlite3.connect(f"{scratch}/jobportal.db") as db:
            ids = [row[0] for row in db.execute("SELECT id FROM jobs ORDER BY random() LIMIT 20000")]
        random.shuffle(ids)
        # The server serves DATA_DIR/web (search.Server's setting): the built app.
        os.symlink(os.path.abspath(args.web_dir), os.path.join(data, "web"))
        with open(os.path.join(scratch, "server.log"), "w") as log:
            server = Server(args.binary, url, data, log)
            base = server.base
            try:
                pages = url_file(scratch, "pages.txt", [f"{base}/job/{job_id}" for job_id in ids])
                api = url_file(scratch, "api.txt", [f"{base}/api/v1/jobs/getJob/{job_id}" for job_id in ids])
                plain = ["--urls-from-file", url_file(scratch, "plain.txt", [f"{base}/about"])[1]]
                for label, target in [("/about (plain page, no read)", plain), ("/job/{id} (page with its head)", pages),
                                      ("getJob/{id} (the same read as JSON)", api)]:
                    server.label = label
                    rows.append((label, "as fast as it goes", oha(target, args.duration)))
                    rows.append((label, "at 200/s", oha(target, args.duration, rate=200)))
                server.label = "pages beside writes"
                writer = Writer(base, {"this instance": base})
                thread = threading.Thread(target=writer.run, args=(args.duration,), daemon=True)
                thread.start()
                rows.append(("/job/{id} (page with its head)", "at 200/s while posting and applying",
                             oha(pages, args.duration, rate=200)))
                thread.join()
                server.label = "sitemap"
                for path in ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/jobs-0.xml", "/sitemaps/jobs-0.xml"]:
                    status, size, ms = timed_get(f"{base}{path}")
                    notes.append(f"GET {path}: {status}, {size / 1e6:.2f} MB in {ms:.0f} ms")
                rows.append(("/sitemaps/jobs-0.xml (made in the last minute)", "as fast as it goes",
                             oha(["--urls-from-file", url_file(scratch, "sitemap.txt", [f"{base}/sitemaps/jobs-0.xml"])[1]],
                                 args.duration, connections=10)))
                notes.append("server memory (RssAnon), peak per phase: "
                             + ", ".join(f"{label} {mb:.1f} MB" for label, mb in server.peak.items()))
            finally:
                server.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    lines = [f"### Public pages, sqlite, {args.jobs:,} jobs", ""] + [f"- {note}" for note in notes] + [
        "", "| path | scenario | offered/s | achieved/s | p50 ms | p99 ms | slowest ms | answers |",
        "|---|---|---|---|---|---|---|---|"]
    for label, scenario, result in rows:
        answers = ", ".join(f"{code} × {count}" for code, count in sorted(result["statuses"].items()))
        lines.append(f"| {label} | {scenario} | {result['offered']} | {result['achieved']} | {result['p50']} | "
                     f"{result['p99']} | {result['slowest']} | {answers} |")
    report = "\n".join(lines) + "\n"
    print(report)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "pages.md"), "w") as handle:
        handle.write(report)


if __name__ == "__main__":
    main()
