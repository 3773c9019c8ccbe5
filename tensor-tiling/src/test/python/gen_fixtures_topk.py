#!/usr/bin/python3
"""Writes the numpy fixtures of Mars's topk / argtopk (issue 14 item 1): fixtures/topk.json.

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_topk.py

Same format and conventions as gen_fixtures.py (whose helpers it reuses). The expected order is
numpy's stable sort order of the values (NaN after every number, -0.0 equal to 0.0), reversed
for the largest, with equal values ordered by the lower index in both directions; sorted=False
gives the same k elements by ascending index. The inputs hold ties, NaN, infinities and -0.0
(float) and repeated small integers, so the tie rule is tested, not avoided.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as g  # noqa: E402


class Family(g.Family):
    def __init__(self, name):
        super().__init__(name, "src/test/python/gen_fixtures_topk.py")


def topk(a, k, axis, largest, sorted_):
    """Values and indices of the k best along axis, ties by the lower index."""
    _, inv = np.unique(a.ravel(), return_inverse=True)  # one rank per distinct value, NaNs equal and last
    rank = inv.reshape(a.shape)
    order = np.argsort(-rank if largest else rank, axis=axis, kind="stable")
    idx = np.take(order, np.arange(k), axis=axis)
    if not sorted_:
        idx = np.sort(idx, axis=axis)
    return np.take_along_axis(a, idx, axis=axis), idx.astype(np.int64)


def gen_topk():
    fam = Family("topk")
    arrays = (
        ("float64_1d", g.pool("float64", (13,), 14001, specials=True)),
        ("float32_2d", g.pool("float32", (4, 9), 14002, specials=True)),
        ("int32_2d", g.pool("int32", (5, 7), 14003)),
        ("int64_1d", g.pool("int64", (17,), 14004)),
        ("float64_3d", g.pool("float64", (2, 3, 7), 14005)),
    )
    for name, a in arrays:
        for axis in range(-1, -a.ndim - 1, -1) if a.ndim < 3 else (-1, 0, 1):
            for k in (1, 4):
                if k > a.shape[axis]:
                    continue
                for largest, sorted_ in ((True, True), (False, True), (True, False)):
                    vals, idx = topk(a, k, axis, largest, sorted_)
                    tag = "%s_ax%s_k%d_%s%s" % (name, g.slug(str(axis)), k, "largest" if largest else "smallest",
                                                "" if sorted_ else "_unsorted")
                    params = {"k": k, "axis": axis, "largest": largest, "sorted": sorted_}
                    call = "k=%d, axis=%d, largest=%s, sorted=%s" % (k, axis, largest, sorted_)
                    fam.add("topk_" + tag, "mt.topk(a, %s)" % call, "topk", {"a": a}, params, vals)
                    fam.add("argtopk_" + tag, "mt.argtopk(a, %s)" % call, "argtopk", {"a": a}, params, idx)
    return fam


def main():
    path, n = gen_topk().write()
    print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))


if __name__ == "__main__":
    main()
