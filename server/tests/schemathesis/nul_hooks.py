"""Schemathesis hooks for run.py (loaded through SCHEMATHESIS_HOOKS=nul_hooks).

NUL characters: PostgreSQL cannot store one in a text value, so a NUL that reaches a query is a
500 there; the server is to answer 400 before that. Schemathesis seldom draws a NUL on its own
(about one string in a hundred or more) and never puts one into a path parameter, so at this
run's size it would hardly ever try one. These hooks put a NUL into one string of the path
parameters, of the query and of the body, each in roughly one generated case in eight (one in
five to one in twelve, as measured). The rest are left exactly as drawn, and the choice comes
from the same seeded source, so the run stays reproducible.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import strategies as st

SHARE = 8  # one case in SHARE gets a NUL in each place that has a string


def string_paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Where the strings are in a JSON-like value (keys of objects, indexes of lists)."""
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in string_paths(item, (*path, key))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in string_paths(item, (*path, index))]
    return []


def with_nul(value: Any, path: tuple, at: int, nul: str) -> Any:
    """A copy of `value` whose string at `path` has `nul` inserted at `at` (the end when shorter)."""
    if not path:
        at = min(at, len(value))
        return value[:at] + nul + value[at:]
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: with_nul(value[head], rest, at, nul)}
    copy = list(value)
    copy[head] = with_nul(value[head], rest, at, nul)
    return copy


def maybe_nul(value: Any, nul: str = "\x00", places: st.SearchStrategy = st.integers(0, 3)) -> st.SearchStrategy:
    paths = string_paths(value)
    if not paths:
        return st.just(value)
    # Hypothesis draws the bounds of a range far more often than the rest, so the one value that
    # puts the NUL in is one from the middle: about one case in SHARE, as measured.
    return st.tuples(st.integers(0, SHARE - 1), st.sampled_from(paths), places).map(
        lambda drawn: with_nul(value, drawn[1], drawn[2], nul) if drawn[0] == SHARE // 2 - 1 else value
    )


@schemathesis.hook
def flatmap_case(context, case):
    # Path parameters are done on the whole case: schemathesis drops a drawn path parameter that
    # holds a NUL before the per-part hooks would see it. By then they are percent-encoded, so the
    # NUL goes in encoded, at the start or the end where it cannot split another escape.
    def put(path_parameters):
        case.path_parameters = path_parameters
        return case

    return maybe_nul(case.path_parameters or {}, "%00", st.sampled_from([0, 1 << 16])).map(put)


@schemathesis.hook
def flatmap_query(context, query):
    return maybe_nul(query)


@schemathesis.hook
def flatmap_body(context, body):
    # JSON bodies, and the text fields of a multipart form; a body of bytes is left alone.
    return maybe_nul(body) if isinstance(body, (dict, list, str)) else st.just(body)
