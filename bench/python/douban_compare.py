#!/usr/bin/env python3
"""Compares two results files of the Douban analysis (the JSON that douban_pandas.py and
bin/bench douban write: {"step": {"columns": [...], "rows": [[...], ...]}}).

usage: douban_compare.py EXPECTED.json ACTUAL.json
Same steps, columns, row order and values; numbers within a relative 1e-9; rows whose float
columns (means) tie within that tolerance may come in any order. Exit status 1 and
one line per difference when they differ.
"""
import json
import math
import sys


def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        if isinstance(a, float) and math.isnan(a) or isinstance(b, float) and math.isnan(b):
            return isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)
        return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    return a == b


def tied(x, y, floats):
    return all(j < len(x) and j < len(y) and same(x[j], y[j]) for j in floats)


def same_row(x, y):
    return len(x) == len(y) and all(same(u, v) for u, v in zip(x, y))


def step_difference(e, a):
    """None when equal; rows of the expected result whose float columns (means) tie within the
    tolerance may come in any order (their order hangs on each engine's summation order)."""
    if e["columns"] != a["columns"]:
        return "columns %s vs %s" % (e["columns"], a["columns"])
    erows, arows = e["rows"], a["rows"]
    if len(erows) != len(arows):
        return "%d rows vs %d" % (len(erows), len(arows))
    floats = [j for j in range(len(e["columns"]))
              if any(j < len(r) and isinstance(r[j], float) for r in erows)]
    i = 0
    while i < len(erows):
        end = i + 1
        while floats and end < len(erows) and tied(erows[i], erows[end], floats):
            end += 1
        pool = list(erows[i:end])
        for k in range(i, end):
            match = next((n for n, r in enumerate(pool) if same_row(arows[k], r)), None)
            if match is None:
                return "row %d: %s vs %s%s" % (k, erows[k], arows[k],
                                               " (rows %d..%d tie)" % (i, end - 1) if end - i > 1 else "")
            pool.pop(match)
        i = end
    return None


def differences(expected, actual):
    out = []
    for step in expected:
        if step not in actual:
            out.append("%s: missing" % step)
            continue
        d = step_difference(expected[step], actual[step])
        if d:
            out.append("%s: %s" % (step, d))
    out += ["%s: not expected" % s for s in actual if s not in expected]
    return out


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        expected = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        actual = json.load(f)
    diffs = differences(expected, actual)
    for d in diffs:
        print(d)
    print("%s: %s" % (sys.argv[2], "differs from %s" % sys.argv[1] if diffs else "equal to %s" % sys.argv[1]))
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
