#!/usr/bin/env python3
"""The Douban demo analysis in pandas: the reference for the DataFrame benchmark (issue 6).

usage: douban_pandas.py DIR [--repeats N] [--warmup N] [--out results.json]

DIR holds movies.csv and ratings.csv (bin/run-example douban-data DIR [ratings]).
Steps, each timed (read_csv included in the total):
  read           read_csv of both files (explicit dtypes for ratings)
  movies_per_year  (a) number of movies per release year, by year
  rating_counts    (b) value counts of rating
  top_movies       (c) top-20 movies by mean rating among those with >= 100 ratings, with titles
  top_tags         (d) top-50 tags: split on '/', explode, value counts
  top_regions      (e) top-10 regions of movies released 1980-2019: split, explode, count
Top-K ties are broken deterministically: count (or mean) descending, then the key ascending.

Prints one line per step and run, `douban-time<TAB>run<TAB>step<TAB>seconds` (run 0 is the first
timed run; warm-ups are not printed), the CPU time of each run, `douban-cpu<TAB>run<TAB>seconds`, then `douban-peak-rss-mb<TAB>MB` and a table of min and
median per step. The results of the last run go to --out as JSON:
  {"step": {"columns": [...], "rows": [[...], ...]}, ...}
"""
import argparse
import json
import math
import os
import resource
import statistics
import sys
import time

import pandas as pd

TOP_MOVIES = 20
MIN_RATINGS = 100
TOP_TAGS = 50
TOP_REGIONS = 10
YEAR_FROM, YEAR_TO = 1980, 2019
STEPS = ["read", "movies_per_year", "rating_counts", "top_movies", "top_tags", "top_regions"]

RATINGS_DTYPES = {"user": "int32", "movie": "int32", "rating": "int8", "timestamp": "int64"}


def top_counts(values, key, k):
    """value_counts of a Series, ties broken by key ascending, first k rows."""
    vc = values.value_counts()  # drops NaN
    df = vc.rename_axis(key).reset_index(name="count")
    df = df.sort_values(["count", key], ascending=[False, True], kind="mergesort")
    return df.head(k) if k else df


def run(data_dir):
    times = {}
    out = {}

    t = time.perf_counter()
    movies = pd.read_csv(os.path.join(data_dir, "movies.csv"))
    ratings = pd.read_csv(os.path.join(data_dir, "ratings.csv"), dtype=RATINGS_DTYPES)
    times["read"] = time.perf_counter() - t

    t = time.perf_counter()
    per_year = movies.groupby("year").size().reset_index(name="movies").sort_values("year")
    times["movies_per_year"] = time.perf_counter() - t
    out["movies_per_year"] = per_year

    t = time.perf_counter()
    counts = top_counts(ratings["rating"], "rating", None)
    times["rating_counts"] = time.perf_counter() - t
    out["rating_counts"] = counts

    t = time.perf_counter()
    stats = ratings.groupby("movie")["rating"].agg(["mean", "count"]).reset_index()
    top = stats[stats["count"] >= MIN_RATINGS]
    top = top.sort_values(["mean", "movie"], ascending=[False, True], kind="mergesort").head(TOP_MOVIES)
    top = top.merge(movies[["id", "title"]], left_on="movie", right_on="id", how="left")
    top = top[["movie", "title", "mean", "count"]]
    times["top_movies"] = time.perf_counter() - t
    out["top_movies"] = top

    t = time.perf_counter()
    tags = top_counts(movies["tags"].str.split("/").explode(), "tag", TOP_TAGS)
    times["top_tags"] = time.perf_counter() - t
    out["top_tags"] = tags

    t = time.perf_counter()
    era = movies[(movies["year"] >= YEAR_FROM) & (movies["year"] <= YEAR_TO)]
    regions = top_counts(era["regions"].str.split("/").explode(), "region", TOP_REGIONS)
    times["top_regions"] = time.perf_counter() - t
    out["top_regions"] = regions

    return times, out


def plain(v):
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return None
    return v


def to_json(results):
    return {step: {"columns": [str(c) for c in df.columns],
                   "rows": [[plain(v) for v in row] for row in df.itertuples(index=False, name=None)]}
            for step, df in results.items()}


def peak_rss_mb():
    """This process image's peak RSS: VmHWM (ru_maxrss would include the launching JVM's, kept across exec)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--out")
    args = ap.parse_args()

    for _ in range(args.warmup):
        run(args.dir)
    all_times = []
    results = None
    for i in range(args.repeats):
        c0 = time.process_time()
        times, results = run(args.dir)
        print("douban-cpu\t%d\t%.6f" % (i, time.process_time() - c0), flush=True)
        times["total"] = sum(times.values())
        all_times.append(times)
        for step in STEPS + ["total"]:
            print("douban-time\t%d\t%s\t%.6f" % (i, step, times[step]), flush=True)
    peak_mb = peak_rss_mb()
    print("douban-peak-rss-mb\t%.1f" % peak_mb)
    if args.out and results is not None:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(to_json(results), f, ensure_ascii=False, indent=1)
    print("pandas %s, %d runs after %d warm-up(s)" % (pd.__version__, args.repeats, args.warmup), file=sys.stderr)
    print("%-16s %9s %9s" % ("step", "min s", "median s"), file=sys.stderr)
    for step in STEPS + ["total"]:
        ts = [t[step] for t in all_times]
        print("%-16s %9.3f %9.3f" % (step, min(ts), statistics.median(ts)), file=sys.stderr)
    print("peak RSS %.0f MB" % peak_mb, file=sys.stderr)


if __name__ == "__main__":
    main()
