"""One search at a time, on an otherwise idle machine: the latency of broad and narrow searches and
the totals they answer, for two server builds side by side on the same board (the bounded
counts; BENCHMARKS.md#bounded-counts). The board is a DATA_DIR seeded with `jobportal seed-bench
--jobs N`; each build keeps its own index beside it.

    python3 bench/counts.py BEFORE_BINARY AFTER_BINARY DATA_DIR
"""
import json, os, statistics, subprocess, sys, time, urllib.request
if len(sys.argv) != 4:
    sys.exit(__doc__)
BINS = {"before": sys.argv[1], "after": sys.argv[2]}
DATA_DIR = sys.argv[3]
QUERIES = [
    ("browse open, newest", "openOnly=true&page=1&limit=20"),
    ("browse all", "page=1&limit=20"),
    ("security audit, newest", "q=security%20audit&sort=newest&openOnly=true&limit=20"),
    ("security audit, best match", "q=security%20audit&openOnly=true&limit=20"),
    ("rust", "q=rust&openOnly=true&limit=20"),
    ("python developer, full-time", "q=python%20developer&jobType=Full-time&openOnly=true&limit=20"),
    ("rust, remote, posted 7 days", "q=rust&workMode=Remote&postedWithin=7&openOnly=true&limit=20"),
]
def get(port, q):
    t = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/jobs/alljobs?{q}") as r:
        body = json.load(r)
    return (time.perf_counter() - t) * 1000, body
results = {}
for name, binary in BINS.items():
    port = 19100 + len(results)
    env = dict(os.environ, DATA_DIR=DATA_DIR, INDEX_DIR=f"{DATA_DIR}/index-{name}", LISTEN_ADDR=f"127.0.0.1:{port}", PUBLIC_URL=f"http://127.0.0.1:{port}")
    server = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 900
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz") as r:
                    if json.load(r).get("searchIndex") == "ready": break
            except Exception: pass
            time.sleep(1)
        for _, q in QUERIES: get(port, q)  # warm
        for label, q in QUERIES:
            times, body = [], None
            for _ in range(25):
                ms, body = get(port, q)
                times.append(ms)
            results.setdefault(label, {})[name] = (statistics.median(times), max(times), body["total"], body.get("totalExact"), [j["title"] for j in body["data"][:3]])
    finally:
        server.terminate(); server.wait()
print("| search | before: median (max) ms, total | after: median (max) ms, total (exact) |")
print("|---|---|---|")
for label, r in results.items():
    b, a = r["before"], r["after"]
    print(f"| {label} | {b[0]:.1f} ({b[1]:.1f}), {b[2]:,} | {a[0]:.1f} ({a[1]:.1f}), {a[2]:,} ({'exact' if a[3] else 'estimate'}) |")
print(json.dumps({k: {n: v[4] for n, v in r.items()} for k, r in results.items()}, indent=1))
