# jobportal: `make run` serves the whole product on SQLite; `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

CARGO ?= cargo
SERVER := server
WEB := web
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run test check-dates test-a-year-ahead test-server test-web test-e2e test-schema web-deps web-build server-release server-debug server-bench bench bench-web bench-abuse bench-pages bench-reads bench-first-reads bench-applications bench-cluster bench-search-speed bench-applicant-search bench-feed

run: web-build server-release
	WEB_DIR=$(CURDIR)/$(WEB)/dist ./$(SERVER)/target/release/jobportal

test: check-dates test-server test-web test-e2e test-schema

web-deps: $(WEB)/node_modules/.package-lock.json

$(WEB)/node_modules/.package-lock.json: $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund

web-build: web-deps
	cd $(WEB) && npm run build

server-release:
	cd $(SERVER) && $(CARGO) build --release

server-debug:
	cd $(SERVER) && $(CARGO) build

# The release build with `jobportal seed-bench` (the bench-data feature), which the product leaves out.
server-bench:
	cd $(SERVER) && $(CARGO) build --release --features bench-data

# No test gives a literal calendar date as a deadline or posting date (it would expire).
check-dates:
	python3 scripts/check_test_dates.py --self-test
	python3 scripts/check_test_dates.py

# The server's tests and the browser journeys with the clock a year ahead (libfaketime, from
# Debian's packages): proves that no test depends on the calendar. Run it by hand before a
# change to dates or time in tests lands; CI keeps check-dates instead. FAKE_OFFSET changes it.
# Doc tests are left out: rustdoc hangs under libfaketime, and the crate has none.
FAKE_OFFSET ?= +365d
test-a-year-ahead: web-build server-debug
	command -v faketime >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null)
	cd $(SERVER) && $(CARGO) test --no-run
	cd $(SERVER) && faketime -f "$(FAKE_OFFSET)" $(CARGO) test --lib --tests
	cd $(WEB) && JOBPORTAL_BIN=$(CURDIR)/$(SERVER)/target/debug/jobportal faketime -f "$(FAKE_OFFSET)" npm run e2e

# Formatting and lints first, then the server's unit and integration tests: SQLite always,
# PostgreSQL too when TEST_DATABASE_URL is set; pushes are received by a real push test service
# (web-push-testing, from the web app's packages). The integration tests also check every response
# against the OpenAPI document and the document against its snapshot, server/openapi.json. On
# PostgreSQL one runs two instances behind HAProxy (Debian's package, installed here if missing).
test-server: web-deps
	command -v haproxy >/dev/null || [ -z "$${TEST_DATABASE_URL:-}" ] || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null)
	cd $(SERVER) && $(CARGO) fmt --check
	cd $(SERVER) && $(CARGO) clippy --all-targets --quiet -- -D warnings
	cd $(SERVER) && $(CARGO) test

# The web app's API types must be those generated from server/openapi.json (`npm run api-types`
# regenerates them); then the type check and lints, then the unit tests.
test-web: web-deps
	cd $(WEB) && npm run api-types:check
	cd $(WEB) && npm run lint
	cd $(WEB) && npm test

# Browser journeys in Debian's Chromium against the real server (debug build) on a fresh SQLite;
# then, when TEST_DATABASE_URL is set, the hiring journey again on a fresh PostgreSQL database.
test-e2e: web-build server-debug
	cd $(WEB) && JOBPORTAL_BIN=$(CURDIR)/$(SERVER)/target/debug/jobportal npm run e2e
	@if [ -n "$${TEST_DATABASE_URL:-}" ]; then \
	  db=e2e_hiring_$$$$; \
	  psql -q "$$TEST_DATABASE_URL" -c "CREATE DATABASE $$db" || exit 1; \
	  (cd $(WEB) && E2E_DATABASE_URL="$${TEST_DATABASE_URL%/*}/$$db" JOBPORTAL_BIN=$(CURDIR)/$(SERVER)/target/debug/jobportal \
	    npx playwright test e2e/hiring.spec.ts); status=$$?; \
	  psql -q "$$TEST_DATABASE_URL" -c "DROP DATABASE $$db WITH (FORCE)"; \
	  exit $$status; \
	fi

# Schemathesis against the real server (debug build) and its OpenAPI document: anonymous, as an
# Applicant and as a Recruiter, on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL; a fixed
# seed and number of examples (server/tests/schemathesis/run.py).
test-schema: server-debug
	python3 $(SERVER)/tests/schemathesis/run.py

# Seeds 10k, 100k and 1M jobs on each engine and measures search through the index against the
# database path, with writes, nonsense searches and memory (bench/search.py, BENCHMARKS.md); then the stream of distinct searches (bench/search_speed.py).
bench: server-bench
	command -v oha >/dev/null || cargo install oha --locked
	python3 bench/search.py $(SERVER)/target/release/jobportal
	python3 bench/search_speed.py $(SERVER)/target/release/jobportal $(if $(BASELINE),--baseline $(BASELINE))
	python3 bench/applicant_search.py $(SERVER)/target/release/jobportal
	python3 bench/feed_memory.py $(SERVER)/target/release/jobportal

# The server's memory while the whole job feed of a million open jobs is read, alone and twice at
# once, and a third reader refused meanwhile (bench/feed_memory.py, BENCHMARKS.md#job-feed).
bench-feed: server-bench
	python3 bench/feed_memory.py $(SERVER)/target/release/jobportal

# The hiring team's applicant search over 50,000 applications of one company, with applications
# being written, beside the public job search at the same rate (bench/applicant_search.py).
bench-applicant-search: server-bench
	command -v oha >/dev/null || cargo install oha --locked
	python3 bench/applicant_search.py $(SERVER)/target/release/jobportal

# Issue 26's stream of 20,000 distinct searches at 10k, 100k and 1M jobs (and 1M with a Zipf
# vocabulary) on both engines, beside BASELINE (a release binary of an earlier commit) when given:
# make bench-search-speed BASELINE=/path/to/old/jobportal (bench/search_speed.py, BENCHMARKS.md).
bench-search-speed: server-bench
	command -v oha >/dev/null || cargo install oha --locked
	python3 bench/search_speed.py $(SERVER)/target/release/jobportal $(if $(BASELINE),--baseline $(BASELINE))

# The public pages on a seeded SQLite: a job's page (its head written by the server)
# beside the same job as JSON and a plain screen, and the sitemap's files (bench/pages.py, BENCHMARKS.md).
bench-pages: web-build server-bench
	command -v oha >/dev/null || cargo install oha --locked
	python3 bench/pages.py $(SERVER)/target/release/jobportal $(WEB)/dist

# Applications only, on a board that has taken applications before (each run clears the last
# run's), ours and BASELINE (a release binary of an earlier commit) in turn on the same board, each
# run counted back in the database (bench/applications.py, BENCHMARKS.md). It makes and drops its own
# PostgreSQL database on 127.0.0.1:5432.
bench-applications: server-bench
	python3 bench/applications.py $(SERVER)/target/release/jobportal $(if $(BASELINE),--baseline $(BASELINE))

# Issue 29: job pages, getJob, a plain page and the largest asset beside nginx (Debian's package)
# serving the same bytes from files, in the same run, on SQLite and PostgreSQL; then 64 applicants
# applying, counted in the database afterwards (bench/reads.py, BENCHMARKS.md), with 50 applications
# a second to the jobs being read going on. BASELINE=path/to/an/older/jobportal measures that binary
# in the same run. It makes and drops its own databases on 127.0.0.1:5432.
bench-reads: web-build server-bench
	command -v oha >/dev/null || cargo install oha --locked
	command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null)
	python3 bench/reads.py $(SERVER)/target/release/jobportal $(WEB)/dist --writes 50 $(if $(BASELINE),--baseline $(BASELINE))

# First reads of job pages alone (no page asked twice of a process), with the server's CPU a
# request and its memory, ours and BASELINE in turn on one board, with no encoding and with
# brotli, SQLite then PostgreSQL (bench/first_reads.py, BENCHMARKS.md).
bench-first-reads: web-build server-bench
	command -v oha >/dev/null || cargo install oha --locked
	python3 bench/first_reads.py $(WEB)/dist $(SERVER)/target/release/jobportal $(BASELINE) --encodings identity,br
	python3 bench/first_reads.py $(WEB)/dist $(SERVER)/target/release/jobportal $(BASELINE) --engine postgres --encodings identity,br

# Search, job pages and applications on PostgreSQL through HAProxy (deploy/haproxy.cfg, Debian's
# package) in front of one and of two instances, beside the same load sent straight to one
# (bench/cluster.py, BENCHMARKS.md); it makes and drops its own database on 127.0.0.1:5432.
bench-cluster: server-bench
	command -v oha >/dev/null || cargo install oha --locked
	command -v haproxy >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null)
	python3 bench/cluster.py $(SERVER)/target/release/jobportal $(WEB)/dist

# Lighthouse (mobile) on /, /jobs, /login, a job page and a category page in Debian's Chromium, with
# the longest task of the app's scripts; run it on an idle machine (bench/lighthouse/run.mjs,
# BENCHMARKS.md).
bench-web: web-build server-bench
	command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)
	cd bench/lighthouse && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
	node bench/lighthouse/run.mjs $(SERVER)/target/release/jobportal $(WEB)/dist
	# BASELINE_WEB=another build's dist: both builds' first visits interleaved, side by side.
	if [ -n "$(BASELINE_WEB)" ]; then node bench/lighthouse/compare.mjs $(SERVER)/target/release/jobportal 3 Home,Jobs,Login,Job,Category $(WEB)/dist $(BASELINE_WEB); fi

# Memory through 200 parallel logins, and whether the reset answer's timing tells an account exists.
bench-abuse: server-bench
	python3 bench/login_memory.py $(SERVER)/target/release/jobportal 200
	python3 bench/reset_timing.py $(SERVER)/target/release/jobportal 600
	python3 bench/held_connections.py $(SERVER)/target/release/jobportal $(if $(BASELINE),--baseline $(BASELINE))
	python3 bench/export_memory.py $(SERVER)/target/release/jobportal $(BASELINE)
