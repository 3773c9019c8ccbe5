#!/usr/bin/python3
"""Writes the pandas fixtures of issue 12 item 9 (no silent wrong answers) for dataframe-adapter.

    /usr/bin/python3 dataframe-adapter/src/test/python/gen_fixtures_df_edges.py

Same format and conventions as gen_fixtures_df.py (whose encoders it reuses): expected values
come from pandas 1.5.3, inputs are literal, re-running reproduces fixtures-df/edges.json byte for
byte. DfEdges_FixtureTest runs every case on chunks of 1, 2, 3, 4 rows and whole, with fusion on
and off, and demands the two runs agree exactly.

Cases, by category:
  * casts: float64 -> int64 of finite values beyond int64 (numpy's -2**63), float64 -> str
    (Python's shortest repr: 2e+23, 1e-05, 5e-324, and 300 doubles of random bits), object
    values -> str, repr of float series, to_csv of floats;
  * infinities in sums: sum, mean, var, cumsum, cumprod, cummax of series and frames,
    rolling / expanding (pandas 1.5 reads +-inf as NaN there), describe;
  * strings beyond the BMP: sort_values, groupby keys, value_counts().sort_index(), min, max,
    comparison with a string, categories;
  * int64 extremes in diff (pandas subtracts in int64, wrapping, then converts to float64);
  * isin with None and NaN in float, object and category series; nunique and == of object values
    (1, 1.0, True are one value) and of signed zeros;
  * median and other reductions of empty, all-NaN and one-row series.

Deliberate deviations (no case generated; see docs/coverage-pandas.md):
  * groupby(...).sum() / mean() of a group holding +-inf and other values: pandas 1.5's
    compensated sum gives NaN ([inf, 1] sums to NaN; fixed in pandas 2); Mars gives IEEE's sum, as
    Series.sum does. The cases below take pandas's Series.sum per group (groupby().apply) instead.
  * isin with None or NaN among the values, on an object column: pandas matches None only with
    an NA held as None and NaN only with one held as NaN; an object column here holds one NA, so
    Mars raises UNSUPPORTED_OPERATION (DfEdges_FixtureTest checks it) instead of guessing.
"""

import json
import math
import os
import struct
import sys

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures_df as g  # noqa: E402

INF = float("inf")
NAN = float("nan")
I64_MIN = -2 ** 63
I64_MAX = 2 ** 63 - 1
CASES = []


def case(name, expr, op, inputs, params, expected):
    CASES.append({"name": name, "expr": expr, "op": op, "inputs": {k: g.enc(v) for k, v in inputs.items()},
                  "params": params, "expected": g.enc(expected)})


def frame(**cols):
    return pd.DataFrame(cols)


def random_doubles(n, seed):
    """Doubles of random bit patterns (finite), the hard cases for shortest digits."""
    r = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        bits = int(r.integers(0, 2 ** 63, dtype=np.int64)) | (int(r.integers(0, 2)) << 63)
        v = struct.unpack("<d", struct.pack("<Q", bits & (2 ** 64 - 1)))[0]
        if math.isfinite(v):
            out.append(v)
    return out


def gen_casts():
    big = frame(x=[1e19, -1e19, 3.7, -0.0, 2.0 ** 63, -2.0 ** 63, -2.5, 9007199254740993.0, 1e300])
    case("astype_int64_out_of_range", 'df["x"].astype("int64")', "astype", {"df": big}, {"x": "x", "dtype": "int64"},
         big["x"].astype("int64"))
    reprs = [2e23, NAN, -0.0, 0.0, 1e16, 1e15, 0.1, 1e-5, 1e-4, 0.0001234, 5e-324, 1.7976931348623157e308, -INF, INF,
             9.999999999999999e22, 1e23, 0.30000000000000004, 123456789012345680.0, 2.5e-05, 100.0, 1.5, -2.75,
             8.41e21, 4.35e-07, 2.2250738585072014e-308, 1234567890123456.8, 0.1 + 0.7, 5e-310, 1 / 3, 2 ** 53 + 2.0]
    strs = frame(x=reprs)
    case("astype_str_floats", 'df["x"].astype(str)', "astype", {"df": strs}, {"x": "x", "dtype": "str"},
         strs["x"].astype(str))
    rnd = frame(x=random_doubles(300, 12))
    case("astype_str_random_bits", 'df["x"].astype(str), doubles of random bits', "astype", {"df": rnd},
         {"x": "x", "dtype": "str"}, rnd["x"].astype(str))
    pow10 = frame(x=[float("%de%d" % (m, e)) for m in (1, 2, 3, 7, 9) for e in range(-12, 25, 3)])
    case("astype_str_powers_of_ten", 'df["x"].astype(str), m * 10**e', "astype", {"df": pow10},
         {"x": "x", "dtype": "str"}, pow10["x"].astype(str))
    obj = frame(x=pd.Series([2e23, None, "a", 1.5, True, 7, 1e-05, "\U0001F600"], dtype=object))
    case("astype_str_object", 'df["x"].astype(str), object values', "astype", {"df": obj}, {"x": "x", "dtype": "str"},
         obj["x"].astype(str))
    shown = frame(x=[2e23, 1.5, -0.0])
    case("repr_floats", 'repr(df["x"])', "repr_series", {"df": shown}, {"x": "x"}, repr(shown["x"]))
    csv = frame(x=[2e23, 1e-05, NAN, -0.0, 0.1, 1e16, 5e-324], y=["a", None, "\U0001F600", "b", "c", "d", "e"])
    case("to_csv_floats", "df.to_csv(index=False)", "to_csv", {"df": csv}, {}, csv.to_csv(index=False))


def gen_infinities():
    inputs = {
        "inf_minf_1": [INF, -INF, 1.0],
        "inf_1_2": [INF, 1.0, 2.0],
        "1_inf_nan_2": [1.0, INF, NAN, 2.0, 3.0],
        "minf_1": [-INF, 1.0],
        "inf_0_2": [INF, 0.0, 2.0, -1.0],
        "mixed": [1.0, INF, 2.0, 3.0, -INF, 4.0, 5.0, 6.0],
    }
    for tag, v in inputs.items():
        df = frame(x=v)
        s = df["x"]
        for fn in ("sum", "mean", "var", "std", "min", "max", "median"):
            case("%s_%s" % (fn, tag), 'df["x"].%s()' % fn, "reduce", {"df": df}, {"x": "x", "fn": fn},
                 getattr(s, fn)())
        for fn in ("cumsum", "cumprod", "cummax", "cummin"):
            case("%s_%s" % (fn, tag), 'df["x"].%s()' % fn, "scan", {"df": df}, {"x": "x", "fn": fn}, getattr(s, fn)())
        for fn in ("sum", "mean", "max", "var"):
            case("expanding_%s_%s" % (fn, tag), 'df["x"].expanding().%s()' % fn, "expanding", {"df": df},
                 {"x": "x", "fn": fn}, getattr(s.expanding(), fn)())
            case("rolling2_%s_%s" % (fn, tag), 'df["x"].rolling(2, min_periods=1).%s()' % fn, "rolling",
                 {"df": df}, {"x": "x", "fn": fn, "window": 2, "min_periods": 1},
                 getattr(s.rolling(2, min_periods=1), fn)())
        case("describe_%s" % tag, 'df["x"].describe()', "describe", {"df": df}, {"x": "x"}, s.describe())
    two = frame(a=[INF, -INF, 1.0, 2.0], b=[1.0, INF, NAN, 2.0], n=np.array([1, 2, 3, I64_MAX], dtype="int64"))
    for fn in ("sum", "mean"):
        case("frame_%s_infinities" % fn, "df.%s()" % fn, "frame_reduce", {"df": two}, {"fn": fn}, getattr(two, fn)())
    case("frame_cumsum_infinities", "df[['a', 'b']].cumsum()", "frame_scan", {"df": two},
         {"cols": ["a", "b"], "fn": "cumsum"}, two[["a", "b"]].cumsum())
    grouped = frame(k=np.array([1, 1, 1, 2, 2, 3, 3, 4], dtype="int64"),
                    x=[INF, -INF, 1.0, INF, 2.0, -INF, NAN, 5.0])
    for fn in ("sum", "mean"):
        # pandas 1.5's groupby sum/mean give NaN for any group with an infinity (a bug of its
        # compensated sum); its Series methods per group are IEEE's
        case("groupby_%s_infinities" % fn, 'df.groupby("k")["x"].apply(lambda s: s.%s())' % fn, "groupby",
             {"df": grouped}, {"by": "k", "x": "x", "fn": fn},
             grouped.groupby("k")["x"].apply(lambda s: getattr(s, fn)()))


STRINGS = ["b", "\uFF21", "\U0001F600", "a", "\u00e9", "\uE000", NAN, "\U0001F4A9", "a", "\uFFFD", "\U00010000"]


def gen_strings():
    df = frame(s=pd.Series(STRINGS, dtype=object), v=np.arange(len(STRINGS), dtype="int64"))
    s = df["s"]
    case("sort_values_beyond_bmp", 'df["s"].sort_values()', "sort_values", {"df": df}, {"x": "s", "ascending": True},
         s.sort_values(kind="mergesort"))
    case("sort_values_beyond_bmp_desc", 'df["s"].sort_values(ascending=False)', "sort_values", {"df": df},
         {"x": "s", "ascending": False}, s.sort_values(ascending=False, kind="mergesort"))
    case("frame_sort_values_beyond_bmp", 'df.sort_values("s")', "frame_sort_values", {"df": df}, {"by": "s"},
         df.sort_values("s", kind="mergesort"))
    case("groupby_keys_beyond_bmp", 'df.groupby("s")["v"].sum()', "groupby", {"df": df},
         {"by": "s", "x": "v", "fn": "sum"}, df.groupby("s")["v"].sum())
    case("value_counts_sort_index_beyond_bmp", 'df["s"].value_counts().sort_index()', "value_counts_sort_index",
         {"df": df}, {"x": "s"}, s.value_counts().sort_index())
    valid = frame(s=pd.Series([x for x in STRINGS if isinstance(x, str)], dtype=object))
    for fn in ("min", "max"):
        case("%s_beyond_bmp" % fn, 'df["s"].%s()' % fn, "reduce", {"df": valid}, {"x": "s", "fn": fn},
             getattr(valid["s"], fn)())
    for op in ("lt", "ge"):
        case("%s_scalar_beyond_bmp" % op, 'df["s"].%s("\\uFF21")' % op, "compare_scalar", {"df": valid},
             {"x": "s", "op": op, "value": {"kind": "str", "value": "\uFF21"}}, getattr(valid["s"], op)("\uFF21"))
    cat = frame(s=s.astype("category"))
    case("category_sort_values_beyond_bmp", 'df["s"].astype("category").sort_values()', "sort_values",
         {"df": cat}, {"x": "s", "ascending": True}, cat["s"].sort_values(kind="mergesort"))
    idx = valid.assign(v=np.arange(len(valid), dtype="int64")).set_index("s").sort_index()
    case("loc_slice_beyond_bmp", 'df.loc["\\u00e9":"\\U0001F4A9"]', "loc_slice", {"df": idx},
         {"start": "\u00e9", "stop": "\U0001F4A9"}, idx.loc["\u00e9":"\U0001F4A9"])


def gen_diff():
    df = frame(x=np.array([I64_MIN, I64_MAX, 0, I64_MAX - 1, 5, -7, I64_MIN + 3], dtype="int64"),
               y=[1.0, INF, -INF, NAN, 2.0, -0.0, 0.0])
    for p in (1, -1, 2, 3, -4, 7):
        case("diff_int64_extremes_%s" % str(p).replace("-", "m"), 'df["x"].diff(%d)' % p, "diff", {"df": df}, {"x": "x", "periods": p}, df["x"].diff(p))
    case("frame_diff_extremes", "df.diff()", "frame_diff", {"df": df}, {"periods": 1}, df.diff())
    one = frame(x=np.array([I64_MAX], dtype="int64"))
    case("diff_one_row", 'df["x"].diff()', "diff", {"df": one}, {"x": "x", "periods": 1}, one["x"].diff())


def gen_isin():
    f = frame(x=[NAN, 1.0, 2.0, -0.0])
    o = frame(x=pd.Series(["a", NAN, "b", 1.0], dtype=object))
    c = frame(x=pd.Series(["a", None, "b"], dtype="category"))
    i = frame(x=np.array([1, 2, 0], dtype="int64"))
    for tag, vals in (("1_none", [1.0, None]), ("none", [None]), ("nan", [NAN]), ("none_nan", [None, NAN]),
                      ("a_none", ["a", None]), ("zero", [0]), ("a_1", ["a", 1])):
        # None or NaN against an object column raise (see the deviations above)
        na = any(v is None or (isinstance(v, float) and math.isnan(v)) for v in vals)
        for kind, df in (("float", f), ("object", o), ("category", c), ("int", i)):
            if kind == "object" and na:
                continue
            case("isin_%s_%s" % (kind, tag), 'df["x"].isin(%r)' % vals, "isin", {"df": df},
                 {"x": "x", "values": [None if v is None else ("nan" if isinstance(v, float) and math.isnan(v) else v)
                                       for v in vals]},
                 df["x"].isin(vals))


def gen_equality():
    """Python's == wherever values are matched: 1, 1.0 and True are one value, -0.0 is 0.0."""
    o = frame(x=pd.Series([1, 1.0, True, "a", None, 2, -0.0, 0], dtype=object), k=np.array([1, 1, 1, 2, 2, 2, 3, 3]))
    f = frame(x=[0.0, -0.0, 1.0, NAN, -0.0], k=np.array([1, 1, 2, 2, 2]))
    for tag, df in (("object", o), ("float", f)):
        case("nunique_%s" % tag, 'df["x"].nunique()', "reduce", {"df": df}, {"x": "x", "fn": "nunique"},
             df["x"].nunique())
        case("groupby_nunique_%s" % tag, 'df.groupby("k")["x"].nunique()', "groupby", {"df": df},
             {"by": "k", "x": "x", "fn": "nunique"}, df.groupby("k")["x"].nunique())
    for op in ("eq", "ne"):
        for v in (1, 0, "a"):
            case("%s_object_%r" % (op, v), 'df["x"].%s(%r)' % (op, v), "compare_scalar", {"df": o},
                 {"x": "x", "op": op, "value": {"kind": "str" if isinstance(v, str) else "int", "value": v}},
                 getattr(o["x"], op)(v))


def gen_small():
    empty = frame(x=pd.Series([], dtype="float64"), n=pd.Series([], dtype="int64"))
    one = frame(x=[NAN], n=np.array([I64_MIN], dtype="int64"))
    row = frame(x=[-0.0], n=np.array([3], dtype="int64"))
    for tag, df in (("empty", empty), ("all_nan", one), ("one_row", row)):
        for col in ("x", "n"):
            for fn in ("sum", "mean", "median", "var", "count"):
                case("%s_%s_%s" % (fn, col, tag), 'df["%s"].%s()' % (col, fn), "reduce", {"df": df},
                     {"x": col, "fn": fn}, getattr(df[col], fn)())
            case("cumsum_%s_%s" % (col, tag), 'df["%s"].cumsum()' % col, "scan", {"df": df}, {"x": col, "fn": "cumsum"},
                 df[col].cumsum())
            case("astype_str_%s_%s" % (col, tag), 'df["%s"].astype(str)' % col, "astype", {"df": df},
                 {"x": col, "dtype": "str"}, df[col].astype(str))
            case("sort_values_%s_%s" % (col, tag), 'df["%s"].sort_values()' % col, "sort_values", {"df": df},
                 {"x": col, "ascending": True}, df[col].sort_values(kind="mergesort"))
            case("rolling3_sum_%s_%s" % (col, tag), 'df["%s"].rolling(3, min_periods=1).sum()' % col, "rolling",
                 {"df": df}, {"x": col, "fn": "sum", "window": 3, "min_periods": 1},
                 df[col].rolling(3, min_periods=1).sum())


def write_float_reprs():
    """fixtures-df/float_repr.json: Python's repr of doubles that are hard to print (every power
    of two, where the rounding interval is lopsided; subnormals; random bit patterns; short
    decimals), stored by their bits, for PyRepr_FixtureTest."""
    values = [math.ldexp(1.0, e) for e in range(-1074, 1024)]
    values += [math.ldexp(1.0, e) * m for e in (-1074, -1060, -1022, -600, 0, 60, 900, 970) for m in (3, 5, 7, 9)]
    values += random_doubles(2500, 99)
    r = np.random.default_rng(5)
    values += [float("%de%d" % (int(r.integers(1, 10 ** int(r.integers(1, 17)))), int(r.integers(-30, 30))))
               for _ in range(1500)]
    values += [5e-324, 1e-323, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 0.2,
               0.3, 1 / 3, 2 / 3, 1e22, 1e23, 2e23, 9007199254740993.0, 4.35, 2.675, 1.15, 8.41e21]
    rows = [[struct.unpack("<q", struct.pack("<d", v))[0], repr(v)] for v in values]
    path = os.path.join(g.OUT, "float_repr.json")
    with open(path, "w") as f:
        f.write('{"python": "%s", "generator": "src/test/python/gen_fixtures_df_edges.py", "values": [\n'
                % sys.version.split()[0])
        f.write(",\n".join(json.dumps(x, separators=(",", ":")) for x in rows))
        f.write("\n]}\n")
    print(path, len(rows))


def main():
    gen_casts()
    gen_infinities()
    gen_strings()
    gen_diff()
    gen_isin()
    gen_equality()
    gen_small()
    names = [c["name"] for c in CASES]
    if len(names) != len(set(names)):
        sys.exit("duplicate case names")
    os.makedirs(g.OUT, exist_ok=True)
    path = os.path.join(g.OUT, "edges.json")
    with open(path, "w") as f:
        f.write('{"family": "edges", "pandas": "%s", "generator": "src/test/python/gen_fixtures_df_edges.py", '
                '"cases": [\n' % pd.__version__)
        f.write(",\n".join(json.dumps(c, separators=(",", ":"), allow_nan=False) for c in CASES))
        f.write("\n]}\n")
    print(path, len(CASES))
    write_float_reprs()


if __name__ == "__main__":
    main()
