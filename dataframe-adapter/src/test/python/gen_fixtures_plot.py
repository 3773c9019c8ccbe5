#!/usr/bin/python3
"""Writes the fixtures of the plot data tests (DfPlot_FixtureTest): what pandas 1.5 draws.

    /usr/bin/python3 dataframe-adapter/src/test/python/gen_fixtures_plot.py

Needs Debian's python3-pandas, python3-scipy and python3-matplotlib (the Agg backend; no
display). Each case runs the pandas plot call itself and stores the data of what it drew, read
back from the matplotlib Axes (line and area points, bar heights, scatter offsets, kde curves,
histogram bars, tick labels); box plots store matplotlib's cbook.boxplot_stats, which
pandas's box plot hands to Axes.bxp, checked against the drawn median and whiskers. Inputs are
stored next to them (the format of gen_fixtures_df.py), so the Java test needs no Python.
Re-running this script reproduces the committed file byte for byte.
"""

import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.cbook as cbook  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_fixtures_df import enc, value  # noqa: E402

OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "fixtures-df", "plot.json"))

CASES = []


def nums(values):
    return [value(float(v), "float64") for v in values]


def figure(traces=(), categories=(), boxes=()):
    return {"kind": "figure", "traces": list(traces), "categories": list(categories), "boxes": list(boxes)}


def trace(name, x, y):
    return {"name": str(name), "x": nums(x), "y": nums(y)}


def case(name, expr, op, df, params, expected):
    CASES.append({"name": name, "expr": expr, "op": op, "inputs": {"df": enc(df)}, "params": params,
                  "expected": expected})


def frame():
    rng = np.random.default_rng(20261202)
    n = 57
    a = np.round(rng.normal(10.0, 3.0, n), 3)
    a[[4, 17, 40]] = np.nan
    a[9] = 31.5  # far out: a flier above
    b = rng.integers(-20, 40, n).astype("int64")
    c = rng.choice(["u", "v", "w"], n)
    return pd.DataFrame({"a": a, "b": b, "c": c})


def small_frame():
    return pd.DataFrame({"x": [3.0, 7.5, np.nan, 2.0, 5.25, 1.0], "y": np.array([4, 1, 6, 2, 8, 3], dtype="int64")},
                        index=pd.Index(["p", "q", "r", "s", "t", "u"], name="key"))


def lines_of(ax):
    return [(ln.get_label(), ln.get_xdata(orig=True), ln.get_ydata(orig=True)) for ln in ax.lines]


def gen_points():
    df = frame()
    ax = df.plot.line()
    traces = [trace(lbl, x, y) for lbl, x, y in lines_of(ax)]
    case("line", "df.plot.line()", "line", df, {}, figure(traces))
    plt.close("all")

    ax = df.plot.line(x="b", y="a")
    traces = [trace(lbl, x, y) for lbl, x, y in lines_of(ax)]
    case("line_x", "df.plot.line(x='b', y='a')", "line_x", df, {"x": "b", "y": "a"}, figure(traces))
    plt.close("all")

    # past maxPoints every k-th row is drawn: k = ceil(57 / 10) = 6, what pandas draws of df.iloc[::6]
    ax = df.iloc[::6].plot.line()
    traces = [trace(lbl, x, y) for lbl, x, y in lines_of(ax)]
    case("line_max_points", "df.iloc[::6].plot.line()  (maxPoints 10)", "line_max", df, {"maxPoints": 10},
         figure(traces))
    plt.close("all")

    pos = df.assign(b=df["b"].abs())  # stacked areas need each column of one sign (pandas raises otherwise)
    ax = pos.plot.area()
    # the lines are the stacked tops, in column order (matplotlib labels them _childN)
    traces = [trace(col, x, y) for col, (_, x, y) in zip(pos.columns[:2], lines_of(ax))]
    case("area", "df.assign(b=df.b.abs()).plot.area()", "area", pos, {}, figure(traces))
    plt.close("all")

    sdf = df.dropna()
    ax = sdf.plot.scatter(x="a", y="b")
    off = ax.collections[0].get_offsets()
    case("scatter", "df.dropna().plot.scatter(x='a', y='b')", "scatter", sdf, {"x": "a", "y": "b"},
         figure([trace("b", off[:, 0], off[:, 1])]))
    plt.close("all")

    small = small_frame()
    ax = small.plot.bar()
    labels = [t.get_text() for t in ax.get_xticklabels()]
    n = len(small)
    heights = [p.get_height() for p in ax.patches]
    traces = [trace(col, range(n), heights[i * n:(i + 1) * n]) for i, col in enumerate(small.columns)]
    case("bar", "df.plot.bar()", "bar", small, {}, figure(traces, labels))
    plt.close("all")

    ax = small.plot.barh(x="y", y="x")
    labels = [t.get_text() for t in ax.get_yticklabels()]
    widths = [p.get_width() for p in ax.patches]
    case("barh_x", "df.plot.barh(x='y', y='x')", "barh_x", small, {"x": "y", "y": "x"},
         figure([trace("x", range(n), widths)], labels))
    plt.close("all")

    ax = small["y"].plot.pie()
    labels = [t.get_text() for t in ax.texts]
    wedges = np.array([p.theta2 - p.theta1 for p in ax.patches])
    values = small["y"].fillna(0).to_numpy(dtype=float)
    assert np.allclose(wedges / 360.0, values / values.sum(), rtol=1e-6)  # the wedges drawn are these values
    case("pie", "df['y'].plot.pie()", "pie", small, {"col": "y"}, figure([trace("y", range(n), values)], labels))
    plt.close("all")


def hist_bars(ax, ncols, bins):
    patches = ax.patches
    out = []
    for i in range(ncols):
        ps = patches[i * bins:(i + 1) * bins]
        out.append([p.get_height() for p in ps])
    return out


def gen_hist_box_kde():
    df = frame()
    for bins in (10, 7):
        ax = df.plot.hist(bins=bins)
        drawn = hist_bars(ax, 2, bins)
        values = df[["a", "b"]].to_numpy().ravel()
        values = values[~np.isnan(values)]
        _, edges = np.histogram(values, bins=bins)
        traces = []
        for i, col in enumerate(["a", "b"]):
            counts, _ = np.histogram(df[col].dropna(), bins=edges)
            assert list(counts) == drawn[i], (col, counts, drawn[i])
            traces.append(trace(col, edges, counts))
        case("hist_%d" % bins, "df.plot.hist(bins=%d)" % bins, "hist", df, {"bins": bins}, figure(traces))
        plt.close("all")

    ax = df["a"].plot.hist(bins=5)
    y = df["a"].dropna()
    counts, edges = np.histogram(y, bins=5)
    assert list(counts) == hist_bars(ax, 1, 5)[0]
    case("series_hist", "df['a'].plot.hist(bins=5)", "series_hist", df, {"col": "a", "bins": 5},
         figure([trace("a", edges, counts)]))
    plt.close("all")

    ax = df.plot.box()
    boxes = []
    for i, col in enumerate(["a", "b"]):
        st = cbook.boxplot_stats(df[col].dropna().to_numpy())[0]
        median_line = ax.lines[i * 7 + 5].get_ydata()  # per box: 2 whiskers, 2 caps, the box, the median, the fliers
        assert abs(median_line[0] - st["med"]) < 1e-12
        boxes.append({"label": col, "mean": value(float(st["mean"]), "float64"), "q1": float(st["q1"]),
                      "median": float(st["med"]), "q3": float(st["q3"]), "whislo": float(st["whislo"]),
                      "whishi": float(st["whishi"]), "fliers": sorted(float(f) for f in st["fliers"])})
    case("box", "df.plot.box()", "box", df, {}, figure(categories=["a", "b"], boxes=boxes))
    plt.close("all")

    ax = df.plot.kde()
    traces = [trace(lbl, x, y) for lbl, x, y in lines_of(ax)]
    case("kde", "df.plot.kde()", "kde", df, {}, figure(traces))
    plt.close("all")

    ax = df["b"].plot.kde()
    traces = [trace(lbl, x, y) for lbl, x, y in lines_of(ax)]
    case("series_kde", "df['b'].plot.kde()", "series_kde", df, {"col": "b"}, figure(traces))
    plt.close("all")


def main():
    gen_points()
    gen_hist_box_kde()
    doc = {"family": "plot", "pandas": pd.__version__, "matplotlib": matplotlib.__version__, "cases": CASES}
    with open(OUT, "w") as f:
        f.write("{\"family\": \"plot\", \"pandas\": %s, \"matplotlib\": %s, \"cases\": [\n"
                % (json.dumps(doc["pandas"]), json.dumps(doc["matplotlib"])))
        f.write(",\n".join(json.dumps(c, sort_keys=True, allow_nan=False) for c in CASES))
        f.write("\n]}\n")
    print("wrote %d cases to %s" % (len(CASES), OUT))


if __name__ == "__main__":
    main()
