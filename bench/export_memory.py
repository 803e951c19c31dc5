#!/usr/bin/env python3
"""Memory of the server while an account's data is downloaded (`make bench-abuse`).

Starts each given build on a fresh SQLite database, signs up a recruiter and an applicant through
the API, gives the applicant CONVERSATIONS applications with MESSAGES long messages each (written
straight into the database file while the server runs, as many days of talk would), then reports
the process's resident memory before, at its peak (VmHWM) through one download, and through four
downloads at once, with the download's size and the statuses the four got. Loopback only; bounded.

usage: export_memory.py BINARY [BASELINE_BINARY] [--conversations 3] [--messages 1000]
"""

import argparse
import concurrent.futures
import json
import os
import sqlite3
import time
import urllib.error
import urllib.request

from server_process import serving, status_kib

PASSWORD = "correct horse battery"


def call(base, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}/api/v1{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def account(base, kind, email, data_dir):
    """A new account's token, signed up with the code its mail carries (written as a file, since
    no SMTP server is set)."""
    call(base, "/auth/sendotp", {"email": email})
    outbox = os.path.join(data_dir, "outbox")
    code = None
    for _ in range(100):
        for name in os.listdir(outbox) if os.path.isdir(outbox) else []:
            text = open(os.path.join(outbox, name), errors="replace").read()
            if email in text:
                code = next((word for word in text.split() if word.isdigit() and len(word) == 6), None)
        if code:
            break
        time.sleep(0.1)
    body = {"firstName": "Ada", "lastName": "Lovelace", "email": email, "password": PASSWORD,
            "confirmPassword": PASSWORD, "accountType": kind, "otp": code}
    return call(base, "/auth/signup", body)["token"]


def download(base, token):
    request = urllib.request.Request(f"{base}/api/v1/auth/account/export",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return response.status, len(response.read())
    except urllib.error.HTTPError as error:
        return error.code, 0


def measure(binary, args):
    with serving(binary, "jobportal-export-") as (base, server):
        data_dir = server.data_dir
        recruiter = account(base, "Recruiter", "bench-r@example.com", data_dir)
        applicant = account(base, "Applicant", "bench-a@example.com", data_dir)
        db = sqlite3.connect(os.path.join(data_dir, "jobportal.db"), timeout=30)
        categories = call(base, "/jobs/showAllCategories")["categories"]
        for n in range(args.conversations):
            job = {"title": f"Archivist {n}", "company": "Acme", "description": "Keep the records.",
                   "maxApplicants": 10, "maxPositions": 1, "dateOfPosting": time.strftime("%Y-%m-%d"),
                   "deadline": time.strftime("%Y-%m-%d", time.gmtime(time.time() + 30 * 86400)),
                   "skillsets": ["records"], "jobType": "Full-time", "salary": 50000,
                   "categoryName": categories[0]["_id"], "location": "Pune"}
            job_id = call(base, "/jobs/createJob", job, recruiter)["data"]["_id"]
            call(base, f"/jobs/apply/{job_id}", {"sop": "I keep records."}, applicant)
        applicant_id = call(base, "/auth/userDetails", token=applicant)["data"]["_id"]
        applications = [row[0] for row in db.execute("SELECT id FROM applications WHERE applicant_id = ?", (applicant_id,))]
        body = "A long message about the work, " * 170  # about 5 kB
        now = int(time.time() * 1000)
        rows = [(f"m-{a}-{n:05}", application, applicant_id, body, now + n)
                for a, application in enumerate(applications) for n in range(args.messages)]
        db.executemany("INSERT INTO application_messages (id, application_id, sender_id, body, created_at) "
                       "VALUES (?, ?, ?, ?, ?)", rows)
        db.commit()
        db.close()
        time.sleep(1)
        before = status_kib(server.pid, "VmRSS")
        status, size = download(base, applicant)
        one = status_kib(server.pid, "VmHWM")
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            four = list(pool.map(lambda _: download(base, applicant), range(4)))
        peak = status_kib(server.pid, "VmHWM")
        return before, status, size, one, four, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("baseline", nargs="?")
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--messages", type=int, default=1000)
    args = parser.parse_args()
    print(f"{args.conversations} conversations x {args.messages} messages of about 5 kB")
    print("| build | download | RSS before | peak through one | peak through four at once | the four's statuses |")
    print("|---|---|---|---|---|---|")
    for name, binary in [("this build", args.binary)] + ([("baseline", args.baseline)] if args.baseline else []):
        before, status, size, one, four, peak = measure(binary, args)
        statuses = ", ".join(str(code) for code, _ in four)
        print(f"| {name} | {status}, {size / 1e6:.1f} MB | {before / 1024:.0f} MB | +{(one - before) / 1024:.0f} MB "
              f"| +{(peak - before) / 1024:.0f} MB | {statuses} |", flush=True)


if __name__ == "__main__":
    main()
