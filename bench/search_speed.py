"""make bench (issue 26): search at full speed, this build beside a baseline build on the same data.

For each engine, vocabulary and size: a fresh database seeded by `jobportal seed-bench` (the
harsh vocabulary, forty words in most jobs, or `zipf`, 4,000 words of natural frequency), each
build's own index built by its `jobportal reindex`, then for each build in turn, on the same data
and the same URLs:

- "as fast as it goes": 32 connections, no rate (capacity);
- 500/s offered with latency correction (queueing counts);
- at the largest size also 500/s while 20 applications/s and one job post a second are written;
- at the largest size also one search at a time on the otherwise idle machine, every URL of a
  fixed sample of 400 once: the mean, the percentiles and the ten slowest.

The stream: 20,000 distinct searches drawn once (seeded) from the shapes people type: one to three
words (titles, companies, cities, skills), a typo in one word in ten, a last word half typed in
one in six, browsing without words in one in six; filters (job type, work mode, city, salary,
open only, posted within, category), both sorts, pages 1 to 3. There is no result cache.

    python3 bench/search_speed.py NEW_BINARY [--baseline BASE_BINARY] [--engines sqlite postgres]
        [--sizes 10000 100000 1000000] [--vocabularies harsh zipf] [--duration 15]

Results in bench/out/search_speed.md and .json. Loopback only; every run bounded in time.
"""

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from search import (OUT, Server, Writer, drop_database, fresh_database, oha, oha_background, request,
                    run_command)  # noqa: E402

SENIORITY = ["junior", "senior", "lead", "principal", "staff", "associate", "head", "trainee"]
FIELDS = ["backend", "frontend", "data", "cloud", "security", "mobile", "embedded", "payments", "marketing",
          "sales", "support", "finance", "tax", "risk", "quality", "product", "growth", "platform", "network",
          "database", "content", "brand", "operations", "compliance", "hardware", "research", "hr"]
ROLES = ["engineer", "developer", "analyst", "manager", "designer", "consultant", "accountant", "scientist",
         "executive", "specialist", "architect", "administrator", "recruiter", "writer", "researcher",
         "technician", "coordinator", "officer", "advisor", "strategist", "planner", "auditor", "tester", "trainer"]
OTHERS = ["acme", "globex", "initech", "hooli", "wonka", "labs", "systems", "pune", "mumbai", "delhi",
          "bengaluru", "kochi", "noida", "python", "sql", "figma", "rust", "kubernetes", "excel", "react"]
CITIES = ["pune", "mumbai", "delhi", "chennai", "hyderabad", "remote"]
SAMPLE = 400


def typo(word, rng):
    """One edit: a letter dropped, doubled, swapped with the next, or replaced."""
    i = rng.randrange(len(word))
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if kind == 2 and i < len(word) - 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice("aeioustrn") + word[i + 1:]


def one_search(rng, categories):
    """The query string of one search, shaped like what people type."""
    params = []
    if rng.random() >= 1 / 6:
        count = rng.choice([1, 1, 2, 2, 2, 3])
        if count == 1:
            words = [rng.choice(FIELDS + ROLES + OTHERS)]
        elif count == 2:
            words = rng.choice([[rng.choice(FIELDS), rng.choice(ROLES)], [rng.choice(SENIORITY), rng.choice(ROLES)],
                                [rng.choice(OTHERS), rng.choice(ROLES)]])
        else:
            words = [rng.choice(SENIORITY), rng.choice(FIELDS), rng.choice(ROLES)]
        if rng.random() < 0.1:
            long_words = [i for i, word in enumerate(words) if len(word) >= 5]
            if long_words:
                i = rng.choice(long_words)
                words[i] = typo(words[i], rng)
        if rng.random() < 1 / 6 and len(words[-1]) > 4:
            words[-1] = words[-1][:rng.randint(3, len(words[-1]) - 1)]
        params.append("q=" + "%20".join(words))
    if rng.random() < 0.25:
        params.append("jobType=" + rng.choice(["Full-time", "Part-time", "Internship"]))
    if rng.random() < 0.15:
        params.append("workMode=" + rng.choice(["On-site", "Hybrid", "Remote"]))
    if rng.random() < 0.15:
        params.append("location=" + rng.choice(CITIES))
    if rng.random() < 0.15:
        params.append(f"salaryMin={rng.choice([10, 15, 20, 25, 50, 100]) * 1000}")
    if rng.random() < 0.5:
        params.append("openOnly=true")
    if rng.random() < 0.2:
        params.append(f"postedWithin={rng.choice([1, 7, 30])}")
    if categories and rng.random() < 0.1:
        params.append("category=" + rng.choice(categories))
    if rng.random() < 0.3:
        params.append("sort=newest")
    page = rng.choices([1, 2, 3], weights=[70, 20, 10])[0]
    params.append(f"page={page}&limit={rng.choice([20, 20, 20, 50])}")
    return "&".join(params)


def stream(categories, count=20_000, seed=26):
    rng = random.Random(seed)
    searches = []
    seen = set()
    while len(searches) < count:
        query = one_search(rng, categories)
        if query not in seen:
            seen.add(query)
            searches.append(query)
    return searches


def write_urls(path, base, searches):
    with open(path, "w") as handle:
        handle.writelines(f"{base}/api/v1/jobs/alljobs?{query}\n" for query in searches)


def one_at_a_time(base, searches):
    """Each search once, one at a time: milliseconds per URL (the client's own time included)."""
    timings = []
    for query in searches:
        url = f"{base}/api/v1/jobs/alljobs?{query}"
        started = time.perf_counter()
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
            assert response.status == 200, url
        timings.append(((time.perf_counter() - started) * 1000, query))
    values = sorted(ms for ms, _ in timings)
    pick = lambda p: round(values[min(len(values) - 1, int(len(values) * p))], 2)  # noqa: E731
    return {"mean": round(sum(values) / len(values), 2), "p50": pick(0.5), "p99": pick(0.99), "max": round(values[-1], 2),
            "slowest": [(round(ms, 1), query) for ms, query in sorted(timings, reverse=True)[:10]]}


def bench_build(name, binary, url, data_dir, searches, sample, largest, args, log, scratch):
    rows = {}
    server = Server(binary, url, data_dir, log)
    try:
        assert server.index_status() == "ready", server.index_status()
        urls = os.path.join(scratch, f"urls-{name}.txt")
        write_urls(urls, server.base, searches)
        oha(["--urls-from-file", urls], 3, rate=300, connections=32)  # warm up
        server.label = "search"
        rows["capacity"] = oha(["--urls-from-file", urls], args.duration, connections=32)
        rows["at 500/s"] = oha(["--urls-from-file", urls], args.duration, rate=500, connections=32)
        if largest:
            server.label = "writing"
            writer = Writer(server.base, {"same instance": server.base})
            thread, searched = oha_background(["--urls-from-file", urls], args.duration * 2, rate=500, connections=32)
            writer.run(args.duration * 2)
            thread.join()
            rows["at 500/s while writing"] = searched
            rows["writes"] = {"applications": writer.applied, "errors": writer.apply_errors, "posts": writer.posted}
            server.label = "idle"
            rows["one at a time"] = one_at_a_time(server.base, sample)
        rows["rss_mb"] = {label: round(mb, 1) for label, mb in server.peak.items()}
    finally:
        server.stop()
    return rows


def bench_size(builds, engine, vocabulary, size, largest, args, log):
    scratch = tempfile.mkdtemp(prefix=f"jobportal-speed-{engine}-")
    try:
        url = fresh_database(engine, args.pg, scratch)
        first = next(iter(builds.values()))
        seed_s, seeded = run_command(first, url, os.path.join(scratch, "seed"), "seed-bench", "--jobs", str(size),
                                     "--recruiters", str(max(10, size // 200)), "--applicants", "200",
                                     "--vocabulary", vocabulary)
        print(f"== {engine} {vocabulary} {size:,}: {seeded}", flush=True)
        categories = [c["_id"] for c in request_categories(first, url, scratch, log)]
        searches = stream(categories)
        sample = random.Random(1).sample(searches, SAMPLE)
        result = {"engine": engine, "vocabulary": vocabulary, "jobs": size, "seed_s": round(seed_s, 1), "builds": {}}
        for name, binary in builds.items():
            data_dir = os.path.join(scratch, name)
            index_s, indexed = run_command(binary, url, data_dir, "reindex")
            print(f"   {name}: {indexed} in {index_s:.1f} s", flush=True)
            rows = bench_build(name, binary, url, data_dir, searches, sample, largest, args, log, scratch)
            rows["index_s"] = round(index_s, 1)
            result["builds"][name] = rows
            print(f"   {name}: {json.dumps({k: v for k, v in rows.items() if k != 'one at a time'})}", flush=True)
        return result
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        drop_database(engine, args.pg)


def request_categories(binary, url, scratch, log):
    """The categories' ids, read through a short-lived server (the search filters by them)."""
    server = Server(binary, url, os.path.join(scratch, "categories"), log, SEARCH_INDEX="off")
    try:
        return request("GET", f"{server.base}/api/v1/jobs/showAllCategories")[1]["categories"]
    finally:
        server.stop()


def markdown(results, names):
    lines = []
    for result in results:
        lines.append(f"\n### {result['engine']}, {result['vocabulary']} vocabulary, {result['jobs']:,} jobs\n")
        lines.append(f"Seeded in {result['seed_s']} s; index built in "
                     + ", ".join(f"{name} {result['builds'][name]['index_s']} s" for name in names) + ".\n")
        lines.append("| scenario | " + " | ".join(f"{name}: achieved/s, p50, p99, slowest ms" for name in names)
                     + " | ratio |")
        lines.append("|---|" + "---|" * (len(names) + 1))
        for scenario in ["capacity", "at 500/s", "at 500/s while writing"]:
            cells, achieved = [], []
            for name in names:
                row = result["builds"][name].get(scenario)
                if not row:
                    cells.append("")
                    continue
                bad = {k: v for k, v in row["statuses"].items() if k != "200"}
                cells.append(f"{row['achieved']}, {row['p50']}, {row['p99']}, {row['slowest']}"
                             + (f" ({bad})" if bad else ""))
                achieved.append(row["achieved"] if scenario == "capacity" else row["p99"])
            ratio = ""
            if len(achieved) == 2 and all(achieved):
                ratio = (f"{achieved[0] / achieved[1]:.2f}x throughput" if scenario == "capacity"
                         else f"p99 {achieved[1] / achieved[0]:.2f}x lower")
            if any(cells):
                lines.append(f"| {scenario} | " + " | ".join(cells) + f" | {ratio} |")
        for name in names:
            idle = result["builds"][name].get("one at a time")
            if idle:
                lines.append(f"\n{name}, one search at a time ({SAMPLE} URLs, idle machine): mean {idle['mean']} ms, "
                             f"p50 {idle['p50']}, p99 {idle['p99']}, slowest {idle['max']} ms. Ten slowest: "
                             + "; ".join(f"{ms} ms `{query}`" for ms, query in idle["slowest"]) + ".")
            writes = result["builds"][name].get("writes")
            if writes:
                lines.append(f"\n{name}, while writing: {writes['applications']} applications "
                             f"(errors {writes['errors']}) and {writes['posts']} job posts.")
            lines.append(f"\n{name}, server memory (RssAnon) peak per phase: {result['builds'][name]['rss_mb']}.")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--baseline", help="the build to compare with, on the same data and URLs")
    parser.add_argument("--engines", nargs="+", default=["sqlite", "postgres"])
    parser.add_argument("--sizes", nargs="+", type=int, default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--vocabularies", nargs="+", default=["harsh", "zipf"])
    parser.add_argument("--zipf-sizes", nargs="+", type=int, default=[1_000_000],
                        help="sizes run with the zipf vocabulary (every size runs the harsh one)")
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/test")
    parser.add_argument("--out", default="search_speed")
    args = parser.parse_args()
    builds = {"this build": args.binary}
    if args.baseline:
        builds["baseline"] = args.baseline
    names = list(builds)
    os.makedirs(OUT, exist_ok=True)
    results = []
    with open(os.path.join(OUT, f"{args.out}-servers.log"), "w") as log:
        for engine in args.engines:
            for vocabulary in args.vocabularies:
                sizes = sorted(args.sizes) if vocabulary == "harsh" else sorted(args.zipf_sizes)
                for size in sizes:
                    largest = size == max(args.sizes + args.zipf_sizes)
                    results.append(bench_size(builds, engine, vocabulary, size, largest, args, log))
                    with open(os.path.join(OUT, f"{args.out}.json"), "w") as handle:
                        json.dump(results, handle, indent=1)
                    print(markdown(results[-1:], names), flush=True)
    with open(os.path.join(OUT, f"{args.out}.md"), "w") as handle:
        handle.write(markdown(results, names))


if __name__ == "__main__":
    main()
