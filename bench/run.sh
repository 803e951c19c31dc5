#!/usr/bin/env bash
# make bench: seed a million jobs on SQLite and on PostgreSQL, then measure search and job-detail
# requests under rate-controlled load with oha. Results go to bench/out/ and are summarised for
# BENCHMARKS.md. Only loopback addresses are used; every run is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."

JOBS=${BENCH_JOBS:-1000000}
RATE=${BENCH_RATE:-1000}
# Without the result cache every search is a database search; on two cores that path saturates
# well below 1000 requests/s (about 120 to 160 a second, see BENCHMARKS.md), so its latency is
# measured at a rate it can carry: above that, latency only measures the queue.
UNCACHED_RATE=${BENCH_UNCACHED_RATE:-100}
DURATION=${BENCH_DURATION:-15s}
ENGINES=${BENCH_ENGINES:-sqlite postgres}
PG_ADMIN=${BENCH_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/test}
PORT=18181
BASE="http://127.0.0.1:$PORT"
# oha reads --rand-regex-url as a regular expression: literal dots and question marks are classes.
BASE_RE="http://127[.]0[.]0[.]1:$PORT"
OUT=bench/out
BIN=server/target/release/jobportal

command -v oha >/dev/null || cargo install oha --locked
(cd server && cargo build --release)
mkdir -p "$OUT"

server_pid=
stop_server() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; server_pid=; }
trap stop_server EXIT

start_server() { # engine data_dir database_url search_cache
  DATA_DIR=$2 DATABASE_URL=$3 SEARCH_CACHE=$4 LISTEN_ADDR=127.0.0.1:$PORT RUST_LOG=warn "$BIN" >"$OUT/$1-server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do curl -sf "$BASE/readyz" >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}

load() { # name rate then oha arguments
  local name=$1 rate=$2; shift 2
  oha --no-tui --output-format json -z "$DURATION" -q "$rate" --latency-correction -c 50 "$@" >"$OUT/$name.json"
  python3 - "$OUT/$name.json" "$name" "$rate" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); s = r["summary"]; p = r["latencyPercentiles"]
codes = r.get("statusCodeDistribution", {})
ms = lambda v: f"{v * 1000:.1f}"
print(f"| {sys.argv[2]} | {sys.argv[3]} | {s['requestsPerSec']:.0f} | {ms(p['p50'])} | {ms(p['p99'])} | {ms(s['slowest'])} | {s['successRate'] * 100:.1f}% | {codes} |")
PY
}

# Varied searches: words from titles, companies and locations, one or two words, several page sizes.
WORDS='(senior|lead|data|cloud|sales|pune|mumbai|acme|globex|analyst|security|remote|principal|payments|hooli)'
MIXED="$BASE_RE/api/v1/jobs/alljobs[?]q=$WORDS(%20(engineer|analyst|manager|labs|systems|bengaluru))?&limit=[1-4][0-9]&page=[1-3]"
# The commonest word in titles (a seniority word heads one title in eight).
COMMON="$BASE_RE/api/v1/jobs/alljobs[?]q=senior&limit=[1-4][0-9]"

for engine in $ENGINES; do
  data=$(mktemp -d)
  case $engine in
    sqlite) url="sqlite://$data/jobportal.db" ;;
    postgres)
      psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS jobportal_bench WITH (FORCE)" -c "CREATE DATABASE jobportal_bench"
      url="${PG_ADMIN%/*}/jobportal_bench" ;;
  esac
  echo "== $engine: seeding $JOBS jobs"
  DATA_DIR=$data DATABASE_URL=$url RUST_LOG=warn "$BIN" seed-bench --jobs "$JOBS" | tee "$OUT/$engine-seed.txt"

  for cache in off on; do
    start_server "$engine" "$data" "$url" "$cache"
    curl -s "$BASE/api/v1/jobs/alljobs?limit=100&page=[1-10]" | python3 -c "
import json, sys
for line in sys.stdin.read().replace('}{', '}\n{').splitlines():
    for job in json.loads(line)['data']: print('$BASE/api/v1/jobs/getJob/' + job['_id'])" >"$OUT/job-urls.txt"
    # Warm the caches of every pooled connection before measuring.
    oha --no-tui -z 5s -q 200 --rand-regex-url "$MIXED" >/dev/null
    search_rate=$([ "$cache" = on ] && echo "$RATE" || echo "$UNCACHED_RATE")
    echo "== $engine, search cache $cache ($DURATION per scenario)"
    echo "| scenario | offered/s | achieved/s | p50 ms | p99 ms | slowest ms | success | statuses |"
    echo "|---|---|---|---|---|---|---|---|"
    load "$engine-cache-$cache-search" "$search_rate" --rand-regex-url "$MIXED"
    load "$engine-cache-$cache-commonest-word" "$search_rate" --rand-regex-url "$COMMON"
    load "$engine-cache-$cache-job-detail" "$RATE" --urls-from-file "$OUT/job-urls.txt"
    load "$engine-cache-$cache-listing" "$RATE" --rand-regex-url "$BASE_RE/api/v1/jobs/alljobs[?]page=[1-9]&limit=20"
    stop_server
  done
  rm -rf "$data"
  if [ "$engine" = postgres ]; then psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS jobportal_bench WITH (FORCE)"; fi
done
