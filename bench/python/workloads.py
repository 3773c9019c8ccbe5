#!/usr/bin/env python3
"""The numpy / numexpr / pandas side of the benchmark harness (Debian's python3-numpy,
python3-numexpr, python3-pandas).

usage: workloads.py WORKLOAD IMPL N CHUNK REPEATS
Prints one `time=<seconds>` line per timed repeat (after one warm-up) and `result=<value>`.
"""
import sys
import time

import numpy as np


def w1(impl, n, chunk):
    rng = np.random.default_rng(1)
    inside = 0
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        a = rng.uniform(-1, 1, size=(m, 2))
        if impl == "numexpr":
            import numexpr as ne
            x = a[:, 0]
            y = a[:, 1]
            inside += int(ne.evaluate("sum(where(sqrt(x * x + y * y) < 1, 1, 0))"))
        else:
            inside += int((np.sqrt((a * a).sum(axis=1)) < 1).sum())
    return 4.0 * inside / n


def w2(impl, n, chunk):
    x = np.random.random(n)
    if impl == "numexpr":
        import numexpr as ne
        return float(ne.evaluate("sum((x + 1) * 2)"))
    return float(((x + 1) * 2).sum())


def w3(impl, n, chunk):
    a = np.random.random((n, n))
    return float((a.dot(a.T) - a).std())


def r1(impl, n, chunk):
    import pandas as pd
    x = pd.Series(np.random.random(n))
    return float(x.rolling(20).mean().sum())


def r2(impl, n, chunk):
    import pandas as pd
    x = pd.Series(np.random.random(n))
    return float(x.median())


_loaded = {}


def l1(impl, n, threads):
    """KMeans, 20 Lloyd iterations from the first 8 rows, on the float64 rows the harness wrote
    (loaded once, by the warm-up run: the timed runs are the fit only)."""
    import os
    import warnings

    from sklearn.cluster import KMeans
    from threadpoolctl import threadpool_limits
    if "l1" not in _loaded:
        _loaded["l1"] = np.fromfile(os.environ["BENCH_DATA"], dtype="<f8").reshape(n, 16)
    x = _loaded["l1"]
    with warnings.catch_warnings(), threadpool_limits(limits=threads):
        warnings.simplefilter("ignore")
        km = KMeans(8, init=x[:8].copy(), n_init=1, max_iter=20, tol=0, algorithm="lloyd").fit(x)
    if km.n_iter_ != 20:
        raise SystemExit("converged after %d iterations" % km.n_iter_)
    return float(km.inertia_)


def main():
    workload, impl, n, chunk, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    fn = {"W1": w1, "W2": w2, "W3": w3, "R1": r1, "R2": r2, "L1": l1}[workload]
    result = fn(impl, n, chunk)  # warm-up
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn(impl, n, chunk)
        print("time=%.6f" % (time.perf_counter() - t0), flush=True)
    print("result=%r" % result)


if __name__ == "__main__":
    main()
