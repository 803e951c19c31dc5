#!/usr/bin/env python3
"""make test-schema: schemathesis against the real server binary and its own OpenAPI document.

For each engine (SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, and under CI=true
it must be) this starts the debug build on a fresh database and a free loopback port, signs up an
Applicant and a Recruiter through the API (reading the codes from DATA_DIR/outbox), gives them a
job, an application and a resume so the listings have something to validate, and runs
schemathesis three times: anonymous, as the Applicant and as the Recruiter. Each pass checks
that no response is a 5xx (not_a_server_error) and that every response matches the document
(response_schema_conformance). nul_hooks.py adds NUL characters to about one case in eight.

The run is bounded and reproducible: a fixed seed, a fixed number of examples per operation, one
worker, no example database, a timeout per request, per pass and for the whole run.

Exit status: 0 when every pass is clean, 1 when schemathesis found failures (each distinct one
is listed with a curl command that reproduces it), 2 when the harness itself could not run.
Reports, logs and the server's log of every pass are kept under server/target/schemathesis/.
"""

from __future__ import annotations

import base64
import datetime
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
BIN = Path(os.environ.get("JOBPORTAL_BIN", ROOT / "server/target/debug/jobportal"))
OUT = ROOT / "server/target/schemathesis"

# The version .ci/run installs. The seed reproduces the same inputs only with the same version.
SCHEMATHESIS_VERSION = "4.32.5"
CHECKS = "not_a_server_error,response_schema_conformance"
SEED = int(os.environ.get("SCHEMA_SEED", "20261123"))
MAX_EXAMPLES = int(os.environ.get("SCHEMA_MAX_EXAMPLES", "40"))
REQUEST_TIMEOUT = 10  # seconds, per request schemathesis sends
# Seconds per schemathesis pass and for the whole run (a pass gets at most what is left): about
# four times what the default run takes on two cores, and more for a deeper run asked for by hand.
SCALE = max(1.0, MAX_EXAMPLES / 40)
PASS_TIMEOUT = 240 * SCALE
RUN_BUDGET = 900 * SCALE

CI = os.environ.get("CI") == "true"
PASSWORD = "schema-fuzz-secret-1"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

started = time.monotonic()


class HarnessError(Exception):
    """The harness could not do its part: not a finding about the API."""


def log(message: str) -> None:
    print(f"test-schema: {message}", flush=True)


def remaining() -> float:
    return RUN_BUDGET - (time.monotonic() - started)


# ----- the server ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """The debug build on a fresh DATA_DIR (and the given database), on a free loopback port."""

    def __init__(self, engine: str, database_url: str | None, out: Path):
        self.engine = engine
        self.data_dir = Path(tempfile.mkdtemp(prefix=f"jobportal-schema-{engine}-"))
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {name: os.environ[name] for name in ("PATH", "HOME", "TMPDIR", "LANG") if name in os.environ}
        env.update(
            DATA_DIR=str(self.data_dir),
            LISTEN_ADDR=f"127.0.0.1:{self.port}",
            WEB_DIR=str(self.data_dir / "web"),
            RUST_LOG="info",
            NO_COLOR="1",
            # Fuzzing logs in, and asks for codes and reset mails, thousands of times from one client.
            LOGIN_FAILURE_LIMIT="1000000",
            OTP_ADDRESS_LIMIT="1000000",
            OTP_CLIENT_LIMIT="1000000",
        )
        if database_url:
            env["DATABASE_URL"] = database_url
        self.log_path = out / "server.log"
        self.log_file = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [str(BIN)], env=env, stdout=self.log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
        try:
            self.wait_until_ready()
        except BaseException:
            self.stop()
            raise

    def wait_until_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise HarnessError(f"the {self.engine} server exited ({self.process.returncode}): {self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.base}/readyz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.1)
        raise HarnessError(f"the {self.engine} server was not ready within 60 s: {self.log_tail()}")

    def log_tail(self) -> str:
        if not self.log_file.closed:
            self.log_file.flush()
        return self.log_path.read_text(errors="replace")[-2000:].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log_file.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)


# ----- the API, for the fixture ----------------------------------------------------------------


def call(server: Server, method: str, path: str, body=None, token: str | None = None, multipart=None) -> dict:
    headers = {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if multipart is not None:
        field, filename, content = multipart
        boundary = "schemathesis-fixture-boundary"
        data = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
            f"Content-Type: application/pdf\r\n\r\n".encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server.base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise HarnessError(f"fixture: {method} {path} answered {error.code}: {error.read()[:500]!r}") from None


def unfolded_headers(mail: str) -> str:
    return re.sub(r"\r?\n(?=[ \t])", "", re.split(r"\r?\n\r?\n", mail, maxsplit=1)[0])


def signup_code(server: Server, address: str) -> str:
    """The code in the newest signup mail to `address` in DATA_DIR/outbox (as web/e2e/mail.ts reads it)."""
    outbox = server.data_dir / "outbox"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        mails = sorted(outbox.glob("*.eml"), key=lambda path: path.stat().st_mtime, reverse=True) if outbox.is_dir() else []
        for path in mails:
            headers = unfolded_headers(path.read_text(errors="replace"))
            if re.search(rf"^To: {re.escape(address)}$", headers, re.M):
                found = re.search(r"^Subject: Your jobportal verification code: (\d{6})", headers, re.M)
                if found:
                    return found.group(1)
        time.sleep(0.1)
    raise HarnessError(f"fixture: no signup code for {address} in {outbox} within 15 s")


def sign_up_and_log_in(server: Server, account_type: str) -> str:
    address = f"{account_type.lower()}@schemathesis.example.com"
    call(server, "POST", "/api/v1/auth/sendotp", {"email": address})
    code = signup_code(server, address)
    call(
        server,
        "POST",
        "/api/v1/auth/signup",
        {
            "accountType": account_type,
            "firstName": "Schema",
            "lastName": account_type,
            "email": address,
            "password": PASSWORD,
            "confirmPassword": PASSWORD,
            "otp": code,
        },
    )
    return call(server, "POST", "/api/v1/auth/login", {"email": address, "password": PASSWORD})["token"]


def fixture(server: Server) -> dict[str, str]:
    """An Applicant and a Recruiter, a job of the Recruiter's, the Applicant's application to it and
    resume, so that listings, profiles and applications return data to validate. Returns the tokens."""
    tokens = {role: sign_up_and_log_in(server, role.capitalize()) for role in ("applicant", "recruiter")}
    categories = call(server, "GET", "/api/v1/jobs/showAllCategories")
    category = categories["categories"][0]["_id"]
    today = datetime.date.today()
    job = {
        "title": "Schema Engineer",
        "company": "Fuzz Labs",
        "description": "Keeps the API and its OpenAPI document in step.",
        "location": "Pune",
        "salary": 90000,
        "maxApplicants": 50,
        "maxPositions": 2,
        "dateOfPosting": today.isoformat(),
        "deadline": (today + datetime.timedelta(days=60)).isoformat(),
        "skillsets": ["rust", "openapi"],
        "jobType": "Full-time",
        "categoryName": category,
    }
    created = call(server, "POST", "/api/v1/jobs/createJob", job, tokens["recruiter"])
    job_id = created["data"]["_id"]
    call(server, "POST", "/api/v1/upload/uploadResume", token=tokens["applicant"], multipart=("resume", "cv.pdf", PDF))
    call(server, "POST", f"/api/v1/jobs/apply/{job_id}", {"sop": "I write property-based tests."}, tokens["applicant"])
    return tokens


# ----- PostgreSQL ------------------------------------------------------------------------------


def psql(admin_url: str, sql: str) -> None:
    if shutil.which("psql") is None:
        raise HarnessError("psql is not installed, so no PostgreSQL database can be made for the run")
    done = subprocess.run(
        ["psql", admin_url, "-v", "ON_ERROR_STOP=1", "-qXc", sql], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise HarnessError(f"psql {sql!r} failed: {done.stderr.strip()}")


def with_database(admin_url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(admin_url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


# ----- schemathesis ----------------------------------------------------------------------------


def schemathesis(server: Server, name: str, out: Path, token: str | None, extra: list[str]) -> dict:
    """One schemathesis pass; returns its JSON report, with the NDJSON events at `events`."""
    report_dir = out / name
    command = [
        sys.executable, "-m", "schemathesis.cli",
        "--config-file", str(HERE / "schemathesis.toml"),
        "--no-color",
        "run", f"{server.base}/api/v1/openapi.json",
        "--checks", CHECKS,
        "--seed", str(SEED),
        "--max-examples", str(MAX_EXAMPLES),
        "--workers", "1",
        "--generation-database", "none",
        "--request-timeout", str(REQUEST_TIMEOUT),
        "--report", "json,ndjson,junit",
        # The reports keep the real headers, so a failure's curl command is exact; the tokens are
        # of a throwaway server, and the listing below prints them as $APPLICANT_TOKEN and the like.
        "--output-sanitize", "false",
        "--report-dir", str(report_dir),
        *extra,
    ]  # fmt: skip
    if token:
        command += ["--header", f"Authorization: Bearer {token}"]
    # nul_hooks.py puts NUL characters where schemathesis alone would seldom or never try one.
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "nul_hooks", "PYTHONDONTWRITEBYTECODE": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))
    budget = min(PASS_TIMEOUT, remaining())
    if budget <= 10:
        raise HarnessError(f"the run's {RUN_BUDGET} s budget is spent before the {server.engine} {name} pass")
    began = time.monotonic()
    with open(out / f"{name}.log", "w") as output:
        try:
            # In `out`, so that the crash files schemathesis keeps (for `st replay`) stay out of the tree.
            done = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, timeout=budget, cwd=out, env=env)
        except subprocess.TimeoutExpired:
            raise HarnessError(f"the {server.engine} {name} pass took longer than {budget:.0f} s") from None
    elapsed = time.monotonic() - began
    reports = sorted(report_dir.glob("json-*.json"))
    if not reports:
        raise HarnessError(f"the {server.engine} {name} pass left no report (exit {done.returncode}); see {out / name}.log")
    report = json.loads(reports[-1].read_text())
    report["events"] = sorted(report_dir.glob("ndjson-*.ndjson"))[-1]
    report["elapsed"] = elapsed
    if done.returncode not in (0, 1) or (done.returncode == 1 and not (report.get("failures") or report.get("errors"))):
        raise HarnessError(f"schemathesis exited {done.returncode} in the {server.engine} {name} pass; see {out / name}.log")
    return report


SKIPPED_HEADERS = {"user-agent", "accept", "accept-encoding", "connection", "content-length", "x-schemathesis-testcaseid"}


def curl(request: dict, tokens: dict[str, str]) -> str:
    parts = ["curl", "-sS", "-i", "-X", request["method"], shlex.quote(request["uri"])]
    names = {f"Bearer {token}": f"Bearer ${role.upper()}_TOKEN" for role, token in tokens.items()}
    for header, values in request.get("headers", {}).items():
        if header.lower() in SKIPPED_HEADERS:
            continue
        for value in values:
            if value in names:
                parts += ["-H", f'"{header}: {names[value]}"']
            else:
                parts += ["-H", shlex.quote(f"{header}: {value}")]
    body = request.get("body")
    if body and "$base64" in body:
        raw = base64.b64decode(body["$base64"])
        text = raw.decode("utf-8", "replace")
        if text.encode() == raw and text.isprintable():
            parts += ["--data-binary", shlex.quote(text)]
        else:
            escaped = "".join(chr(byte) if 32 <= byte < 127 and byte not in (39, 92) else f"\\x{byte:02x}" for byte in raw)
            return f"printf '%b' '{escaped}' | " + " ".join(parts + ["--data-binary", "@-"])
    return " ".join(parts)


def failures(report: dict, engine: str, role: str, tokens: dict[str, str]) -> list[dict]:
    """Every failed check of a pass, one entry per request, with what reproduces it."""
    found = []
    with open(report["events"]) as events:
        for line in events:
            event = json.loads(line)
            scenario = event.get("ScenarioFinished")
            if not scenario or scenario.get("status") != "failure":
                continue
            recorder = scenario["recorder"]
            for case_id, checks in recorder.get("checks", {}).items():
                for check in checks:
                    if check.get("status") != "failure":
                        continue
                    failure = check["failure_info"]["failure"]
                    interaction = recorder.get("interactions", {}).get(case_id) or {}
                    request, response = interaction.get("request"), interaction.get("response") or {}
                    content = response.get("content") or {}
                    body = base64.b64decode(content["$base64"]).decode("utf-8", "replace") if "$base64" in content else ""
                    message = failure.get("message", "")
                    found.append(
                        {
                            "engine": engine,
                            "role": role,
                            "operation": failure.get("operation") or recorder["label"],
                            "check": check["name"],
                            "title": f"{failure.get('code', '')} {failure.get('title', '')}".strip(),
                            "detail": message.splitlines()[0] if message else "",
                            "status": response.get("status_code"),
                            "body": body,
                            "curl": curl(request, tokens) if request else "(no request recorded)",
                            "size": len(json.dumps(request)) if request else 1 << 30,
                        }
                    )
    # Errors are findings too: a request that times out or finds the server gone.
    for error in report.get("errors") or []:
        found.append(
            {
                "engine": engine,
                "role": role,
                "operation": str(error.get("operation") or error.get("label") or "?") if isinstance(error, dict) else "?",
                "check": "error",
                "title": "schemathesis error",
                "detail": json.dumps(error)[:300],
                "status": None,
                "body": "",
                "curl": "(see the pass's log)",
                "size": 1 << 30,
            }
        )
    return found


def deduplicated(found: list[dict]) -> list[dict]:
    """One entry per operation, check, kind of failure and status, with the shortest request that
    shows it and every engine and role that met it."""
    distinct: dict[tuple, dict] = {}
    for item in found:
        key = (item["operation"], item["check"], item["title"], item["detail"], item["status"])
        seen = distinct.get(key)
        if seen is None:
            distinct[key] = seen = {**item, "engines": set(), "roles": set()}
        elif item["size"] < seen["size"]:
            seen.update({name: item[name] for name in ("curl", "body", "size", "role", "engine")})
        seen["engines"].add(item["engine"])
        seen["roles"].add(item["role"])
    return sorted(distinct.values(), key=lambda item: (item["operation"], item["check"], str(item["status"])))


# ----- the run ---------------------------------------------------------------------------------


def run_engine(engine: str, admin_url: str | None) -> tuple[list[dict], dict]:
    out = OUT / engine
    out.mkdir(parents=True)
    database_url, database = None, None
    if engine == "postgres":
        database = f"jobportal_schema_{os.getpid()}_{int(time.time())}"
        psql(admin_url, f"CREATE DATABASE {database}")
        database_url = with_database(admin_url, database)
    began = time.monotonic()
    server = None
    found: list[dict] = []
    stats = {"cases": 0, "passes": 0}
    try:
        server = Server(engine, database_url, out)
        tokens = fixture(server)
        # Logout ends the session of the token it is sent with, so in a signed-in pass it would turn
        # every later request into a 401. Each signed-in pass leaves it out and a last pass per role
        # covers it on its own; the anonymous pass covers it as it does everything else.
        # The notification stream stays open for 15 minutes by design (the integration tests read
        # it), so the signed-in passes leave it out too.
        stream = ["--exclude-path", "/api/v1/auth/notifications/stream"]
        passes = [
            ("anonymous", None, []),
            ("applicant", tokens["applicant"], ["--exclude-path", "/api/v1/auth/logout", *stream]),
            ("recruiter", tokens["recruiter"], ["--exclude-path", "/api/v1/auth/logout", *stream]),
            ("applicant-logout", tokens["applicant"], ["--include-path", "/api/v1/auth/logout"]),
            ("recruiter-logout", tokens["recruiter"], ["--include-path", "/api/v1/auth/logout"]),
        ]
        for name, token, extra in passes:
            report = schemathesis(server, name, out, token, extra)
            role = name.split("-")[0]
            mine = failures(report, engine, role, tokens)
            if server.process.poll() is not None:
                mine.append(
                    {
                        "engine": engine,
                        "role": role,
                        "operation": "(the server)",
                        "check": "the server stays up",
                        "title": f"exited with {server.process.returncode}",
                        "detail": server.log_tail()[-300:],
                        "status": None,
                        "body": "",
                        "curl": f"(see {server.log_path})",
                        "size": 0,
                    }
                )
            found += mine
            cases = report.get("test_cases", {}).get("generated", 0)
            stats["cases"] += cases
            stats["passes"] += 1
            log(
                f"{engine} {name}: {cases} test cases in {report['elapsed']:.0f} s, "
                f"{'no failures' if not mine else f'{len(mine)} failed checks'} ({out / name}.log)"
            )
            if server.process.poll() is not None:
                log(f"{engine}: the server exited; the remaining passes are skipped")
                break
    finally:
        if server:
            server.stop()
        if database:
            try:
                psql(admin_url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            except HarnessError as error:
                log(f"warning: {error}")
    stats["seconds"] = time.monotonic() - began
    return found, stats


def engines() -> list[tuple[str, str | None]]:
    chosen: list[tuple[str, str | None]] = [("sqlite", None)]
    admin_url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if admin_url:
        psql(admin_url, "SELECT 1")  # asked for, so unreachable is a failure, never a skip
        chosen.append(("postgres", admin_url))
    elif CI:
        raise HarnessError("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run must run, not be skipped")
    else:
        log("TEST_DATABASE_URL is not set: the PostgreSQL run is skipped")
    return chosen


def interrupted(*_) -> None:
    raise KeyboardInterrupt


def main() -> int:
    # SIGTERM (a CI timeout) unwinds like Ctrl-C, so the server stops and the database is dropped.
    signal.signal(signal.SIGTERM, interrupted)
    try:
        import schemathesis as installed
    except ImportError:
        log(f"schemathesis is not installed: pip install schemathesis=={SCHEMATHESIS_VERSION}")
        return 2
    if installed.__version__ != SCHEMATHESIS_VERSION:
        log(f"warning: schemathesis {installed.__version__} is installed; the seed reproduces {SCHEMATHESIS_VERSION}'s inputs")
    if not BIN.is_file():
        log(f"{BIN} is missing: run `make server-debug` first")
        return 2
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    log(f"seed {SEED}, {MAX_EXAMPLES} examples per operation, checks {CHECKS}")

    found: list[dict] = []
    timings = []
    try:
        for engine, admin_url in engines():
            engine_found, stats = run_engine(engine, admin_url)
            found += engine_found
            timings.append(f"{engine} {stats['seconds']:.0f} s ({stats['cases']} cases)")
    except HarnessError as error:
        log(f"error: {error}")
        log(f"FAILED to run ({time.monotonic() - started:.0f} s); logs in {OUT}")
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 2
    except Exception:
        traceback.print_exc()
        log(f"FAILED to run ({time.monotonic() - started:.0f} s); logs in {OUT}")
        return 2

    distinct = deduplicated(found)
    summary = {"findings": [{k: (sorted(v) if isinstance(v, set) else v) for k, v in item.items()} for item in distinct]}
    (OUT / "findings.json").write_text(json.dumps(summary, indent=2))
    for number, item in enumerate(distinct, 1):
        print(f"\n{number}. {item['operation']}: {item['check']} ({item['title']}) on {', '.join(sorted(item['engines']))}, "
              f"as {', '.join(sorted(item['roles']))}")
        if item["detail"]:
            print(f"   {item['detail']}")
        print(f"   got {item['status']}: {item['body'][:300]}")
        print(f"   reproduce: {item['curl']}")
    total = time.monotonic() - started
    if distinct:
        print()
        log(f"FAILED: {len(distinct)} distinct failures in {len(found)} failed checks; {', '.join(timings)}; "
            f"{total:.0f} s in all. Reports in {OUT}")
        return 1
    log(f"passed: {', '.join(timings)}; {total:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
