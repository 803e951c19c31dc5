#!/usr/bin/env python3
"""Fails on a literal calendar date given as a deadline or posting date in a test.

A literal date is an ISO date (`2099-12-31`) or Unix milliseconds between 2001 and 2286
(`4102444800000`, `4_102_444_800_000`). It counts as given as such a date when a date word stands
on its line or one of the two lines above it (a JSON key or an SQL column list wrapped before its
values), or when it is a constant's value whose name is used on a line with a date word. JSON
fixtures are read too.

Whether a job is open is judged by the clock, so a test that posts a job with a fixed deadline
starts failing on its own once that day passes. Tests give dates relative to now (the server's
tests through `helpers::day`, `midnight` and `midnight_millis`; the web app's through
`src/testing/dates.ts` and `e2e/dates.ts`), or set the clock themselves. A line may still hold a
literal date next to one of the words below when it, or the line above it, says why with
`fixed clock` (the test sets the time it is judged at) or `fixed date` (nothing judges it
against the time).

Usage: check_test_dates.py [ROOT]   (the repository; default: this script's parent's parent)
       check_test_dates.py --self-test
"""

import re
import sys
from pathlib import Path

DATE = re.compile(
    r"(?<!\d)(19|20|21)\d\d-[01]\d-[0-3]\d(?!\d)"
    r"|(?<![\w.])[1-9]\d{12}(?![\w.])"
    r"|(?<![\w.])[1-9]_\d{3}_\d{3}_\d{3}_\d{3}(?![\w.])"
)
# A name given as a date: `deadline: FAR`, `"dateOfPosting": PAST`, `deadline = FAR`.
DATED_NAME = re.compile(
    r"(?:deadline|dateOfPosting|date_of_posting|datePosted|validThrough|closedAt|closed_at)[\"']?\s*[:=,(]\s*([A-Za-z_]\w*)",
    re.IGNORECASE,
)
CONSTANT = re.compile(r"\b(?:const|let|static|var)\s+(?:mut\s+)?([A-Za-z_]\w*)\b[^=]*=")
DATE_WORDS = re.compile(
    r"deadline|dateOfPosting|date_of_posting|datePosted|validThrough|closedAt|closed_at|posted|"
    r"Application Deadline|Date of Posting",
    re.IGNORECASE,
)
MARKER = re.compile(r"fixed (clock|date)")


def test_files(root: Path):
    """The tests of the server and the web app, with the part of each file that is test code."""
    for path in sorted((root / "server" / "tests").rglob("*.rs")):
        yield path, 0
    for folder in (root / "server" / "tests", root / "web" / "src" / "testing", root / "web" / "e2e"):
        for path in sorted(folder.rglob("*.json")):
            if "node_modules" not in path.parts:
                yield path, 0
    for path in sorted((root / "server" / "src").rglob("*.rs")):
        lines = path.read_text(encoding="utf-8").splitlines()
        # Unit tests sit in the `#[cfg(test)]` module at the end of their file.
        start = next((n for n, line in enumerate(lines) if line.strip() == "#[cfg(test)]"), None)
        if start is not None:
            yield path, start
    web = root / "web"
    for folder in ("src", "e2e"):
        for path in sorted((web / folder).rglob("*.ts*")):
            if "node_modules" in path.parts:
                continue
            name = path.name
            if folder == "e2e" or ".test." in name or "testing" in path.parts:
                yield path, 0


def problems_in(lines, start=0):
    # Constants holding a literal date, by name, and whether a line with a date word uses the name.
    dated_names = set()
    for number in range(start, len(lines)):
        dated_names.update(DATED_NAME.findall(lines[number]))
    found = []
    for number in range(start, len(lines)):
        line = lines[number]
        if not DATE.search(line):
            continue
        # A line above names a date for what follows when it has a date word and no date of its own.
        above_lines = [text for text in lines[max(start, number - 2) : number] if not DATE.search(text)]
        constant = CONSTANT.search(line)
        if not (
            DATE_WORDS.search(line)
            or any(DATE_WORDS.search(text) for text in above_lines)
            or (constant and constant.group(1) in dated_names)
        ):
            continue
        above = lines[number - 1] if number > 0 else ""
        if MARKER.search(line) or MARKER.search(above):
            continue
        found.append((number + 1, line.strip()))
    return found


def self_test():
    sample = [
        '"deadline": "2099-12-31",',  # caught: a literal deadline
        '"dateOfPosting": day(-30), "deadline": day(60),',  # relative: fine
        "const now = Date.parse('2026-06-01T00:00:00Z') // fixed clock",
        "expect(isClosed({ deadline: '2026-05-31T00:00:00Z' }, now)) // fixed clock: now is set above",
        "// fixed date: a pure formatter, no clock reads it",
        "expect(applyBy('2026-12-12T00:00:00Z')).toBe('Apply by 12 Dec 2026') // deadline",
        "at: '2026-03-04T09:05:00Z',",  # no date word: an audit entry's time
        ".fill('2099-12-31') // Application Deadline",  # caught
        "let columns = \"id, title, deadline\";",
        "let values = \"'x', 'Title', 4102444800000\";",  # caught: milliseconds, the column above
        "const FAR = '2099-01-01'",  # caught: the constant is used as a deadline below
        "",
        "",
        "",
        "postJob({ deadline: FAR })",
        "",
        "",
        "const id = 1234567890123",  # a number that is no date: not caught
        "at: 4_102_444_800_000,",  # no date word near: not caught
    ]
    got = [number for number, _ in problems_in(sample)]
    assert got == [1, 8, 10, 11], got
    print("check_test_dates: self-test passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    failures = []
    checked = 0
    for path, start in test_files(root):
        checked += 1
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in problems_in(lines, start):
            failures.append(f"{path.relative_to(root)}:{number}: {line}")
    if checked < 20:
        print(f"check_test_dates: only {checked} test files found under {root}", file=sys.stderr)
        return 1
    if failures:
        print("A test gives a literal calendar date as a deadline or posting date; make it relative to now", file=sys.stderr)
        print("(or mark the line 'fixed clock' / 'fixed date' and say why):", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        return 1
    print(f"check_test_dates: {checked} test files, no literal deadline or posting date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
