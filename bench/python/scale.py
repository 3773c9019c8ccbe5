"""pandas's side of the scale benchmark (bench/.../ScaleBench.java): one operation on the rows
i = 0..n-1, k = i*2654435761 mod 100003, v = (i*40503 mod 1000003) / 1000003 -- the rows the
Mars and Spark SQL contenders make. Runs once to warm up, then `repeats` timed runs; prints
time=<s> per run and result=<rows of the result>.

usage: scale.py <op> <rows> <repeats>
"""
import sys
import time

import numpy as np
import pandas as pd

KEYS = 100003


def frame(n):
    i = np.arange(n, dtype=np.int64)
    return pd.DataFrame({"i": i, "k": (i * 2654435761) % KEYS,
                         "v": ((i * 40503) % 1000003) / 1000003.0})


def keys():
    k = np.arange(KEYS, dtype=np.int64)
    return pd.DataFrame({"k": k, "w": 3 * k})


OPS = {
    "drop_duplicates": lambda df, right: df.drop_duplicates("k"),
    "sort_values": lambda df, right: df.sort_values("v", kind="mergesort"),
    "merge": lambda df, right: df.merge(right, on="k"),
    "groupby": lambda df, right: df.groupby("k").sum(),
    "rolling": lambda df, right: df.rolling(5).mean(),
    "shift_after_filter": lambda df, right: df[df.v > 0.5].shift(1),
}


def main():
    op, n, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    df, right = frame(n), keys()
    fn = OPS[op]
    rows = len(fn(df, right))
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(df, right)
        print("time=%.6f" % (time.perf_counter() - t0))
    print("result=%d" % rows)


if __name__ == "__main__":
    main()
