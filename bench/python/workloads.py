#!/usr/bin/env python3
"""The numpy / numexpr / pandas side of the benchmark harness (Debian's python3-numpy,
python3-numexpr, python3-pandas).

usage: workloads.py WORKLOAD IMPL N CHUNK REPEATS
Prints one `time=<seconds>` line per timed repeat (after one warm-up) and `result=<value>`.
For the learn workloads (L2, L3) CHUNK is the number of features, and the times are of the fit
alone (the data is generated once, before the warm-up).
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


def r3(impl, n, chunk):
    import pandas as pd
    x = pd.Series(np.random.random(n))
    y = pd.Series(np.random.random(n))
    return float(((3 * x - y) > 1).mean())


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


_DATA = {}


def l2(impl, n, d):
    """LogisticRegression (lbfgs, C = 1) for 50 iterations: features sharing one factor, scaled 0.1 to 10."""
    from sklearn.linear_model import LogisticRegression
    if "L2" not in _DATA:
        rng = np.random.default_rng(11)
        shared = rng.standard_normal((n, 1)) + 0.0316 * rng.standard_normal((n, d))
        scale = 10.0 ** np.linspace(-1, 1, d)
        w = np.where(np.arange(d) % 2 == 0, 1.0, -1.0) * 2 / (0.0316 * np.sqrt(d))
        y = (rng.random(n) < 1 / (1 + np.exp(-(shared @ w)))).astype(np.float64)
        _DATA["L2"] = (shared * scale, y)
    X, y = _DATA["L2"]
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        lr = LogisticRegression(C=1.0, max_iter=50, tol=1e-12).fit(X, y)
    return float(lr.n_iter_[0])


def l3(impl, n, d):
    """PCA to 10 components ('auto' picks randomized) of 10 strong directions plus noise."""
    from sklearn.decomposition import PCA
    if "L3" not in _DATA:
        rng = np.random.default_rng(5)
        _DATA["L3"] = rng.standard_normal((n, 10)) @ rng.standard_normal((10, d)) + 0.1 * rng.standard_normal((n, d))
    p = PCA(n_components=10, random_state=0).fit(_DATA["L3"])
    return float(p.explained_variance_ratio_.sum())


def w6(impl, n, threads):
    """Exact k nearest neighbours, brute force (scikit-learn's NearestNeighbors): the float32 items
    and queries the harness wrote (BENCH_DATA, BENCH_QUERIES; shapes in BENCH_SHAPE = items,queries,
    features,k), loaded once by the warm-up; the timed runs are fit + kneighbors. The result is the
    sum of all the neighbours' distances."""
    import os

    from sklearn.neighbors import NearestNeighbors
    from threadpoolctl import threadpool_limits
    items, queries, d, k = (int(v) for v in os.environ["BENCH_SHAPE"].split(","))
    if "w6" not in _loaded:
        _loaded["w6"] = (np.fromfile(os.environ["BENCH_DATA"], dtype="<f4").reshape(items, d),
                         np.fromfile(os.environ["BENCH_QUERIES"], dtype="<f4").reshape(queries, d))
    x, q = _loaded["w6"]
    with threadpool_limits(limits=threads):
        dist, _ = NearestNeighbors(n_neighbors=k, algorithm="brute", n_jobs=threads).fit(x).kneighbors(q)
    return float(np.sum(dist, dtype=np.float64))


def main():
    workload, impl, n, chunk, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    fn = {"W1": w1, "W2": w2, "W3": w3, "R1": r1, "R2": r2, "R3": r3, "L1": l1, "L2": l2, "L3": l3, "W6": w6}[workload]
    result = fn(impl, n, chunk)  # warm-up
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn(impl, n, chunk)
        print("time=%.6f" % (time.perf_counter() - t0), flush=True)
    print("result=%r" % result)


if __name__ == "__main__":
    main()
