#!/usr/bin/env python3
"""Compares two results files of the Douban analysis (the JSON that douban_pandas.py and
bin/bench douban write: {"step": {"columns": [...], "rows": [[...], ...]}}).

usage: douban_compare.py EXPECTED.json ACTUAL.json
Same steps, columns, row order and values; numbers within a relative 1e-9. Exit status 1 and
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


def differences(expected, actual):
    out = []
    for step in expected:
        if step not in actual:
            out.append("%s: missing" % step)
            continue
        e, a = expected[step], actual[step]
        if e["columns"] != a["columns"]:
            out.append("%s: columns %s vs %s" % (step, e["columns"], a["columns"]))
        elif len(e["rows"]) != len(a["rows"]):
            out.append("%s: %d rows vs %d" % (step, len(e["rows"]), len(a["rows"])))
        else:
            for i, (x, y) in enumerate(zip(e["rows"], a["rows"])):
                if len(x) != len(y) or not all(same(u, v) for u, v in zip(x, y)):
                    out.append("%s: row %d: %s vs %s" % (step, i, x, y))
                    break
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
